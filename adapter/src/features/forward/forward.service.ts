/**
 * Forwarding studies, series or instances to a send destination by C-STORE (issue 15): one
 * forward per study, so each study has its own progress and result. Only what the caller sees
 * is sent: a study is narrowed to the series the caller sees (a role limited by modality forwards
 * only those), and a named series or instance must be visible itself.
 *
 * The adapter sends with its own C-STORE SCU (scu.ts), reading each file from Orthanc's storage
 * folder at the location the study index recorded (stored-files.ts, as the viewer does), else
 * through Orthanc's `GET /instances/{id}/file`: Orthanc's own store job reads every instance
 * through its index one at a time, which bounded it to 0.1–0.2 of storescu (docs/decisions.md,
 * "Forward speed"). The forward's state is its row in PostgreSQL: the replica that accepted it
 * sends it (at most MAX_SENDING at once), names each refusal as it is answered, and writes its
 * progress with a heartbeat about every second; a cancel closes the row, which the sender sees at
 * its next heartbeat (at once on the same replica) and aborts its association. A forward whose
 * heartbeat stopped (its replica died) is taken over by another replica and resumes after the
 * last instance the destination answered.
 */
import {
  FORWARD_MAX_REFUSALS_IN_ROW,
  FORWARD_MAX_STUDIES,
  isAdmin,
  type ForwardItem,
  type ForwardJob,
  type ForwardRefusal,
  type ForwardState,
} from '@pacs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleResource, requireVisibleStudy, visibleSeriesOf } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { log } from '../../log.ts';
import { transaction } from '../../db/pool.ts';
import { instanceFileLocations } from '../dicomweb/dicomweb.sql.ts';
import { releaseRead, storageOf, type FileLocation } from '../dicomweb/stored-files.ts';
import { arrived, ScuError, storeFiles, type ScuResult } from './scu.ts';
import { selectSendDestination } from '../network/network.sql.ts';
import * as sql from './forward.sql.ts';

const toJob = (row: sql.ForwardJobRow): ForwardJob => ({
  Id: row.id,
  Account: row.account_id,
  Destination: row.destination,
  DestinationName: row.destination_name,
  CalledAETitle: row.called_ae_title,
  StudyInstanceUID: row.study_instance_uid,
  PatientName: row.patient_name,
  Scope: row.scope,
  State: row.state,
  Progress: row.progress,
  InstancesTotal: row.instances_total,
  InstancesFailed: row.instances_failed,
  Error: row.error,
  Refused: row.refused,
  InstancesNotSent: row.instances_not_sent,
  CreatedAt: row.created_at.toISOString(),
  FinishedAt: row.finished_at ? row.finished_at.toISOString() : null,
});

interface StudyRequest {
  whole: boolean;
  series: Set<string>;
  instances: { series: string | undefined; instance: string }[];
}

/** The items grouped by study, in the order given. */
function byStudy(items: readonly ForwardItem[]): Map<string, StudyRequest> {
  const studies = new Map<string, StudyRequest>();
  for (const item of items) {
    const request = studies.get(item.StudyInstanceUID) ?? { whole: false, series: new Set<string>(), instances: [] };
    if (item.SOPInstanceUID !== undefined) request.instances.push({ series: item.SeriesInstanceUID, instance: item.SOPInstanceUID });
    else if (item.SeriesInstanceUID !== undefined) request.series.add(item.SeriesInstanceUID);
    else request.whole = true;
    studies.set(item.StudyInstanceUID, request);
  }
  return studies;
}

/** The Orthanc ids of what the caller asked for and sees in one study; 404 for anything it does not see. */
async function instancesToSend(
  deps: Deps,
  auth: Auth,
  uid: string,
  request: StudyRequest,
): Promise<{ studyId: number; ids: string[]; scope: sql.ForwardJobRow['scope'] }> {
  const studyId = await requireVisibleStudy(deps.db, auth, uid);
  if (request.whole) {
    const visible = await visibleSeriesOf(deps.db, auth, studyId);
    return { studyId, ids: await sql.selectInstanceIds(deps.db, studyId, visible ? [...visible] : null, null), scope: 'study' };
  }
  const ids = new Set<string>();
  if (request.series.size > 0) {
    for (const series of request.series) await requireVisibleResource(deps.db, auth, uid, series);
    for (const id of await sql.selectInstanceIds(deps.db, studyId, [...request.series], null)) ids.add(id);
  }
  for (const { series, instance } of request.instances) {
    const id = await requireVisibleResource(deps.db, auth, uid, series, instance);
    if (id) ids.add(id);
  }
  return { studyId, ids: [...ids], scope: request.series.size > 0 ? 'series' : 'instances' };
}

