/**
 * Orthanc logs its DICOM associations only with the category "dicom" at verbose level (started so:
 * scripts/services/orthanc.ts ORTHANC_LOG_FLAGS). The level can be changed at run time and Orthanc
 * keeps it in memory only, so, as the default character set, every node is checked at start and
 * then every minute (PUT /tools/log-level-dicom), in case someone lowered it or a node was started
 * without the flag (docs/decisions.md "DICOM associations from Orthanc's log").
 */
import { everyNode, type Deps } from '../../deps.ts';
import { log } from '../../log.ts';
import type { OrthancClient } from '../../orthanc/client.ts';

async function pushTo(node: OrthancClient): Promise<boolean> {
  // "trace" is more than verbose: it logs the associations too, and someone chose it.
  if (['verbose', 'trace'].includes(await node.getLogLevel('dicom', { timeoutMs: 5000 }))) return false;
  await node.putLogLevel('dicom', 'verbose', { timeoutMs: 5000 });
  return true;
}

/** Brings every node to verbose DICOM logging; logs, never throws (Orthanc may be restarting). */
export async function syncDicomLogLevel(deps: Deps): Promise<void> {
  const pushed = await Promise.all(everyNode(deps).map((node) => pushTo(node).catch(() => false)));
  if (pushed.some(Boolean)) log.info('DICOM log level set to verbose on Orthanc (associations are read from its log)');
}

/** At start and then every `intervalMs`; the returned function stops it. */
export function startDicomLogLevelSync(deps: Deps, intervalMs: number): () => void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = syncDicomLogLevel(deps).finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
