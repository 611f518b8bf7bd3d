/**
 * Single sign-on by OpenID Connect (admin/general/integration, issue 19; routes not named by the
 * spec except GET /login?code=, which lives with the other sign-ins in features/auth).
 * - GET /oidc/provider               (public) → OidcLoginOption: whether the login page offers the
 *                                    provider's button, and its label.
 * - GET /oidc/start                  (public) → 302 to the provider's authorization endpoint (a
 *                                    sign-in under way is recorded and bound to this browser by
 *                                    an httpOnly cookie); 404 when single sign-on is off.
 * - GET /integration/oidc/find       (admin) → OidcSettings (never the client secret).
 * - PUT /integration/oidc/update     (admin) JSON OidcSettingsUpdate → OidcSettings; 400 with the
 *                                    field's message (an enabled provider must answer its
 *                                    discovery document).
 */
import type { Request } from 'express';
import { OIDC_ACCOUNT_CLAIMS, isJsonObject, type OidcAccountClaim, type OidcSettingsUpdate } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid } from '../../http/input.ts';
import { loginOption, readOidcSettings, startSignIn, updateOidcSettings } from './oidc.service.ts';

/** The update as sent: every field of its type, checked before the rules of common/. */
function readUpdate(req: Request): OidcSettingsUpdate {
  const body: unknown = req.body;
  if (!isJsonObject(body)) throw invalid('Enabled');
  const text = (name: string, max = 4096): string => {
    const value = body[name] ?? '';
    if (typeof value !== 'string' || value.length > max || value.includes('\0')) throw invalid(name);
    return value;
  };
  const flag = (name: string): boolean => {
    const value = body[name] ?? false;
    if (typeof value !== 'boolean') throw invalid(name);
    return value;
  };
  const role = body.CreateRole ?? null;
  if (role !== null && (typeof role !== 'number' || !Number.isInteger(role) || role < 1)) throw invalid('CreateRole');
  const claim = text('AccountClaim') || 'preferred_username';
  if (!(OIDC_ACCOUNT_CLAIMS as readonly string[]).includes(claim)) throw invalid('AccountClaim');
  const update: OidcSettingsUpdate = {
    Enabled: flag('Enabled'),
    Issuer: text('Issuer').trim(),
    ClientId: text('ClientId'),
    Scopes: text('Scopes'),
    AccountClaim: claim as OidcAccountClaim,
    CreateAccounts: flag('CreateAccounts'),
    CreateRole: role as number | null,
    ButtonLabel: text('ButtonLabel'),
  };
  if (body.ClientSecret !== undefined) update.ClientSecret = text('ClientSecret');
  return update;
}

export const integrationRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/oidc/provider',
    access: 'public',
    summary: 'Whether the login page offers single sign-on, and its button label',
    handler: (_req, _res, { deps }) => loginOption(deps),
  },
  {
    method: 'get',
    path: '/oidc/start',
    access: 'public',
    summary: "Start a single sign-on: 302 to the provider's authorization endpoint",
    handler: async (req, res, { deps }) => {
      res.setHeader('cache-control', 'no-store');
      res.redirect(302, await startSignIn(deps, req, res));
    },
  },
  {
    method: 'get',
    path: '/integration/oidc/find',
    access: 'admin',
    summary: 'Single sign-on settings (without the client secret)',
    handler: (_req, _res, { deps }) => readOidcSettings(deps),
  },
  {
    method: 'put',
    path: '/integration/oidc/update',
    access: 'admin',
    summary: 'Change the single sign-on settings',
    handler: (req, _res, { deps }) => updateOidcSettings(deps, readUpdate(req)),
  },
];
