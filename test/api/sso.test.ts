/**
 * Single sign-on by OpenID Connect (issue 19) against a real OpenID provider (panva's
 * oidc-provider, test/harness/oidc-provider.ts), real PostgreSQL and the adapter: the settings'
 * rules; a directory user signs in to an existing account, or gets one created, or is refused,
 * as configured; a forged, replayed or foreign state, a tampered code and a code carried to another
 * browser are refused; sign-out ends the local session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcSettings, OidcSettingsUpdate, SignedAccount } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, anonymous, signIn, type Agent, type Session } from '../harness/api.ts';
import { createReader, createRole } from '../harness/fixtures.ts';
import { oidcSettingsFor, startOidcProvider, type TestProvider } from '../harness/oidc-provider.ts';

let stack: Stack;
let admin: Session;
let provider: TestProvider;
let readerRole: number;

const DIRECTORY = {
  'u-alice': { preferred_username: 'alice', email: 'alice@hospital.example', name: 'Alice Radiologist' },
  'u-bob': { preferred_username: 'bob', email: 'bob@hospital.example', name: 'Bob Newcomer' },
  'u-odd': { preferred_username: 'has space', email: 'odd@hospital.example', name: 'Odd' },
};

const settings = (overrides: Partial<OidcSettingsUpdate> = {}) => oidcSettingsFor(provider, overrides);

const update = (body: object) => admin.agent.put(`${API}/integration/oidc/update`).set(admin.csrf).send(body);

/** Starts a sign-in in `browser` and walks the provider as `sub`: the provider's answer. */
async function throughProvider(browser: Agent, sub: string): Promise<URLSearchParams> {
  const start = await browser.get(`${API}/oidc/start`).redirects(0).expect(302);
  const location = start.headers.location as string;
  expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
  const asked = new URL(location).searchParams;
  expect(asked.get('code_challenge_method')).toBe('S256');
  expect(asked.get('redirect_uri')).toBe(`${stack.baseUrl}${API}/login`);
  return provider.authorize(location, sub);
}

/** The client passing the provider's answer by XHR. */
const finish = (browser: Agent, answer: URLSearchParams) =>
  browser.get(`${API}/login?${answer.toString()}`).set('X-Requested-With', 'XMLHttpRequest');

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  provider = await startOidcProvider(DIRECTORY, `${stack.baseUrl}${API}/login`);
  readerRole = await createReader(admin, {
    id: 'alice',
    password: 'alice-pass-1',
    role: { name: 'SSO readers', permissions: { list: true } },
  });
}, 120_000);

afterAll(async () => {
  await provider?.stop();
  await stack?.stop();
});

describe('single sign-on settings', () => {
  it('are off at first, shown without the secret, and for administrators only', async () => {
    expect((await anonymous(stack.baseUrl).get(`${API}/oidc/provider`).expect(200)).body).toEqual({ Enabled: false, ButtonLabel: '' });
    await anonymous(stack.baseUrl).get(`${API}/oidc/start`).redirects(0).expect(404);
    const reader = await signIn(stack.baseUrl, 'alice', 'alice-pass-1');
    await reader.agent.get(`${API}/integration/oidc/find`).expect(403);
    await reader.agent.put(`${API}/integration/oidc/update`).set(reader.csrf).send(settings()).expect(403);

    const saved = (await update(settings()).expect(200)).body as OidcSettings;
    expect(saved).toMatchObject({ Enabled: true, Issuer: provider.issuer, HasClientSecret: true, ButtonLabel: 'Hospital directory' });
    expect(JSON.stringify(saved)).not.toContain(provider.clientSecret);
    expect((await admin.agent.get(`${API}/integration/oidc/find`).expect(200)).body).toEqual(saved);
    // Leaving the secret out keeps it.
    const { ClientSecret: _secret, ...withoutSecret } = settings();
    expect(((await update(withoutSecret).expect(200)).body as OidcSettings).HasClientSecret).toBe(true);
    expect((await anonymous(stack.baseUrl).get(`${API}/oidc/provider`).expect(200)).body).toEqual({
      Enabled: true,
      ButtonLabel: 'Hospital directory',
    });
  });

  it('refuse bad input with the field and its message', async () => {
    const refused = async (body: object, field: string, message: RegExp) => {
      const response = await update(body).expect(400);
      expect(response.body.code).toBe('validation_failed');
      expect(response.body.fields?.[field] ?? JSON.stringify(response.body)).toMatch(message);
    };
    await refused(settings({ Issuer: 'ftp://idp.example' }), 'Issuer', /not a valid value/);
    await refused(settings({ Issuer: 'http://idp.example' }), 'Issuer', /not a valid value/);
    await refused(settings({ Issuer: '' }), 'Issuer', /required/);
    await refused(settings({ Issuer: 'https://127.0.0.1:1' }), 'Issuer', /discovery document/);
    await refused(settings({ Scopes: 'profile email' }), 'Scopes', /not a valid value/);
    await refused(settings({ CreateAccounts: true, CreateRole: null }), 'CreateRole', /required/);
    await refused(settings({ CreateAccounts: true, CreateRole: 999_999 }), 'CreateRole', /not a valid value/);
    await refused(settings({ ButtonLabel: 'x'.repeat(61) }), 'ButtonLabel', /60 character/);
    await refused({ ...settings(), AccountClaim: 'groups' }, 'AccountClaim', /not a valid value/);
    await refused({ ...settings(), Enabled: 'yes' }, 'Enabled', /not a valid value/);
    // Nothing of it was stored.
    expect(((await admin.agent.get(`${API}/integration/oidc/find`).expect(200)).body as OidcSettings).Issuer).toBe(provider.issuer);
  });
});

