/**
 * Issue 13 item 9, against a real PostgreSQL and Orthanc behind a "proxy": the stack trusts one
 * proxy (TRUST_PROXY=1), so X-Forwarded-For names the client's address and X-Forwarded-Proto the
 * scheme, as a reverse proxy in front of the adapter would say. Covers share-target lists for
 * sharers and guests, sign-in throttling and the per-address lock, a wrong current password
 * counted as a failed sign-in, the heartbeat's study marker per caller, logos per institution,
 * X-Forwarded-Host from a trusted proxy, and HSTS.
 */
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, API, signIn, signInAsGuest, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createAccount, createRole, postForm, storeTinyStudies, waitForStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;
let partner: number;
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const A1 = tinyStudyUids('hardening-a1');

beforeAll(async () => {
  stack = await startStack({ env: { TRUST_PROXY: '1' } });
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  partner = (await postForm(admin, '/institutions/create', { Name: 'Partner clinic', Targets: JSON.stringify({ All: true }) })).No;
  const sharers = await createRole(admin, { name: 'Sharers', permissions: { list: true, viewer: true, share: true } });
  await createAccount(admin, { id: 'sharer', password: 'sharer-password', role: sharers });
  const readers = await createRole(admin, { name: 'Partner readers', institution: partner, permissions: { list: true, viewer: true } });
  await createAccount(admin, { id: 'partner_doc', password: 'partner-password', role: readers });
  const aeA = await createRole(admin, { name: 'AE_A only', permissions: { list: true }, targets: { All: false, AETitle: ['AE_A'] } });
  await createAccount(admin, { id: 'ae_a_user', password: 'ae-a-password', role: aeA });
  await storeTinyStudies(stack, admin, [{ seed: 'hardening-a1', patientName: 'Hard^A1', patientId: 'HA1' }], { callingAet: 'AE_A' });
});

afterAll(async () => {
  await stack?.stop();
});

/** A sign-in attempt as if from `ip` (the trusted proxy's X-Forwarded-For). */
function loginFrom(ip: string, id: string, password: string) {
  return anonymous(stack.baseUrl)
    .post(`${API}/login`)
    .set('X-Requested-With', 'XMLHttpRequest')
    .set('X-Forwarded-For', ip)
    .type('form')
    .send({ Id: id, Password: password });
}

describe('share targets', () => {
  it('lists to a sharer only the roles and accounts of their own institution, names only, and none to a guest', async () => {
    const sharer = await signIn(stack.baseUrl, 'sharer', 'sharer-password');
    const roles = (await sharer.agent.get(`${API}/roles/all`).expect(200)).body as Record<string, unknown>[];
    const names = roles.map((role) => role.Name);
    expect(names).toContain('Sharers');
    expect(names).not.toContain('Partner readers');
    // The system's share-guest role is nobody's target.
    expect(names).not.toContain('Share guest');
    for (const role of roles) {
      expect(role.Institution).toBe(0);
      expect(Object.keys(role).sort()).toEqual(['Institution', 'Name', 'No', 'Title', 'account_items']);
    }
    const accounts = ((await sharer.agent.get(`${API}/accounts/names`).expect(200)).body as { Id: string }[]).map((a) => a.Id);
    expect(accounts).toContain('sharer');
    expect(accounts).not.toContain('partner_doc');

    // Administrators keep the whole picture.
    const all = (await admin.agent.get(`${API}/roles/all`).expect(200)).body as { Name: string; Permissions: unknown }[];
    expect(all.map((role) => role.Name)).toEqual(expect.arrayContaining(['Sharers', 'Partner readers', 'Share guest']));
    expect(all[0]?.Permissions).toBeDefined();
    const everyone = ((await admin.agent.get(`${API}/accounts/names`).expect(200)).body as { Id: string }[]).map((a) => a.Id);
    expect(everyone).toEqual(expect.arrayContaining(['admin', 'sharer', 'partner_doc']));

    // A guest link's session picks no target and learns no account id (not even the administrator's).
    const share = await postForm<{ AccessKey: string }>(admin, '/sharestudies/create', { uid: A1.study, ExpiresAt: tomorrow });
    const guest = await signInAsGuest(stack.baseUrl, share.AccessKey);
    expect((await guest.agent.get(`${API}/accounts/names`).expect(200)).body).toEqual([]);
    const guestRoles = await guest.agent.get(`${API}/roles/all`);
    expect(guestRoles.status === 403 || (guestRoles.status === 200 && guestRoles.body.length === 0)).toBe(true);
  });

  it("refuses a sharer's role or account in another institution, and anyone's share with the share-guest role", async () => {
    const sharer = await signIn(stack.baseUrl, 'sharer', 'sharer-password');
    const partnerRoles = (await admin.agent.get(`${API}/roles/all`).expect(200)).body as { No: number; Name: string }[];
    const readers = partnerRoles.find((role) => role.Name === 'Partner readers')!.No;
    const guestRole = partnerRoles.find((role) => role.Name === 'Share guest')!.No;
    const share = (session: Session, form: Record<string, string>) =>
      session.agent
        .post(`${API}/sharestudies/create`)
        .set(session.csrf)
        .type('form')
        .send({ uid: A1.study, ExpiresAt: tomorrow, ...form });
    const refused = await share(sharer, { Institution: String(partner), Role: String(readers), Account: 'partner_doc' }).expect(400);
    expect(refused.body.fields).toHaveProperty('Role');
    // The partner institution as a whole is a target a sharer may pick.
    await share(sharer, { Institution: String(partner) }).expect(200);
    // Institution 0 is never a target; were the share-guest role moved elsewhere, it is still refused.
    await stack.sql('update roles set institution = $1 where no = $2', [partner, guestRole]);
    try {
      const guestTarget = await share(admin, { Institution: String(partner), Role: String(guestRole) }).expect(400);
      expect(guestTarget.body.fields).toHaveProperty('Role');
    } finally {
      await stack.sql('update roles set institution = 0 where no = $1', [guestRole]);
    }
  });
});

