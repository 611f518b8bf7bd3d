/**
 * The adapter alone, over a PostgreSQL and an Orthanc that something else runs (a container
 * stack, systemd). `npm start` uses scripts/run.ts instead, which also runs the two services.
 */
import { ConfigError, loadConfig } from './config.ts';
import { startAdapter } from './server.ts';
import { log } from './log.ts';

try {
  const adapter = await startAdapter(loadConfig());
  log.info(`Adapter listening on ${adapter.url}/viewer/`);
  if (adapter.firstStart.admin?.generated) {
    log.info(`First administrator: ${adapter.firstStart.admin.id} / ${adapter.firstStart.admin.password} (shown once)`);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      adapter.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  log.error(error instanceof ConfigError ? error.message : 'The adapter could not start', error instanceof ConfigError ? undefined : error);
  process.exit(1);
}
