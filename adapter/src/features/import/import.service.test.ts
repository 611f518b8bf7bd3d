/**
 * The import's rules per file: access to the study a file belongs to, one file's failure being
 * that file's result, and results naming only visible studies. The multipart parser, the DICOM
 * reader, Orthanc and the SQL are faked; the spooling to a temporary folder runs for real. A test
 * file's text is `study|series|modality` (or `broken`, or `throws`), which the faked reader reads.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from 'express';
import { IMPORT_MESSAGES } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { OrthancUnavailableError } from '../../http/errors.ts';
import { readMultipart, type FilePart } from '../../http/multipart.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './import.sql.ts';
import { importUpload } from './import.service.ts';

vi.mock('./import.sql.ts', () => ({
  studyCopiesSeen: vi.fn(),
  seriesPredicate: vi.fn(),
  seriesCopiesSeen: vi.fn(),
  newSeriesSeen: vi.fn(),
  studiesSeen: vi.fn(),
}));
vi.mock('../../http/multipart.ts', async (original) => ({ ...(await original<object>()), readMultipart: vi.fn() }));
vi.mock('./study-uid.ts', async (original) => ({
  ...(await original<object>()),
  readFileIdentity: vi.fn(async (path: string) => {
    const text = await readFile(path, 'utf8');
    if (text === 'throws') throw new Error('reader failed');
    if (text === 'broken') return undefined;
    const [study, series, modality] = text.split('|');
    return { study, series, modality };
  }),
}));
vi.mock('../../log.ts', () => ({ log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));
// The study limit has its own API test (test/api/licence.test.ts): here every new study fits.
vi.mock('../licence/licence.service.ts', () => ({ newStudyAccepted: vi.fn(async () => true) }));

const auth = { accountId: 'mr-only' } as unknown as Auth;
const req = {} as Request;
let dataDir: string;
let deps: Deps;
/** What Orthanc received, one text per stored file. */
let stored: string[];

/** Feeds these files to the service as the parts of one upload. */
function upload(files: Record<string, string | Buffer>) {
  vi.mocked(readMultipart).mockImplementation(async (_req, _limits, onFile) => {
    for (const [filename, content] of Object.entries(files)) {
      const part = { field: 'file', filename, mimeType: '', stream: Readable.from([Buffer.from(content)]), truncated: false };
      await onFile(part as FilePart, {});
    }
    return {};
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'import-test-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeEach(() => {
  vi.clearAllMocks();
  stored = [];
  const orthanc = {
    lookup: vi.fn(async () => []),
    request: vi.fn(async (_path: string, init: { upload: { stream: Readable } }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of init.upload.stream) chunks.push(chunk as Buffer);
      stored.push(Buffer.concat(chunks).toString());
      return { ok: true, json: async () => ({ ID: 'i', ParentStudy: 's', Status: 'Success' }) };
    }),
  };
  const config = { dataDir, import: { fileBytes: 1 << 20, requestBytes: 1 << 24, zipEntries: 10, zipBytes: 1 << 24 } };
  deps = { db: {}, orthanc, config } as unknown as Deps;
  // By default: no study exists yet, every series would be visible, and the caller sees all it stored.
  vi.mocked(sql.studyCopiesSeen).mockResolvedValue([]);
  vi.mocked(sql.seriesPredicate).mockReturnValue({ sql: 'true', params: [] } as never);
  vi.mocked(sql.studiesSeen).mockImplementation(async (_db, _auth, uids) => uids.map((uid) => ({ uid, seen: true })));
});

