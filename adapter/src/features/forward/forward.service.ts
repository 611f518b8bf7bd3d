/**
 * Forwarding studies, series or instances to a send destination by C-STORE (issue 15): one
 * Orthanc job per study, so each study has its own progress and result. Only what the caller sees
 * is sent: a study is narrowed to the series the caller sees (a role limited by modality forwards
 * only those), and a named series or instance must be visible itself.
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
import type { Auth } from '../../access/auth.ts';
import { requireVisibleResource, requireVisibleStudy, visibleSeriesOf } from '../../access/visibility.ts';
import { transaction, type DbClient } from '../../db/pool.ts';
import { jobsNode, type Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { log } from '../../log.ts';
import type { OrthancJob } from '../../orthanc/client.ts';
import { selectSendDestination } from '../network/network.sql.ts';
import { pushModalities } from '../network/network.service.ts';
import { DESTINATION_MODALITY_PREFIX } from '../network/orthanc-network.ts';
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

/** Starts Orthanc's job; when Orthanc does not know the destination yet (a restore), pushes the network once and retries. */
async function startJob(deps: Deps, destination: number, ids: readonly string[]): Promise<string> {
  const modality = `${DESTINATION_MODALITY_PREFIX}${destination}`;
  try {
    return await jobsNode(deps).storeToModality(modality, ids);
  } catch (error) {
    log.warn(`Forward to ${modality} refused (${String(error)}); pushing the DICOM network to Orthanc and trying again`);
    await pushModalities(deps);
    return jobsNode(deps).storeToModality(modality, ids);
  }
}

export async function createForward(deps: Deps, auth: Auth, destinationNo: number, items: readonly ForwardItem[]): Promise<ForwardJob[]> {
  const destination = await selectSendDestination(deps.db, destinationNo);
  if (!destination) throw invalid('Destination');
  const studies = byStudy(items);
  if (studies.size === 0) throw invalid('Items', 'The field is required');
  if (studies.size > FORWARD_MAX_STUDIES) throw invalid('Items', `At most ${FORWARD_MAX_STUDIES} studies can be forwarded at once.`);
  // Every study is checked before anything is sent: one the caller may not see stops the whole request.
  const plans = [];
  for (const [uid, request] of studies) plans.push({ uid, ...(await instancesToSend(deps, auth, uid, request)) });
  const created: number[] = [];
  for (const plan of plans) {
    if (plan.ids.length === 0) continue;
    const orthancJob = await startJob(deps, destination.no, plan.ids);
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
        orthancJob,
        instanceIds: plan.ids,
      }),
    );
  }
  if (created.length === 0) throw new AppError('not_found');
  return (await Promise.all(created.map((id) => sql.selectJob(deps.db, id)))).filter((row) => row !== undefined).map(toJob);
}

/** Orthanc's view of a job as our row's progress. */
export function progressOf(job: OrthancJob | undefined, instancesTotal: number): sql.JobProgress {
  if (!job) {
    return {
      state: 'failure',
      progress: 0,
      instancesFailed: 0,
      error: 'The archive restarted before the forward finished.',
      finished: true,
    };
  }
  let state = job.State.toLowerCase() as ForwardState;
  const failedCount = job.Content?.FailedInstancesCount;
  const instancesFailed = typeof failedCount === 'number' ? failedCount : 0;
  const finished = state === 'success' || state === 'failure';
  const progress = state === 'success' ? 100 : Math.max(0, Math.min(100, Math.round(job.Progress)));
  let error = '';
  if (state === 'failure') {
    const sent = Math.floor((progress / 100) * instancesTotal);
    error = `Stopped after ${sent} of ${instancesTotal} instances: ${job.ErrorDescription || 'the destination could not be reached or refused an instance'}.`;
  }
  // A permissive job "succeeds" even when nothing arrived: a forward that delivered nothing failed.
  if (state === 'success' && instancesTotal > 0 && instancesFailed >= instancesTotal) {
    state = 'failure';
    error = 'No instance reached the destination (is it running, and does it accept this archive’s AE title?).';
  }
  return { state, progress, instancesFailed, error, finished };
}