describe('sign-in throttling', () => {
  it('locks the administrator only for the address that guessed, and slows that address down', async () => {
    const attacker = '198.51.100.7';
    await loginFrom(attacker, 'admin', 'guess-1').expect(401);
    await loginFrom(attacker, 'admin', 'guess-2').expect(401);
    const third = await loginFrom(attacker, 'admin', 'guess-3').expect(403);
    expect(third.body.code).toBe('login_blocked');
    // Locked from there, even with the right password …
    await loginFrom(attacker, 'admin', stack.adminPassword).expect(403);
    // … but not from the administrator's own desk.
    const desk = await loginFrom('203.0.113.20', 'admin', stack.adminPassword).expect(200);
    expect(desk.body.Id).toBe('admin');
    const [row] = await stack.sql<{ ip: string }>(`select ip from sessions where csrf_token = $1`, [desk.body.CsrfToken]);
    expect(row?.ip).toBe('203.0.113.20');

    // Guessing on (other ids) from the same address: after the free failures it must wait, and
    // is refused without a password check, whatever it sends.
    let throttled: Awaited<ReturnType<typeof loginFrom>> | undefined;
    for (let attempt = 0; attempt < 30 && !throttled; attempt++) {
      const response = await loginFrom(attacker, `nobody-${attempt}`, 'guess');
      if (response.status === 429) throttled = response;
      else expect(response.status).toBe(401);
    }
    expect(throttled?.body).toEqual({
      status: 429,
      code: 'sign_in_throttled',
      message: 'Too many failed sign-ins from this address. Wait a moment and try again.',
    });
    expect(Number(throttled?.headers['retry-after'])).toBeGreaterThan(0);
    // The first waits are a second or two; jump ahead to a long one (as hours of guessing would
    // reach) so that the next checks do not race the clock.
    await stack.sql('update sign_in_failures set failures = failures + 20 where ip = $1', [attacker]);
    // The right password of another account from that address is held back too …
    await loginFrom(attacker, 'sharer', 'sharer-password').expect(429);
    // … while everyone elsewhere signs in as usual.
    await loginFrom('203.0.113.21', 'sharer', 'sharer-password').expect(200);
    await loginFrom('203.0.113.20', 'admin', stack.adminPassword).expect(200);

    // An administrator's unlock frees the account for the guessing address too.
    await admin.agent.delete(`${API}/authlock/delete`).query({ id: 'admin' }).set(admin.csrf).expect(200);
    expect(await stack.sql(`select 1 from sign_in_locks where account_id = 'admin'`)).toHaveLength(0);
  });

  it('counts a wrong current password on a password change as a failed sign-in from that address', async () => {
    const role = await createRole(admin, { name: 'Changers', permissions: { list: true, user: true } });
    await createAccount(admin, { id: 'changer', password: 'changer-password', role });
    const ip = '192.0.2.44';
    const agent = anonymous(stack.baseUrl);
    const signedIn = await agent
      .post(`${API}/login`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('X-Forwarded-For', ip)
      .type('form')
      .send({ Id: 'changer', Password: 'changer-password' })
      .expect(200);
    const change = (current: string) =>
      agent
        .patch(`${API}/accounts/update`)
        .set('X-CSRF-Token', signedIn.body.CsrfToken)
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ Password: 'new-changer-password', CurrentPassword: current });
    expect((await change('wrong-1').expect(400)).body.fields).toHaveProperty('CurrentPassword');
    await change('wrong-2').expect(400);
    expect((await change('wrong-3').expect(403)).body.code).toBe('login_blocked');
    // The same lock as for sign-in: from that address, neither a change nor a sign-in goes through.
    await change('changer-password').expect(403);
    await loginFrom(ip, 'changer', 'changer-password').expect(403);
    await loginFrom('192.0.2.45', 'changer', 'changer-password').expect(200);
  });
});

