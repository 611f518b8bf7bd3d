/** How a forward reads Orthanc's job (the jobs themselves run in test/api/forward.test.ts). */
import { describe, expect, it } from 'vitest';
import { progressOf, refusalOf, stopWindow } from './forward.service.ts';

describe('forward progress', () => {
  it('reads a running job as its percentage, unfinished', () => {
    expect(progressOf({ ID: 'j', State: 'Running', Progress: 42.4 }, 240)).toEqual({
      state: 'running',
      progress: 42,
      instancesFailed: 0,
      error: '',
      finished: false,
    });
  });

  it('says how far a failed job got, and why', () => {
    expect(progressOf({ ID: 'j', State: 'Failure', Progress: 25, ErrorDescription: 'Error in the network protocol' }, 240)).toMatchObject({
      state: 'failure',
      progress: 25,
      finished: true,
      error: 'Stopped after 60 of 240 instances: Error in the network protocol.',
    });
  });

  it('counts a job that delivered nothing as failed even when Orthanc says Success', () => {
    expect(progressOf({ ID: 'j', State: 'Success', Progress: 100, Content: { FailedInstancesCount: 3 } }, 3)).toMatchObject({
      state: 'failure',
      instancesFailed: 3,
      finished: true,
    });
  });

  it('closes a job Orthanc no longer knows as failed', () => {
    expect(progressOf(undefined, 10)).toMatchObject({ state: 'failure', finished: true, error: expect.stringContaining('restarted') });
  });
});

describe('finding the refused instance', () => {
  it('places the stop of a failed job within the window its rounded percentage allows', () => {
    // 6 of 7 sent: Orthanc says 86 (85.7 rounded).
    expect(stopWindow(86, 7)).toEqual({ from: 6, to: 6 });
    expect(stopWindow(0, 240)).toEqual({ from: 0, to: 1 });
    // 100 of 240 sent is 41.67 %, shown as 42: the stop is one of instances 100–101.
    expect(stopWindow(42, 240)).toEqual({ from: 100, to: 102 });
    expect(stopWindow(100, 3)).toEqual({ from: 2, to: 2 });
  });

  it('tells a refusal, with the destination status, from a destination that cannot be reached', () => {
    expect(
      refusalOf({ message: 'Error in the network protocol', details: 'C-STORE SCU to AET "X" has failed with DIMSE status 0xA700' }),
    ).toEqual({
      refused: true,
      reason: 'The destination answered status A700 (refused: out of resources).',
    });
    expect(refusalOf({ message: 'Not implemented yet', details: 'Cannot transcode from 1.2.840.10008.1.2.1 to one of [ ]' })).toMatchObject(
      {
        refused: true,
      },
    );
    expect(
      refusalOf({
        message: 'Error in the network protocol',
        details: 'DicomAssociation - C-STORE to AET "X": Failed to establish association',
      }),
    ).toMatchObject({ refused: false });
  });
});
