/** What route handlers and services reach: built once at start, passed explicitly. */
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';
import type { OrthancClient } from './orthanc/client.ts';
import type { Sessions } from './access/sessions.ts';
import type { Health } from './health.ts';
import type { ChangesFollower } from './study-index/follower.ts';
import type { AuditLog } from './features/audit/audit-log.ts';

export interface Deps {
  config: Config;
  db: Db;
  orthanc: OrthancClient;
  sessions: Sessions;
  health: Health;
  follower: ChangesFollower;
  /** The audit log's writer: `deps.audit.record(req, auth, {...})` queues one record, off the request's path. */
  audit: AuditLog;
}
