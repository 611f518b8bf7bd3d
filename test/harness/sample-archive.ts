/**
 * An archive of pydicom's sample files (character sets, compressed and multi-frame images) sent by
 * storescu from MODALITY1, shared by the archive tests (index, search) and the DICOMweb proxy's.
 */
import { expect } from 'vitest';
import { startStack, type Stack } from './stack.ts';
import { API, signIn, type Session } from './api.ts';
import { orthancStatistics, storeFiles } from './dicom.ts';
import { waitForStudies } from './fixtures.ts';

export const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data';

/** Patient names as the DICOM standard decodes them from each file's bytes (PS3.5 §6.1). */
export const CHARSET_NAMES: Record<string, string> = {
  'chrH31.dcm': 'Yamada^Tarou=山田^太郎=やまだ^たろう',
  'chrH32.dcm': 'ﾔﾏﾀﾞ^ﾀﾛｳ=山田^太郎=やまだ^たろう',
  'chrI2.dcm': 'Hong^Gildong=洪^吉洞=홍^길동',
  'chrX1.dcm': 'Wang^XiaoDong=王^小東=',
  'chrX2.dcm': 'Wang^XiaoDong=王^小东=',
  'chrArab.dcm': 'قباني^لنزار',
  'chrGreek.dcm': 'Διονυσιος',
  'chrHbrw.dcm': 'שרון^דבורה',
  'chrRuss.dcm': 'Люкceмбypг',
  'chrGerm.dcm': 'Äneas^Rüdiger',
  'chrFren.dcm': 'Buc^Jérôme',
};

const SAMPLES = ['CT_small.dcm', 'MR_small.dcm', 'SC_rgb_rle_2frame.dcm', 'JPGExtended.dcm', 'MR_small_jpeg_ls_lossless.dcm'];

/**
 * A fresh stack holding every sample, once the index lists them all to the administrator;
 * `studyCount` is how many studies Orthanc made of them.
 */
export async function startSampleArchive(): Promise<{ stack: Stack; admin: Session; studyCount: number }> {
  const stack = await startStack();
  try {
    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const files = [
      ...Object.keys(CHARSET_NAMES).map((f) => `${PYDICOM}/charset_files/${f}`),
      ...SAMPLES.map((f) => `${PYDICOM}/test_files/${f}`),
    ];
    const result = await storeFiles(files, { port: stack.config.dicomPort, callingAet: 'MODALITY1' });
    expect(result.failed).toEqual([]);
    const studyCount = (await orthancStatistics(stack.config)).CountStudies;
    // Distinct files, fewer studies: pydicom's MR samples share one study.
    expect(studyCount).toBeGreaterThanOrEqual(Object.keys(CHARSET_NAMES).length + 3);
    await waitForStudies(admin, studyCount);
    return { stack, admin, studyCount };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** The study list as `session` sees it for `query`, which must answer 200. */
export async function searchStudies(session: Session, query: Record<string, string | string[]>) {
  const response = await session.agent.get(`${API}/studies/search`).query(query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    Count: number;
    CountIsEstimate?: boolean;
    Items: Record<string, unknown>[];
    Limit: number;
    Offset: number;
    RequestedAt: string;
  };
}
