/** How a forward words its outcomes (the sending itself runs in test/api/forward*.test.ts against dcmtk). */
import { describe, expect, it } from 'vitest';
import { finish, refusalReason, sending } from './forward.service.ts';

const place = { nextInstance: 60, refused: [], refusedInRow: 0, instancesNotSent: 0 };
const refusal = { SOPInstanceUID: '1.2', SeriesNumber: 1, InstanceNumber: 1, Reason: 'x' };

describe('forward progress', () => {
  it('reads a forward still sending as the share of instances answered, never 100 before it ends', () => {
    expect(sending(place, 240, 'running')).toEqual({ state: 'running', progress: 25, instancesFailed: 0, error: '', finished: false });
    expect(sending({ ...place, nextInstance: 240 }, 240, 'running').progress).toBe(99);
  });

  it('ends in success only when every instance arrived', () => {
    expect(finish(place)).toEqual({ state: 'success', progress: 100, instancesFailed: 0, error: '', finished: true });
    expect(finish({ ...place, refused: [refusal], instancesNotSent: 2 }, 'Cancelled.')).toEqual({
      state: 'failure',
      progress: 100,
      instancesFailed: 3,
      error: 'Cancelled.',
      finished: true,
    });
  });
});

describe('refusal reasons', () => {
  it('names a failure status and its meaning', () => {
    expect(refusalReason({ status: 0xa700, reason: 'status A700' })).toBe(
      'The destination answered status A700 (refused: out of resources).',
    );
    expect(refusalReason({ status: 0xa900, reason: '' })).toBe(
      'The destination answered status A900 (error: the data set does not match the SOP class).',
    );
    expect(refusalReason({ status: 0xc001, reason: '' })).toBe('The destination answered status C001 (error: cannot understand).');
    expect(refusalReason({ status: 0x0122, reason: '' })).toBe('The destination answered status 0122 (SOP class not supported).');
    expect(refusalReason({ status: 0xfe00, reason: '' })).toBe('The destination answered status FE00.');
  });

  it("keeps the SCU's words when nothing was sent (no accepted context, not a DICOM file)", () => {
    const words = 'The destination accepts no transfer syntax for this kind of object (its SOP class was not accepted).';
    expect(refusalReason({ status: null, reason: words })).toBe(words);
  });
});
