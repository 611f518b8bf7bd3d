/**
 * `npm run bench -- --only=auditexport`: what the audit log's syslog export costs an audited
 * action (issue 19). The same audited call (`PATCH /server/update`, one `settings_change` record
 * each) measured with the export off, to a live collector (Debian's rsyslogd over TCP) and to a
 * dead one (a refused port), and how many messages the live collector received.
 */
import type { Stack } from '../test/harness/stack.ts';
import { startCollector } from '../test/harness/rsyslog.ts';
import { freePort } from '../scripts/services/process.ts';
import { measure, type Measurement } from './measure.ts';

export interface AuditExportBench {
  figures: Record<string, number>;
  results: Measurement[];
  notes: string[];
}

const REQUESTS = 300;

export async function benchAuditExport(stack: Stack, log: (message: string) => void): Promise<AuditExportBench> {
  const api = `${stack.baseUrl}/viewer/api`;
  const signed = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
  });
  const cookie = (signed.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { CsrfToken } = (await signed.json()) as { CsrfToken: string };
  const patch = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${api}${path}`, {
      method: 'PATCH',
      headers: { cookie, 'x-csrf-token': CsrfToken, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
  };
  let n = 0;
  const audited = () => patch('/server/update', { Name: `bench ${n++}` });
  const results: Measurement[] = [];
  const figures: Record<string, number> = {};

  log('audit export: off…');
  await patch('/eventexport/update', { Enabled: 'false' });
  results.push(await measure('audited call, export off', REQUESTS, 4, audited));

  const collector = await startCollector('tcp');
  try {
    log('audit export: to rsyslogd…');
    await patch('/eventexport/update', { Enabled: 'true', Host: '127.0.0.1', Port: String(collector.port), Transport: 'tcp' });
    const before = collector.received().length;
    results.push(await measure('audited call, export to rsyslogd', REQUESTS, 4, audited));
    const arrived = await collector
      .waitFor((all) => all.length - before >= REQUESTS + 20, 30_000)
      .then((all) => all.length - before)
      .catch(() => collector.received().length - before);
    figures.audit_export_delivered_share = Math.round((arrived / (REQUESTS + 20)) * 1000) / 1000;
  } finally {
    await collector.stop();
  }

  log('audit export: to a dead collector…');
  await patch('/eventexport/update', { Enabled: 'true', Host: '127.0.0.1', Port: String(await freePort()), Transport: 'tcp' });
  results.push(await measure('audited call, export to a dead collector', REQUESTS, 4, audited));
  const state = (await (await fetch(`${api}/eventexport/find`, { headers: { cookie } })).json()) as { State: { Queued: number } };
  figures.audit_export_dead_queued = state.State.Queued;
  await patch('/eventexport/update', { Enabled: 'false' });

  const [off, live, dead] = results;
  figures.audit_call_p95_ms_export_off = off!.p95_ms;
  figures.audit_call_p95_ms_export_live = live!.p95_ms;
  figures.audit_call_p95_ms_export_dead = dead!.p95_ms;
  return {
    figures,
    results,
    notes: [
      `Audit export: ${REQUESTS} audited calls (4 at a time) per case; delivered share counts what rsyslogd wrote of the live case's calls and warm-up.`,
    ],
  };
}
