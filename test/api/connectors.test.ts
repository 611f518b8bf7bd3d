/**
 * Connectors (issue 15; spec 3 §3, §5, §7) in the cloud edition: create, read, update and delete
 * with the spec's messages, the key (shown once, stored as a hash, renewed), providers grouped
 * under a connector with their port unique within it (not_exist_provider), the refusals of a
 * non-administrator and the scope of an administrator bound to one institution; and in an
 * on-premises edition the routes answer 403 as the other edition-gated features do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Connector, type ConnectorKey, type CreatedConnector, type Provider } from '@pacs/common';
import { API, anonymous, signIn, type Session } from '../harness/api.ts';
import { createReader, postForm } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;

beforeAll(async () => {
  stack = await startStack({ edition: 'cloud' });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
});

const send = (session: Session, method: 'post' | 'patch', path: string, form: Record<string, string>) =>
  session.agent[method](`${API}${path}`).set(session.csrf).type('form').send(form);

const all = async (session: Session = admin): Promise<Connector[]> =>
  (await session.agent.get(`${API}/connectors/all`).expect(200)).body as Connector[];

/** The connector's own call, as the relay at the hospital makes it. */
const settings = (id: string, key: string) =>
  anonymous(stack.baseUrl)
    .post(`${API}/connectors/settings`)
    .set('X-Requested-With', 'XMLHttpRequest')
    .type('form')
    .send({ Id: id, Key: key });

