/**
 * Forwarding studies, series or instances to a send destination by C-STORE (issue 15): one
 * Orthanc job per study, so each study has its own progress and result. Only what the caller sees
 * is sent: a study is narrowed to the series the caller sees (a role limited by modality forwards
 * only those), and a named series or instance must be visible itself.
 */
import { FORWARD_MAX_STUDIES, isAdmin, type ForwardItem, type ForwardJob, type ForwardState } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { requireVisibleResource, requireVisibleStudy, visibleSeriesOf } from '../../access/visibility.ts';
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
        instancesTotal: plan.ids.length,
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

/** Reads the state of these unfinished forwards from Orthanc into their rows. */
async function refreshJobs(deps: Deps, rows: readonly sql.ForwardJobRow[]): Promise<void> {
  for (const row of rows) {
    const job = await jobsNode(deps).getJob(row.orthanc_job, { timeoutMs: 5000 });
    await sql.updateJob(deps.db, row.id, progressOf(job, row.instances_total));
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
  const row = await sql.selectJob(deps.db, id);
  const mine = row && (row.account_id === auth.accountId || isAdmin(auth.permissions));
  if (!row || !mine) throw new AppError('not_found');
  if (row.finished_at === null) {
    await jobsNode(deps)
      .cancelJob(row.orthanc_job)
      .catch((error: unknown) => log.warn(`Cancel of job ${row.orthanc_job}: ${String(error)}`));
    const job = await jobsNode(deps).getJob(row.orthanc_job);
    const progress = progressOf(job, row.instances_total);
    await sql.updateJob(deps.db, id, job && job.State === 'Failure' ? { ...progress, error: 'Cancelled.' } : progress);
  }
  return toJob((await sql.selectJob(deps.db, id))!);
}
