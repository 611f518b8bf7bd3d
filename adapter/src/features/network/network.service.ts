/**
 * The DICOM network's rules (spec 3 §3, §5, §7): who may change what, the uniqueness rules
 * (not_exist_provider, not_exist_user) and keeping Orthanc in step after every change.
 */
import { createServer } from 'node:net';
import type { DicomConnectionState, DicomUser, Provider, SendDestination } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { transaction, type Db } from '../../db/pool.ts';
import { everyNode, type Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import * as sql from './network.sql.ts';
import { applyProvider, syncModalities } from './orthanc-network.ts';
import { markStudyStore, studyStoreOpen } from './store-gate.ts';
import { effectiveLimits } from '../licence/licence-limits.ts';
import { moveDicomFront } from '../dicom-front/dicom-front.service.ts';

const toUser = (row: sql.DicomUserRow): DicomUser => ({
  No: row.no,
  Provider: row.provider,
  Connector: row.connector,
  Name: row.name,
  AETitle: row.ae_title,
  IPAddress: row.ip_address,
  Port: row.port,
});

const toDestination = (row: sql.SendDestinationRow): SendDestination => ({
  No: row.no,
  Name: row.name,
  IPAddress: row.ip_address,
  Port: row.port,
  CalledAETitle: row.called_ae_title,
  CallingAETitle: row.calling_ae_title,
});

/** The institution an administrator is bound to (their role's); null when they manage every institution's. */
export function institutionScope(auth: Auth): number | null {
  return auth.institution === 0 ? null : auth.institution;
}

/**
 * Whether an administrator may see a provider and its DICOM users: the archive's own provider
 * (no connector) always; a connector's only within their institution, as the connector itself.
 */
function providerVisible(row: { connector: number | null; institution: number }, scope: number | null): boolean {
  return scope === null || row.connector === null || row.institution === scope;
}

export async function listProviders(db: Db, scope: number | null = null): Promise<Provider[]> {
  const [all, users] = await Promise.all([sql.selectProviders(db), sql.selectDicomUsers(db)]);
  const providers = all.filter((row) => providerVisible(row, scope));
  return providers.map((row) => ({
    No: row.no,
    Name: row.name,
    AETitle: row.ae_title,
    Port: row.port,
    AllowAnonymousUsers: row.allow_anonymous,
    Institution: row.institution,
    Connector: row.connector,
    user_items: users.filter((user) => user.provider === row.no).map(toUser),
  }));
}

/** Whether nothing on this machine listens on `port` (Orthanc would fail to start on a taken one). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/**
 * Changes the provider: its name at once; its AE title, port or anonymous access by rewriting
 * Orthanc's network settings and restarting it. The row changes only if Orthanc took the change.
 */
export async function updateProvider(deps: Deps, no: number, fields: sql.ProviderFields): Promise<Provider[]> {
  const current = await sql.selectProvider(deps.db, no);
  if (!current) throw new AppError('not_found');
  if (await sql.providerPortTaken(deps.db, fields.port, no)) {
    throw new AppError('already_exists', { Port: 'An item with the entered value already exists' });
  }
  const settingsChange =
    fields.aeTitle !== current.ae_title || fields.port !== current.port || fields.allowAnonymous !== current.allow_anonymous;
  const networkFile = deps.config.orthanc.networkFile;
  if (settingsChange && networkFile === null) {
    throw new AppError('conflict', undefined, "Orthanc's DICOM settings are managed outside this server (ORTHANC_NETWORK_FILE is empty).");
  }
  if (fields.port !== current.port && !(await portIsFree(fields.port))) {
    throw new AppError('validation_failed', { Port: 'Another program already listens on this port.' });
  }
  await transaction(deps.db, async (client) => {
    await sql.updateProvider(client, no, fields);
    const updated = (await sql.selectProvider(client, no))!;
    if (settingsChange && networkFile !== null)
      await applyProvider(deps.orthanc, networkFile, updated, studyStoreOpen(deps.config), frontPort(deps));
  });
  // With the DICOM front on, the provider's port is the front's: it moves now, not at the next start.
  if (fields.port !== current.port) await moveDicomFront(deps);
  return listProviders(deps.db);
}

/** Orthanc's DICOM port when the front receiver has the provider's (null: Orthanc has it). */
function frontPort(deps: Deps): number | null {
  return deps.config.dicomFront.enabled ? deps.config.dicomFront.internalPort : null;
}

/** Pushes every DICOM user and send destination to Orthanc (after each change, and at start). */
export async function pushModalities(deps: Deps): Promise<void> {
  const [users, destinations] = await Promise.all([sql.selectDicomUsers(deps.db), sql.selectSendDestinations(deps.db)]);
  // Each node keeps its own peers in memory: all of them, or a C-STORE to one node is refused.
  await Promise.all(everyNode(deps).map((node) => syncModalities(node, users, destinations, studyStoreOpen(deps.config))));
}

/**
 * At start: the installation's provider exists, and Orthanc's settings and modalities match the
 * database (a restore, or a change Orthanc missed while down). A failure is logged, not fatal: the
 * archive keeps working with what Orthanc has, and the next change pushes again.
 */
export async function reconcileNetwork(deps: Deps): Promise<void> {
  await sql.seedProvider(deps.db, deps.config.dicomAet, deps.config.dicomPort);
  try {
    const networkFile = deps.config.orthanc.networkFile;
    const provider = (await sql.selectProviders(deps.db))[0];
    if (networkFile !== null && provider)
      await applyProvider(deps.orthanc, networkFile, provider, studyStoreOpen(deps.config), frontPort(deps));
    await pushModalities(deps);
  } catch (error) {
    log.warn(`DICOM network not pushed to Orthanc at start: ${String(error)}`);
  }
}

export async function listDicomUsers(db: Db, scope: number | null = null): Promise<DicomUser[]> {
  return (await sql.selectDicomUsers(db)).filter((row) => providerVisible(row, scope)).map(toUser);
}

/** The DICOM user, when this administrator may see it; else 404 (another institution's is not told apart). */
async function requireDicomUser(db: Db, no: number, scope: number | null): Promise<sql.DicomUserRow> {
  const row = await sql.selectDicomUser(db, no);
  if (!row || !providerVisible(row, scope)) throw new AppError('not_found');
  return row;
}

async function assertUserStorable(db: Db, fields: sql.DicomUserFields, except: number | null, scope: number | null): Promise<void> {
  const provider = await sql.selectProvider(db, fields.provider);
  if (!provider || !providerVisible(provider, scope))
    throw new AppError('validation_failed', { Provider: 'The field is not a valid value' });
  if (await sql.userAeTitleTaken(db, fields.provider, fields.aeTitle, except)) {
    throw new AppError('already_exists', { AETitle: 'An item with the entered value already exists' });
  }
}

export async function createDicomUser(deps: Deps, fields: sql.DicomUserFields, scope: number | null = null): Promise<DicomUser> {
  // The licence's DICOM connections: how many modalities may be registered (spec 1 §2).
  const maximum = (await effectiveLimits(deps)).dicomConnections;
  if (maximum > 0 && (await sql.countDicomUsers(deps.db)) >= maximum) throw new AppError('dicom_connection_limit');
  await assertUserStorable(deps.db, fields, null, scope);
  const no = await sql.insertDicomUser(deps.db, fields);
  await pushModalities(deps);
  return toUser((await sql.selectDicomUser(deps.db, no))!);
}

export async function updateDicomUser(
  deps: Deps,
  no: number,
  fields: sql.DicomUserFields,
  scope: number | null = null,
): Promise<DicomUser> {
  await requireDicomUser(deps.db, no, scope);
  await assertUserStorable(deps.db, fields, no, scope);
  await sql.updateDicomUser(deps.db, no, fields);
  await pushModalities(deps);
  return toUser((await sql.selectDicomUser(deps.db, no))!);
}

export async function deleteDicomUser(deps: Deps, no: number, scope: number | null = null): Promise<void> {
  await requireDicomUser(deps.db, no, scope);
  if (!(await sql.deleteDicomUser(deps.db, no))) throw new AppError('not_found');
  await pushModalities(deps);
}

export function userAeTitles(db: Db): Promise<string[]> {
  return sql.selectUserAeTitles(db);
}

export async function listSendDestinations(db: Db): Promise<SendDestination[]> {
  return (await sql.selectSendDestinations(db)).map(toDestination);
}

export async function createSendDestination(deps: Deps, fields: sql.SendDestinationFields): Promise<SendDestination> {
  const no = await sql.insertSendDestination(deps.db, fields);
  await pushModalities(deps);
  return toDestination((await sql.selectSendDestination(deps.db, no))!);
}

export async function updateSendDestination(deps: Deps, no: number, fields: sql.SendDestinationFields): Promise<SendDestination> {
  if (!(await sql.updateSendDestination(deps.db, no, fields))) throw new AppError('not_found');
  await pushModalities(deps);
  return toDestination((await sql.selectSendDestination(deps.db, no))!);
}

export async function deleteSendDestination(deps: Deps, no: number): Promise<void> {
  if (!(await sql.deleteSendDestination(deps.db, no))) throw new AppError('not_found');
  await pushModalities(deps);
}

/** The DICOM connection limit dialog's table: the maximum, the registered users and who is connected now. */
export async function dicomConnectionState(deps: Deps): Promise<DicomConnectionState> {
  const users = await sql.selectDicomUsers(deps.db);
  // The associations open now, from Orthanc's log and every front (association-follower.ts); null when none is followed.
  const associations = (await deps.associations?.liveAll()) ?? null;
  const connected = (row: sql.DicomUserRow) =>
    (associations ?? []).some(
      (one) => one.AETitle.toUpperCase() === row.ae_title.toUpperCase() && (row.ip_address === '' || one.RemoteAddress === row.ip_address),
    );
  return {
    Maximum: (await effectiveLimits(deps)).dicomConnections,
    Users: users.map((row) => ({ ...toUser(row), Connected: connected(row) })),
    Associations: associations,
  };
}

/**
 * Opens or closes C-STORE for everyone (the licence's study limit: store-gate.ts). Closing
 * rewrites Orthanc's network settings and restarts it, and takes AllowStore from every DICOM user.
 */
export async function setStudyStoreOpen(deps: Deps, open: boolean): Promise<void> {
  if (studyStoreOpen(deps.config) === open) return;
  log.info(open ? 'Study limit: DICOM stores accepted again' : 'Study limit reached: DICOM stores refused');
  const networkFile = deps.config.orthanc.networkFile;
  const provider = (await sql.selectProviders(deps.db))[0];
  if (networkFile !== null && provider) await applyProvider(deps.orthanc, networkFile, provider, open, frontPort(deps));
  const [users, destinations] = await Promise.all([sql.selectDicomUsers(deps.db), sql.selectSendDestinations(deps.db)]);
  await syncModalities(deps.orthanc, users, destinations, open);
  // Marked once Orthanc runs with it: a failure leaves the gate as it was, and the next check retries.
  markStudyStore(deps.config, open);
}