describe('connectors in the cloud edition', () => {
  let created: CreatedConnector;

  it('creates a connector with a random key, shown once and kept only as its hash', async () => {
    created = (await send(admin, 'post', '/connectors/create', { Name: '  Main hospital  ', Institution: '0' }).expect(200))
      .body as CreatedConnector;
    expect(created).toMatchObject({ Name: 'Main hospital', Institution: 0, provider_items: [] });
    expect(created.Id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.Key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await stack.sql<{ key_hash: Buffer }>('select key_hash from connectors where no = $1', [created.No]);
    expect(row!.key_hash).toHaveLength(32);
    expect(row!.key_hash.toString('base64url')).not.toContain(created.Key);
    const listed = (await all()).find((one) => one.No === created.No)!;
    expect(listed).not.toHaveProperty('Key');
    expect(JSON.stringify(await all())).not.toContain(created.Key);
    const second = (await send(admin, 'post', '/connectors/create', { Name: 'Second', Institution: '0' }).expect(200))
      .body as CreatedConnector;
    expect(second.Key).not.toBe(created.Key);
    expect(second.Id).not.toBe(created.Id);
  });

  it('lets the connector read its settings with its key, and a renewed key replaces the old one', async () => {
    expect((await settings(created.Id, created.Key).expect(200)).body).toMatchObject({ No: created.No, Name: 'Main hospital' });
    await settings(created.Id, 'x'.repeat(43)).expect(401);
    await settings('00000000-0000-4000-8000-000000000000', created.Key).expect(401);
    const renewed = (await send(admin, 'post', '/connectors/key', { No: String(created.No) }).expect(200)).body as ConnectorKey;
    expect(renewed).toMatchObject({ No: created.No, Id: created.Id });
    expect(renewed.Key).not.toBe(created.Key);
    await settings(created.Id, created.Key).expect(401);
    await settings(created.Id, renewed.Key).expect(200);
    await send(admin, 'post', '/connectors/key', { No: '999999' }).expect(404);
  });

  it('answers the spec’s messages for a bad name, institution or number', async () => {
    const refused = async (form: Record<string, string>, field: string, message: string) => {
      const response = await send(admin, 'post', '/connectors/create', form).expect(400);
      expect(response.body.fields).toEqual({ [field]: message });
    };
    await refused({ Name: '   ', Institution: '0' }, 'Name', MESSAGES.required);
    await refused({ Institution: '0' }, 'Name', MESSAGES.required);
    await refused({ Name: 'x'.repeat(65), Institution: '0' }, 'Name', MESSAGES.max_length(64));
    await refused({ Name: 'A', Institution: '424242' }, 'Institution', MESSAGES.invalid);
    await refused({ Name: 'A', Institution: 'one' }, 'Institution', MESSAGES.invalid);
    await refused({ Name: 'A' }, 'Institution', MESSAGES.required);
    await send(admin, 'patch', '/connectors/update', { No: '999999', Name: 'A', Institution: '0' }).expect(404);
    await admin.agent.delete(`${API}/connectors/delete`).set(admin.csrf).query({ no: 'abc' }).expect(400);
  });

  it('groups providers under a connector, with the port unique within the connector', async () => {
    const provider = (form: Record<string, string>) =>
      send(admin, 'post', '/providers/create', {
        Name: 'CT room',
        AETitle: 'CT_ROOM',
        Port: '11112',
        AllowAnonymousUsers: 'false',
        ...form,
      });
    const ct = (await provider({ Connector: String(created.No) }).expect(200)).body as Provider;
    expect(ct).toMatchObject({ Connector: created.No, Port: 11112, AETitle: 'CT_ROOM', AllowAnonymousUsers: false, Institution: 0 });
    const taken = await provider({ Connector: String(created.No), AETitle: 'MR_ROOM' }).expect(409);
    expect(taken.body.fields).toEqual({ Port: MESSAGES.already_exists });
    // Another connector may listen on the same port: it is another machine.
    const other = (await all()).find((one) => one.Name === 'Second')!;
    await provider({ Connector: String(other.No) }).expect(200);
    const bad = await provider({ Connector: String(created.No), AETitle: 'BAD\\AE', Port: '70000' }).expect(400);
    expect(Object.keys(bad.body.fields as object)).toEqual(['AETitle']);
    await provider({ Connector: '999999', Port: '2000' }).expect(400);
    await provider({ Port: '2001' }).expect(400);

    const listed = (await all()).find((one) => one.No === created.No)!;
    expect(listed.provider_items.map((one) => one.AETitle)).toEqual(['CT_ROOM']);

    // Edited within the connector, and refused onto a port the connector already uses.
    const mr = (await provider({ Connector: String(created.No), AETitle: 'MR_ROOM', Port: '11113' }).expect(200)).body as Provider;
    const update = (port: string) =>
      send(admin, 'patch', '/providers/update', {
        No: String(mr.No),
        Name: 'MR',
        AETitle: 'MR_ROOM',
        Port: port,
        AllowAnonymousUsers: 'true',
      });
    expect((await update('11113').expect(200)).body).toEqual(expect.arrayContaining([expect.objectContaining({ No: mr.No, Name: 'MR' })]));
    expect((await update('11112').expect(409)).body.fields).toEqual({ Port: MESSAGES.already_exists });

    // DICOM users of a connector's provider carry the connector.
    await postForm(admin, '/users/create', { Provider: String(mr.No), Name: 'MR 1', AETitle: 'MR1', IPAddress: '10.0.0.5', Port: '104' });
    const users = (await admin.agent.get(`${API}/users/all`).expect(200)).body as { AETitle: string; Connector: number | null }[];
    expect(users.find((user) => user.AETitle === 'MR1')?.Connector).toBe(created.No);

    await admin.agent.delete(`${API}/providers/delete`).set(admin.csrf).query({ no: ct.No }).expect(200);
    // The archive's own provider (no connector) cannot be deleted.
    await admin.agent.delete(`${API}/providers/delete`).set(admin.csrf).query({ no: 1 }).expect(409);
  });

  it('renames a connector, and deleting it takes its providers and their DICOM users', async () => {
    const renamed = (
      await send(admin, 'patch', '/connectors/update', { No: String(created.No), Name: 'Main site', Institution: '0' }).expect(200)
    ).body as Connector;
    expect(renamed).toMatchObject({ Name: 'Main site', Id: created.Id });
    await admin.agent.delete(`${API}/connectors/delete`).set(admin.csrf).query({ no: created.No }).expect(200);
    expect((await all()).map((one) => one.No)).not.toContain(created.No);
    const [left] = await stack.sql<{ n: number }>(
      `select (select count(*) from providers where connector = $1)::int + (select count(*) from dicom_users where ae_title = 'MR1')::int as n`,
      [created.No],
    );
    expect(left!.n).toBe(0);
    await admin.agent.delete(`${API}/connectors/delete`).set(admin.csrf).query({ no: created.No }).expect(404);
  });

  it('refuses users without admin, and keeps an institution’s administrator to its own connectors', async () => {
    await createReader(admin, { id: 'conn_reader', password: 'reader-pass-1', role: { name: 'Conn reader', permissions: { list: true } } });
    const reader = await signIn(stack.baseUrl, 'conn_reader', 'reader-pass-1');
    await reader.agent.get(`${API}/connectors/all`).expect(403);
    await send(reader, 'post', '/connectors/create', { Name: 'Mine', Institution: '0' }).expect(403);
    await send(reader, 'post', '/connectors/key', { No: '1' }).expect(403);
    await anonymous(stack.baseUrl).get(`${API}/connectors/all`).expect(401);

    const clinic = (await postForm(admin, '/institutions/create', { Name: 'Clinic', Targets: JSON.stringify({ All: true }) })).No;
    const theirs = (await send(admin, 'post', '/connectors/create', { Name: 'Clinic relay', Institution: String(clinic) }).expect(200))
      .body as CreatedConnector;
    await createReader(admin, {
      id: 'clinic_admin',
      password: 'clinic-pass-1',
      role: { name: 'Clinic admin', institution: clinic, permissions: { admin: true } },
    });
    const limited = await signIn(stack.baseUrl, 'clinic_admin', 'clinic-pass-1');
    expect((await all(limited)).map((one) => one.Name)).toEqual(['Clinic relay']);
    const second = (await all()).find((one) => one.Name === 'Second')!;
    await send(limited, 'patch', '/connectors/update', { No: String(second.No), Name: 'Taken', Institution: String(clinic) }).expect(404);
    await send(limited, 'post', '/connectors/key', { No: String(second.No) }).expect(404);
    await limited.agent.delete(`${API}/connectors/delete`).set(limited.csrf).query({ no: second.No }).expect(404);
    expect((await send(limited, 'post', '/connectors/create', { Name: 'Elsewhere', Institution: '0' }).expect(400)).body.fields).toEqual({
      Institution: MESSAGES.invalid,
    });
    await send(limited, 'post', '/providers/create', {
      Connector: String(second.No),
      Name: 'X',
      AETitle: 'X',
      Port: '3000',
      AllowAnonymousUsers: 'true',
    }).expect(400);
    await send(limited, 'post', '/connectors/key', { No: String(theirs.No) }).expect(200);
    await send(limited, 'post', '/connectors/create', { Name: 'Annex', Institution: String(clinic) }).expect(200);

    // Another institution's providers and their DICOM users are not listed to them, nor theirs to change.
    const elsewhere = second.provider_items[0]!;
    const user = await postForm(admin, '/users/create', {
      Provider: String(elsewhere.No),
      Name: 'US 1',
      AETitle: 'US1',
      IPAddress: '10.0.0.9',
      Port: '104',
    });
    const providers = (await limited.agent.get(`${API}/providers/all`).expect(200)).body as Provider[];
    expect(providers.map((one) => one.No)).not.toContain(elsewhere.No);
    expect(providers.every((one) => one.Connector === null || one.Institution === clinic)).toBe(true);
    const users = (await limited.agent.get(`${API}/users/all`).expect(200)).body as { AETitle: string }[];
    expect(users.map((one) => one.AETitle)).not.toContain('US1');
    const userForm = { Provider: String(elsewhere.No), Name: 'Mine', AETitle: 'MINE', IPAddress: '10.0.0.10', Port: '104' };
    expect((await send(limited, 'post', '/users/create', userForm).expect(400)).body.fields).toEqual({ Provider: MESSAGES.invalid });
    await send(limited, 'patch', '/users/update', { ...userForm, No: String(user.No) }).expect(404);
    await limited.agent.delete(`${API}/users/delete`).set(limited.csrf).query({ no: user.No }).expect(404);
    const adminUsers = (await admin.agent.get(`${API}/users/all`).expect(200)).body as { AETitle: string }[];
    expect(adminUsers.map((one) => one.AETitle)).toContain('US1');
  });
});

describe('connectors outside the cloud and teleradiology editions', () => {
  let premises: Stack;
  let premisesAdmin: Session;

  beforeAll(async () => {
    premises = await startStack({ edition: 'pacs' });
    premisesAdmin = await signIn(premises.baseUrl, premises.adminId, premises.adminPassword);
  });

  afterAll(async () => {
    await premises?.stop();
  });

  it('answers 403 on every connector route, and keeps the one DICOM port', async () => {
    const response = await premisesAdmin.agent.get(`${API}/connectors/all`).expect(403);
    expect(response.body.code).toBe('forbidden');
    await send(premisesAdmin, 'post', '/connectors/create', { Name: 'Relay', Institution: '0' }).expect(403);
    await send(premisesAdmin, 'patch', '/connectors/update', { No: '1', Name: 'Relay', Institution: '0' }).expect(403);
    await send(premisesAdmin, 'post', '/connectors/key', { No: '1' }).expect(403);
    await premisesAdmin.agent.delete(`${API}/connectors/delete`).set(premisesAdmin.csrf).query({ no: 1 }).expect(403);
    await anonymous(premises.baseUrl)
      .post(`${API}/connectors/settings`)
      .set('X-Requested-With', 'XMLHttpRequest')
      .type('form')
      .send({ Id: 'a', Key: 'b' })
      .expect(403);
    await send(premisesAdmin, 'post', '/providers/create', {
      Connector: '1',
      Name: 'X',
      AETitle: 'X',
      Port: '3000',
      AllowAnonymousUsers: 'true',
    }).expect(409);
  });
});
