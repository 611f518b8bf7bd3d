/**
 * Connectors' schema (030_connectors.sql): a name of 1–64 characters, a unique Id, a 32-byte key
 * hash (the SHA-256, never the key), an institution that must exist; a connector's providers
 * (and their DICOM users) go with it; a provider's port is unique within its connector only; and
 * the providers' identity starts after the archive's own provider, seeded as No 1.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { count, insertInstitution, refusal, withRollback } from '../harness/db.ts';

const HASH = Buffer.alloc(32, 7);

async function connector(client: DbClient, id: string): Promise<number> {
  // Institution 0 is the first start's (bootstrap), absent from a migrated-only database.
  await client.query("insert into institutions (no, name) values (0, '') on conflict do nothing");
  const { rows } = await client.query<{ no: number }>("insert into connectors (name, id, key_hash) values ('Site', $1, $2) returning no", [
    id,
    HASH,
  ]);
  return rows[0]!.no;
}

const PROVIDER = "insert into providers (ae_title, port, connector) values ('AE', $1, $2)";

describe('connectors schema', () => {
  it('refuses an empty or long name, a repeated Id, a key that is not a SHA-256 and an unknown institution', async () => {
    await withRollback(async (client) => {
      await connector(client, 'one');
      const insert = (name: string, id: string, hash: Buffer, institution = 0) =>
        refusal(client, 'insert into connectors (name, id, key_hash, institution) values ($1, $2, $3, $4)', [name, id, hash, institution]);
      expect((await insert('', 'two', HASH)).code).toBe('23514');
      expect((await insert('x'.repeat(65), 'two', HASH)).code).toBe('23514');
      expect((await insert('Site', 'one', HASH)).constraint).toBe('connectors_id_key');
      expect((await insert('Site', 'two', Buffer.alloc(16))).code).toBe('23514');
      expect((await insert('Site', 'two', HASH, 424242)).code).toBe('23503');
      await insertInstitution(client, 5);
      await client.query("insert into connectors (name, id, key_hash, institution) values ('Clinic', 'two', $1, 5)", [HASH]);
    });
  });

  it('keeps a port unique within a connector, and deletes the providers and their DICOM users with it', async () => {
    await withRollback(async (client) => {
      const [a, b] = [await connector(client, 'a'), await connector(client, 'b')];
      await client.query(
        "insert into providers (no, ae_title, port) overriding system value values (1, 'PACS', 104) on conflict do nothing",
      );
      await client.query(PROVIDER, [11112, a]);
      await client.query(PROVIDER, [11112, b]);
      expect((await refusal(client, PROVIDER, [11112, a])).constraint).toBe('providers_port');
      const { rows } = await client.query<{ no: number }>('select no from providers where connector = $1', [a]);
      expect(rows[0]!.no).toBeGreaterThan(1);
      await client.query("insert into dicom_users (provider, ae_title, ip_address, port) values ($1, 'CT', '10.0.0.1', 104)", [
        rows[0]!.no,
      ]);
      await client.query('delete from connectors where no = $1', [a]);
      expect(await count(client, 'select count(*) as n from providers where connector = $1', [a])).toBe(0);
      expect(await count(client, "select count(*) as n from dicom_users where ae_title = 'CT'")).toBe(0);
      expect(await count(client, 'select count(*) as n from providers where connector = $1', [b])).toBe(1);
      expect((await refusal(client, PROVIDER, [2000, 999999])).code).toBe('23503');
    });
  });
});
