/** Every SQL statement of the connectors and of the providers they group. */
import type { Db, DbClient } from '../../db/pool.ts';

export interface ConnectorRow {
  no: number;
  name: string;
  id: string;
  institution: number;
  key_created_at: Date;
}

const COLUMNS = 'no, name, id, institution, key_created_at';

/** Every connector, or those of one institution (an administrator bound to it). */
export async function selectConnectors(db: Db | DbClient, institution: number | null): Promise<ConnectorRow[]> {
  const { rows } = await db.query<ConnectorRow>(`select ${COLUMNS} from connectors where $1::int is null or institution = $1 order by no`, [
    institution,
  ]);
  return rows;
}

export async function selectConnector(db: Db | DbClient, no: number): Promise<ConnectorRow | undefined> {
  const { rows } = await db.query<ConnectorRow>(`select ${COLUMNS} from connectors where no = $1`, [no]);
  return rows[0];
}

export interface ConnectorFields {
  name: string;
  institution: number;
}

export async function insertConnector(db: Db | DbClient, fields: ConnectorFields, id: string, keyHash: Buffer): Promise<number> {
  const { rows } = await db.query<{ no: number }>(
    'insert into connectors (name, id, institution, key_hash) values ($1, $2, $3, $4) returning no',
    [fields.name, id, fields.institution, keyHash],
  );
  return rows[0]!.no;
}

export async function updateConnector(db: Db | DbClient, no: number, fields: ConnectorFields): Promise<boolean> {
  const { rowCount } = await db.query('update connectors set name = $2, institution = $3, updated_at = now() where no = $1', [
    no,
    fields.name,
    fields.institution,
  ]);
  return (rowCount ?? 0) > 0;
}

/** A new key: the old one stops working at once. */
export async function replaceConnectorKey(db: Db | DbClient, no: number, keyHash: Buffer): Promise<Date | null> {
  const { rows } = await db.query<{ key_created_at: Date }>(
    'update connectors set key_hash = $2, key_created_at = now(), updated_at = now() where no = $1 returning key_created_at',
    [no, keyHash],
  );
  return rows[0]?.key_created_at ?? null;
}

/** Deletes the connector with its providers and their DICOM users (the foreign keys cascade). */
export async function deleteConnector(db: Db | DbClient, no: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from connectors where no = $1', [no]);
  return (rowCount ?? 0) > 0;
}

/** The connector whose id and key hash these are (the connector's own sign-in). */
export async function connectorByKey(db: Db | DbClient, id: string, keyHash: Buffer): Promise<number | null> {
  const { rows } = await db.query<{ no: number }>('select no from connectors where id = $1 and key_hash = $2', [id, keyHash]);
  return rows[0]?.no ?? null;
}

export interface ConnectorProviderFields {
  connector: number;
  name: string;
  aeTitle: string;
  port: number;
  allowAnonymous: boolean;
}

/** not_exist_provider in the connector editions: another provider of the same connector on this port. */
export async function connectorPortTaken(db: Db | DbClient, connector: number, port: number, except: number | null): Promise<boolean> {
  const { rows } = await db.query('select 1 from providers where connector = $1 and port = $2 and no <> coalesce($3, -1)', [
    connector,
    port,
    except,
  ]);
  return rows.length > 0;
}

/** A connector's provider belongs to the connector's institution. */
export async function insertConnectorProvider(db: Db | DbClient, fields: ConnectorProviderFields): Promise<number> {
  const { rows } = await db.query<{ no: number }>(
    `insert into providers (name, ae_title, port, allow_anonymous, connector, institution)
     select $1, $2, $3, $4, c.no, c.institution from connectors c where c.no = $5 returning no`,
    [fields.name, fields.aeTitle, fields.port, fields.allowAnonymous, fields.connector],
  );
  return rows[0]!.no;
}

export async function updateConnectorProvider(db: Db | DbClient, no: number, fields: ConnectorProviderFields): Promise<void> {
  await db.query(
    `update providers p set name = $2, ae_title = $3, port = $4, allow_anonymous = $5, connector = c.no, institution = c.institution,
            updated_at = now()
       from connectors c where p.no = $1 and c.no = $6`,
    [no, fields.name, fields.aeTitle, fields.port, fields.allowAnonymous, fields.connector],
  );
}

export async function deleteProvider(db: Db | DbClient, no: number): Promise<void> {
  await db.query('delete from providers where no = $1', [no]);
}

/** A connector's institution follows to its providers. */
export async function moveConnectorProviders(db: Db | DbClient, connector: number, institution: number): Promise<void> {
  await db.query('update providers set institution = $2, updated_at = now() where connector = $1', [connector, institution]);
}