describe('single sign-on', () => {
  it('signs a directory user in to their account, and sign-out ends the session', async () => {
    await update(settings()).expect(200);
    const browser = anonymous(stack.baseUrl);
    const answer = await throughProvider(browser, 'u-alice');
    expect(answer.get('code')).toBeTruthy();
    const account = (await finish(browser, answer).expect(200)).body as SignedAccount;
    expect(account.Id).toBe('alice');
    await browser.get(`${API}/accounts/signed`).expect(200);
    await browser.delete(`${API}/login`).set('X-CSRF-Token', account.CsrfToken).expect(200);
    await browser.get(`${API}/accounts/signed`).expect(401);
    // The same answer again: its state was used.
    await finish(browser, answer).expect(401);

    // The provider's redirect itself (a navigation, no X-Requested-With) lands in the app signed in…
    const navigating = anonymous(stack.baseUrl);
    const landed = await navigating
      .get(`${API}/login?${(await throughProvider(navigating, 'u-alice')).toString()}`)
      .redirects(0)
      .expect(302);
    expect(landed.headers.location).toBe('/viewer/#/list');
    expect(((await navigating.get(`${API}/accounts/signed`).expect(200)).body as SignedAccount).Id).toBe('alice');
    // …or on the sign-in page, told it failed.
    const failed = await anonymous(stack.baseUrl).get(`${API}/login?code=x&state=y`).redirects(0).expect(302);
    expect(failed.headers.location).toBe('/viewer/#/login?sso=failed');
  });

  it('refuses an unknown user, or creates their account with the configured role', async () => {
    await update(settings()).expect(200);
    const refusedBrowser = anonymous(stack.baseUrl);
    await finish(refusedBrowser, await throughProvider(refusedBrowser, 'u-bob')).expect(401);
    expect(await stack.sql('select id from accounts where lower(id) = $1', ['bob'])).toEqual([]);

    const role = await createRole(admin, { name: 'SSO newcomers', permissions: { list: true, viewer: true } });
    await update(settings({ CreateAccounts: true, CreateRole: role })).expect(200);
    const browser = anonymous(stack.baseUrl);
    const account = (await finish(browser, await throughProvider(browser, 'u-bob')).expect(200)).body as SignedAccount;
    expect(account.Id).toBe('bob');
    expect(await stack.sql('select id, role, name from accounts where id = $1', ['bob'])).toEqual([
      { id: 'bob', role, name: 'Bob Newcomer' },
    ]);
    // No password opens the created account.
    await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Id: 'bob', Password: '' })
      .expect(400);

    // A claim that is not a usable account id is refused, even when accounts are created.
    const odd = anonymous(stack.baseUrl);
    await finish(odd, await throughProvider(odd, 'u-odd')).expect(401);
    await update(settings({ AccountClaim: 'email', CreateAccounts: true, CreateRole: readerRole })).expect(200);
    const byEmail = anonymous(stack.baseUrl);
    expect(((await finish(byEmail, await throughProvider(byEmail, 'u-odd')).expect(200)).body as SignedAccount).Id).toBe(
      'odd@hospital.example',
    );
  });

  it('refuses a forged state, a tampered code, and an answer carried to another browser', async () => {
    await update(settings()).expect(200);
    const browser = anonymous(stack.baseUrl);
    const answer = await throughProvider(browser, 'u-alice');

    const forged = new URLSearchParams(answer);
    forged.set('state', 'forged-state-value');
    await finish(browser, forged).expect(401);

    // Another browser (the attacker's answer pasted into a victim's, or the reverse): no binding cookie.
    const other = anonymous(stack.baseUrl);
    await finish(other, answer).expect(401);

    // A forged binding cookie that is not even well-formed: a clear 400, never a 500.
    const forgedCookie = await throughProvider(browser, 'u-alice');
    await anonymous(stack.baseUrl)
      .get(`${API}/login?${forgedCookie.toString()}`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Cookie', 'pacs_oidc=%E0%A4%A')
      .expect(400);

    // The first browser's own answer was taken out by the attempt above (each state is used once):
    // start again, then tamper with the code.
    const again = await throughProvider(browser, 'u-alice');
    const tampered = new URLSearchParams(again);
    tampered.set('code', `${again.get('code')!.slice(0, -4)}AAAA`);
    await finish(browser, tampered).expect(401);
    await browser.get(`${API}/accounts/signed`).expect(401);

    // No code at all, or the provider's own error answer.
    await browser.get(`${API}/login`).set('X-Requested-With', 'XMLHttpRequest').expect(400);
    await finish(browser, new URLSearchParams({ error: 'access_denied', state: 'x' })).expect(401);
  });
});
