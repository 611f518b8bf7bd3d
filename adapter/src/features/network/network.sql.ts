/** Every SQL statement of the DICOM network: providers, DICOM users, send destinations. */
import type { Db, DbClient } from '../../db/pool.ts';
import type { LiveAssociation } from '@pacs/common';
import { LIVE_FRONT } from '../dicom-front/dicom-front.sql.ts';

export interface ProviderRow {
  no: number;
  name: string;
  ae_title: string;
  port: number;
  allow_anonymous: boolean;
  institution: number;
  connector: number | null;
}

export interface DicomUserRow {
  no: number;
  provider: number;
  connector: number | null;
  /** The provider's institution (a connector's; 0 for the archive's own provider). */
  institution: number;
  name: string;
  ae_title: string;
  ip_address: string;
  port: number;
}

export interface SendDestinationRow {
  no: number;
  name: string;
  ip_address: string;
  port: number;
  called_ae_title: string;
  calling_ae_title: string;
}

export async function selectProviders(db: Db | DbClient): Promise<ProviderRow[]> {
  const { rows } = await db.query<ProviderRow>(
    'select no, name, ae_title, port, allow_anonymous, institution, connector from providers order by no',
  );
  return rows;
}

export async function selectProvider(db: Db | DbClient, no: number): Promise<ProviderRow | undefined> {
  const { rows } = await db.query<ProviderRow>(
    'select no, name, ae_title, port, allow_anonymous, institution, connector from providers where no = $1',
    [no],
  );
  return rows[0];
}

/** The installation's own provider, from DICOM_AET / DICOM_PORT, on the first start. */
export async function seedProvider(db: Db | DbClient, aeTitle: string, port: number): Promise<void> {
  await db.query(
    `insert into providers (no, name, ae_title, port) overriding system value
     select 1, 'PACS', $1, $2 where not exists (select 1 from providers)`,
    [aeTitle, port],
  );
}

export interface ProviderFields {
  name: string;
  aeTitle: string;
  port: number;
  allowAnonymous: boolean;
}

export async function updateProvider(db: Db | DbClient, no: number, fields: ProviderFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `update providers set name = $2, ae_title = $3, port = $4, allow_anonymous = $5, updated_at = now() where no = $1`,
    [no, fields.name, fields.aeTitle, fields.port, fields.allowAnonymous],
  );
  return (rowCount ?? 0) > 0;
}

/** Another provider listening on this port (not_exist_provider). */
export async function providerPortTaken(db: Db | DbClient, port: number, except: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from providers where port = $1 and no <> $2', [port, except]);
  return rows.length > 0;
}

const USER_COLUMNS = 'u.no, u.provider, p.connector, p.institution, u.name, u.ae_title, u.ip_address, u.port';

export async function selectDicomUsers(db: Db | DbClient): Promise<DicomUserRow[]> {
  const { rows } = await db.query<DicomUserRow>(
    `select ${USER_COLUMNS} from dicom_users u join providers p on p.no = u.provider order by u.provider, u.no`,
  );
  return rows;
}

export async function countDicomUsers(db: Db | DbClient): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from dicom_users');
  return rows[0]!.n;
}

export async function selectDicomUser(db: Db | DbClient, no: number): Promise<DicomUserRow | undefined> {
  const { rows } = await db.query<DicomUserRow>(
    `select ${USER_COLUMNS} from dicom_users u join providers p on p.no = u.provider where u.no = $1`,
    [no],
  );
  return rows[0];
}

export interface DicomUserFields {
  provider: number;
  name: string;
  aeTitle: string;
  ipAddress: string;
  port: number;
}

/** Another DICOM user of the provider with this AE title, in any case (not_exist_user). */
export async function userAeTitleTaken(db: Db | DbClient, provider: number, aeTitle: string, except: number | null): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from dicom_users where provider = $1 and upper(ae_title) = upper($2) and no <> coalesce($3, -1)',
    [provider, aeTitle, except],
  );
  return rows.length > 0;
}

export async function insertDicomUser(db: Db | DbClient, fields: DicomUserFields): Promise<number> {
  const { rows } = await db.query<{ no: number }>(
    'insert into dicom_users (provider, name, ae_title, ip_address, port) values ($1, $2, $3, $4, $5) returning no',
    [fields.provider, fields.name, fields.aeTitle, fields.ipAddress, fields.port],
  );
  return rows[0]!.no;
}

