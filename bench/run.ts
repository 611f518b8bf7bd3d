/**
 * `npm run bench`: side-by-side figures, ours against Orthanc direct, in one run on one stack
 * (a private PostgreSQL and Orthanc like the tests'). Writes bench/out/latest.json and a table in
 * bench/out/latest.md. Figures are for reading and comparing, never asserted in tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { startStack } from '../test/harness/stack.ts';
import { measure, round, type Measurement } from './measure.ts';

const stack = await startStack({ adapter: 'child' });
try {
  const api = `${stack.baseUrl}/viewer/api`;
  const signIn = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
  const orthanc = stack.config.orthanc;
  const orthancAuth = 'Basic ' + Buffer.from(`${orthanc.user}:${orthanc.password}`).toString('base64');

  const get = (url: string, headers: Record<string, string>) => async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  };

  const results: Measurement[] = [];
  // The cheapest authenticated round trip through the adapter (session lookup in PostgreSQL,
  // Orthanc health from the one-second cache) against Orthanc's cheapest REST answer.
  results.push(await measure('adapter_heartbeat', 3000, 6, get(`${api}/server/heartbeat?key=study`, { cookie })));
  results.push(await measure('orthanc_system_direct', 3000, 6, get(`${orthanc.url}/system`, { authorization: orthancAuth })));
  results.push(await measure('adapter_signed_account', 3000, 6, get(`${api}/accounts/signed`, { cookie })));
  results.push(await measure('adapter_settings', 1000, 6, get(`${api}/service/settings`, { cookie })));
  // Sign-in is deliberately expensive (scrypt, 32 MiB): how many a second this machine can take.
  results.push(
    await measure('adapter_login_scrypt', 40, 2, async () => {
      const response = await fetch(`${api}/login`, {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
      });
      if (!response.ok) throw new Error(`login answered ${response.status}`);
      await response.arrayBuffer();
    }),
  );

  const heartbeat = results.find((r) => r.name === 'adapter_heartbeat')!;
  const direct = results.find((r) => r.name === 'orthanc_system_direct')!;
  const summary = {
    at: new Date().toISOString(),
    machine: { cores: cpus().length, model: cpus()[0]?.model ?? '' },
    // Throughput of an authenticated adapter call relative to Orthanc's own cheapest call.
    api_ratio: round(heartbeat.per_second / direct.per_second),
    results,
  };

  mkdirSync('bench/out', { recursive: true });
  writeFileSync('bench/out/latest.json', JSON.stringify(summary, null, 2) + '\n');
  const table = [
    `# Bench ${summary.at} (${summary.machine.cores} cores)`,
    '',
    '| measurement | requests | concurrency | p50 ms | p95 ms | per second |',
    '|---|---|---|---|---|---|',
    ...results.map((r) => `| ${r.name} | ${r.requests} | ${r.concurrency} | ${r.p50_ms} | ${r.p95_ms} | ${r.per_second} |`),
    '',
    `api_ratio (adapter_heartbeat ÷ orthanc_system_direct, throughput): ${summary.api_ratio}`,
    '',
  ].join('\n');
  writeFileSync('bench/out/latest.md', table);
  console.log(table);
} finally {
  await stack.stop();
}
