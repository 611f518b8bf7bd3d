/**
 * Sign-in, sessions, CSRF and the sign-in lock against a real PostgreSQL and Orthanc. This stack
 * trusts no proxy (TRUST_PROXY unset); test/api/hardening.test.ts covers the trusted-proxy side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { anonymous, API, login, signIn } from '../harness/api.ts';
import { hashPassword } from '../../adapter/src/access/passwords.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function createAccount(id: string, password: string, permissions: Record<string, boolean>): Promise<void> {
  const [role] = await stack.sql<{ no: number }>(`insert into roles (institution, name, permissions) values (0, $1, $2) returning no`, [
    `role-${id}`,
    JSON.stringify(permissions),
  ]);
  await stack.sql('insert into accounts (id, password_hash, name, role) values ($1, $2, $3, $4)', [
    id,
    await hashPassword(password),
    `User ${id}`,
    role!.no,
  ]);
}

describe('first start', () => {
  it('creates institution 0, the Master role with every permission and the administrator', async () => {
    const [institution] = await stack.sql('select no, name from institutions where no = 0');
    expect(institution).toBeDefined();
    const [master] = await stack.sql<{ no: number; name: string; permissions: Record<string, boolean> }>(
      'select * from roles where no = 1',
    );
    expect(master?.name).toBe('Master');
    expect(master?.permissions.all).toBe(true);
    const [admin] = await stack.sql<{ role: number; password_hash: string }>('select role, password_hash from accounts where id = $1', [
      'admin',
    ]);
    expect(admin?.role).toBe(1);
    // Stored with scrypt, never in clear.
    expect(admin?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(admin?.password_hash).not.toContain(stack.adminPassword);
  });

  it('answers public state without a session', async () => {
    const response = await anonymous(stack.baseUrl).get(`${API}/state`).expect(200);
    expect(response.body).toMatchObject({ Edition: 'on_premises', Orthanc: 'up', Database: 'up' });
  });
});

describe('sign-in', () => {
  it('signs in with id and password and sets an httpOnly, SameSite session cookie scoped to /viewer', async () => {
    const agent = anonymous(stack.baseUrl);
    const response = await login(agent, 'admin', stack.adminPassword).expect(200);
    expect(response.body).toMatchObject({ Id: 'admin', Role: 1, Permissions: { all: true }, IsGuest: false });
    expect(response.body.CsrfToken).toMatch(/^[\w-]{40,}$/);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/pacs_sid=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/viewer/);
    const signed = await agent.get(`${API}/accounts/signed`).expect(200);
    expect(signed.body.Id).toBe('admin');
    expect(signed.body.CsrfToken).toBe(response.body.CsrfToken);
  });

  it('ignores the case of the id', async () => {
    await login(anonymous(stack.baseUrl), 'ADMIN', stack.adminPassword).expect(200);
  });

  it('refuses a wrong password and an unknown id alike, with the catalogue message', async () => {
    const wrong = await login(anonymous(stack.baseUrl), 'nobody-here', 'whatever').expect(401);
    expect(wrong.body).toEqual({ status: 401, code: 'authentication_failed', message: 'Failed to login' });
    await stack.sql('update accounts set failed_attempts = 0 where id = $1', ['admin']);
  });

  it('answers 400 with the field for a missing password, 401 for an unknown access key, 400 for token login', async () => {
    const missing = await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Id: 'admin' })
      .expect(400);
    expect(missing.body).toMatchObject({ code: 'validation_failed', fields: { Password: 'The field is required' } });
    const key = await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ AccessKey: 'k', CSRF: 'c' })
      .expect(401);
    expect(key.body.code).toBe('authentication_failed');
    const token = await anonymous(stack.baseUrl)
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Token: 't', State: 's' })
      .expect(400);
    expect(token.body.message).toBe(ERRORS.bad_request.message);
  });

  it('refuses a sign-in posted without the XMLHttpRequest header (sign-in CSRF) or from another origin', async () => {
    await anonymous(stack.baseUrl).post(`${API}/login`).type('form').send({ Id: 'admin', Password: stack.adminPassword }).expect(403);
    const crossSite = await login(anonymous(stack.baseUrl), 'admin', stack.adminPassword).set('Origin', 'https://evil.example').expect(403);
    expect(crossSite.body.code).toBe('csrf_failed');
  });

  it('ignores X-Forwarded-Host and X-Forwarded-Proto when TRUST_PROXY trusts no proxy', async () => {
    // Anyone can send the header: with it, another site's Origin must not pass for ours.
    const forged = await login(anonymous(stack.baseUrl), 'admin', stack.adminPassword)
      .set('Origin', 'https://evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(403);
    expect(forged.body.code).toBe('csrf_failed');
    const { agent, csrf } = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    await agent
      .put(`${API}/settings/replace`)
      .set(csrf)
      .set('Origin', 'https://evil.example')
      .set('X-Forwarded-Host', 'evil.example')
      .type('form')
      .send({ key: 'lang', value: JSON.stringify({ lang: 'en' }) })
      .expect(403);
    // The real host still passes, and a claimed https is not believed: no HSTS over plain HTTP.
    const own = await login(anonymous(stack.baseUrl), 'admin', stack.adminPassword)
      .set('Origin', stack.baseUrl)
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(own.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('sessions and CSRF', () => {
  it("refuses a state-changing call without the CSRF token, or with another session's token", async () => {
    const { agent } = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const other = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const change = () =>
      agent
        .put(`${API}/settings/replace`)
        .type('form')
        .send({ key: 'lang', value: JSON.stringify({ lang: 'ja' }) });
    const missing = await change().expect(403);
    expect(missing.body.code).toBe('csrf_failed');
    await change().set('X-CSRF-Token', other.account.CsrfToken).expect(403);
    await change().set('X-CSRF-Token', 'x'.repeat(43)).expect(403);
    // Reads need no token.
    await agent.get(`${API}/service/settings`).expect(200);
  });

  it('kills the session cookie at sign-out: the same cookie is refused afterwards', async () => {
    const { agent, csrf } = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const cookie = (await agent.get(`${API}/accounts/signed`).expect(200)).request.cookies;
    await agent.delete(`${API}/login`).set(csrf).expect(200);
    await agent.get(`${API}/accounts/signed`).expect(401);
    // Replaying the old cookie value by hand does not bring the session back.
    const replay = await anonymous(stack.baseUrl).get(`${API}/accounts/signed`).set('Cookie', cookie).expect(401);
    expect(replay.body.code).toBe('not_signed_in');
  });

  it('ends sessions that were idle longer than the idle limit', async () => {
    const { agent, account } = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    await stack.sql(`update sessions set last_seen_at = now() - interval '13 hours' where csrf_token = $1`, [account.CsrfToken]);
    await agent.get(`${API}/accounts/signed`).expect(401);
  });

  it('stores only a hash of the session cookie', async () => {
    const agent = anonymous(stack.baseUrl);
    const response = await login(agent, 'admin', stack.adminPassword).expect(200);
    const token = /pacs_sid=([\w-]+)/.exec(String(response.headers['set-cookie']))![1]!;
    const rows = await stack.sql(`select 1 from sessions where encode(id_hash, 'escape') like $1`, [`%${token}%`]);
    expect(rows).toHaveLength(0);
  });
});

describe('sign-in lock', () => {
  it('locks the account at the threshold, refuses even the right password, and unlocks after the lock time', async () => {
    await createAccount('lockme', 'right-password', { list: true });
    const attempt = (password: string) => login(anonymous(stack.baseUrl), 'lockme', password);
    await attempt('wrong-1').expect(401);
    await attempt('wrong-2').expect(401);
    const third = await attempt('wrong-3').expect(403);
    expect(third.body.code).toBe('login_blocked');
    // Locked: the right password is refused too.
    await attempt('right-password').expect(403);

    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const status = await admin.agent.get(`${API}/authlock/find`).query({ id: 'lockme' }).expect(200);
    expect(status.body).toMatchObject({ Id: 'lockme', LockTime: 60 });
    expect(status.body.LockedAt).not.toBeNull();
    const month = await admin.agent.get(`${API}/authlocked/month`).expect(200);
    expect(month.body.map((event: { Id: string }) => event.Id)).toContain('lockme');

    // Lock time is 60 minutes: move the lock 61 minutes into the past rather than wait.
    await stack.sql(
      `update sign_in_locks set locked_at = locked_at - interval '61 minutes', last_failed_at = last_failed_at - interval '61 minutes'
        where account_id = 'lockme'`,
    );
    await attempt('right-password').expect(200);
    // A fresh count after the lock: one wrong password does not lock again.
    await attempt('wrong-again').expect(401);
    await attempt('right-password').expect(200);
  });

  it('follows the configured threshold and lets an administrator unlock', async () => {
    await createAccount('lockme2', 'right-password', { list: true });
    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    await admin.agent.patch(`${API}/authconfig/update`).set(admin.csrf).type('form').send({ Threshold: '1', LockTime: '5' }).expect(200);
    expect((await admin.agent.get(`${API}/authconfig/find`).expect(200)).body).toEqual({ Threshold: 1, LockTime: 5 });
    await login(anonymous(stack.baseUrl), 'lockme2', 'wrong').expect(403);
    await admin.agent.delete(`${API}/authlock/delete`).query({ id: 'lockme2' }).set(admin.csrf).expect(200);
    await login(anonymous(stack.baseUrl), 'lockme2', 'right-password').expect(200);
    const bad = await admin.agent.patch(`${API}/authconfig/update`).set(admin.csrf).type('form').send({ Threshold: '-1' }).expect(400);
    expect(bad.body.fields).toHaveProperty('Threshold');
    await admin.agent.patch(`${API}/authconfig/update`).set(admin.csrf).type('form').send({ Threshold: '3', LockTime: '60' }).expect(200);
  });
});

describe('password policy', () => {
  it('is enforced by the server when a user changes their password, and a change ends other sessions', async () => {
    await createAccount('policy-user', 'first-pass', { list: true, user: true });
    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    await admin.agent
      .patch(`${API}/passwordconfig/update`)
      .set(admin.csrf)
      .type('form')
      .send({ MinimumPasswordLength: '10', ContainsNumber: 'true', ContainsUppercaseLetter: 'true' })
      .expect(200);

    const user = await signIn(stack.baseUrl, 'policy-user', 'first-pass');
    const elsewhere = await signIn(stack.baseUrl, 'policy-user', 'first-pass');
    const change = (password: string, current = 'first-pass') =>
      user.agent.patch(`${API}/accounts/update`).set(user.csrf).type('form').send({ Password: password, CurrentPassword: current });

    const weak = await change('short').expect(400);
    expect(weak.body.code).toBe('validation_failed');
    expect(weak.body.fields.Password).toMatch(/10/);
    await change('longenoughbutnodigits').expect(400);
    await change('Strong-pass-2026', 'not-my-password').expect(400);
    await change('Strong-pass-2026').expect(200);

    await elsewhere.agent.get(`${API}/accounts/signed`).expect(401);
    await user.agent.get(`${API}/accounts/signed`).expect(200);
    await login(anonymous(stack.baseUrl), 'policy-user', 'Strong-pass-2026').expect(200);
    await admin.agent
      .patch(`${API}/passwordconfig/update`)
      .set(admin.csrf)
      .type('form')
      .send({ MinimumPasswordLength: '4', ContainsNumber: 'false', ContainsUppercaseLetter: 'false' })
      .expect(200);
  });

  it('cannot be used to edit another account', async () => {
    const user = await signIn(stack.baseUrl, 'policy-user', 'Strong-pass-2026');
    await user.agent.patch(`${API}/accounts/update`).set(user.csrf).type('form').send({ Id: 'admin', Name: 'Mallory' }).expect(403);
  });
});

describe('permissions', () => {
  it('gives a user without the admin permission 403 on every admin endpoint', async () => {
    await createAccount('plain', 'plain-pass', { list: true, viewer: true });
    const user = await signIn(stack.baseUrl, 'plain', 'plain-pass');
    expect(user.account.Permissions).toEqual({ list: true, viewer: true });
    const calls = [
      user.agent.get(`${API}/authconfig/find`),
      user.agent.patch(`${API}/authconfig/update`).set(user.csrf).type('form').send({ Threshold: '0' }),
      user.agent.get(`${API}/authlock/find`).query({ id: 'admin' }),
      user.agent.delete(`${API}/authlock/delete`).query({ id: 'admin' }).set(user.csrf),
      user.agent.get(`${API}/authlocked/month`),
      user.agent.patch(`${API}/passwordconfig/update`).set(user.csrf).type('form').send({ MinimumPasswordLength: '1' }),
      user.agent.post(`${API}/configs/init`).set(user.csrf).type('form').send({}),
      user.agent.put(`${API}/configs/replace`).set(user.csrf).type('form').send({ key: 'country', value: '"jp"' }),
      user.agent.put(`${API}/settings/replace`).set(user.csrf).type('form').send({ Id: 'admin', key: 'lang', value: '{"lang":"ja"}' }),
    ];
    for (const [index, call] of calls.entries()) {
      const response = await call;
      expect(response.status, `admin call #${index + 1}`).toBe(403);
      expect(response.body.code).toBe('forbidden');
    }
    // What the user may do still works.
    await user.agent.get(`${API}/passwordconfig/find`).expect(200);
    await user.agent.get(`${API}/configs/get`).expect(200);
  });

  it('answers 401 on every signed-in endpoint without a session', async () => {
    const agent = anonymous(stack.baseUrl);
    for (const path of [
      '/accounts/signed',
      '/service/settings',
      '/configs/get',
      '/server/heartbeat',
      '/authconfig/find',
      '/passwordconfig/find',
    ]) {
      const response = await agent.get(`${API}${path}`);
      expect(response.status, path).toBe(401);
    }
  });
});

describe('error answers', () => {
  it('answers unknown API paths with the catalogue 404 and malformed bodies with 400, never a stack', async () => {
    const { agent, csrf } = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const missing = await agent.get(`${API}/no/such/thing`).expect(404);
    expect(missing.body).toEqual({ status: 404, code: 'not_found', message: 'The requested resource cannot be found.' });
    const malformed = await agent
      .put(`${API}/settings/replace`)
      .set(csrf)
      .set('Content-Type', 'application/json')
      .send('{"key": ')
      .expect(400);
    expect(malformed.body).toEqual({ status: 400, code: 'bad_request', message: ERRORS.bad_request.message });
    expect(JSON.stringify(malformed.body)).not.toMatch(/at \w+ \(|node_modules/);
  });

  it('sends security headers and never lets caches keep API answers', async () => {
    const response = await anonymous(stack.baseUrl).get(`${API}/state`).expect(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('web connections', () => {
  it('lists the connections and refuses a sign-in beyond the licence limit with 429', async () => {
    const limited = await startStack({ env: { MAX_WEB_CONNECTIONS: '2' } });
    try {
      const first = await signIn(limited.baseUrl, 'admin', limited.adminPassword);
      await signIn(limited.baseUrl, 'admin', limited.adminPassword);
      const third = await login(anonymous(limited.baseUrl), 'admin', limited.adminPassword).expect(429);
      expect(third.body).toEqual({
        status: 429,
        code: 'web_connection_limit',
        message: 'You have exceeded the maximum number of Web Connections.',
      });
      const connections = await first.agent.get(`${API}/connected/users`).expect(200);
      expect(connections.body).toHaveLength(2);
      expect(connections.body[0]).toMatchObject({
        Account: 'admin',
        Name: 'Administrator',
        IPAddress: expect.stringContaining('127.0.0.1'),
      });
      // Signing out frees a connection.
      await first.agent.delete(`${API}/login`).set(first.csrf).expect(200);
      await login(anonymous(limited.baseUrl), 'admin', limited.adminPassword).expect(200);
    } finally {
      await limited.stop();
    }
  });
});