describe('heartbeat study marker', () => {
  const marker = async (session: Session) => (await session.agent.get(`${API}/server/heartbeat`).query({ key: 'study' }).expect(200)).text;
  const latestOf = async (aeTitle: string | null) => {
    const [row] = await stack.sql<{ at: Date | null }>(
      'select max(updated_at) as at from studies where $1::text is null or ae_title = $1',
      [aeTitle],
    );
    return row?.at?.toISOString() ?? '';
  };
  async function waitForMarker(session: Session, expected: () => Promise<string>): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const wanted = await expected();
      if ((await marker(session)) === wanted) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await marker(session)).toBe(await expected());
  }

  it('moves only for studies the caller can see: arrivals and deletions of AE_A, not of AE_B', async () => {
    const user = await signIn(stack.baseUrl, 'ae_a_user', 'ae-a-password');
    expect(await marker(user)).toBe(await latestOf('AE_A'));
    const before = await marker(user);

    await storeTinyStudies(stack, admin, [{ seed: 'hardening-b1', patientName: 'Hard^B1', patientId: 'HB1' }], {
      callingAet: 'AE_B',
      total: 2,
    });
    // The administrator sees the AE_B study arrive; the AE_A user's marker stays on AE_A's studies.
    await waitForMarker(admin, () => latestOf(null));
    expect(await latestOf('AE_B')).not.toBe('');
    expect(await marker(admin)).not.toBe(before);
    expect(await marker(user)).toBe(await latestOf('AE_A'));

    // Deleting the AE_B study from the index does not move it either.
    await stack.sql(`delete from studies where ae_title = 'AE_B'`);
    expect(await marker(user)).toBe(await latestOf('AE_A'));

    // An AE_A study arriving does.
    await storeTinyStudies(stack, admin, [{ seed: 'hardening-a2', patientName: 'Hard^A2', patientId: 'HA2' }], {
      callingAet: 'AE_A',
      total: 2,
    });
    await waitForStudies(user, 2);
    await waitForMarker(user, () => latestOf('AE_A'));
    const afterArrival = await marker(user);
    expect(afterArrival > before).toBe(true);

    // And so does the deletion of a study the user could see.
    await stack.sql('delete from studies where study_instance_uid = $1', [tinyStudyUids('hardening-a2').study]);
    const afterDeletion = await marker(user);
    expect(afterDeletion > afterArrival).toBe(true);
  });
});

describe('institution logos', () => {
  it("answers a logo only to the institution's own users and to administrators", async () => {
    const png = new PNG({ width: 8, height: 8 });
    png.data.fill(200);
    await admin.agent
      .post(`${API}/institutions/uploadimagefile`)
      .set(admin.csrf)
      .field('institution', String(partner))
      .field('name', 'report_header')
      .attach('file', PNG.sync.write(png), 'logo.png')
      .expect(200);
    const download = (session: Session) =>
      session.agent.get(`${API}/institutions/downloadimagefile`).query({ institution: partner, name: 'report_header' });
    const own = await download(await signIn(stack.baseUrl, 'partner_doc', 'partner-password')).expect(200);
    expect(own.headers['content-type']).toBe('image/png');
    await download(admin).expect(200);
    const other = await download(await signIn(stack.baseUrl, 'sharer', 'sharer-password')).expect(404);
    expect(other.body.code).toBe('not_found');
  });
});

describe('behind a trusted proxy', () => {
  it('takes the public host from X-Forwarded-Host for the Origin check', async () => {
    const login = (origin: string, host: string) =>
      anonymous(stack.baseUrl)
        .post(`${API}/login`)
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Origin', origin)
        .set('X-Forwarded-Host', host)
        .type('form')
        .send({ Id: 'admin', Password: stack.adminPassword });
    await login('https://pacs.example.org', 'pacs.example.org').expect(200);
    expect((await login('https://evil.example', 'pacs.example.org').expect(403)).body.code).toBe('csrf_failed');
  });

  it('sends HSTS when the proxy says the request came over TLS, and not over plain HTTP', async () => {
    const secure = await anonymous(stack.baseUrl).get(`${API}/state`).set('X-Forwarded-Proto', 'https').expect(200);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    const page = await anonymous(stack.baseUrl).get('/viewer/').set('X-Forwarded-Proto', 'https');
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await anonymous(stack.baseUrl).get(`${API}/state`).expect(200);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
