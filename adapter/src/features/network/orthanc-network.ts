/**
 * The DICOM network as Orthanc must see it (ARCHITECTURE "Recycle bin, worklist, DICOM network":
 * stored in PostgreSQL, pushed to Orthanc at run time; nobody edits Orthanc's configuration).
 *
 * - DICOM users and send destinations become Orthanc modalities (PUT /modalities/{name}, kept in
 *   Orthanc's database: DicomModalitiesInDatabase). Ours are named `pacs-user-<No>` and
 *   `pacs-dest-<No>`; any other modality (set up by hand in Orthanc) is left alone.
 * - The provider's AE title, port and AllowAnonymousUsers live in Orthanc's configuration, which
 *   Orthanc 1.10 reads only when it starts (its C-STORE/C-ECHO filter keeps DicomAlwaysAllowStore
 *   and DicomAlwaysAllowEcho from start-up). So a change writes `network.json` in Orthanc's
 *   configuration folder and restarts Orthanc in place (POST /tools/reset): a second or two in
 *   which DICOM and the viewer's images pause; the study index's follower resumes by itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { OrthancClient, OrthancModality } from '../../orthanc/client.ts';
import { log } from '../../log.ts';
import type { DicomUserRow, ProviderRow, SendDestinationRow } from './network.sql.ts';

export const USER_MODALITY_PREFIX = 'pacs-user-';
export const DESTINATION_MODALITY_PREFIX = 'pacs-dest-';

/**
 * Orthanc's settings that follow the provider: its AE title and port, and whether unregistered AEs
 * may store, echo and query the modality worklist (C-FIND on the worklist model; other C-FINDs stay
 * for registered users only: orthanc.jsonc DicomAlwaysAllowFind). With anonymous users off, a DICOM
 * user must also call from its registered address (DicomCheckModalityHost).
 */
export function networkSettings(
  aeTitle: string,
  port: number,
  allowAnonymous: boolean,
  storeOpen = true,
  behindFront = false,
): Record<string, unknown> {
  const settings = {
    DicomAet: aeTitle,
    DicomPort: port,
    DicomAlwaysAllowEcho: allowAnonymous,
    // Closed when the licence's study limit is reached (store-gate.ts): nobody may store.
    DicomAlwaysAllowStore: allowAnonymous && storeOpen,
    DicomAlwaysAllowFindWorklist: allowAnonymous,
    // Behind the DICOM front every association comes from loopback: the front checks the host.
    DicomCheckModalityHost: !allowAnonymous && !behindFront,
  };
  // Orthanc's /system tells its Name: naming the settings lets a restart be seen to have read them.
  const mark = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 12);
  return { Name: `PACS archive ${mark}`, ...settings };
}

/**
 * Orthanc's network.json before its first start, from DICOM_AET and DICOM_PORT with anonymous
 * users allowed, so that Orthanc listens as told from its first second; an existing file is left
 * alone (the adapter keeps it in step with the provider: applyProvider). npm start's launcher and
 * Docker Compose's `prepare` service (adapter/src/prepare.ts) both call this.
 */
export function writeFirstNetworkFile(file: string, aeTitle: string, port: number): void {
  if (existsSync(file)) return;
  writeFileSync(file, JSON.stringify(networkSettings(aeTitle, port, true), null, 2), { mode: 0o600 });
}

/**
 * What a registered modality may do here: store (unless the licence's study limit closed the
 * store gate), query (also worklists) and retrieve to itself.
 */
export function userModality(row: DicomUserRow, storeOpen = true): OrthancModality {
  return {
    AET: row.ae_title,
    Host: row.ip_address,
    Port: row.port,
    AllowEcho: true,
    AllowFind: true,
    AllowFindWorklist: true,
    AllowGet: true,
    AllowMove: true,
    AllowStore: storeOpen,
    AllowStorageCommitment: true,
  };
}

/** A send destination is only sent to: it gets no right of its own here (unless it is also a DICOM user). */
export function destinationModality(row: SendDestinationRow): OrthancModality {
  return {
    AET: row.called_ae_title,
    Host: row.ip_address,
    Port: row.port,
    AllowEcho: false,
    AllowFind: false,
    AllowFindWorklist: false,
    AllowGet: false,
    AllowMove: false,
    AllowStore: false,
    AllowStorageCommitment: false,
  };
}

/** Makes Orthanc's modalities named by us exactly the given users and destinations. */
export async function syncModalities(
  orthanc: OrthancClient,
  users: readonly DicomUserRow[],
  destinations: readonly SendDestinationRow[],
  storeOpen = true,
): Promise<void> {
  const wanted = new Map<string, OrthancModality>();
  for (const user of users) wanted.set(`${USER_MODALITY_PREFIX}${user.no}`, userModality(user, storeOpen));
  for (const destination of destinations) wanted.set(`${DESTINATION_MODALITY_PREFIX}${destination.no}`, destinationModality(destination));
  const present = await orthanc.listModalities();
  for (const name of present) {
    const ours = name.startsWith(USER_MODALITY_PREFIX) || name.startsWith(DESTINATION_MODALITY_PREFIX);
    if (ours && !wanted.has(name)) await orthanc.deleteModality(name);
  }
  for (const [name, modality] of wanted) await orthanc.putModality(name, modality);
}

/**
 * Brings Orthanc's DICOM settings to the provider's. Answers false when nothing had to change;
 * otherwise rewrites network.json, restarts Orthanc and waits until it listens as told.
 */
export async function applyProvider(
  orthanc: OrthancClient,
  networkFile: string,
  provider: ProviderRow,
  storeOpen = true,
  /** With the DICOM front on: Orthanc's internal port (the front has the provider's). */
  internalPort: number | null = null,
): Promise<boolean> {
  const port = internalPort ?? provider.port;
  const wanted = networkSettings(provider.ae_title, port, provider.allow_anonymous, storeOpen, internalPort !== null);
  const text = `${JSON.stringify(wanted, null, 2)}\n`;
  const current = await readFile(networkFile, 'utf8').catch(() => '');
  if (sameSettings(current, wanted)) return false;
  const temporary = `${networkFile}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode: 0o600 });
  await rename(temporary, networkFile);
  log.info(
    `DICOM settings changed (AE ${provider.ae_title}, port ${port}, anonymous ${provider.allow_anonymous}, store ${storeOpen ? 'open' : 'closed'}): restarting Orthanc`,
  );
  await orthanc.reset({ timeoutMs: 30_000 });
  await waitForSettings(orthanc, String(wanted.Name));
  return true;
}

function sameSettings(text: string, wanted: Record<string, unknown>): boolean {
  try {
    const current = JSON.parse(text) as Record<string, unknown>;
    return Object.entries(wanted).every(([key, value]) => current[key] === value);
  } catch {
    return false;
  }
}

/** Waits until Orthanc answers with the settings named `name` (its DICOM server starts with them). */
async function waitForSettings(orthanc: OrthancClient, name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const system = await orthanc.getSystem({ timeoutMs: 2000 }).catch(() => undefined);
    if (system?.Name === name) return;
    if (Date.now() > deadline) throw new Error('Orthanc did not come back with its new DICOM settings within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
