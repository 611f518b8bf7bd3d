/**
 * The server status (spec 3 §3 "Server status") and the server's name. The folders are the data
 * folder (everything the PACS keeps: PostgreSQL, Orthanc's files, logs), its logs and the backup
 * folder `npm run backup` writes; their figures are real (folder-size.ts). The routes declare who
 * may call: the status for all, admin or dashboard, the name change for admin.
 */
import { join } from 'node:path';
import { serverNameProblem, type ServerStatus } from '@pacs/common';
import type { Deps } from '../../deps.ts';
import { siteTimeZone } from '../../db/site.ts';
import { AppError } from '../../http/errors.ts';
import { characterSetStatus } from '../configs/character-set.service.ts';
import { selectServerSetting, upsertServerSetting } from '../security/security.sql.ts';
import { dicomFrontStatus } from '../dicom-front/front-status.ts';
import { folderStatus } from './folder-size.ts';
import { siteCountry } from './server.sql.ts';

const NAME_KEY = 'server_name';

export async function serverName(deps: Pick<Deps, 'db'>): Promise<string> {
  const stored = await selectServerSetting(deps.db, NAME_KEY);
  const name = (stored as { Name?: unknown } | undefined)?.Name;
  return typeof name === 'string' ? name : '';
}

/** Saves the name after the rule of common/server.ts; 400 with its message otherwise. */
export async function updateServerName(deps: Pick<Deps, 'db'>, name: unknown): Promise<{ Name: string }> {
  const problem = serverNameProblem(name);
  if (problem) throw new AppError('validation_failed', { Name: problem }, problem);
  await upsertServerSetting(deps.db, NAME_KEY, { Name: name as string });
  return { Name: name as string };
}

export async function serverStatus(deps: Pick<Deps, 'db' | 'config' | 'dicomFront'>): Promise<ServerStatus> {
  const { config } = deps;
  const [main, logs, backups, name, timeZone, region, characterSets, dicomFront] = await Promise.all([
    folderStatus(config.dataDir),
    folderStatus(join(config.dataDir, 'logs')),
    folderStatus(config.backupDir),
    serverName(deps),
    siteTimeZone(deps.db),
    siteCountry(deps.db),
    characterSetStatus(deps),
    // Every front's spool (a cluster's replicas each front a node), not only this replica's.
    config.dicomFront.enabled ? dicomFrontStatus(deps) : null,
  ]);
  const https = config.tls !== null;
  return {
    Name: name,
    MainFolderStatus: main.status,
    LogFolderStatus: logs.status,
    BackupFolderStatuses: [backups.status],
    LogLevel: config.logRequests ? 'verbose' : 'info',
    Region: region,
    TimeZone: timeZone,
    DefaultSpecificCharacterSets: characterSets,
    WebServerStatus: {
      Port: config.port,
      HTTPUse: !https || config.httpRedirectPort !== null,
      HTTPPort: https ? config.httpRedirectPort : config.port,
      HTTPSUse: https,
      HTTPSPort: https ? config.port : null,
    },
    MeasuredAt: new Date(Math.min(main.at, logs.at, backups.at)).toISOString(),
    DicomFront: dicomFront,
  };
}
