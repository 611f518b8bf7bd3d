/**
 * From the server's answers to one row per chosen file. The server answers each batch with one
 * result per file part, in the order the parts were sent; files of batches that never went
 * (cancelled, or the request failed as a whole) are "not imported".
 */
import { IMPORT_MESSAGES } from '@pacs/common';
import type { ImportFileResult } from './api/post-import-files.ts';
import type { ImportEntry } from './upload-plan.ts';

export type RowStatus = ImportFileResult['Status'] | 'NotSent';

/** A server message the client translates; any other text is shown as it came. */
export type KnownMessage = keyof typeof IMPORT_MESSAGES;

export interface ResultRow {
  name: string;
  size: number;
  status: RowStatus;
  message: { known: KnownMessage } | { text: string } | null;
  instances: number;
  studyUids: string[];
}

export interface ResultSummary {
  stored: number;
  alreadyStored: number;
  failed: number;
  notSent: number;
  instances: number;
  /** Studies that received instances (new or already stored), for waiting on the index. */
  studyUids: string[];
}

const KNOWN = new Map<string, KnownMessage>(
  (Object.entries(IMPORT_MESSAGES) as [KnownMessage, string][]).map(([key, text]) => [text.toLowerCase(), key]),
);

export function messageOf(text: string | undefined): ResultRow['message'] {
  if (!text) return null;
  const known = KNOWN.get(text.trim().toLowerCase());
  return known ? { known } : { text };
}

/** The rows of one batch: answers matched to files by position, by name when counts differ. */
export function batchRows(batch: readonly ImportEntry[], answers: readonly ImportFileResult[]): ResultRow[] {
  // The server answers a zip archive with one line per entry, named `archive.zip/entry`.
  const byPosition = answers.length === batch.length && answers.every((answer, index) => !answer.File.startsWith(`${batch[index]?.name}/`));
  const unused = [...answers];
  return batch.map((entry, index) => {
    let answer: ImportFileResult | undefined;
    if (byPosition) answer = answers[index];
    else {
      const at = unused.findIndex((candidate) => candidate.File === entry.name);
      answer = at >= 0 ? unused.splice(at, 1)[0] : foldArchive(entry.name, unused);
    }
    if (!answer) return notSentRow(entry, 'Failed', IMPORT_MESSAGES.not_found);
    return {
      name: entry.name,
      size: entry.file.size,
      status: answer.Status,
      message: messageOf(answer.Message),
      instances: answer.Instances,
      studyUids: answer.StudyInstanceUIDs,
    };
  });
}

/**
 * The lines of an archive's entries, taken out of `unused`, as one answer for the archive: stored
 * when any entry was stored (with the first failure's message, if any), failed when none was.
 */
function foldArchive(name: string, unused: ImportFileResult[]): ImportFileResult | undefined {
  const lines = unused.filter((candidate) => candidate.File.startsWith(`${name}/`));
  if (lines.length === 0) return undefined;
  for (const line of lines) unused.splice(unused.indexOf(line), 1);
  const stored = lines.filter((line) => line.Status !== 'Failed');
  const failure = lines.find((line) => line.Status === 'Failed');
  return {
    File: name,
    Status: stored.length === 0 ? 'Failed' : stored.every((line) => line.Status === 'AlreadyStored') ? 'AlreadyStored' : 'Success',
    ...(failure?.Message ? { Message: failure.Message } : {}),
    Instances: lines.reduce((sum, line) => sum + line.Instances, 0),
    StudyInstanceUIDs: [...new Set(lines.flatMap((line) => line.StudyInstanceUIDs))],
  };
}

export function notSentRow(entry: ImportEntry, status: RowStatus = 'NotSent', message?: string): ResultRow {
  return { name: entry.name, size: entry.file.size, status, message: messageOf(message), instances: 0, studyUids: [] };
}

export function summarize(rows: readonly ResultRow[]): ResultSummary {
  const count = (status: RowStatus) => rows.filter((row) => row.status === status).length;
  return {
    stored: count('Success'),
    alreadyStored: count('AlreadyStored'),
    failed: count('Failed'),
    notSent: count('NotSent'),
    instances: rows.reduce((sum, row) => sum + row.instances, 0),
    studyUids: [...new Set(rows.flatMap((row) => row.studyUids))],
  };
}
