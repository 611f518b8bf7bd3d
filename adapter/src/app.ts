/**
 * Builds the Express app: the API under /viewer/api (every route declared with its access, text
 * answers compressed), the built client under /viewer/ (precompressed copies), security headers,
 * and the error catalogue as the only way errors leave the server.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import type { Deps } from './deps.ts';
import { AppError, errorHandler } from './http/errors.ts';
import { mountRoutes, type AnyRouteSpec } from './http/routes.ts';
import { compressAnswers, serveClient } from './http/compression.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { integrationRoutes } from './features/integration/integration.routes.ts';
import { configsRoutes } from './features/configs/configs.routes.ts';
import { characterSetRoutes } from './features/configs/character-set.routes.ts';
import { productImageRoutes } from './features/configs/product-images.routes.ts';
import { securityRoutes } from './features/security/security.routes.ts';
import { serverRoutes } from './features/server/server.routes.ts';
import { licenceRoutes } from './features/licence/licence.routes.ts';
import { devicesRoutes } from './features/devices/devices.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { studiesRoutes } from './features/studies/studies.routes.ts';
import { dicomwebRoutes } from './features/dicomweb/dicomweb.routes.ts';
import { importRoutes } from './features/import/import.routes.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { rolesRoutes } from './features/roles/roles.routes.ts';
import { institutionsRoutes } from './features/institutions/institutions.routes.ts';
import { viewerRoutes } from './features/viewer/viewer.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { reportPdfRoutes } from './features/reports/report-pdf.routes.ts';
import { sharesRoutes } from './features/shares/shares.routes.ts';
import { networkRoutes } from './features/network/network.routes.ts';
import { connectorRoutes } from './features/network/connectors.routes.ts';
import { forwardRoutes } from './features/forward/forward.routes.ts';
import { exportRoutes } from './features/export/export.routes.ts';
import { trashRoutes } from './features/trash/trash.routes.ts';
import { editRoutes } from './features/edit/edit.routes.ts';
import { autodeleteRoutes } from './features/autodelete/autodelete.routes.ts';
import { worklistRoutes } from './features/worklist/worklist.routes.ts';
import { patientsRoutes } from './features/patients/patients.routes.ts';
import { statisticsRoutes } from './features/statistics/statistics.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { log } from './log.ts';

export const API_ROUTES: readonly AnyRouteSpec[] = [
  ...serverRoutes,
  ...licenceRoutes,
  ...devicesRoutes,
  ...authRoutes,
  ...integrationRoutes,
  ...securityRoutes,
  ...settingsRoutes,
  ...configsRoutes,
  ...characterSetRoutes,
  ...productImageRoutes,
  ...studiesRoutes,
  ...dicomwebRoutes,
  ...importRoutes,
  ...accountsRoutes,
  ...rolesRoutes,
  ...institutionsRoutes,
  ...viewerRoutes,
  ...reportsRoutes,
  ...reportPdfRoutes,
  ...networkRoutes,
  ...connectorRoutes,
  ...forwardRoutes,
  ...exportRoutes,
  ...trashRoutes,
  ...editRoutes,
  ...autodeleteRoutes,
  ...worklistRoutes,
  ...patientsRoutes,
  ...sharesRoutes,
  ...statisticsRoutes,
  ...auditRoutes,
];

const securityHeaders: RequestHandler = (req, res, next) => {
  // HSTS only over TLS: the adapter's own HTTPS (TLS_CERT, or its self-signed certificate), or a
  // proxy that TRUST_PROXY trusts saying X-Forwarded-Proto https (req.secure either way). Sent over
  // plain HTTP, browsers ignore it anyway; over a certificate they do not trust, too. No includeSubDomains: other hosts of a hospital's domain are not ours.
  if (req.secure) res.set('strict-transport-security', 'max-age=31536000');
  res.set({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'SAMEORIGIN',
    // Cornerstone decodes with WebAssembly in workers; images arrive as blobs.
    'content-security-policy':
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; img-src 'self' data: blob:; " +
      "style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'self'; base-uri 'self'; form-action 'self'",
  });
  next();
};

const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log.info(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)} ms`);
  });
  next();
};

export function buildApp(deps: Deps): { app: express.Express; routes: AnyRouteSpec[] } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.set('etag', false);
  app.use(securityHeaders);
  if (deps.config.logRequests) app.use(requestLog);

  const api = express.Router();
  api.use(compressAnswers());
  api.use(express.json({ limit: '2mb' }));
  api.use(express.urlencoded({ extended: false, limit: '2mb' }));
  api.use((_req, res, next) => {
    // Answers carry patient data: never let a shared cache keep them.
    res.set('cache-control', 'private, no-store');
    next();
  });
  const routes: AnyRouteSpec[] = [];
  mountRoutes(api, deps, API_ROUTES, routes);
  api.use(() => {
    throw new AppError('not_found');
  });
  app.use('/viewer/api', api);

  const clientDir = deps.config.clientDir;
  if (existsSync(join(clientDir, 'index.html'))) {
    app.use('/viewer', ...serveClient(clientDir));
  } else {
    app.use('/viewer', (_req, res) => {
      res.status(503).type('text/plain').send('The web client is not built. Run `npm run build` (npm start does this for you).');
    });
  }
  app.get('/', (_req, res) => res.redirect('/viewer/'));
  app.use(errorHandler);
  return { app, routes };
}