/** Forwards one replica sends at once; more wait in its queue, their heartbeats kept. */
const MAX_SENDING = 2;
/** Files read ahead of the one being sent: at most this many, and at most READ_AHEAD_BYTES of them. */
export const READ_AHEAD = 32;
export const READ_AHEAD_BYTES = 2 * 1024 * 1024;
/** Connect, associate, each C-STORE answer and the release must each come within this (Orthanc's DicomScuTimeout was 10 s). */
const SCU_TIMEOUT_MS = 20_000;
const HEARTBEAT_MS = 1000;
/** A forward whose heartbeat is older than this is taken over; well above a heartbeat delayed by a loaded machine. */
export const STALE_SECONDS = 15;
const TAKE_OVER_AT_ONCE = 20;

export async function createForward(deps: Deps, auth: Auth, destinationNo: number, items: readonly ForwardItem[]): Promise<ForwardJob[]> {
  const destination = await selectSendDestination(deps.db, destinationNo);
  if (!destination) throw invalid('Destination');
  const studies = byStudy(items);
  if (studies.size === 0) throw invalid('Items', 'The field is required');
  if (studies.size > FORWARD_MAX_STUDIES) throw invalid('Items', `At most ${FORWARD_MAX_STUDIES} studies can be forwarded at once.`);
  // Every study is checked before anything is sent: one the caller may not see stops the whole request.
  const plans = [];
  for (const [uid, request] of studies) plans.push({ uid, ...(await instancesToSend(deps, auth, uid, request)) });
  const sender = senderOf(deps);
  const created: number[] = [];
  for (const plan of plans) {
    if (plan.ids.length === 0) continue;
    created.push(
      await sql.insertJob(deps.db, {
        accountId: auth.accountId,
        destination: {
          no: destination.no,
          name: destination.name,
          calledAeTitle: destination.called_ae_title,
          ipAddress: destination.ip_address,
          port: destination.port,
        },
        studyInstanceUid: plan.uid,
        patientName: await sql.selectPatientName(deps.db, plan.studyId),
        scope: plan.scope,
        instanceIds: plan.ids,
        runner: sender.name,
      }),
    );
  }
  if (created.length === 0) throw new AppError('not_found');
  const jobs = (await Promise.all(created.map((id) => sql.selectJob(deps.db, id)))).filter((row) => row !== undefined).map(toJob);
  for (const id of created) sender.add(id);
  return jobs;
}

/** The C-STORE failure statuses of PS3.4 B.2.3 and PS3.7 C.4, in a few words. */
function statusMeaning(status: string): string {
  if (status.startsWith('A7')) return ' (refused: out of resources)';
  if (status.startsWith('A9')) return ' (error: the data set does not match the SOP class)';
  if (status.startsWith('C')) return ' (error: cannot understand)';
  if (status === '0122') return ' (SOP class not supported)';
  if (status === '0124') return ' (not authorized)';
  return '';
}

/** Why the destination did not store an instance, in the words the forward list shows. */
export function refusalReason(result: Pick<ScuResult, 'status' | 'reason'>): string {
  if (result.status === null) return result.reason;
  const status = result.status.toString(16).toUpperCase().padStart(4, '0');
  return `The destination answered status ${status}${statusMeaning(status)}.`;
}

/**
 * A forward that has ended: success when every instance arrived, else failure. The refused
 * instances are named in `refused` (the list shows them in the reader's language); `error` says
 * only why the forward stopped early, if it did.
 */
export function finish(place: sql.JobPlace, error = ''): sql.JobProgress {
  const failed = place.refused.length + place.instancesNotSent;
  return { state: failed > 0 ? 'failure' : 'success', progress: 100, instancesFailed: failed, error, finished: true };
}

/** Progress of a forward still sending: the share of instances answered (never 100 before it ends). */
export function sending(place: sql.JobPlace, total: number, state: ForwardState): sql.JobProgress {
  const progress = Math.max(0, Math.min(99, Math.floor((100 * place.nextInstance) / Math.max(1, total))));
  return { state, progress, instancesFailed: place.refused.length, error: '', finished: false };
}

/** Thrown from a result to stop the sending (refusals in a row). */
class StopForward extends Error {}

/** One forward being sent, or waiting its turn, by this replica. */
interface Run {
  id: number;
  controller: AbortController;
  /** Set once sending started; its place changes as instances are answered. */
  live?: { place: sql.JobPlace; total: number };
}

