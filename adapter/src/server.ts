/**
 * Starts the adapter over an already running PostgreSQL and Orthanc: migrations, first-start
 * data, configs check, then HTTP. Used by `npm start` (scripts/run.ts), by the test harness and by
 * main.ts (the adapter alone, for deployments that run the services themselves).
 */
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.ts';
import { createPool } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { OrthancClient } from './orthanc/client.ts';
import { Sessions } from './access/sessions.ts';
import { Health } from './health.ts';
import { buildApp } from './app.ts';
import { bootstrap, type BootstrapResult } from './db/bootstrap.ts';
import { ensureConfigs } from './features/configs/configs.service.ts';
import { ChangesFollower } from './study-index/follower.ts';
import { followerAgent, orthancAgent } from './orthanc/agent.ts';
import { ReadNodes } from './orthanc/read-nodes.ts';
import type { Deps } from './deps.ts';
import { log } from './log.ts';
import { removeStaleUploadDirs } from './http/upload-dirs.ts';
import { answerClientError } from './http/client-error.ts';
import { reconcileNetwork } from './features/network/network.service.ts';
import { startCharacterSetSync } from './features/configs/character-set.service.ts';
import { AssociationFollower, frontAddresses } from './features/network/association-follower.ts';
import { startDicomFront } from './features/dicom-front/dicom-front.service.ts';
import { startDicomLogLevelSync } from './features/network/dicom-log-level.ts';
import { watchStudyLimit } from './features/licence/licence.service.ts';
import { stopForwards, takeOverForwards } from './features/forward/forward.service.ts';
import { startTrashJob } from './features/trash/trash.service.ts';
import { startAutoDeleteJob } from './features/autodelete/autodelete.service.ts';
import { reconcileWorklist, worklistMoved } from './features/worklist/worklist.service.ts';
import { AuditLog } from './features/audit/audit-log.ts';
import { startRetentionJob } from './features/audit/audit.service.ts';
import { SyslogSender } from './features/audit/syslog-sender.ts';
import { describeCertificate, ensureSelfSigned, redirectToHttps } from './http/tls.ts';

export interface RunningAdapter {
  url: string;
  port: number;
  deps: Deps;
  firstStart: BootstrapResult;
  close(): Promise<void>;
}

