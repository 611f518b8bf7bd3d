// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../i18n/messages.ts';
import type { ImportFileResult, ImportResponse, UploadOptions } from './api/post-import-files.ts';
import { batchRows, messageOf, summarize } from './import-results.ts';
import { ImportStore } from './import-store.ts';
import { entryFor, planBatches, uploadProgress, type ImportEntry } from './upload-plan.ts';
import { waitForIndex } from './wait-for-index.ts';

const postImportFiles = vi.hoisted(() => vi.fn<(entries: readonly ImportEntry[], options: UploadOptions) => Promise<ImportResponse>>());
vi.mock('./api/post-import-files.ts', () => ({ postImportFiles }));
// The import waits until the index holds each study: here every study is indexed at once.
vi.mock('../studies/index.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getStudy: () => Promise.resolve({}),
}));
const { ImportDialog } = await import('./components/import-dialog.tsx');

const MB = 1024 ** 2;
const sized = (size: number) => ({ file: { size } });
const fileOf = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);
const result = (File: string, Status: ImportFileResult['Status'], extra: Partial<ImportFileResult> = {}): ImportFileResult => ({
  File,
  Status,
  Instances: Status === 'Failed' ? 0 : 1,
  StudyInstanceUIDs: Status === 'Failed' ? [] : [`1.2.${File.length}`],
  ...extra,
});

afterEach(() => {
  cleanup();
  postImportFiles.mockReset();
});

