/**
 * The server's own log files by day (spec 2 §7 `/files/{name}?date=`): the lines one log wrote on
 * one calendar day. The logs are one file per process under DATA_DIR/logs (scripts/run.ts); each
 * line is dated as its process writes it — the adapter in ISO 8601 UTC, PostgreSQL
 * `YYYY-MM-DD hh:mm:ss` in its log time zone, nginx `YYYY/MM/DD`, Orthanc (glog) `Lmmdd` without a
 * year, so an Orthanc day matches that month and day of any year the file spans. A line without a
 * date (a stack trace, a continued message) belongs to the dated line before it. Read as a
 * stream, never whole, and cut at MAX_BYTES.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** The log files a request may name, as scripts/run.ts writes them. */
export const LOG_FILES = ['adapter.log', 'orthanc.log', 'postgres.log', 'nginx.log'] as const;
export type LogFileName = (typeof LOG_FILES)[number];

export const MAX_BYTES = 20 * 1024 * 1024;

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ]/;
const NGINX = /^(\d{4})\/(\d{2})\/(\d{2}) /;
const GLOG = /^[IWEF](\d{2})(\d{2}) \d{2}:\d{2}/;

/** The day a line is dated (YYYY-MM-DD, or --MM-DD for glog), or null for an undated line. */
export function lineDay(line: string): string | null {
  const iso = ISO.exec(line) ?? NGINX.exec(line);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const glog = GLOG.exec(line);
  return glog ? `--${glog[1]}-${glog[2]}` : null;
}

const sameDay = (lineDate: string, day: string): boolean =>
  lineDate === day || (lineDate.startsWith('--') && lineDate === `--${day.slice(5)}`);

/** The lines of `name` dated `day` (YYYY-MM-DD); null when the file does not exist. */
export async function logLinesOf(logsDir: string, name: LogFileName, day: string): Promise<string | null> {
  const stream = createReadStream(join(logsDir, name), { encoding: 'utf8' });
  const opened = await new Promise<boolean>((resolve) => {
    stream.once('open', () => resolve(true));
    stream.once('error', () => resolve(false));
  });
  if (!opened) return null;
  const out: string[] = [];
  let bytes = 0;
  let inDay = false;
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const date = lineDay(line);
      if (date !== null) inDay = sameDay(date, day);
      if (!inDay) continue;
      bytes += Buffer.byteLength(line) + 1;
      if (bytes > MAX_BYTES) {
        out.push(`… cut at ${MAX_BYTES / 1024 / 1024} MB: read the file on the server for the rest of the day.`);
        break;
      }
      out.push(line);
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}
