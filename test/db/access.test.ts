/**
 * The database's own rules for institutions, roles, accounts and what hangs off an account
 * (001_platform.sql, 003_access.sql, 010_sign_in_throttle.sql): whatever code writes these
 * tables, PostgreSQL refuses what would break them.
 */
import { describe, expect, it } from 'vitest';
import { count, insertAccount, insertInstitution, insertRole, insertStudy, refusal, withRollback } from '../harness/db.ts';

describe('roles', () => {
  it('refuses a second role of the same name in one institution, whatever its case, and allows it in another', () =>
    withRollback(async (client) => {
      const a = await insertInstitution(client, 10);
      const b = await insertInstitution(client, 11);
      await insertRole(client, a, 'Readers');
      expect(await refusal(client, `insert into roles (institution, name) values ($1, 'READERS')`, [a])).toMatchObject({
        code: '23505',
        constraint: 'roles_name_per_institution',
      });
      await insertRole(client, b, 'Readers');
      expect(await count(client, `select count(*) as n from roles where lower(name) = 'readers'`)).toBe(2);
    }));

  it('keeps an institution while a role belongs to it (on delete restrict)', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 12);
      await insertRole(client, institution, 'Staff');
      expect(await refusal(client, 'delete from institutions where no = $1', [institution])).toMatchObject({
        code: '23503',
        constraint: 'roles_institution_fkey',
      });
    }));

  it('accepts only the known teleradiology kinds and study access values, with study access all by default', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 13);
      for (const kind of ['Company', 'Institution', 'Radiologist']) {
        await client.query('insert into roles (institution, name, teleradiology) values ($1, $2, $3)', [institution, kind, kind]);
      }
      expect(
        await refusal(client, `insert into roles (institution, name, teleradiology) values ($1, 'x', 'radiologist')`, [institution]),
      ).toMatchObject({ code: '23514', constraint: 'roles_teleradiology_check' });
      expect(
        await refusal(client, `insert into roles (institution, name, study_access) values ($1, 'y', 'everything')`, [institution]),
      ).toMatchObject({ code: '23514', constraint: 'roles_study_access_check' });
      const role = await insertRole(client, institution, 'Plain');
      const { rows } = await client.query('select study_access, teleradiology, permissions, targets from roles where no = $1', [role]);
      expect(rows[0]).toEqual({
        study_access: 'all',
        teleradiology: null,
        permissions: {},
        targets: { All: true, AETitle: [], InstitutionName: [], Modality: [] },
      });
    }));

  it('numbers new roles from 2: number 1 is the Master role the first start creates', () =>
    withRollback(async (client) => {
      const { rows } = await client.query<{ start: string }>(
        `select seqstart::text as start from pg_sequence where seqrelid = pg_get_serial_sequence('roles', 'no')::regclass`,
      );
      expect(rows[0]!.start).toBe('2');
    }));
});

describe('accounts', () => {
  it('refuses an id that differs from another only by case', () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 20), 'Readers');
      await insertAccount(client, 'Reader@example.org', role);
      expect(
        await refusal(client, `insert into accounts (id, password_hash, role) values ('reader@EXAMPLE.org', 'h', $1)`, [role]),
      ).toMatchObject({ code: '23505', constraint: 'accounts_id_lower' });
    }));

  it('keeps a role while an account has it (on delete restrict), and refuses an account without one', () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 21), 'Readers');
      await insertAccount(client, 'reader', role);
      expect(await refusal(client, 'delete from roles where no = $1', [role])).toMatchObject({
        code: '23503',
        constraint: 'accounts_role_fkey',
      });
      expect(await refusal(client, `insert into accounts (id, password_hash, role) values ('ghost', 'h', -5)`)).toMatchObject({
        code: '23503',
        constraint: 'accounts_role_fkey',
      });
      expect(await refusal(client, `insert into accounts (id, password_hash) values ('roleless', 'h')`)).toMatchObject({
        code: '23502',
        column: 'role',
      });
    }));

  it('starts an account unlocked with no failed attempts and no settings', () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 22), 'Readers');
      await insertAccount(client, 'fresh', role);
      const { rows } = await client.query(
        `select failed_attempts, locked_at, last_failed_at, settings, name, ae_title from accounts where id = 'fresh'`,
      );
      expect(rows[0]).toEqual({ failed_attempts: 0, locked_at: null, last_failed_at: null, settings: null, name: '', ae_title: '' });
    }));

  it("takes the account's sessions, locks, lock events and favourites with it when deleted", () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 23), 'Readers');
      await insertAccount(client, 'leaver', role);
      await insertAccount(client, 'stayer', role);
      const study = await insertStudy(client, 'acc-1');
      for (const id of ['leaver', 'stayer']) {
        await client.query(
          `insert into sessions (id_hash, account_id, csrf_token) values (sha256(convert_to($1::text, 'UTF8')), $1, 'csrf')`,
          [id],
        );
        await client.query(`insert into auth_lock_events (account_id) values ($1)`, [id]);
        await client.query(`insert into sign_in_locks (account_id, ip) values ($1, '10.0.0.1')`, [id]);
        await client.query('insert into study_favorites (account_id, study_id) values ($1, $2)', [id, study]);
      }
      await client.query(`delete from accounts where id = 'leaver'`);
      for (const table of ['sessions', 'auth_lock_events', 'sign_in_locks', 'study_favorites']) {
        const { rows } = await client.query<{ account_id: string }>(`select account_id from ${table}`);
        expect(
          rows.map((row) => row.account_id),
          table,
        ).toEqual(['stayer']);
      }
    }));

  it("carries a renamed id into the account's sessions, locks and favourites (on update cascade)", () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 24), 'Readers');
      await insertAccount(client, 'old-name', role);
      const study = await insertStudy(client, 'acc-2');
      await client.query(`insert into sessions (id_hash, account_id, csrf_token) values ('\\x01', 'old-name', 'csrf')`);
      await client.query(`insert into sign_in_locks (account_id, ip) values ('old-name', '10.0.0.2')`);
      await client.query(`insert into study_favorites (account_id, study_id) values ('old-name', $1)`, [study]);
      await client.query(`update accounts set id = 'new-name' where id = 'old-name'`);
      for (const table of ['sessions', 'sign_in_locks', 'study_favorites']) {
        const { rows } = await client.query<{ account_id: string }>(`select account_id from ${table}`);
        expect(
          rows.map((row) => row.account_id),
          table,
        ).toEqual(['new-name']);
      }
    }));
});

describe('sign-in throttling', () => {
  it('keeps one lock row per account and address, and one failure counter per address', () =>
    withRollback(async (client) => {
      const role = await insertRole(client, await insertInstitution(client, 25), 'Readers');
      await insertAccount(client, 'guessed', role);
      await client.query(`insert into sign_in_locks (account_id, ip) values ('guessed', '10.0.0.3'), ('guessed', '10.0.0.4')`);
      expect(await refusal(client, `insert into sign_in_locks (account_id, ip) values ('guessed', '10.0.0.3')`)).toMatchObject({
        code: '23505',
        constraint: 'sign_in_locks_pkey',
      });
      await client.query(`insert into sign_in_failures (ip) values ('10.0.0.3')`);
      expect(await refusal(client, `insert into sign_in_failures (ip) values ('10.0.0.3')`)).toMatchObject({
        code: '23505',
        constraint: 'sign_in_failures_pkey',
      });
      const { rows } = await client.query(`select failures, locked_at from sign_in_locks where ip = '10.0.0.4'`);
      expect(rows[0]).toEqual({ failures: 0, locked_at: null });
    }));
});