describe('planBatches', () => {
  it('keeps the order and cuts at the file count', () => {
    const entries = Array.from({ length: 120 }, () => sized(1));
    expect(planBatches(entries).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(planBatches(entries).flat()).toEqual(entries);
  });

  it('cuts at the byte limit and sends an oversized file alone', () => {
    const limits = { maxFiles: 50, maxBytes: 200 * MB };
    const sizes = (batches: { file: { size: number } }[][]) => batches.map((batch) => batch.map((entry) => entry.file.size / MB));
    expect(sizes(planBatches([sized(150 * MB), sized(40 * MB), sized(20 * MB), sized(5 * MB)], limits))).toEqual([
      [150, 40],
      [20, 5],
    ]);
    expect(sizes(planBatches([sized(1 * MB), sized(900 * MB), sized(2 * MB)], limits))).toEqual([[1], [900], [2]]);
    expect(planBatches([], limits)).toEqual([]);
  });
});

describe('uploadProgress', () => {
  const batches = [[sized(100), sized(100)], [sized(50)]];

  it('scales the request progress to the batch bytes and counts whole files', () => {
    expect(uploadProgress(batches, 0, null)).toEqual({ sentBytes: 0, totalBytes: 250, sentFiles: 0, totalFiles: 3, percent: 0 });
    // Half of a request of 220 bytes (framing included) is half of the batch's 200 file bytes.
    expect(uploadProgress(batches, 0, { loaded: 110, total: 220 })).toMatchObject({ sentBytes: 100, sentFiles: 1, percent: 40 });
    expect(uploadProgress(batches, 0, { loaded: 50, total: 220 }).sentFiles).toBe(0);
    expect(uploadProgress(batches, 1, { loaded: 10, total: 100 })).toMatchObject({ sentBytes: 205, sentFiles: 2, percent: 82 });
    expect(uploadProgress(batches, 2, null)).toEqual({ sentBytes: 250, totalBytes: 250, sentFiles: 3, totalFiles: 3, percent: 100 });
  });

  it('never passes 100 and copes with empty files', () => {
    expect(uploadProgress(batches, 1, { loaded: 500, total: 100 }).percent).toBe(100);
    expect(uploadProgress([[sized(0)]], 0, null).percent).toBe(0);
    expect(uploadProgress([[sized(0)]], 1, null)).toMatchObject({ percent: 100, sentFiles: 1 });
  });
});

describe('result mapping', () => {
  const entries = ['a.dcm', 'dir/b.txt', 'c.zip'].map((name) => entryFor(fileOf(name)));

  it('translates the spec messages and keeps unknown text', () => {
    expect(messageOf('not a DICOM file')).toEqual({ known: 'not_dicom' });
    expect(messageOf('The DICOM file is damaged and cannot be read.')).toEqual({ known: 'broken' });
    expect(messageOf('The file is larger than the import limit.')).toEqual({ known: 'too_large' });
    expect(messageOf('Something else')).toEqual({ text: 'Something else' });
    expect(messageOf(undefined)).toBeNull();
  });

  it('matches answers by position, or by name when the counts differ', () => {
    const rows = batchRows(entries, [
      result('a.dcm', 'Success'),
      result('dir/b.txt', 'Failed', { Message: 'not a DICOM file' }),
      result('c.zip', 'AlreadyStored', { Instances: 2 }),
    ]);
    expect(rows.map((row) => [row.name, row.status, row.instances])).toEqual([
      ['a.dcm', 'Success', 1],
      ['dir/b.txt', 'Failed', 0],
      ['c.zip', 'AlreadyStored', 2],
    ]);
    expect(rows[1]?.message).toEqual({ known: 'not_dicom' });
    const partial = batchRows(entries, [result('c.zip', 'Success')]);
    expect(partial.map((row) => row.status)).toEqual(['Failed', 'Failed', 'Success']);
    expect(partial[0]?.message).toEqual({ known: 'not_found' });
  });

  it("folds a zip archive's entry lines into the archive's row", () => {
    const rows = batchRows(entries, [
      result('a.dcm', 'Success'),
      result('dir/b.txt', 'Failed', { Message: 'not a DICOM file' }),
      result('c.zip/one.dcm', 'Success'),
      result('c.zip/sub/two.dcm', 'Failed', { Message: 'The file belongs to a study outside your access and was not imported.' }),
      result('c.zip/three.dcm', 'AlreadyStored'),
    ]);
    expect(rows.map((row) => [row.name, row.status, row.instances])).toEqual([
      ['a.dcm', 'Success', 1],
      ['dir/b.txt', 'Failed', 0],
      ['c.zip', 'Success', 2],
    ]);
    expect(rows[2]?.message).toEqual({ known: 'outside_scope' });
    const allFailed = batchRows(entries.slice(2), [result('c.zip/x.dcm', 'Failed', { Message: 'not a DICOM file' })]);
    expect(allFailed.map((row) => [row.status, row.message])).toEqual([['Failed', { known: 'not_dicom' }]]);
  });

  it('summarises counts, instances and studies', () => {
    const rows = batchRows(entries, [
      result('a.dcm', 'Success'),
      result('dir/b.txt', 'Failed'),
      result('c.zip', 'AlreadyStored', { Instances: 2 }),
    ]);
    expect(summarize(rows)).toEqual({ stored: 1, alreadyStored: 1, failed: 1, notSent: 0, instances: 3, studyUids: ['1.2.5'] });
  });
});

describe('ImportStore', () => {
  const five = () => ['1', '2', '3', '4', '5'].map((name) => entryFor(fileOf(`${name}.dcm`, 100)));

  it('uploads batch by batch, reporting progress, and lists every file', async () => {
    const seen: number[] = [];
    const post = vi.fn((batch: readonly ImportEntry[], options: UploadOptions) => {
      options.onProgress?.(50, 100);
      return Promise.resolve({ Files: batch.map((entry) => result(entry.name, 'Success')), Stored: batch.length, Failed: 0 });
    });
    const store = new ImportStore({ post, onError: vi.fn(), limits: { maxFiles: 2, maxBytes: 1000 } });
    store.add(five());
    store.add(five()); // the same files again are not added twice
    expect(store.entries).toHaveLength(5);
    const started = store.start();
    seen.push(store.progress?.percent ?? -1);
    await started;
    expect(post).toHaveBeenCalledTimes(3);
    expect(post.mock.calls.map(([batch]) => batch.length)).toEqual([2, 2, 1]);
    expect(seen[0]).toBe(20); // the first batch's progress event: half of 200 of 500 bytes
    expect(store.phase).toBe('done');
    expect(store.progress).toMatchObject({ percent: 100, sentFiles: 5, totalFiles: 5 });
    expect(store.summary.stored).toBe(5);
  });

  it('reports unsent files after a cancel, and hands a whole-request failure to the error handler', async () => {
    let rejectSecond: (error: unknown) => void = () => undefined;
    const post = vi
      .fn<(batch: readonly ImportEntry[], options: UploadOptions) => Promise<ImportResponse>>()
      .mockImplementationOnce((batch) => Promise.resolve({ Files: batch.map((e) => result(e.name, 'Success')), Stored: 2, Failed: 0 }))
      .mockImplementationOnce(
        (_batch, options) =>
          new Promise((_resolve, reject) => {
            rejectSecond = reject;
            options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
          }),
      );
    const onError = vi.fn();
    const store = new ImportStore({ post, onError, limits: { maxFiles: 2, maxBytes: 1000 } });
    store.add(five());
    const run = store.start();
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    store.cancel();
    await run;
    expect(store.cancelled).toBe(true);
    expect(onError).not.toHaveBeenCalled();
    expect(store.rows.map((row) => row.status)).toEqual(['Success', 'Success', 'NotSent', 'NotSent', 'NotSent']);
    expect(store.progress).toMatchObject({ sentFiles: 2, percent: 40 });
    rejectSecond(null);

    const failing = new ImportStore({ post: () => Promise.reject(new Error('503')), onError });
    failing.add(five());
    await failing.start();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(failing.failed).toBe(true);
    expect(failing.summary.notSent).toBe(5);
  });
});

describe('waitForIndex', () => {
  it('polls until every study is found, or gives up', async () => {
    let calls = 0;
    const find = vi.fn((uid: string) => (uid === 'late' && ++calls < 3 ? Promise.reject(new Error('404')) : Promise.resolve({})));
    await expect(waitForIndex(['now', 'late'], find, { intervalMs: 1 })).resolves.toBe(true);
    expect(find.mock.calls.filter(([uid]) => uid === 'now')).toHaveLength(1);
    await expect(waitForIndex(['never'], () => Promise.reject(new Error('404')), { intervalMs: 5, timeoutMs: 20 })).resolves.toBe(false);
  });
});

describe('ImportDialog', () => {
  it('lists the chosen files, uploads them and shows a translated result per file', async () => {
    postImportFiles.mockImplementation((batch) =>
      Promise.resolve({
        Files: batch.map((entry) =>
          entry.name.endsWith('.txt') ? result(entry.name, 'Failed', { Message: 'not a DICOM file' }) : result(entry.name, 'Success'),
        ),
        Stored: 1,
        Failed: 1,
      }),
    );
    const onClose = vi.fn();
    const onImported = vi.fn();
    render(
      <IntlProvider locale="en" messages={ENGLISH}>
        <ImportDialog onClose={onClose} onImported={onImported} />
      </IntlProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import' });
    const start = within(dialog).getByRole('button', { name: 'Start import' });
    expect(start).toHaveProperty('disabled', true);
    const input = dialog.querySelector<HTMLInputElement>('input[name="files"]');
    expect(dialog.querySelector('input[name="folder"]')?.hasAttribute('webkitdirectory')).toBe(true);
    fireEvent.change(input!, { target: { files: [fileOf('CT.dcm', 2048), fileOf('notes.txt', 5)] } });
    expect(within(dialog).getByText('2 files, 2.00 KB')).toBeTruthy();
    expect(within(dialog).getByText('CT.dcm')).toBeTruthy();

    await act(async () => fireEvent.click(start));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('1 file imported'));
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['CT.dcm', 'Imported', '', '1'],
      ['notes.txt', 'Failed', 'not a DICOM file', '0'],
    ]);
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(onImported).toHaveBeenCalled());
  });

  it('keeps the results when a click aimed at Cancel lands as the upload ends', async () => {
    let answer: (response: ImportResponse) => void = () => undefined;
    postImportFiles.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const onClose = vi.fn();
    render(
      <IntlProvider locale="en" messages={ENGLISH}>
        <ImportDialog onClose={onClose} onImported={() => undefined} />
      </IntlProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import' });
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[name="files"]')!, { target: { files: [fileOf('CT.dcm')] } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Start import' })));
    // The button the pointer is on while the upload runs.
    const cancel = within(dialog.querySelector('.dialog-footer')!).getByRole('button', { name: 'Cancel' });
    await act(async () => answer({ Files: [result('CT.dcm', 'Success')], Stored: 1, Failed: 0 }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('1 file imported'));

    // The press reaches the element the pointer was on: it must not have become Close.
    fireEvent.click(cancel);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('status').textContent).toContain('1 file imported');
  });
});