describe('import', () => {
  it('refuses a file of an existing study the caller cannot see, before Orthanc, and stores the rest', async () => {
    vi.mocked(sql.studyCopiesSeen).mockImplementation(async (_db, _auth, uid) => (uid === '1.2.hidden' ? [true, false] : []));
    upload({ 'a.dcm': '1.2.hidden|1.2.hidden.1|CT', 'b.dcm': '1.2.new|1.2.new.1|MR' });
    const summary = await importUpload(deps, auth, req);
    expect(summary).toMatchObject({ Stored: 1, Failed: 1 });
    expect(summary.Files).toEqual([
      { File: 'a.dcm', Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope, Instances: 0, StudyInstanceUIDs: [] },
      { File: 'b.dcm', Status: 'Success', Instances: 1, StudyInstanceUIDs: ['1.2.new'] },
    ]);
    expect(stored).toEqual(['1.2.new|1.2.new.1|MR']);
    expect(sql.studyCopiesSeen).toHaveBeenCalledWith(deps.db, auth, '1.2.hidden');
  });

  it('waits for a study Orthanc holds but the index does not, and refuses it if the caller cannot see it', async () => {
    vi.mocked(deps.orthanc.lookup).mockResolvedValue([{ Type: 'Study' }] as never);
    vi.mocked(sql.studyCopiesSeen).mockResolvedValueOnce([]).mockResolvedValue([false]);
    upload({ 'a.dcm': '1.2.3|1.2.3.1|CT' });
    expect((await importUpload(deps, auth, req)).Files[0]).toMatchObject({ Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope });
    expect(stored).toEqual([]);
  });

  it('refuses a file into a visible study when the caller would not see its series', async () => {
    vi.mocked(sql.studyCopiesSeen).mockResolvedValue([true]);
    vi.mocked(sql.seriesPredicate).mockReturnValue({ sql: "modality = 'MR'", params: [] } as never);
    vi.mocked(sql.seriesCopiesSeen).mockResolvedValue([]);
    vi.mocked(sql.newSeriesSeen).mockResolvedValue([false]);
    upload({ 'ct.dcm': '1.2.3|1.2.3.9|CT' });
    expect((await importUpload(deps, auth, req)).Files[0]).toMatchObject({ Status: 'Failed', Message: IMPORT_MESSAGES.outside_scope });
    expect(sql.newSeriesSeen).toHaveBeenCalledWith(deps.db, expect.anything(), '1.2.3', 'CT');
    expect(stored).toEqual([]);
  });

  it('gives each bad file its own result and goes on with the next', async () => {
    upload({
      'photo.png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      'notes.txt': 'broken',
      'odd.dcm': 'throws',
      'good.dcm': '1.2.4|1.2.4.1|MR',
    });
    const summary = await importUpload(deps, auth, req);
    expect(summary.Files.map((file) => [file.File, file.Status, file.Message])).toEqual([
      ['photo.png', 'Failed', IMPORT_MESSAGES.not_supported],
      ['notes.txt', 'Failed', IMPORT_MESSAGES.not_dicom],
      ['odd.dcm', 'Failed', IMPORT_MESSAGES.broken],
      ['good.dcm', 'Success', undefined],
    ]);
    expect(summary).toMatchObject({ Stored: 1, Failed: 3 });
  });

  it('stops the whole upload when Orthanc is gone, since nothing after could be stored', async () => {
    vi.mocked(deps.orthanc.request).mockRejectedValue(new OrthancUnavailableError(new Error('ECONNREFUSED')));
    upload({ 'a.dcm': '1.2.5|1.2.5.1|MR', 'b.dcm': '1.2.6|1.2.6.1|MR' });
    expect(await refusal(importUpload(deps, auth, req))).toMatchObject({ status: 503, code: 'orthanc_unavailable' });
    expect(deps.orthanc.request).toHaveBeenCalledTimes(1);
  });

  it('counts a stored study the caller may not see, without naming it', async () => {
    vi.mocked(sql.studiesSeen).mockResolvedValue([{ uid: '1.2.7', seen: false }]);
    upload({ 'a.dcm': '1.2.7|1.2.7.1|CT' });
    const summary = await importUpload(deps, auth, req);
    expect(summary).toMatchObject({ Stored: 1, Failed: 0 });
    expect(summary.Files[0]).toMatchObject({ Status: 'Success', StudyInstanceUIDs: [] });
  });
});
