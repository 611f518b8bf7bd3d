/**
 * The maintenance Orthancs (the index migration's and restore's, scripts/orthanc-index/migrate.ts
 * and scripts/backup/restore-backup.ts) start with `dicomServer: false`: they run while the PACS
 * is stopped and only their script talks to them, over REST. A DICOM port of theirs would answer
 * registered AE titles with neither the front's address check nor the internal port's TLS. Real
 * Orthanc 1.10 and dcmtk's echoscu: the same start with the DICOM server on answers the echo.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startOrthanc, type RunningOrthanc } from '../../scripts/services/orthanc.ts';
import { freePort } from '../../scripts/services/process.ts';
import { runTool } from '../harness/dicom.ts';

const dirs: string[] = [];
let orthanc: RunningOrthanc | undefined;

afterAll(async () => {
  await orthanc?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(dicomServer: boolean): Promise<{ dicomPort: number; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pacs-orthanc-maintenance-'));
  dirs.push(dataDir);
  const dicomPort = await freePort();
  orthanc = await startOrthanc({
    dataDir,
    index: { kind: 'sqlite' },
    httpPort: await freePort(),
    dicomPort,
    aet: 'PACS',
    user: 'maintenance',
    password: 'maintenance-password',
    logFile: join(dataDir, 'orthanc.log'),
    dicomServer,
  });
  return { dicomPort, url: orthanc.url };
}

const echo = (port: number) => runTool('echoscu', ['-aet', 'ANY_AE', '-aec', 'PACS', '127.0.0.1', String(port)], { timeoutMs: 30_000 });

describe('an Orthanc started for maintenance', () => {
  it('answers REST and has no DICOM port; the same start with the DICOM server answers an echo', async () => {
    const off = await start(false);
    const auth = { authorization: `Basic ${Buffer.from('maintenance:maintenance-password').toString('base64')}` };
    expect((await fetch(`${off.url}/system`, { headers: auth })).status).toBe(200);
    const refused = await echo(off.dicomPort);
    expect(refused.status, refused.stderr).not.toBe(0);
    expect(refused.stderr).toMatch(/connection refused/i);
    await orthanc!.stop();
    orthanc = undefined;

    const on = await start(true);
    const answered = await echo(on.dicomPort);
    expect(answered.status, answered.stderr).toBe(0);
  }, 120_000);
});
