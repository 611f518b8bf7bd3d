/**
 * Every API route is declared with the access it needs; there is no other way to add one. The
 * wrapper authenticates, checks CSRF on state-changing calls, checks the permission, then runs
 * the handler and answers its return value as JSON. The list of declarations is kept so a test
 * can prove that no route escaped.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { hasPermission, type PermissionKey } from '@pacs/common';
import type { Auth } from '../access/auth.ts';
import type { Deps } from '../deps.ts';
import { AppError } from './errors.ts';
import { screenInput } from './input.ts';

/**
 * - `public`: anyone; no session needed (sign-in, product facts).
 * - `signed`: any signed-in user.
 * - a permission key: `all` or that key, minus what the edition and teleradiology kind exclude.
 * - several keys: any one of them (the list and the viewer both read series of a study).
 */
export type Access = 'public' | 'signed' | PermissionKey | readonly PermissionKey[];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Context {
  deps: Deps;
  /** Present on every route whose access is not `public`. */
  auth: Auth | null;
}

export interface SignedContext extends Context {
  auth: Auth;
}

export interface RouteSpec {
  method: Method;
  path: string;
  access: Exclude<Access, 'public'>;
  /** Short description for the API notes. */
  summary: string;
  handler: (req: Request, res: Response, ctx: SignedContext) => unknown;
}

export interface PublicRouteSpec {
  method: Method;
  path: string;
  access: 'public';
  summary: string;
  handler: (req: Request, res: Response, ctx: Context) => unknown;
}

export type AnyRouteSpec = RouteSpec | PublicRouteSpec;

const UNSAFE: ReadonlySet<Method> = new Set(['post', 'put', 'patch', 'delete']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Requests from another site's page carry an Origin that is not ours; refuse them outright. A
 * missing Origin (curl, older browsers on same-origin GETs) is left to the token check.
 */
function checkOrigin(req: Request): void {
  const origin = req.get('origin');
  if (!origin || origin === 'null') return;
  // req.host reads X-Forwarded-Host only from a proxy TRUST_PROXY trusts ("trust proxy"): any
  // client could send that header and make its foreign Origin look like ours.
  const host = req.host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError('csrf_failed');
  }
  if (originHost !== host) throw new AppError('csrf_failed');
}

export function mountRoutes(router: Router, deps: Deps, specs: readonly AnyRouteSpec[], registry: AnyRouteSpec[]): void {
  for (const spec of specs) {
    registry.push(spec);
    router[spec.method](spec.path, async (req: Request, res: Response) => {
      const unsafe = UNSAFE.has(spec.method);
      if (unsafe) checkOrigin(req);
      // Express 5 leaves the body undefined when no parser took it (no body, another content type).
      req.body ??= {};
      screenInput(req);

      let auth: Auth | null = null;
      if (spec.access === 'public') {
        // No session to bind a token to: a custom header cannot be sent cross-site without a
        // CORS preflight, which this server never grants (sign-in CSRF).
        if (unsafe && req.get('x-requested-with') !== 'XMLHttpRequest') throw new AppError('csrf_failed');
      } else {
        auth = await deps.sessions.authenticate(req);
        if (!auth) throw new AppError('not_signed_in');
        if (unsafe && !sameToken(req.get('x-csrf-token') ?? '', auth.csrfToken)) throw new AppError('csrf_failed');
        if (spec.access !== 'signed') {
          const ctx = { permissions: auth.permissions, edition: deps.config.edition, kind: auth.kind };
          const keys: readonly PermissionKey[] = typeof spec.access === 'string' ? [spec.access] : spec.access;
          if (!keys.some((key) => hasPermission(ctx, key))) throw new AppError('forbidden');
        }
      }

      const result = await (spec.handler as (req: Request, res: Response, ctx: Context) => unknown)(req, res, { deps, auth });
      if (res.headersSent) return;
      if (result === undefined) res.status(200).json({});
      else if (typeof result === 'string') res.type('text/plain').send(result);
      else res.json(result);
    });
  }
}