/**
 * The forwards this replica sends: a bounded number at once, the rest queued; one heartbeat
 * about every second for all of them, which also finds the ones cancelled or taken over.
 */
class ForwardSender {
  readonly name = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly runs = new Map<number, Run>();
  private readonly queue: Run[] = [];
  private sendingNow = 0;
  private timer: NodeJS.Timeout | undefined;
  private beating = false;
  private stopped = false;

  constructor(private readonly deps: Deps) {}

  add(id: number): void {
    if (this.stopped || this.runs.has(id)) return;
    const run: Run = { id, controller: new AbortController() };
    this.runs.set(id, run);
    this.queue.push(run);
    this.timer ??= setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.timer.unref();
    this.pump();
  }

  /** Stops sending `id` at once when this replica sends it (its row is already closed). */
  cancel(id: number): void {
    this.runs.get(id)?.controller.abort();
  }

  /** Stops every forward of this replica (shutdown): another replica takes them over. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    for (const run of this.runs.values()) run.controller.abort();
  }

  private pump(): void {
    while (this.sendingNow < MAX_SENDING && this.queue.length > 0) {
      const run = this.queue.shift()!;
      if (run.controller.signal.aborted) {
        this.runs.delete(run.id);
        continue;
      }
      this.sendingNow += 1;
      sendForward(this.deps, this.name, run)
        .catch((error: unknown) => log.warn(`Forward ${run.id}: ${String(error)}`))
        .finally(() => {
          this.sendingNow -= 1;
          this.runs.delete(run.id);
          this.pump();
        });
    }
  }

  private async beat(): Promise<void> {
    if (this.beating || this.runs.size === 0) return;
    this.beating = true;
    try {
      const runs = [...this.runs.values()];
      const waiting = runs.filter((run) => !run.live);
      const held =
        waiting.length > 0
          ? await sql.beat(
              this.deps.db,
              waiting.map((run) => run.id),
              this.name,
            )
          : new Set<number>();
      for (const run of waiting) if (!held.has(run.id)) run.controller.abort();
      for (const run of runs) {
        if (!run.live || run.controller.signal.aborted) continue;
        const { place, total } = run.live;
        if (!(await sql.updateJob(this.deps.db, run.id, sending(place, total, 'running'), place, this.name))) run.controller.abort();
      }
    } catch (error) {
      log.warn(`Forward heartbeat not written: ${String(error)}`);
    } finally {
      this.beating = false;
    }
  }
}

const senders = new WeakMap<Deps, ForwardSender>();

function senderOf(deps: Deps): ForwardSender {
  let sender = senders.get(deps);
  if (!sender) senders.set(deps, (sender = new ForwardSender(deps)));
  return sender;
}

/** One file to send: from Orthanc's storage folder where the study index located it, else from Orthanc's REST API. */
async function readInstance(deps: Deps, orthancId: string, location: FileLocation | null, signal: AbortSignal): Promise<Buffer> {
  const storage = storageOf(deps.orthanc, deps.config.orthanc.storageDir);
  // A file of at most 1 MiB is read on this thread, before the first await: the SCU asks for it while the destination stores the one before.
  const small = storage.readRecordedSync(orthancId, location);
  if (small) return small;
  const bytes = await storage.readWhole(orthancId, location);
  if (bytes) return bytes;
  const response = await deps.orthanc.request(`/instances/${orthancId}/file`, { signal, timeoutMs: SCU_TIMEOUT_MS });
  if (!response.ok) {
    await response.arrayBuffer();
    throw new ScuError(`the archive could not read instance ${orthancId} (HTTP ${response.status})`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** Sends one forward from its row's place on, writing every outcome into the row. */
async function sendForward(deps: Deps, runner: string, run: Run): Promise<void> {
  const row = await sql.selectOwnedJob(deps.db, run.id, runner);
  if (!row) return;
  const total = row.instances_total;
  const place: sql.JobPlace = {
    nextInstance: row.next_instance,
    refused: [...row.refused],
    refusedInRow: row.refused_in_row,
    instancesNotSent: 0,
  };
  if (row.instance_ids === null) {
    // Made before the instances sent were recorded (migration 031): it cannot be resumed.
    const stopped = { ...place, instancesNotSent: total - place.nextInstance };
    await sql.updateJob(deps.db, run.id, finish(stopped, 'The archive restarted before the forward finished.'), stopped, runner);
    return;
  }
  const ids = row.instance_ids.slice(place.nextInstance);
  run.live = { place, total };
  const refused = place.refused as ForwardRefusal[];
  await sql.updateJob(deps.db, run.id, sending(place, total, 'running'), place, runner);
  const locations = await instanceFileLocations(deps.db, ids);
  const signal = run.controller.signal;
  let error = '';
  try {
    await storeFiles(
      { host: row.ip_address, port: row.port, callingAet: deps.config.dicomAet, calledAet: row.called_ae_title, timeoutMs: SCU_TIMEOUT_MS },
      ids,
      (id, readSignal) => readInstance(deps, id, locations.get(id) ?? null, readSignal),
      {
        window: READ_AHEAD,
        windowBytes: READ_AHEAD_BYTES,
        sizeOf: (id) => locations.get(id)?.size,
        release: releaseRead,
        signal,
        onResult: async (result) => {
          if (arrived(result.status)) place.refusedInRow = 0;
          else {
            const instance = await sql.selectInstancePlace(deps.db, result.id);
            refused.push({
              SOPInstanceUID: instance?.sop_instance_uid ?? (result.sopInstanceUid || `(Orthanc ${result.id})`),
              SeriesNumber: instance?.series_number ?? null,
              InstanceNumber: instance?.instance_number ?? null,
              Reason: refusalReason(result),
            });
            place.refusedInRow += 1;
          }
          place.nextInstance += 1;
          const rest = total - place.nextInstance;
          if (place.refusedInRow >= FORWARD_MAX_REFUSALS_IN_ROW && rest > 0)
            throw new StopForward(`Stopped after ${place.refusedInRow} refusals in a row: ${rest} instances not sent.`);
        },
      },
    );
  } catch (caught) {
    if (signal.aborted) {
      // Cancelled (the row is closed) or taken over by another replica: the row is no longer ours to finish.
      place.instancesNotSent = total - place.nextInstance;
      await sql.correctCancelled(deps.db, run.id, runner, refused.length + place.instancesNotSent, place);
      return;
    }
    const arrivedCount = place.nextInstance - refused.length;
    error =
      caught instanceof StopForward
        ? caught.message
        : `Stopped after ${arrivedCount} of ${total} instances: ${caught instanceof Error ? caught.message : String(caught)}`;
    place.instancesNotSent = total - place.nextInstance;
  }
  await sql.updateJob(deps.db, run.id, finish(place, error), place, runner);
}

/**
 * Takes over the forwards whose replica stopped sending them (its heartbeat is older than
 * STALE_SECONDS) and sends them from where they stood. Run by every replica every few seconds.
 */
export async function takeOverForwards(deps: Deps): Promise<number[]> {
  const sender = senderOf(deps);
  const ids = await sql.takeOverStale(deps.db, sender.name, STALE_SECONDS, TAKE_OVER_AT_ONCE);
  for (const id of ids) {
    log.info(`Forward ${id}: taken over (its heartbeat had stopped); resuming after the last answered instance`);
    sender.add(id);
  }
  return ids;
}

/** Stops this replica's sending (shutdown); its forwards are taken over once their heartbeat is stale. */
export function stopForwards(deps: Deps): void {
  senders.get(deps)?.stop();
}

/**
 * The caller's forwards of the last day (an administrator's: everyone's), as their rows stand:
 * the sending replica writes them, so any replica answers the same.
 */
export async function listForwards(deps: Deps, auth: Auth): Promise<ForwardJob[]> {
  const everyone = isAdmin(auth.permissions) && auth.accessKey === null;
  return (await sql.selectJobs(deps.db, everyone ? null : auth.accountId, 24)).map(toJob);
}

/** Cancels a forward that is still running: the caller's own, or anyone's for an administrator. */
export async function cancelForward(deps: Deps, auth: Auth, id: number): Promise<ForwardJob> {
  const listed = await sql.selectJob(deps.db, id);
  const mine = listed && (listed.account_id === auth.accountId || isAdmin(auth.permissions));
  if (!listed || !mine) throw new AppError('not_found');
  // Closed here, under the row's lock; the sender sees it at its next heartbeat (this replica's at once) and aborts.
  await transaction(deps.db, async (client) => {
    const row = await sql.lockJob(client, id);
    if (!row || row.finished_at !== null) return;
    const total = row.instances_total;
    const place: sql.JobPlace = {
      nextInstance: row.next_instance,
      refused: row.refused,
      refusedInRow: row.refused_in_row,
      instancesNotSent: total - row.next_instance,
    };
    await sql.updateJob(
      client,
      id,
      { ...finish(place, 'Cancelled.'), progress: Math.floor((100 * row.next_instance) / Math.max(1, total)) },
      place,
    );
  });
  senderOf(deps).cancel(id);
  return toJob((await sql.selectJob(deps.db, id))!);
}
