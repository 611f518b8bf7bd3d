/**
 * The front receiver (docs/decisions.md "A front receiver for DICOM ingest"): listens on the
 * provider's public DICOM port in place of Orthanc. An association that proposes only storage SOP
 * classes and/or Verification is served here: C-ECHO answered, each C-STORE's dataset written to
 * the spool (spool.ts) and answered Success once the file is renamed into place; the drain hands
 * it to Orthanc. Any other association (C-FIND, C-MOVE, C-GET, worklist, storage commitment, or a
 * mix) is replayed byte for byte to Orthanc's internal port and piped both ways.
 *
 * Bounded: an A-ASSOCIATE-RQ at most 64 KiB and within ARTIM; a P-DATA-TF at most the length we
 * announce (bigger: A-ABORT); a command set at most 64 KiB; idle associations aborted after the
 * idle time. Every socket and file has an error handler; one association's failure closes it alone.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { log } from '../../log.ts';
import {
  PDU,
  PduError,
  PduStream,
  abort,
  associateAc,
  associateRj,
  pDataCommand,
  parseAssociateRq,
  releaseRp,
  type AcceptedContext,
  type AssociateRq,
  type PdvPiece,
} from './pdu.ts';
import { COMMAND, STATUS, parseCommand, responseCommand, type Command } from './dimse.ts';
import { SpareFile, SpoolFile, type SpoolFolders } from './spool.ts';
import { SyncGroup, type FsyncMode } from './durability.ts';
import type { AssociationSink } from '../network/associations.ts';

export const VERIFICATION = '1.2.840.10008.1.1';
/** What we announce as our maximum P-DATA-TF length (a bigger PDU is aborted). */
export const FRONT_MAX_PDU = 1024 * 1024;
const MAX_OTHER_PDU = 64 * 1024;
const MAX_COMMAND = 64 * 1024;
const EXPLICIT_LE = '1.2.840.10008.1.2.1';

/**
 * Storage SOP classes (PS3.4 Annex B and the later storage services): everything under
 * 1.2.840.10008.5.1.4.1.1, plus the few storage classes registered elsewhere.
 */
export function isStorageClass(uid: string): boolean {
  if (uid.startsWith('1.2.840.10008.5.1.4.1.1.')) return true;
  return /^1\.2\.840\.10008\.5\.1\.4\.(34\.\d+(\.\d+)?|38\.1|39\.1|43\.1|44\.1|45\.1)$/.test(uid);
}

/** Whether the front serves this association itself (else it is piped to Orthanc). */
export function servedByFront(rq: AssociateRq): boolean {
  return rq.contexts.length > 0 && rq.contexts.every((c) => c.abstractSyntax === VERIFICATION || isStorageClass(c.abstractSyntax));
}

const IMPLICIT_LE = '1.2.840.10008.1.2';
const EXPLICIT_BE = '1.2.840.10008.1.2.2';

/**
 * The transfer syntax accepted for one proposed context: explicit VR little endian when offered,
 * then implicit VR little endian, then the first other than explicit VR big endian, which is taken
 * only when nothing else is offered. Big endian is retired, the sender converts it for free, and
 * Orthanc 1.10 stores it but answers 500 when asked for its frames (the viewer's path); Orthanc's
 * own listener, preferring little endian, had senders convert it.
 */
export function chooseTransferSyntax(proposed: readonly string[]): string | undefined {
  for (const preferred of [EXPLICIT_LE, IMPLICIT_LE]) if (proposed.includes(preferred)) return preferred;
  return proposed.find((uid) => uid !== EXPLICIT_BE) ?? proposed[0];
}

export type FrontDecision =
  { accept: true; mayStore: boolean; mayEcho: boolean } | { accept: false; result: 1 | 2; source: 1 | 2 | 3; reason: number; why: string };

