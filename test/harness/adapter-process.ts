/**
 * The adapter as a process of its own (adapter/src/main.ts through tsx), as `npm start` and
 * production run it: the stacks that want it so (stack.ts, adapter: 'child') and the cluster's
 * replicas (cluster.ts) start it here.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dieWithParent, spawnLogged, stopChild, waitFor } from '../../scripts/services/process.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface AdapterProcessOptions {
  /** The whole environment of the process. */
  env: Record<string, string>;
  /** Where its output goes. */
  logFile: string;
  /** Its base URL: it is up once /viewer/api/product/info answers there. */
  url: string;
}

/**
 * Starts the adapter and resolves once it answers; stops it again when it does not start. It dies
 * with this process, as Orthanc and PostgreSQL do: a bench or test stopped without its clean-up
 * once left adapters running for hours, each retrying its vanished services. ADAPTER_NODE_ARGS
 * passes Node flags to the adapters alone, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' when
 * profiling a bench (NODE_OPTIONS refuses --cpu-prof and would reach every process).
 */
export async function spawnAdapter({ env, logFile, url }: AdapterProcessOptions): Promise<ChildProcess> {
  const nodeArgs = process.env.ADAPTER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const [command, args] = dieWithParent('SIGTERM', process.execPath, [
    ...nodeArgs,
    '--import',
    'tsx',
    join(repoRoot, 'adapter/src/main.ts'),
  ]);
  const child = spawnLogged(command, args, logFile, { env, cwd: repoRoot });
  try {
    await waitFor('adapter', async () => (await fetch(`${url}/viewer/api/product/info`)).ok, 60_000, child, logFile);
  } catch (error) {
    await stopChild(child, 'SIGKILL').catch(() => undefined);
    throw error;
  }
  return child;
}