export async function updateDicomUser(db: Db | DbClient, no: number, fields: DicomUserFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `update dicom_users set provider = $2, name = $3, ae_title = $4, ip_address = $5, port = $6, updated_at = now() where no = $1`,
    [no, fields.provider, fields.name, fields.aeTitle, fields.ipAddress, fields.port],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteDicomUser(db: Db | DbClient, no: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from dicom_users where no = $1', [no]);
  return (rowCount ?? 0) > 0;
}

/** The AE titles of every DICOM user (for the study list's AE title lookup). */
export async function selectUserAeTitles(db: Db | DbClient): Promise<string[]> {
  const { rows } = await db.query<{ ae_title: string }>('select distinct ae_title from dicom_users');
  return rows.map((row) => row.ae_title);
}

const DESTINATION_COLUMNS = 'no, name, ip_address, port, called_ae_title, calling_ae_title';

export async function selectSendDestinations(db: Db | DbClient): Promise<SendDestinationRow[]> {
  const { rows } = await db.query<SendDestinationRow>(`select ${DESTINATION_COLUMNS} from send_destinations order by no`);
  return rows;
}

export async function selectSendDestination(db: Db | DbClient, no: number): Promise<SendDestinationRow | undefined> {
  const { rows } = await db.query<SendDestinationRow>(`select ${DESTINATION_COLUMNS} from send_destinations where no = $1`, [no]);
  return rows[0];
}

export interface SendDestinationFields {
  name: string;
  ipAddress: string;
  port: number;
  calledAeTitle: string;
  callingAeTitle: string;
}

export async function insertSendDestination(db: Db | DbClient, fields: SendDestinationFields): Promise<number> {
  const { rows } = await db.query<{ no: number }>(
    `insert into send_destinations (name, ip_address, port, called_ae_title, calling_ae_title) values ($1, $2, $3, $4, $5) returning no`,
    [fields.name, fields.ipAddress, fields.port, fields.calledAeTitle, fields.callingAeTitle],
  );
  return rows[0]!.no;
}

export async function updateSendDestination(db: Db | DbClient, no: number, fields: SendDestinationFields): Promise<boolean> {
  const { rowCount } = await db.query(
    `update send_destinations set name = $2, ip_address = $3, port = $4, called_ae_title = $5, calling_ae_title = $6, updated_at = now()
      where no = $1`,
    [no, fields.name, fields.ipAddress, fields.port, fields.calledAeTitle, fields.callingAeTitle],
  );
  return (rowCount ?? 0) > 0;
}

export async function deleteSendDestination(db: Db | DbClient, no: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from send_destinations where no = $1', [no]);
  return (rowCount ?? 0) > 0;
}

/** The open associations of every live front (a dead replica's rows are not open any more). */
const FRONT_OPEN = `select a.id, a.ae_title, a.remote_address, a.since from dicom_front_open_associations a
                      join dicom_front_status s on s.front = a.front and ${LIVE_FRONT}`;

/** One association event that counts: decided (accepted or rejected) or a new number open at once. */
export interface AssociationFact {
  at: Date;
  aeTitle: string;
  accepted: number;
  rejected: number;
  /**
   * Open at once after the event as Orthanc's logs show them (every replica follows every node's
   * log): from this AE title, and from all. The DICOM fronts' open associations are added when the
   * fact is written, from every live front's rows (`FRONT_OPEN`), whichever replica holds them.
   */
  peakAe: number;
  peakAll: number;
  /** The byte after the event's line in its file (the cursor's unit). */
  end: number;
}

/** A log file read up to `end`: its cursor. */
export interface AssociationCursor {
  path: string;
  fileId: string;
  end: number;
}

/**
 * Counts the facts read from one log file up to `cursor.end`, once: only those past the file's
 * cursor (locked, so that replicas following the same file wait for each other) are added; peaks
 * are maxima and always applied. The cursor moves in the same transaction. Without a cursor
 * (peaks carried into a new bucket) nothing is added but peaks.
 */
export async function countAssociations(client: DbClient, cursor: AssociationCursor | null, facts: AssociationFact[]): Promise<number> {
  // Without a cursor (the DICOM front's facts, and the peaks carried into a new bucket) every fact counts.
  let position = -1;
  if (cursor) {
    await client.query(
      'insert into statistics_association_cursors (path, file_id, position) values ($1, $2, 0) on conflict (path, file_id) do nothing',
      [cursor.path, cursor.fileId],
    );
    const { rows } = await client.query<{ position: string }>(
      'select position from statistics_association_cursors where path = $1 and file_id = $2 for update',
      [cursor.path, cursor.fileId],
    );
    position = Number(rows[0]?.position ?? 0);
  }
  const counted = facts.map((fact) => (fact.end > position ? fact : { ...fact, accepted: 0, rejected: 0 }));
  if (counted.length > 0) {
    const at = counted.map((fact) => fact.at.toISOString());
    await client.query(
      `with fronts as (${FRONT_OPEN})
       insert into statistics_associations as d (bucket, ae_title, accepted, rejected, peak)
       select statistics_bucket(x.at), x.ae_title, sum(x.accepted), sum(x.rejected),
              max(x.peak) + (select count(*) from fronts f where f.ae_title = x.ae_title)::int
         from unnest($1::timestamptz[], $2::text[], $3::int[], $4::int[], $5::int[]) x(at, ae_title, accepted, rejected, peak)
        group by statistics_bucket(x.at), x.ae_title order by 1, 2
       on conflict (bucket, ae_title) do update
         set accepted = d.accepted + excluded.accepted, rejected = d.rejected + excluded.rejected, peak = greatest(d.peak, excluded.peak)
         where excluded.accepted > 0 or excluded.rejected > 0 or excluded.peak > d.peak`,
      [
        at,
        counted.map((fact) => fact.aeTitle),
        counted.map((fact) => fact.accepted),
        counted.map((fact) => fact.rejected),
        counted.map((fact) => fact.peakAe),
      ],
    );
    await client.query(
      `insert into statistics_association_peaks as d (bucket, peak)
       select statistics_bucket(x.at), max(x.peak) + (select count(*) from (${FRONT_OPEN}) f)::int
         from unnest($1::timestamptz[], $2::int[]) x(at, peak) group by 1 order by 1
       on conflict (bucket) do update set peak = excluded.peak where excluded.peak > d.peak`,
      [at, counted.map((fact) => fact.peakAll)],
    );
  }
  if (cursor) {
    await client.query(
      'update statistics_association_cursors set position = greatest(position, $3), updated_at = now() where path = $1 and file_id = $2',
      [cursor.path, cursor.fileId, cursor.end],
    );
  }
  return counted.filter((fact) => fact.accepted + fact.rejected > 0).length;
}

/**
 * Where a log file newly opened is read from: its cursor's position when it has one; the start
 * of a file that replaced one counted before (rotated while the adapter was away); null for a
 * path never counted (the caller starts at its end).
 */
export async function associationLogStart(db: Db, path: string, fileId: string): Promise<number | null> {
  const { rows } = await db.query<{ position: string | null; known: boolean }>(
    `select (select position from statistics_association_cursors where path = $1 and file_id = $2) as position,
            exists (select 1 from statistics_association_cursors where path = $1) as known`,
    [path, fileId],
  );
  const row = rows[0];
  if (row?.position != null) return Number(row.position);
  return row?.known ? 0 : null;
}

/**
 * Serialises the fronts' writes of their open associations with the peaks they count (every
 * replica's front): a peak written after an insert then sees every insert committed before it.
 */
const FRONT_LOCK = 724_110_036;

export async function lockFrontAssociations(client: DbClient): Promise<void> {
  await client.query('select pg_advisory_xact_lock($1)', [FRONT_LOCK]);
}

/** A front's associations from before its restart (a crash leaves them): removed at its start. */
export async function clearFrontAssociations(db: Db | DbClient, front: string): Promise<void> {
  await db.query('delete from dicom_front_open_associations where front = $1', [front]);
}

/** An association a front accepted; answers its row's id, removed when it ends. */
export async function insertFrontAssociation(
  db: Db | DbClient,
  front: string,
  aeTitle: string,
  address: string,
  since: Date,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into dicom_front_open_associations (front, ae_title, remote_address, since) values ($1, $2, $3, $4) returning id`,
    [front, aeTitle, address, since],
  );
  return String(rows[0]!.id);
}

export async function deleteFrontAssociation(db: Db | DbClient, id: string): Promise<void> {
  await db.query('delete from dicom_front_open_associations where id = $1', [id]);
}

/** Every live front's open associations (every replica's, in a cluster), oldest first. */
export async function selectFrontAssociations(db: Db | DbClient): Promise<LiveAssociation[]> {
  const { rows } = await db.query<{ ae_title: string; remote_address: string; since: Date }>(
    `select ae_title, remote_address, since from (${FRONT_OPEN}) o order by since, id`,
  );
  return rows.map((row) => ({ AETitle: row.ae_title, RemoteAddress: row.remote_address, Since: row.since.toISOString() }));
}

/** The calling AE titles with associations open on a live front (a new bucket's peaks start from them). */
export async function selectFrontAeTitles(db: Db | DbClient): Promise<string[]> {
  const { rows } = await db.query<{ ae_title: string }>(`select distinct ae_title from (${FRONT_OPEN}) o order by 1`);
  return rows.map((row) => row.ae_title);
}