export async function startAdapter(config: Config): Promise<RunningAdapter> {
  const db = createPool(config.pg);
  // In a cluster, reads go to the nodes the adapter picks, retried on another when one dies
  // (orthanc/read-nodes.ts); writes go through the balancer at ORTHANC_URL.
  const { nodeUrls } = config.orthanc;
  const readNodes = nodeUrls.length > 1 ? new ReadNodes(nodeUrls) : undefined;
  const orthanc = new OrthancClient(config.orthanc.url, config.orthanc.user, config.orthanc.password, orthancAgent, readNodes);
  const node = (url: string) =>
    url === config.orthanc.url ? orthanc : new OrthancClient(url, config.orthanc.user, config.orthanc.password);
  // The follower has its own connections to Orthanc, so that no load of requests can starve it.
  const follower = new ChangesFollower(
    new OrthancClient(config.orthanc.url, config.orthanc.user, config.orthanc.password, followerAgent, readNodes),
    db,
    { onWorklistMoved: (moved) => worklistMoved(config, moved) },
  );
  const deps: Deps = {
    config,
    db,
    orthanc,
    orthancJobs: node(config.orthanc.jobsUrl),
    orthancNodes: config.orthanc.nodeUrls.map(node),
    follower,
    sessions: new Sessions(db, { idleMinutes: config.sessionIdleMinutes, secureCookie: config.cookieSecure }),
    health: new Health(orthanc, db),
    audit: new AuditLog(db, { exporter: new SyslogSender(db) }),
    associations: new AssociationFollower(db, config.orthanc.logFiles, config.dicomFront.enabled ? { skipFrom: frontAddresses() } : {}),
  };

  await migrate(db);
  const firstStart = await bootstrap(db, config);
  await ensureConfigs(db);
  await reconcileNetwork(deps);
  await reconcileWorklist(deps);

  const { app } = buildApp(deps);
  const server = await listen(config, app);
  const port = (server.address() as AddressInfo).port;
  const redirect = config.tls && config.httpRedirectPort !== null ? createServer(redirectToHttps(port)) : null;
  if (redirect) {
    await listenOn(redirect, config.httpRedirectPort ?? 0, config.host).catch((error: unknown) => {
      server.close();
      throw error;
    });
  }

  // The DICOM front receiver answers modalities on the provider's port (DICOM_FRONT=on); a cluster
  // replica that fronts no node has it on for the log's sake but does not listen.
  if (config.dicomFront.enabled && config.dicomFront.listen) {
    deps.dicomFront = await startDicomFront(deps).catch((error: unknown) => {
      server.close();
      throw error;
    });
  }
  follower.start();
  deps.audit.exporter?.start();
  // The licence's study limit closes and reopens DICOM stores (features/network/store-gate.ts).
  const studyLimit = watchStudyLimit(deps);
  // Upload folders left by a process that died mid-request (several replicas may share DATA_DIR:
  // only dead processes' folders go, see http/upload-dirs.ts).
  const sweepUploads = () =>
    removeStaleUploadDirs(config.dataDir).then(
      (removed) => removed.length > 0 && log.info(`Removed ${removed.length} stale upload folder(s)`),
      (error: unknown) => log.warn(`Upload folder sweep failed: ${String(error)}`),
    );
  await sweepUploads();
  // Forwards whose replica died (their heartbeat stopped) are taken over and resumed, by one replica each.
  const forwards = setInterval(() => {
    takeOverForwards(deps).catch((error: unknown) => log.warn(`Forwards not taken over: ${String(error)}`));
  }, 5000);
  forwards.unref();
  // Finishes permanent deletes a dead process left (at once), then applies the bin's retention.
  const stopTrashJob = startTrashJob(deps, 60_000);
  // Auto-delete's daily run, checked every minute (once a day across restarts and replicas).
  const stopAutoDeleteJob = startAutoDeleteJob(deps, 60_000);
  // The audit log's retention, checked hourly (a record lives its retention to within the hour).
  const stopAuditRetention = startRetentionJob(deps, 60 * 60_000);
  // Orthanc forgets the default character set on every restart: pushed now, checked every minute.
  const stopCharacterSetSync = startCharacterSetSync(deps, 60_000);
  // Associations are logged at verbose level only: set now, checked every minute; then followed.
  const stopDicomLogLevelSync = startDicomLogLevelSync(deps, 60_000);
  deps.associations?.start();
  const purge = setInterval(() => {
    deps.sessions.purgeExpired().catch((error: unknown) => log.warn(`Session purge failed: ${String(error)}`));
    void sweepUploads();
  }, 10 * 60_000);
  purge.unref();

  return {
    url: `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    port,
    deps,
    firstStart,
    close: async () => {
      clearInterval(purge);
      clearInterval(forwards);
      stopForwards(deps);
      stopTrashJob();
      stopAutoDeleteJob();
      stopAuditRetention();
      stopCharacterSetSync();
      stopDicomLogLevelSync();
      await deps.associations?.stop();
      await deps.dicomFront?.stop();
      studyLimit.stop();
      await follower.stop();
      server.closeIdleConnections();
      redirect?.closeAllConnections();
      await Promise.all([server, redirect].map((each) => new Promise<void>((resolve) => (each ? each.close(() => resolve()) : resolve()))));
      await deps.audit.close();
      await db.end();
    },
  };
}

/**
 * The app on HOST:PORT: HTTPS/1.1 when configured (a self-signed certificate is made first when
 * that is the configuration's choice, see config.ts), plain HTTP otherwise.
 */
async function listen(config: Config, app: RequestListener): Promise<Server> {
  let server: Server;
  if (config.tls) {
    if (config.tls.selfSigned && (await ensureSelfSigned(config.tls, config.host))) log.info('Made a self-signed HTTPS certificate.');
    for (const line of describeCertificate(config.tls)) log.info(line);
    server = createHttpsServer(
      // ALPN says http/1.1 outright: HTTP/2 is not offered (http/tls.ts says why).
      { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile), ALPNProtocols: ['http/1.1'] },
      app,
    );
  } else {
    server = createServer(app);
  }
  // Keep-alive longer than typical proxies' idle timeout, so the proxy closes first.
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  await listenOn(server, config.port, config.host);
  return server;
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}
