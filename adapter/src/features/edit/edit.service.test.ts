/** What an edit changes and who is refused before anything is read (the edits themselves run in test/api/edit.test.ts). */
import { describe, expect, it, vi } from 'vitest';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { refusal } from '../../testing/refusal.ts';
import { changesOf, editInstance, editSeries, editStudy, replacementOf } from './edit.service.ts';

const UID = '1.2.3';

/** Deps whose database and Orthanc fail the test if touched: refusals come first. */
function untouchable(edition = 'on_premises'): Deps {
  const touched = vi.fn(() => {
    throw new Error('touched');
  });
  return {
    config: { edition },
    db: { query: touched, connect: touched },
    orthanc: new Proxy({}, { get: () => touched }),
  } as unknown as Deps;
}

const account = (overrides: Partial<Auth> = {}) => ({ accountId: 'a', accessKey: null, kind: null, ...overrides }) as unknown as Auth;

describe('changesOf', () => {
  it('keeps the tags whose value differs as written, old → new', () => {
    const current: Record<string, string> = { PatientName: 'Doe^John', StudyDate: '20240305', StudyTime: '093000', SeriesNumber: '7' };
    expect(changesOf({ PatientName: ' Doe^Jane ', StudyDate: '2024-03-05', StudyTime: '09:30:00' }, (tag) => current[tag] ?? '')).toEqual([
      { Tag: 'PatientName', Old: 'Doe^John', New: 'Doe^Jane' },
    ]);
    expect(changesOf({ SeriesNumber: '007' }, (tag) => current[tag] ?? '')).toEqual([]);
    expect(changesOf({ StudyDate: '' }, (tag) => current[tag] ?? '')).toEqual([{ Tag: 'StudyDate', Old: '20240305', New: '' }]);
  });

  it('turns changes into Orthanc’s Replace', () => {
    expect(replacementOf([{ Tag: 'PatientSex', Old: 'O', New: 'F' }])).toEqual({ PatientSex: 'F' });
  });
});

describe('who may edit', () => {
  it('refuses a share guest before reading anything', async () => {
    const guest = account({ accessKey: 'key' });
    const deps = untouchable();
    expect((await refusal(editStudy(deps, guest, { StudyInstanceUID: UID, Tags: { StudyDescription: 'x' } }))).code).toBe('forbidden');
    expect(
      (await refusal(editSeries(deps, guest, { StudyInstanceUID: UID, SeriesInstanceUID: UID, Tags: { SeriesNumber: '1' } }))).code,
    ).toBe('forbidden');
    expect(
      (
        await refusal(
          editInstance(deps, guest, { StudyInstanceUID: UID, SeriesInstanceUID: UID, SOPInstanceUID: UID, Tags: { InstanceNumber: '1' } }),
        )
      ).code,
    ).toBe('forbidden');
  });

  it('refuses a field the role hides (a teleradiology radiologist does not see PatientName)', async () => {
    const radiologist = account({ kind: 'Radiologist' });
    const answer = await refusal(
      editStudy(untouchable('teleradiology'), radiologist, { StudyInstanceUID: UID, Tags: { PatientName: 'X' } }),
    );
    expect(answer.code).toBe('forbidden');
  });
});
