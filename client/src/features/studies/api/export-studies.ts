/**
 * `POST /studies/export` with `{Items, Anonymize}`: the studies and series as a zip of DICOM files
 * with a DICOMDIR. The answer is read chunk by chunk so the dialog can show how far it got
 * (`X-Export-Instances` files, about `X-Export-Bytes` bytes); aborting `signal` stops the
 * download and the server's work.
 */
import { useMutation } from '@tanstack/react-query';
import { EXPORT_HEADERS, type ExportRequest } from '@pacs/common';
import { ApiError } from '../../../lib/api-error.ts';
import { handleError } from '../../../lib/error-effects.ts';
import { fileNameOf, postForFile } from './download-file.ts';

export interface ExportProgress {
  received: number;
  /** The server's estimate of the whole; 0 when it gave none. */
  expected: number;
  instances: number;
}

export interface ExportFile {
  blob: Blob;
  fileName: string;
  instances: number;
}

export interface ExportInput {
  request: ExportRequest;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}

/** The share of the download done, 0–100; held below 100 until the stream has ended. */
export function exportPercent(progress: ExportProgress, done = false): number {
  if (done) return 100;
  if (progress.expected <= 0) return 0;
  return Math.min(99, Math.floor((progress.received / progress.expected) * 100));
}

export async function postStudiesExport({ request, signal, onProgress }: ExportInput): Promise<ExportFile> {
  const response = await postForFile('/studies/export', request, 'application/zip', signal);
  const progress: ExportProgress = {
    received: 0,
    expected: Number(response.headers.get(EXPORT_HEADERS.bytes) ?? 0) || 0,
    instances: Number(response.headers.get(EXPORT_HEADERS.instances) ?? 0) || 0,
  };
  onProgress({ ...progress });
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.received += value.length;
      onProgress({ ...progress });
    }
  } catch (cause) {
    // The server cuts the connection when the archive fails half-way: a failed download, not a short file.
    if (signal.aborted) throw cause;
    throw ApiError.network(cause);
  }
  return {
    blob: new Blob(chunks, { type: 'application/zip' }),
    fileName: fileNameOf(response, 'dicom-export.zip'),
    instances: progress.instances,
  };
}

/** Failures go to the usual error dialog, except the user's own Cancel. */
export function useExportStudies(onDownloaded: (file: ExportFile) => void) {
  return useMutation({
    mutationFn: postStudiesExport,
    onSuccess: onDownloaded,
    onError: (error, input) => {
      if (!input.signal.aborted) handleError(error);
    },
    meta: { silent: true },
  });
}
