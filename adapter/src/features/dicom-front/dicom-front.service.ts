/**
 * Runs the DICOM front receiver inside the adapter (DICOM_FRONT=on): the listener (front.ts) on
 * the provider's port, the rules Orthanc applied until now taken from the same source (the
 * provider's AllowAnonymousUsers, the registered DICOM users and their address, the licence's
 * study-limit gate), the drain that hands the spool to Orthanc, and its status for every
 * replica's server screen (front-status.ts). One per adapter process; in a cluster, one per
 * Orthanc node (docs/decisions.md "A front receiver for DICOM ingest").
 */
import type { Deps } from '../../deps.ts';
import { log } from '../../log.ts';
import * as networkSql from '../network/network.sql.ts';
import { studyStoreOpen } from '../network/store-gate.ts';
import { DicomFront, type FrontDecision } from './front.ts';
import { SpoolDrain, type DrainState } from './drain.ts';
import { prepareSpool, spoolFolders } from './spool.ts';
import { internalTlsFiles, internalTlsOptions } from './internal-tls.ts';
import { FrontStatus } from './front-status.ts';
import type { AssociateRq } from './pdu.ts';

export interface RunningFront {
  port: number;
  /** The front's name in PostgreSQL (its configured port): its status row and open associations. */
  name: string;
  state(): DrainState;
  /** Resolves once every received instance is in Orthanc (tests, bench). */
  idle(): Promise<void>;
  /** `retire`: the front is no more (moved to another port, whose front takes its spool over). */
  stop(retire?: boolean): Promise<void>;
}

/** Orthanc's DICOM timeout (orthanc.jsonc DicomScpTimeout): an idle association is aborted after it. */
const IDLE_MS = 30_000;
/** The ARTIM timer: how long a new connection may take to send its A-ASSOCIATE-RQ. */
const ARTIM_MS = 30_000;

/**
 * The provider's rules for one association: who may associate (anonymous callers, or a
 * registered DICOM user from its registered address) and whether it may store now.
 */
export async function decideAssociation(deps: Deps, rq: AssociateRq, address: string): Promise<FrontDecision> {
  const [provider] = await networkSql.selectProviders(deps.db);
  const storeOpen = studyStoreOpen(deps.config);
  if (!provider || provider.allow_anonymous) return { accept: true, mayStore: storeOpen, mayEcho: true };
  const users = await networkSql.selectDicomUsers(deps.db);
  const known = users.some(
    (user) => user.ae_title.toUpperCase() === rq.callingAet.toUpperCase() && (user.ip_address === '' || user.ip_address === address),
  );
  if (!known) return { accept: false, result: 1, source: 1, reason: 3, why: 'calling AE title not registered (anonymous users off)' };
  return { accept: true, mayStore: storeOpen, mayEcho: true };
}

/**
 * Moves the running front to the provider's port after it changed (Admin › Connection): the old
 * listener closes (open associations end, as on Orthanc's restart when the front is off; the
 * modality resends what was not acknowledged) and a new one starts on the new port, its spool
 * taking over the files still waiting under the old one (`prepareSpool`). Orthanc keeps its
 * internal port.
 */
export async function moveDicomFront(deps: Deps): Promise<void> {
  const running = deps.dicomFront;
  if (!running) return;
  await running.stop(true);
  deps.dicomFront = await startDicomFront(deps);
}

/**
 * The port the front listens on: the provider's, or DICOM_PORT when Orthanc's DICOM settings are
 * managed outside the adapter (ORTHANC_NETWORK_FILE empty): in a cluster each replica that fronts
 * a node listens on that node's published port, which the launcher gives it as DICOM_PORT, and
 * the provider's port cannot be changed there (updateProvider answers 409).
 */
export async function frontPort(deps: Pick<Deps, 'db' | 'config'>): Promise<number> {
  if (deps.config.orthanc.networkFile === null) return deps.config.dicomPort;
  const [provider] = await networkSql.selectProviders(deps.db);
  return provider?.port ?? deps.config.dicomPort;
}

export async function startDicomFront(deps: Deps): Promise<RunningFront> {
  const port = await frontPort(deps);
  // Orthanc's internal port takes TLS with the product's certificate only (internal-tls.ts).
  const orthancTls = internalTlsOptions(internalTlsFiles(deps.config.dicomFront.tlsDir));
  // Its associations are counted, and listed by every replica, under its port.
  const name = String(port);
  const sink = deps.associations?.frontSink(name);
  const folders = spoolFolders(deps.config.dataDir, port);
  await prepareSpool(folders);
  // While modalities are sending, the drain gives way (drain.ts drainSlots): the receiver and the
  // drain share this process and the machine's cores, and the modality waits on the receiver.
  const drain = new SpoolDrain(folders, deps.orthanc, deps.db, () => DicomFront.receiving);
  const front = new DicomFront({
    host: '0.0.0.0',
    port,
    orthancHost: deps.config.dicomFront.internalHost,
    orthancPort: deps.config.dicomFront.internalPort,
    orthancTls,
    folders,
    fsync: deps.config.dicomFront.fsync,
    artimMs: ARTIM_MS,
    idleMs: IDLE_MS,
    decide: (rq, address) => decideAssociation(deps, rq, address),
    spooled: (path) => drain.add(path),
    quiet: () => drain.wake(),
    sink,
  });
  // Its spool's counts for every replica's server screen; its first report before it listens.
  const status = new FrontStatus(deps.db, name, () => drain.state(), sink ? () => sink.restore() : undefined);
  await status.start();
  try {
    await front.listen();
    await drain.start();
  } catch (error) {
    drain.stop();
    await front.close();
    await status.stop().catch(() => undefined);
    throw error;
  }
  log.info(
    `DICOM front receiver on port ${port}; Orthanc behind it on ${deps.config.dicomFront.internalPort} (TLS, the product's certificate only)`,
  );
  return {
    port: front.port,
    name,
    state: () => drain.state(),
    idle: () => drain.idle(),
    stop: async (retire = false) => {
      drain.stop();
      await front.close();
      await front.settled();
      await status.stop(retire).catch((error: unknown) => log.warn(`DICOM front: last status not published: ${String(error)}`));
    },
  };
}
