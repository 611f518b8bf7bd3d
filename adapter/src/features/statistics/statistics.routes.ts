/**
 * Statistics and the dashboard (spec 3 §7; spec 1 §2).
 * - GET /capacity/statistics, /addedsize/statistics, /deletedsize/statistics (statistics):
 *   ?unit=day|month|year (default month) &startdate &enddate (YYYY-MM-DD or YYYYMMDD, inclusive,
 *   local to the site's time zone; default the last 6 months, 31 days or 5 years up to today)
 *   &sum=true|false (running totals) → [{Date, Count (bytes), Instances}]; capacity: [{Date, Count}],
 *   the bytes held at the end of each period.
 * - GET /share/statistics → [{Date, Count, Study, Patient}] shares created.
 * - GET /connected/statistics → [{Date, Count (most web connections at once), Accounts (distinct)}].
 * - GET /dicomconnections/statistics → [{Date, Count, Accepted, Rejected, Peak, AETitles: [{AETitle,
 *   Accepted, Rejected, Peak}]}] DICOM associations by calling AE title (not in the spec: named as
 *   /dicomconnections/state and /connected/statistics; docs/decisions.md).
 * - GET /modalities/statistics ?unit &startstudydate &endstudydate &modality &basis=study|arrival
 *   → [{Date, Modality, Count}] studies per modality by StudyDate (default) or by arrival.
 * - GET /cxrai/count → {Count: 0, Date: today} while no CXR AI is licensed.
 * - GET /statistics/info (statistics or dashboard) → StatisticsInfo: time zone, today, the backfill, caps.
 * - GET /dashboard (dashboard) → Dashboard; server storage and index lag only for administrators.
 * A date the calendar does not have, a reversed or too long range, an unknown unit: 400 with the
 * field. Figures count what the caller's targets reach (docs/decisions.md "Statistics").
 */
import { hasPermission, parseStatisticsQuery, type PermissionKey, type StatisticsQuery } from '@pacs/common';
import type { Request } from 'express';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, optionalString } from '../../http/input.ts';
import type { Deps } from '../../deps.ts';
import * as service from './statistics.service.ts';

/** The query's unit, dates and sum, checked once (rules in common/statistics.ts) against the site's today. */
async function statisticsQuery(req: Request, deps: Deps, studyDates = false): Promise<{ query: StatisticsQuery }> {
  const names = studyDates ? { start: 'startstudydate', end: 'endstudydate' } : { start: 'startdate', end: 'enddate' };
  const input: Record<string, unknown> = {
    unit: optionalString(req, 'unit', 'query', 20),
    sum: optionalString(req, 'sum', 'query', 20),
    [names.start]: studyDates ? optionalString(req, 'startstudydate', 'query', 20) : optionalString(req, 'startdate', 'query', 20),
    [names.end]: studyDates ? optionalString(req, 'endstudydate', 'query', 20) : optionalString(req, 'enddate', 'query', 20),
  };
  const { today } = await service.siteDay(deps);
  const parsed = parseStatisticsQuery(input, today, names);
  if (!parsed.ok) throw new AppError('validation_failed', parsed.errors);
  return { query: parsed.value };
}

/** The statistics screens and the dashboard both draw caps and name the time zone. */
const INFO_READERS: readonly PermissionKey[] = ['statistics', 'dashboard'];

export const statisticsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/capacity/statistics',
    access: 'statistics',
    summary: 'Bytes held at the end of each day, month or year',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps);
      return service.capacity(deps, auth, query);
    },
  },
  {
    method: 'get',
    path: '/addedsize/statistics',
    access: 'statistics',
    summary: 'Bytes and files received per day, month or year',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps);
      return service.addedOrDeletedSize(deps, auth, query, 'added');
    },
  },
  {
    method: 'get',
    path: '/deletedsize/statistics',
    access: 'statistics',
    summary: 'Bytes and files deleted per day, month or year',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps);
      return service.addedOrDeletedSize(deps, auth, query, 'deleted');
    },
  },
  {
    method: 'get',
    path: '/share/statistics',
    access: 'statistics',
    summary: 'Study and patient shares created per day, month or year',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps);
      return service.shares(deps, auth, query);
    },
  },
  {
    method: 'get',
    path: '/connected/statistics',
    access: 'statistics',
    summary: 'Most web connections at once and distinct accounts per day, month or year',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps);
      return service.connections(deps, auth, query);
    },
  },
  {
    method: 'get',
    path: '/dicomconnections/statistics',
    access: 'statistics',
    summary: 'DICOM associations accepted and rejected by calling AE title, and the most open at once, per day, month or year',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps);
      return service.associations(deps, auth, query);
    },
  },
  {
    method: 'get',
    path: '/modalities/statistics',
    access: 'statistics',
    summary: 'Studies per modality by study date or arrival',
    handler: async (req, _res, { deps, auth }) => {
      const { query } = await statisticsQuery(req, deps, true);
      const modality = optionalString(req, 'modality', 'query', 16)?.trim();
      const basis = optionalString(req, 'basis', 'query', 10) ?? 'study';
      if (basis !== 'study' && basis !== 'arrival') throw invalid('basis');
      return service.modalities(deps, auth, query, { basis, modality: modality || undefined });
    },
  },
  {
    method: 'get',
    path: '/cxrai/count',
    access: 'statistics',
    summary: 'CXR AI usage (0 while no AI is licensed)',
    handler: async (_req, _res, { deps }) => service.cxrAiCount((await service.siteDay(deps)).today),
  },
  {
    method: 'get',
    path: '/statistics/info',
    access: INFO_READERS,
    summary: 'Time zone, today, the backfill and the plan caps the statistics rest on',
    handler: (_req, _res, { deps, auth }) => service.info(deps, auth),
  },
  {
    method: 'get',
    path: '/dashboard',
    access: 'dashboard',
    summary: "Today's arrivals, live connections, last studies and server status",
    handler: (_req, res, { deps, auth }) => {
      res.set('cache-control', 'no-store');
      const admin = hasPermission({ permissions: auth.permissions, edition: deps.config.edition, kind: auth.kind }, 'admin');
      return service.dashboard(deps, auth, admin);
    },
  },
];