export interface FrontOptions {
  host: string;
  port: number;
  /** Orthanc's internal DICOM port (loopback). */
  orthancPort: number;
  /** Where Orthanc is (default loopback; Compose: the orthanc service). */
  orthancHost?: string;
  /**
   * TLS towards Orthanc's internal port (internal-tls.ts internalTlsOptions: the product's pair,
   * pinned); the product always sets it. Absent: plain TCP (unit tests' stand-in Orthanc).
   */
  orthancTls?: ConnectionOptions;
  folders: SpoolFolders;
  /** When a spooled file reaches the disk (durability.ts): before each answer, in groups, or left to the kernel. */
  fsync: FsyncMode;
  artimMs: number;
  idleMs: number;
  /** The same rules Orthanc applies (front-rules.ts). */
  decide(rq: AssociateRq, address: string, served: boolean): Promise<FrontDecision>;
  /** A file is ready in the spool. */
  spooled(path: string): void;
  /** The fdatasync/fsync of group mode (tests record it; durability.ts by default). */
  sync?: (path: string, data: boolean) => Promise<void>;
  /** No association is receiving any more (the drain resumes). */
  quiet?(): void;
  sink?: AssociationSink;
}

export class DicomFront {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  /** Associations served here and open now (the drain gives way to them). */
  static receiving = 0;
  private readonly group: SyncGroup | undefined;

  constructor(private readonly options: FrontOptions) {
    this.group = options.fsync === 'group' ? new SyncGroup(options.folders.ready, options.sync) : undefined;
  }

  /** Resolves once every file spooled so far is on disk in `group` mode (at once in the others). */
  settled(): Promise<void> {
    return this.group?.flush() ?? Promise.resolve();
  }

  get port(): number {
    const address = this.server?.address();
    return typeof address === 'object' && address ? address.port : this.options.port;
  }

  async listen(): Promise<void> {
    const server = createServer((socket) => this.connection(socket));
    server.on('error', (error) => log.warn(`DICOM front: ${String(error)}`));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private connection(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    new Association(socket, this.options, this.group).start();
  }
}

class Association {
  private readonly reader = new PduStream((type) => (type === PDU.pData ? FRONT_MAX_PDU : MAX_OTHER_PDU));
  private readonly address: string;
  private rq: AssociateRq | undefined;
  private decision: Extract<FrontDecision, { accept: true }> | undefined;
  private readonly contexts = new Map<number, { abstractSyntax: string; transferSyntax: string }>();
  /** Reads received while a step was waiting (the socket is paused then; this is in case one was on its way). */
  private readonly backlog: Buffer[] = [];
  /** A step that must wait (the association's rules, an fsync, the group before a release): reading stops until it ends. */
  private waiting = false;
  private commandBytes: Buffer[] = [];
  private commandLength = 0;
  private command: Command | undefined;
  private contextId = 0;
  private file: SpoolFile | undefined;
  private readonly spare: SpareFile;
  /** A C-STORE whose data is read and dropped (store refused): the status to answer. */
  private refusal: number | undefined;
  private ended: 'released' | 'aborted' | undefined;
  private piped = false;
  private readonly artim: NodeJS.Timeout;

  constructor(
    private readonly socket: Socket,
    private readonly options: FrontOptions,
    private readonly group: SyncGroup | undefined,
  ) {
    this.address = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    this.spare = new SpareFile(options.folders);
    this.artim = setTimeout(() => socket.destroy(), options.artimMs);
    this.artim.unref();
  }

  start(): void {
    this.socket.on('data', this.onData);
    this.socket.on('close', () => {
      clearTimeout(this.artim);
      this.file?.discard();
      this.file = undefined;
      this.spare.close();
      if (this.decision && !this.ended && !this.piped) this.finish('aborted');
    });
  }

  /**
   * Everything runs synchronously in the socket's 'data' event (the spool's file calls are
   * synchronous: spool.ts) unless a step must wait; only then is the socket paused, and the PDUs
   * behind that step are handled once it ends. A paused/resumed socket and a promise per read cost
   * more than the work on a small instance.
   */
  private readonly onData = (chunk: Buffer): void => {
    this.backlog.push(chunk);
    if (!this.waiting) this.pump();
  };

