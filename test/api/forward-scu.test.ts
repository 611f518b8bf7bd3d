/**
 * The adapter's own C-STORE SCU (adapter/src/features/forward/scu.ts) against real dcmtk peers:
 * every file of a study arrives at storescp byte-identical in its pixels, in one association per
 * kind of file; a storescp accepting CT only gets the CT slices, and the Secondary Captures are
 * reported refused by SOP instance UID; a peer that takes the connection and never answers is
 * timed out; a closed port and a cancel end the send with an error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCt, uuidUid } from '../../scripts/demo/generate-ct.ts';
import { freePort, waitFor } from '../../scripts/services/process.ts';
import { arrived, storeFiles, type ScuResult, type ScuTarget } from '../../adapter/src/features/forward/scu.ts';
import { tinyInstance } from '../harness/dicom.ts';
import { pixelsByUid, storescpProfile } from '../harness/network.ts';

let workDir: string;
let files: string[];
const peers: ChildProcess[] = [];
const servers: Server[] = [];
const captureUids = [1, 2, 3].map((n) => uuidUid(`scu-sc-${n}`, 'instance'));

async function storescp(name: string, only?: string): Promise<{ target: ScuTarget; folder: string }> {
  const folder = join(workDir, name);
  mkdirSync(folder);
  const port = await freePort();
  const args = ['-aet', 'DEST', '-od', folder, String(port)];
  if (only) {
    writeFileSync(join(workDir, `${name}.cfg`), storescpProfile(only));
    args.unshift('-xf', join(workDir, `${name}.cfg`), 'Only');
  }
  const child = spawn('storescp', args, { stdio: 'ignore', env: { ...process.env, TCP_NODELAY: '1' } });
  peers.push(child);
  await waitFor(
    'storescp',
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
    10_000,
    child,
  );
  return { target: { host: '127.0.0.1', port, callingAet: 'PACS', calledAet: 'DEST', timeoutMs: 5000 }, folder };
}

const readFromDisk = (file: string) => Promise.resolve(readFileSync(file));

async function send(target: ScuTarget, signal?: AbortSignal): Promise<ScuResult[]> {
  const results: ScuResult[] = [];
  await storeFiles(target, files, readFromDisk, { window: 4, signal, onResult: (result) => void results.push(result) });
  return results;
}

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'pacs-forward-scu-'));
  const ct = generateCt({
    out: join(workDir, 'ct'),
    slices: 12,
    size: 32,
    studyUidSeed: 'forward-scu',
    patientName: 'Scu^Test',
    patientId: 'SCU',
  });
  const captures = captureUids.map((sopUid, index) => {
    const file = join(workDir, `sc-${index}.dcm`);
    const place = { seriesNumber: index === 0 ? 1 : 3, instanceNumber: index + 1 };
    writeFileSync(
      file,
      tinyInstance({
        patientId: 'SCU',
        patientName: 'Scu^Test',
        studyUid: ct.studyInstanceUid,
        seriesUid: uuidUid(`scu-sc-series-${place.seriesNumber}`, 'series'),
        sopUid,
        ...place,
      }),
    );
    return file;
  });
  // A Secondary Capture first, then the CT, then two more: the association changes twice.
  files = [captures[0]!, ...ct.files, captures[1]!, captures[2]!];
});

afterAll(() => {
  for (const peer of peers) peer.kill();
  for (const server of servers) server.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the adapter’s C-STORE SCU', () => {
  it('delivers every file, pixel data byte-identical, each reported in order', async () => {
    const { target, folder } = await storescp('all');
    const results = await send(target);
    expect(results.map((result) => arrived(result.status))).toEqual(files.map(() => true));
    const sent = pixelsByUid(files);
    const received = pixelsByUid(readdirSync(folder).map((file) => join(folder, file)));
    expect([...received.keys()].sort()).toEqual([...sent.keys()].sort());
    for (const [uid, pixels] of sent) expect(received.get(uid)?.equals(pixels), uid).toBe(true);
  });

  it('reports the files of a SOP class the destination does not accept as refused, by SOP instance UID', async () => {
    const { target, folder } = await storescp('ct-only', 'CTImageStorage');
    const results = await send(target);
    const refused = results.filter((result) => !arrived(result.status));
    expect(refused.map((result) => result.sopInstanceUid).sort()).toEqual([...captureUids].sort());
    expect(refused[0]!.reason).toMatch(/SOP class was not accepted/);
    expect(readdirSync(folder)).toHaveLength(files.length - captureUids.length);
  });

  it('times out a destination that takes the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    servers.push(silent);
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const started = Date.now();
    await expect(send({ host: '127.0.0.1', port, callingAet: 'PACS', calledAet: 'DEST', timeoutMs: 1000 })).rejects.toThrow(
      /did not answer within 1 s \(association\)/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
  });

  it('ends at once when cancelled while a silent destination holds the association', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    servers.push(silent);
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const cancel = new AbortController();
    const started = Date.now();
    setTimeout(() => cancel.abort(), 300);
    await expect(
      send({ host: '127.0.0.1', port, callingAet: 'PACS', calledAet: 'DEST', timeoutMs: 60_000 }, cancel.signal),
    ).rejects.toThrow(/Cancelled/);
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.destroy();
  });

  it('fails on a closed port, and stops when cancelled', async () => {
    const closed = await freePort();
    await expect(send({ host: '127.0.0.1', port: closed, callingAet: 'PACS', calledAet: 'DEST', timeoutMs: 1000 })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    const { target } = await storescp('cancelled');
    const cancel = new AbortController();
    cancel.abort();
    await expect(send(target, cancel.signal)).rejects.toThrow(/Cancelled/);
  });
});
