/**
 * A study as the site prints it: the list's CSV and a report's PDF (read back with poppler's
 * pdftotext). The suites that check how a site option (date format, time zone, name form) reaches
 * both start the same way: one tiny study stored, the CSV's columns chosen, a Final report written
 * (`startPrintedStudy`); then they read a CSV row (`csvRow`) and the PDF's text (`reportPdfText`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'superagent';
import { API, type Session } from './api.ts';
import { tinyStudyUids, type TinyStudy } from './dicom.ts';
import { storeTinyStudies } from './fixtures.ts';
import type { Stack } from './stack.ts';

/** A superagent parser that keeps the answer's bytes whole (`.buffer(true).parse(binary)`). */
export function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Stores `study`, sets the session's CSV columns (list key → column title) and writes a Final
 * report titled `reportTitle` on it; the report's document id.
 */
export async function startPrintedStudy(
  stack: Stack,
  session: Session,
  study: TinyStudy,
  columns: Record<string, string>,
  reportTitle: string,
): Promise<number> {
  await storeTinyStudies(stack, session, [study]);
  const csv = Object.entries(columns).map(([key, label]) => ({ key, label, width: 100, alignment: 'left', is_visible: true }));
  await session.agent
    .put(`${API}/settings/replace`)
    .set(session.csrf)
    .type('form')
    .send({ key: 'list.fields.csv', value: JSON.stringify({ csv }) })
    .expect(200);
  const report = await session.agent
    .post(`${API}/reports/create`)
    .set(session.csrf)
    .type('form')
    .send({ uid: tinyStudyUids(study.seed).study, status: 'Final', title: reportTitle, findings: 'None.' })
    .expect(200);
  return (report.body as { Id: number }).Id;
}

/** The CSV's cells under `titles` for the one study of `patientId`. */
export async function csvRow(session: Session, patientId: string, titles: readonly string[]): Promise<string[]> {
  const response = await session.agent
    .post(`${API}/studies/csv`)
    .query({ PatientID: patientId })
    .set(session.csrf)
    .send({})
    .buffer(true)
    .parse(binary)
    .expect(200);
  // After the byte order mark: the header line, then the row.
  const [header, row] = (response.body as Buffer).subarray(3).toString('utf8').trim().split('\r\n');
  const keys = header!.split(',');
  const cells = row!.split(',');
  return titles.map((title) => cells[keys.indexOf(title)] ?? `(no ${title})`);
}

/** The text of report `documentId`'s PDF; the PDF is kept as `{dir}/{name}.pdf`. */
export async function reportPdfText(session: Session, documentId: number, dir: string, name: string): Promise<string> {
  const response = await session.agent.get(`${API}/documents/pdf`).query({ id: documentId }).buffer(true).parse(binary).expect(200);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, response.body as Buffer);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