  private pump(): void {
    try {
      for (;;) {
        if (this.socket.destroyed || this.piped) return;
        const item = this.reader.next();
        if (!item) {
          const chunk = this.backlog.shift();
          if (!chunk) return;
          this.reader.push(chunk);
          continue;
        }
        const wait = 'pdu' in item ? this.handle(item.pdu) : this.piece(item.piece);
        if (wait) {
          this.waiting = true;
          this.socket.pause();
          wait.then(
            () => {
              this.waiting = false;
              this.pump();
              if (!this.waiting && !this.piped && !this.socket.destroyed) this.socket.resume();
            },
            (error: unknown) => this.fail(error),
          );
          return;
        }
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (!(error instanceof PduError)) log.warn(`DICOM front: association from ${this.address} failed: ${String(error)}`);
    if (!this.socket.destroyed) this.socket.end(abort(2, error instanceof PduError ? 6 : 0));
    this.socket.destroy();
  }

  private finish(how: 'released' | 'aborted'): void {
    this.ended = how;
    if (this.rq) this.options.sink?.ended(this.rq.callingAet, this.address, how);
  }

  /** Handles one whole PDU (any but P-DATA-TF); answers a promise when reading must wait for it. */
  private handle({ type, body, raw }: { type: number; body: Buffer; raw: Buffer }): Promise<void> | undefined {
    if (!this.rq) {
      if (type !== PDU.associateRq) throw new PduError('The first PDU is not an A-ASSOCIATE-RQ');
      clearTimeout(this.artim);
      return this.associate(parseAssociateRq(body), raw);
    }
    if (type === PDU.releaseRq) {
      // In group mode, what this association sent is on disk before the modality hears the
      // release, after which it may delete its copy.
      const release = () => {
        this.finish('released');
        this.socket.end(releaseRp());
      };
      if (!this.group) return void release();
      return this.group.flush().then(release);
    }
    if (type === PDU.abort) {
      this.finish('aborted');
      this.socket.destroy();
      return undefined;
    }
    throw new PduError(`Unexpected PDU type ${type}`);
  }

  private async associate(rq: AssociateRq, raw: Buffer): Promise<void> {
    this.rq = rq;
    const served = servedByFront(rq);
    this.options.sink?.received(rq.callingAet, this.address);
    const decision = await this.options.decide(rq, this.address, served);
    if (!decision.accept) {
      log.info(`DICOM front: refused association from ${JSON.stringify(rq.callingAet)} at ${this.address}: ${decision.why}`);
      this.options.sink?.rejected(rq.callingAet, this.address);
      this.socket.end(associateRj(decision.result, decision.source, decision.reason));
      return;
    }
    if (!served) {
      // Whatever followed the request is replayed too (a peer waits for the answer, so normally nothing).
      this.pipe(rq, Buffer.concat([raw, this.reader.rest(), ...this.backlog.splice(0)]));
      return;
    }
    this.decision = decision;
    DicomFront.receiving += 1;
    this.socket.once('close', () => {
      DicomFront.receiving -= 1;
      if (DicomFront.receiving === 0) this.options.quiet?.();
    });
    const accepted: AcceptedContext[] = rq.contexts.map((context) => {
      const transferSyntax = chooseTransferSyntax(context.transferSyntaxes);
      if (transferSyntax === undefined) return { id: context.id, result: 4, transferSyntax: EXPLICIT_LE };
      this.contexts.set(context.id, { abstractSyntax: context.abstractSyntax, transferSyntax });
      return { id: context.id, result: 0, transferSyntax };
    });
    this.options.sink?.accepted(rq.callingAet, this.address);
    if (decision.mayStore) this.spare.prepare();
    this.socket.setTimeout(this.options.idleMs, () => {
      this.finish('aborted');
      this.socket.end(abort(2, 0));
      this.socket.destroy();
    });
    this.socket.write(associateAc(rq, accepted, FRONT_MAX_PDU));
  }

  /**
   * Replays the request to Orthanc's internal port and joins the two sockets. Orthanc's first
   * byte says whether it accepted (A-ASSOCIATE-AC) or refused; both are counted here, since
   * Orthanc's log sees only loopback. Over TLS (`orthancTls`) the request waits in the socket
   * until the handshake is done; a failed handshake or a certificate other than the pinned one
   * is an 'error', which ends both sockets as a refused connection would.
   */
  private pipe(rq: AssociateRq, head: Buffer): void {
    this.piped = true;
    const target = { host: this.options.orthancHost ?? '127.0.0.1', port: this.options.orthancPort };
    const tls = this.options.orthancTls;
    const orthanc: Socket = tls ? tlsConnect({ ...tls, ...target }) : createConnection(target);
    orthanc.setNoDelay(true);
    let accepted = false;
    let ended = false;
    orthanc.once('data', (chunk: Buffer) => {
      accepted = chunk[0] === PDU.associateAc;
      if (accepted) this.options.sink?.accepted(rq.callingAet, this.address);
      else this.options.sink?.rejected(rq.callingAet, this.address);
    });
    orthanc.once('end', () => (ended = true));
    this.socket.once('end', () => (ended = true));
    this.socket.once('close', () => {
      if (accepted) this.options.sink?.ended(rq.callingAet, this.address, ended ? 'released' : 'aborted');
    });
    orthanc.on('error', (error) => {
      // A refused connection, a failed TLS handshake (an expired or replaced internal certificate)
      // or a reset: the caller sees its association end; the administrator sees why here.
      if (!accepted) log.warn(`DICOM front: Orthanc's internal port did not take the association from ${this.address}: ${String(error)}`);
      orthanc.destroy();
      this.socket.destroy();
    });
    this.socket.on('close', () => orthanc.destroy());
    orthanc.on('close', () => this.socket.destroy());
    orthanc.write(head);
    this.socket.off('data', this.onData);
    this.socket.pipe(orthanc);
    orthanc.pipe(this.socket);
    this.socket.resume();
  }

  /** A piece of a PDV; answers a promise when an instance's commit must be waited for (`each` mode). */
  private piece(piece: PdvPiece): Promise<void> | undefined {
    if (!this.rq) throw new PduError('The first PDU is not an A-ASSOCIATE-RQ');
    if (!this.contexts.has(piece.contextId)) throw new PduError(`PDV on presentation context ${piece.contextId}, not accepted`);
    if (piece.command) {
      this.commandLength += piece.data.length;
      if (this.commandLength > MAX_COMMAND) throw new PduError('Command set too long');
      this.commandBytes.push(piece.data);
      if (piece.end && piece.last) this.commandDone(piece.contextId);
      return undefined;
    }
    if (!this.command) throw new PduError('Data before its command');
    this.file?.write(piece.data);
    return piece.end && piece.last ? this.dataDone() : undefined;
  }

  private commandDone(contextId: number): void {
    const command = parseCommand(Buffer.concat(this.commandBytes));
    this.commandBytes = [];
    this.commandLength = 0;
    this.contextId = contextId;
    if (command.field === COMMAND.cEchoRq) {
      this.respond(command, COMMAND.cEchoRsp, this.decision?.mayEcho ? STATUS.success : STATUS.notAuthorized);
      return;
    }
    if (command.field !== COMMAND.cStoreRq || !command.hasDataSet) throw new PduError(`Command ${command.field} not served here`);
    this.command = command;
    const context = this.contexts.get(contextId)!;
    this.refusal = undefined;
    if (!this.decision?.mayStore) {
      this.refusal = STATUS.outOfResources;
      return;
    }
    this.file = new SpoolFile(
      this.options.folders,
      {
        sopClassUid: command.affectedSopClassUid || context.abstractSyntax,
        sopInstanceUid: command.affectedSopInstanceUid,
        transferSyntax: context.transferSyntax,
        callingAet: this.rq!.callingAet,
      },
      this.options.fsync === 'each' ? 'each' : this.group,
      this.spare.take(),
    );
  }

  /** The instance is whole: commit it and answer; a promise only in `each` mode (its fsyncs). */
  private dataDone(): Promise<void> | undefined {
    const command = this.command!;
    this.command = undefined;
    const file = this.file;
    this.file = undefined;
    if (!file) {
      this.respond(command, COMMAND.cStoreRsp, this.refusal ?? STATUS.success);
      return undefined;
    }
    const failed = (error: unknown) => {
      file.discard();
      log.warn(`DICOM front: an instance from ${this.rq!.callingAet} could not be spooled: ${String(error)}`);
      this.respond(command, COMMAND.cStoreRsp, STATUS.outOfResources);
    };
    const stored = (path: string) => {
      this.options.spooled(path);
      this.respond(command, COMMAND.cStoreRsp, STATUS.success);
      this.spare.prepare();
    };
    let committed: string | Promise<string>;
    try {
      committed = file.commit();
    } catch (error) {
      failed(error);
      return undefined;
    }
    if (typeof committed === 'string') return void stored(committed);
    return committed.then(stored, failed);
  }

  private respond(rq: Command, field: number, status: number): void {
    if (!this.socket.destroyed) this.socket.write(pDataCommand(this.contextId, responseCommand(rq, field, status)));
  }
}