/** What a failed single-instance store means: the destination refused it, or it could not be reached. */
export function refusalOf(answer: { message: string; details: string }): { refused: boolean; reason: string } {
  const text = answer.details || answer.message;
  const status = /DIMSE status (?:0x)?([0-9A-Fa-f]{4})/.exec(text)?.[1]?.toUpperCase();
  if (status) return { refused: true, reason: `The destination answered status ${status}${statusMeaning(status)}.` };
  // Orthanc 1.10's words when the destination accepted no presentation context for this SOP class.
  if (/Cannot transcode .* to one of \[ *\]/.test(text))
    return {
      refused: true,
      reason: 'The destination accepts no transfer syntax for this kind of object (its SOP class was not accepted).',
    };
  if (/presentation context|SOP class/i.test(text)) return { refused: true, reason: text };
  const unreachable = /association|connect|timed? ?out|network/i.test(text);
  return { refused: !unreachable, reason: text || 'Orthanc gave no reason.' };
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

/** The bounds of where a failed job stopped, from Orthanc's rounded percentage of `count` instances. */
export function stopWindow(progress: number, count: number): { from: number; to: number } {
  const last = Math.max(0, count - 1);
  const from = Math.min(last, Math.max(0, Math.ceil(((progress - 0.5) * count) / 100)));
  const to = Math.min(last, Math.max(from, Math.floor(((progress + 0.5) * count) / 100)));
  return { from, to };
}

type Step = { progress: sql.JobProgress; place: sql.JobPlace };

/**
 * A forward that has ended: success when every instance arrived, else failure. The refused
 * instances are named in `refused` (the list shows them in the reader's language); `error` says
 * only why the forward stopped early, if it did.
 */
function finish(place: sql.JobPlace, total: number, error = ''): Step {
  const failed = place.refused.length + place.instancesNotSent;
  return {
    progress: { state: failed > 0 ? 'failure' : 'success', progress: 100, instancesFailed: failed, error, finished: true },
    place,
  };
}

/**
 * After Orthanc's job stopped at a refusal: resends the instances around the stop one at a time
 * (Orthanc's percentage places the stop within a window of about count/100 instances), names the
 * one refused, and starts a new job for the rest. Bounded: FORWARD_MAX_REFUSALS_IN_ROW refusals
 * without an accepted instance between them stop the forward, the rest reported as not sent.
 */
async function resumeAfterFailure(
  deps: Deps,
  client: DbClient,
  row: sql.ForwardJobRow,
  ids: readonly string[],
  job: OrthancJob,
): Promise<Step> {
  const total = ids.length;
  const start = row.batch_start;
  const window = stopWindow(job.Progress, total - start);
  const refused: ForwardRefusal[] = [...row.refused];
  let refusedInRow = window.from > 0 ? 0 : row.refused_in_row;
  const place = (at: number, notSent = 0): sql.JobPlace => ({
    orthancJob: row.orthanc_job,
    batchStart: at,
    refused,
    refusedInRow,
    instancesNotSent: notSent,
  });
  if (row.destination === null) return finish(place(start, total - start), total, 'The send destination was deleted.');
  const modality = `${DESTINATION_MODALITY_PREFIX}${row.destination}`;
  for (let at = start + window.from; at <= start + window.to; at++) {
    const answer = await jobsNode(deps).storeInstanceToModality(modality, ids[at]!);
    if (!answer) {
      refusedInRow = 0;
      continue;
    }
    const { refused: isRefusal, reason } = refusalOf(answer);
    if (!isRefusal) return finish(place(at, total - at), total, `Stopped after ${at - refused.length} of ${total} instances: ${reason}`);
    const instance = await sql.selectInstancePlace(client, ids[at]!);
    refused.push({
      SOPInstanceUID: instance?.sop_instance_uid ?? `(Orthanc ${ids[at]!})`,
      SeriesNumber: instance?.series_number ?? null,
      InstanceNumber: instance?.instance_number ?? null,
      Reason: reason,
    });
    refusedInRow += 1;
    const rest = total - at - 1;
    if (refusedInRow >= FORWARD_MAX_REFUSALS_IN_ROW && rest > 0)
      return finish(place(at + 1, rest), total, `Stopped after ${refusedInRow} refusals in a row: ${rest} instances not sent.`);
    return continueFrom(deps, at + 1, ids, place);
  }
  // Every instance around the stop arrived this time (the failure passed): go on after them.
  return continueFrom(deps, start + window.to + 1, ids, place);
}

/** Starts the job for the instances from `at` on, or finishes when none is left. */
async function continueFrom(deps: Deps, at: number, ids: readonly string[], place: (at: number) => sql.JobPlace): Promise<Step> {
  const next = place(at);
  if (at >= ids.length) return finish(next, ids.length);
  // row.destination is checked by the caller; the modality name is in the job being replaced.
  return { progress: runningAt(at, ids.length, 0, 'pending', next.refused.length), place: next };
}

function runningAt(start: number, total: number, percent: number, state: ForwardState, refused: number): sql.JobProgress {
  return {
    state,
    progress: Math.max(0, Math.min(99, Math.floor((100 * (start + (percent / 100) * (total - start))) / total))),
    instancesFailed: refused,
    error: '',
    finished: false,
  };
}

/** One step of a forward whose instances are known: Orthanc's job read, and the next job started after a refusal. */
async function stepJob(
  deps: Deps,
  client: DbClient,
  row: sql.ForwardJobRow,
  ids: readonly string[],
  job: OrthancJob | undefined,
): Promise<Step> {
  const total = ids.length;
  const place: sql.JobPlace = {
    orthancJob: row.orthanc_job,
    batchStart: row.batch_start,
    refused: row.refused,
    refusedInRow: row.refused_in_row,
    instancesNotSent: 0,
  };
  if (!job) return finish({ ...place, instancesNotSent: total - row.batch_start }, total, progressOf(undefined, total).error);
  if (job.State === 'Success') return finish({ ...place, refusedInRow: 0 }, total);
  if (job.State !== 'Failure')
    return {
      progress: runningAt(row.batch_start, total, job.Progress, job.State.toLowerCase() as ForwardState, row.refused.length),
      place,
    };
  const step = await resumeAfterFailure(deps, client, row, ids, job);
  if (step.progress.finished || row.destination === null) return step;
  const orthancJob = await startJob(deps, row.destination, ids.slice(step.place.batchStart));
  return { progress: step.progress, place: { ...step.place, orthancJob } };
}

/** Reads the state of these unfinished forwards from Orthanc into their rows, one step each. */
async function refreshJobs(deps: Deps, rows: readonly sql.ForwardJobRow[]): Promise<void> {
  for (const listed of rows) {
    await transaction(deps.db, async (client) => {
      // Another replica (or request) stepping this forward now holds it: it is skipped here.
      const row = await sql.lockOpenJob(client, listed.id);
      if (!row) return;
      const job = await jobsNode(deps).getJob(row.orthanc_job, { timeoutMs: 5000 });
      if (row.instance_ids === null) {
        await sql.updateJob(client, row.id, progressOf(job, row.instances_total));
        return;
      }
      const step = await stepJob(deps, client, row, row.instance_ids, job);
      await sql.updateJob(client, row.id, step.progress, step.place);
    });
  }
}

/** Reads the state of every unfinished forward from Orthanc into its row (the background sweep). */
export async function refreshOpenJobs(deps: Deps): Promise<void> {
  await refreshJobs(deps, await sql.selectOpenJobs(deps.db));
}

/**
 * The caller's forwards of the last day (an administrator's: everyone's), with fresh progress.
 * The list polls this every second while a forward runs: only the rows it answers are refreshed.
 */
export async function listForwards(deps: Deps, auth: Auth): Promise<ForwardJob[]> {
  const everyone = isAdmin(auth.permissions) && auth.accessKey === null;
  const account = everyone ? null : auth.accountId;
  const rows = await sql.selectJobs(deps.db, account, 24);
  const open = rows.filter((row) => row.finished_at === null);
  if (open.length === 0) return rows.map(toJob);
  await refreshJobs(deps, open);
  return (await sql.selectJobs(deps.db, account, 24)).map(toJob);
}

/** Cancels a forward that is still running: the caller's own, or anyone's for an administrator. */
export async function cancelForward(deps: Deps, auth: Auth, id: number): Promise<ForwardJob> {
  const listed = await sql.selectJob(deps.db, id);
  const mine = listed && (listed.account_id === auth.accountId || isAdmin(auth.permissions));
  if (!listed || !mine) throw new AppError('not_found');
  // Under the row's lock, so a step resending single instances ends before the cancel and starts nothing after it.
  await transaction(deps.db, async (client) => {
    const row = await sql.lockJob(client, id);
    if (!row || row.finished_at !== null) return;
    await jobsNode(deps)
      .cancelJob(row.orthanc_job)
      .catch((error: unknown) => log.warn(`Cancel of job ${row.orthanc_job}: ${String(error)}`));
    const job = await jobsNode(deps).getJob(row.orthanc_job);
    const total = row.instances_total;
    if (job?.State === 'Success') {
      await sql.updateJob(client, id, finish(placeOf(row, 0), total).progress, placeOf(row, 0));
      return;
    }
    const sent = Math.floor(row.batch_start + ((job?.Progress ?? 0) / 100) * (total - row.batch_start));
    const place = placeOf(row, Math.max(0, total - sent));
    await sql.updateJob(client, id, { ...finish(place, total, 'Cancelled.').progress, progress: Math.floor((100 * sent) / total) }, place);
  });
  return toJob((await sql.selectJob(deps.db, id))!);
}

function placeOf(row: sql.ForwardJobRow, notSent: number): sql.JobPlace {
  return {
    orthancJob: row.orthanc_job,
    batchStart: row.batch_start,
    refused: row.refused,
    refusedInRow: row.refused_in_row,
    instancesNotSent: notSent,
  };
}
