/**
 * DICOM network steps the API tests share: send destinations, forwards followed to their end,
 * the provider's anonymous access, polling a follower's result, and the pixel data of files
 * compared after a transfer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import dcmjs from 'dcmjs';
import type { ForwardJob, Provider, SendDestination } from '@pacs/common';
import { API, type Session } from './api.ts';
import { portIsFree } from '../../scripts/services/process.ts';

export interface DestinationFields {
  Name: string;
  IPAddress: string;
  Port: string;
  CalledAETitle: string;
  CallingAETitle: string;
}

/** Registers a send destination (through the API, as an administrator would). */
export async function createSendDestination(session: Session, fields: DestinationFields): Promise<SendDestination> {
  return (await session.agent.post(`${API}/sendsettings/create`).set(session.csrf).type('form').send(fields).expect(200))
    .body as SendDestination;
}

/** Polls /forward/all until the forward has finished. */
export async function finishedForward(session: Session, id: number): Promise<ForwardJob> {
  for (let i = 0; i < 600; i++) {
    const jobs = (await session.agent.get(`${API}/forward/all`).expect(200)).body as ForwardJob[];
    const job = jobs.find((item) => item.Id === id);
    if (job && job.FinishedAt !== null) return job;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`forward ${id} did not finish`);
}

/** Turns the archive's own provider's anonymous access on or off (off: only registered DICOM users). */
export async function setAnonymousUsers(session: Session, allow: boolean): Promise<void> {
  const provider = (await session.agent.get(`${API}/providers/all`).expect(200)).body[0] as Provider;
  await session.agent
    .patch(`${API}/providers/update`)
    .set(session.csrf)
    .type('form')
    .send({
      No: String(provider.No),
      Name: provider.Name,
      AETitle: provider.AETitle,
      Port: String(provider.Port),
      AllowAnonymousUsers: String(allow),
    })
    .expect(200);
}

/** Polls `read` until `done` holds, for 15 s (followers read Orthanc's log every second). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SOP instance UID → pixel data bytes of each DICOM file. */
export function pixelsByUid(files: string[]): Map<string, Buffer> {
  const result = new Map<string, Buffer>();
  for (const file of files) {
    const bytes = readFileSync(file);
    const dataset = dcmjs.data.DicomMessage.readFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    const tags = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dataset.dict) as { SOPInstanceUID: string; PixelData: ArrayBuffer[] };
    result.set(tags.SOPInstanceUID, Buffer.from(tags.PixelData[0]!));
  }
  return result;
}

/** A storescp profile accepting Verification and the one storage SOP class named (dcmtk's -xf). */
export function storescpProfile(sopClass: string): string {
  return [
    '[[TransferSyntaxes]]',
    '[Uncompressed]',
    'TransferSyntax1 = LocalEndianExplicit',
    'TransferSyntax2 = OppositeEndianExplicit',
    'TransferSyntax3 = LittleEndianImplicit',
    '[[PresentationContexts]]',
    '[Only]',
    'PresentationContext1 = VerificationSOPClass\\Uncompressed',
    `PresentationContext2 = ${sopClass}\\Uncompressed`,
    '[[Profiles]]',
    '[Only]',
    'PresentationContexts = Only',
    '',
  ].join('\n');
}

/**
 * Starts dcmtk's storescp (`args` end with the port) with TCP_NODELAY, and waits until it
 * listens: the forward's sender connects at once, and a destination not yet listening refuses it.
 */
export async function startStorescp(args: string[], port: number): Promise<ChildProcess> {
  const child = spawn('storescp', [...args, String(port)], { stdio: 'ignore', env: { ...process.env, TCP_NODELAY: '1' } });
  await until(
    async () => !(await portIsFree(port)),
    (listening) => listening,
    `storescp listening on ${port}`,
  );
  return child;
}
