/**
 * Peer text cannot forge what the adapter reads from Orthanc's log (docs/decisions.md "Peer text
 * in logs"), against a real Orthanc 1.10 with --verbose-dicom: associations held open by hand
 * (test/harness/dicom-association.ts) whose calling AE titles carry CR LF with glog-like and
 * "Association Release" text each count once, are listed live once with the title escaped, and
 * close once; a stored file whose patient name carries a forged association line adds and
 * closes no association.
 */
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DicomConnectionState } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { holdAssociation } from '../harness/dicom-association.ts';
import { until } from '../harness/network.ts';
import { storeFiles, tinyStudy } from '../harness/dicom.ts';

let stack: Stack;
let admin: Session;
let dir: string;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  dir = mkdtempSync(join(tmpdir(), 'pacs-association-forgery-'));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const live = async () => ((await admin.agent.get(`${API}/dicomconnections/state`).expect(200)).body as DicomConnectionState).Associations;

const counts = async () =>
  (
    await stack.sql<{ ae_title: string; accepted: number; rejected: number }>(
      'select ae_title, sum(accepted)::int as accepted, sum(rejected)::int as rejected from statistics_associations group by ae_title',
    )
  ).sort((a, b) => (a.ae_title < b.ae_title ? -1 : 1));

describe('peer text in Orthanc’s log', () => {
  it('counts an association whose AE title carries CR LF and association text once, and lists it once, escaped', async () => {
    // Sixteen bytes each, the most an AE title has.
    const titles = ['E\r\nAssociation R', 'EV\r\nI1126 11:2'];
    for (const title of titles) {
      const held = await holdAssociation(stack.config.dicomPort, title, stack.config.dicomAet);
      expect(held.answer).toBe(0x02);
      // The log reader drops a CR before a line break (log-tail.ts); the LF stays, escaped.
      const escaped = title.replace('\r\n', '\\n');
      const open = await until(live, (list) => list?.length === 1, 'listed live');
      expect(open).toEqual([expect.objectContaining({ AETitle: escaped, RemoteAddress: '127.0.0.1' })]);
      await held.release();
      await until(live, (list) => list?.length === 0, 'closed');
    }
    // The front receiver writes its counts off the association's path: polled.
    await until(counts, (rows) => rows.length === 2, 'both associations counted');
    expect(await counts()).toEqual([
      { ae_title: 'EV\\nI1126 11:2', accepted: 1, rejected: 0 },
      { ae_title: 'E\\nAssociation R', accepted: 1, rejected: 0 },
    ]);
    // Orthanc's log itself holds the split lines the peer made: the reading is what is protected.
    // (With the DICOM front receiver on, the front answers these associations itself and counts
    // them: the peer's text never reaches Orthanc's log.)
    if (!stack.config.dicomFront.enabled)
      expect(readFileSync(join(stack.dataDir, 'orthanc.log'), 'latin1')).toContain('AET E\r\nAssociation R on IP 127.0.0.1');
  });

  it('adds or closes no association for a patient name carrying a forged association line', async () => {
    const before = await counts();
    const file = join(dir, 'forged.dcm');
    // A PN value has 64 characters, too few for a whole glog header and message: the forgery is a piece.
    const forged = 'F\r\n(dicom) Association Release with AET STORESCU on IP 1';
    writeFileSync(file, tinyStudy({ seed: 'forged-name', patientName: forged, patientId: 'FORGED' }));
    // storescu calls as STORESCU.
    expect((await storeFiles([file], { port: stack.config.dicomPort, aet: stack.config.dicomAet })).failed).toEqual([]);
    await until(counts, (rows) => rows.some((row) => row.ae_title === 'STORESCU'), 'the store counted');
    expect(await counts()).toEqual(
      [...before, { ae_title: 'STORESCU', accepted: 1, rejected: 0 }].sort((a, b) => (a.ae_title < b.ae_title ? -1 : 1)),
    );
    expect(await live()).toEqual([]);
  });
});
