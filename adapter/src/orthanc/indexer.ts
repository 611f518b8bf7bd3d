/**
 * Turns Orthanc resources into study index rows. Work happens in two phases so that a crash at
 * any moment loses nothing and doubles nothing: `collect` reads from Orthanc (no writes), then
 * `write` applies a whole batch and the new /changes cursor in one transaction. Rows are keyed by
 * Orthanc's ids and upserted; counts and sizes are recomputed from the rows, never incremented,
 * so replaying a batch after a crash gives the same index.
 */
import type { Db, DbClient } from '../db/pool.ts';
import { transaction } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import { decodeDicomText, parseSpecificCharacterSet } from '../dicom/charset.ts';
import type { MainDicomTags, OrthancChange, OrthancClient, OrthancInstance } from './client.ts';

export interface StudyRecord {
  orthancId: string;
  studyInstanceUid: string;
  patientId: string;
  patientName: string;
  patientBirthDate: string;
  patientSex: string;
  patientAge: string;
  patientComments: string;
  studyDate: string;
  studyTime: string;
  accessionNumber: string;
  studyDescription: string;
  studyId: string;
  referringPhysicianName: string;
  performingPhysicianName: string;
  institutionName: string;
  aeTitle: string;
}

export interface SeriesRecord {
  orthancId: string;
  studyOrthancId: string;
  seriesInstanceUid: string;
  seriesNumber: number | null;
  seriesDescription: string;
  modality: string;
  bodyPartExamined: string;
  seriesDate: string;
  seriesTime: string;
  performingPhysicianName: string;
  institutionName: string;
  aeTitle: string;
  ctdivol: number | null;
}

export interface InstanceRecord {
  orthancId: string;
  seriesOrthancId: string;
  sopInstanceUid: string;
  instanceNumber: number | null;
  numberOfFrames: number;
  fileSize: number;
}

export interface Batch {
  studies: Map<string, StudyRecord>;
  series: Map<string, SeriesRecord>;
  instances: InstanceRecord[];
  deleted: { level: OrthancChange['ResourceType']; orthancId: string }[];
}

export function emptyBatch(): Batch {
  return { studies: new Map(), series: new Map(), instances: [], deleted: [] };
}

const tag = (tags: MainDicomTags | Record<string, unknown>, name: string): string => {
  const value = tags[name];
  return typeof value === 'string' ? value.trim() : '';
};

const int = (text: string): number | null => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : null;
};

const float = (text: string): number | null => {
  const value = Number.parseFloat(text.split('\\')[0] ?? '');
  return Number.isFinite(value) ? value : null;
};

/** Upper-cased name with the PN structure flattened, for partial and forward/backward search. */
export function searchableName(name: string): string {
  return name
    .replace(/[\^=]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}

/**
 * Text tags that may carry non-ASCII characters, with their raw tag keys. Orthanc 1.10 decodes
 * some ISO 2022 values wrongly, so for character sets other than ASCII, Latin-1 and UTF-8 these
 * are decoded here from the raw bytes.
 */
const TEXT_TAGS = {
  PatientName: ['0010-0010', 'PN'],
  PatientComments: ['0010-4000', 'LT'],
  StudyDescription: ['0008-1030', 'LO'],
  SeriesDescription: ['0008-103e', 'LO'],
  ReferringPhysicianName: ['0008-0090', 'PN'],
  PerformingPhysicianName: ['0008-1050', 'PN'],
  InstitutionName: ['0008-0080', 'LO'],
} as const;

const TRUSTED_CHARSETS = new Set(['', 'ISO_IR 6', 'ISO_IR 100', 'ISO_IR 192']);

export class Indexer {
  constructor(
    private readonly orthanc: OrthancClient,
    private readonly db: Db,
  ) {}

  /**
   * Reads what a page of changes needs from Orthanc. Resources deleted meanwhile are skipped.
   * Series not yet indexed are read whole (with their study); a known series only gains
   * instances, except when an instance already indexed arrives again: Orthanc replaced it
   * (OverwriteInstances), perhaps with corrected tags, so its series and study are read again.
   */
  async collect(changes: readonly OrthancChange[]): Promise<Batch> {
    const batch = emptyBatch();
    const newInstances = changes.filter((c) => c.ChangeType === 'NewInstance').map((c) => c.ID);
    for (const change of changes) {
      if (change.ChangeType === 'Deleted') batch.deleted.push({ level: change.ResourceType, orthancId: change.ID });
    }
    const instances = await mapLimit(newInstances, 8, (id) => this.orthanc.getInstance(id).catch(skipNotFound));
    const present = instances.filter((instance): instance is OrthancInstance => instance !== undefined);
    const seriesIds = [...new Set(present.map((instance) => instance.ParentSeries))];
    const { known, replaced } = await this.indexed(
      seriesIds,
      present.map((instance) => instance.ID),
      batch.deleted,
    );
    // The instance a series (and, for a new study, the study) is read from: a replaced one when
    // there is one (its tags are the news), else the first in change order.
    const sample = new Map<string, OrthancInstance>();
    for (const instance of present) {
      const current = sample.get(instance.ParentSeries);
      if (!current || (replaced.has(instance.ID) && !replaced.has(current.ID))) sample.set(instance.ParentSeries, instance);
    }
    const reread = new Set(present.filter((instance) => replaced.has(instance.ID)).map((instance) => instance.ParentSeries));
    const toRead = seriesIds.filter((id) => !known.has(id) || reread.has(id));
    // A study's AE title and InstitutionName are those of its first instance: when several series
    // of a new study arrive in one page, the study is read from the one whose instance came first.
    const rank = new Map(present.map((instance, index) => [instance.ParentSeries, index] as const).reverse());
    const studyRank = new Map<string, number>();
    await mapLimit(toRead, 4, (id) => this.collectSeries(id, sample.get(id)!.ID, batch, rank.get(id) ?? 0, studyRank).catch(skipNotFound));
    for (const instance of present) {
      if (!known.has(instance.ParentSeries) && !batch.series.has(instance.ParentSeries)) continue;
      batch.instances.push(toInstanceRecord(instance));
    }
    return batch;
  }

  /** Reads one whole study (rebuild): study, every series, every instance. */
  async collectStudy(studyOrthancId: string, batch: Batch): Promise<void> {
    const study = await this.orthanc.getStudy(studyOrthancId);
    const studyRank = new Map<string, number>();
    for (const [rank, seriesId] of study.Series.entries()) {
      const instances = await this.orthanc.listSeriesInstances(seriesId);
      const first = instances[0];
      if (!first) continue;
      await this.collectSeries(seriesId, first.ID, batch, rank, studyRank);
      for (const instance of instances) batch.instances.push(toInstanceRecord(instance));
    }
  }

  /**
   * Which series are indexed and stay so through this page (not deleted in it, nor their study),
   * and which instances are already indexed (a new change for one is a replacement).
   */
  private async indexed(
    seriesIds: string[],
    instanceIds: string[],
    deleted: Batch['deleted'],
  ): Promise<{ known: Set<string>; replaced: Set<string> }> {
    if (seriesIds.length === 0) return { known: new Set(), replaced: new Set() };
    const gone = deleted.map((d) => d.orthancId);
    const [series, instances] = await Promise.all([
      this.db.query<{ orthanc_id: string }>(
        `select s.orthanc_id from series s join studies st on st.id = s.study_id
          where s.orthanc_id = any($1) and not (s.orthanc_id = any($2)) and not (st.orthanc_id = any($2))`,
        [seriesIds, gone],
      ),
      this.db.query<{ orthanc_id: string }>('select orthanc_id from instances where orthanc_id = any($1)', [instanceIds]),
    ]);
    const replaced = new Set(instances.rows.map((row) => row.orthanc_id));
    for (const d of deleted) if (d.level === 'Instance' && instanceIds.includes(d.orthancId)) replaced.add(d.orthancId);
    return { known: new Set(series.rows.map((row) => row.orthanc_id)), replaced };
  }

  private async collectSeries(
    seriesId: string,
    sampleInstanceId: string,
    batch: Batch,
    rank: number,
    studyRank: Map<string, number>,
  ): Promise<void> {
    const series = await this.orthanc.getSeries(seriesId);
    const [tags, aeTitle] = await Promise.all([
      this.orthanc.getInstanceTags(sampleInstanceId),
      this.orthanc.getInstanceMetadata(sampleInstanceId, 'RemoteAET'),
    ]);
    const text = await this.decodedText(sampleInstanceId, tags);
    const s = series.MainDicomTags;
    batch.series.set(seriesId, {
      orthancId: seriesId,
      studyOrthancId: series.ParentStudy,
      seriesInstanceUid: tag(s, 'SeriesInstanceUID'),
      seriesNumber: int(tag(s, 'SeriesNumber')),
      seriesDescription: text.SeriesDescription,
      modality: tag(s, 'Modality').toUpperCase(),
      bodyPartExamined: tag(s, 'BodyPartExamined') || tag(tags, 'BodyPartExamined'),
      seriesDate: tag(s, 'SeriesDate'),
      seriesTime: tag(s, 'SeriesTime'),
      performingPhysicianName: text.PerformingPhysicianName,
      institutionName: text.InstitutionName,
      aeTitle: aeTitle.trim(),
      ctdivol: float(tag(tags, 'CTDIvol')),
    });
    const ranked = studyRank.get(series.ParentStudy);
    if (ranked === undefined || rank < ranked) {
      studyRank.set(series.ParentStudy, rank);
      const study = await this.orthanc.getStudy(series.ParentStudy);
      // A series of lower rank read meanwhile wins.
      if ((studyRank.get(series.ParentStudy) ?? rank) < rank) return;
      const m = study.MainDicomTags;
      const p = study.PatientMainDicomTags;
      batch.studies.set(series.ParentStudy, {
        orthancId: series.ParentStudy,
        studyInstanceUid: tag(m, 'StudyInstanceUID'),
        patientId: tag(p, 'PatientID'),
        patientName: text.PatientName,
        patientBirthDate: tag(p, 'PatientBirthDate'),
        patientSex: tag(p, 'PatientSex').toUpperCase(),
        patientAge: tag(tags, 'PatientAge'),
        patientComments: text.PatientComments,
        studyDate: tag(m, 'StudyDate'),
        studyTime: tag(m, 'StudyTime'),
        accessionNumber: tag(m, 'AccessionNumber'),
        studyDescription: text.StudyDescription,
        studyId: tag(m, 'StudyID'),
        referringPhysicianName: text.ReferringPhysicianName,
        performingPhysicianName: text.PerformingPhysicianName,
        institutionName: text.InstitutionName,
        aeTitle: aeTitle.trim(),
      });
    }
  }

  /** The text tags of an instance, decoded from raw bytes where Orthanc cannot be trusted. */
  private async decodedText(instanceId: string, tags: Record<string, unknown>): Promise<Record<keyof typeof TEXT_TAGS, string>> {
    // Orthanc decodes this value too: under ISO 2022 IR 13 (JIS X 0201) the backslash byte that
    // separates the terms comes back as a yen sign.
    const charsets = parseSpecificCharacterSet(tag(tags, 'SpecificCharacterSet').replace(/\u00a5/g, '\\'));
    const trusted = charsets.every((charset) => TRUSTED_CHARSETS.has(charset));
    const entries = await Promise.all(
      (Object.keys(TEXT_TAGS) as (keyof typeof TEXT_TAGS)[]).map(async (name) => {
        if (trusted || !(name in tags)) return [name, tag(tags, name)] as const;
        const [key, vr] = TEXT_TAGS[name];
        const raw = await this.orthanc.getRawTagValue(instanceId, key);
        return [name, raw ? decodeDicomText(raw, charsets, vr).trim() : tag(tags, name)] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof typeof TEXT_TAGS, string>;
  }

  /** After a rebuild: removes rows not written since `started` (gone from Orthanc). */
  async removeOlderThan(started: Date): Promise<void> {
    await transaction(this.db, async (client) => {
      const { rows } = await client.query<{ series_id: number }>('delete from instances where updated_at < $1 returning series_id', [
        started,
      ]);
      const batch = emptyBatch();
      await client.query('delete from studies where updated_at < $1', [started]);
      await writeBatch(client, batch, new Set(rows.map((row) => row.series_id)));
    });
  }

  /** Applies a batch and moves the cursor, all or nothing. */
  async write(batch: Batch, cursor: number | null): Promise<void> {
    await transaction(this.db, async (client) => {
      await writeBatch(client, batch);
      if (cursor !== null) await moveCursor(client, cursor);
    });
  }

  /** Where the follower stands; null before the first rebuild. */
  async readCursor(): Promise<number | null> {
    const { rows } = await this.db.query<{ last_seq: string | number }>('select last_seq from orthanc_changes_cursor where id = 1');
    const seq = rows[0]?.last_seq;
    return seq === undefined ? null : Number(seq);
  }

  /**
   * Records a change that cannot be applied and moves the cursor past it, in one transaction:
   * the index goes on without it, and an administrator sees it (GET /server/index/status).
   */
  async skip(
    change: Pick<OrthancChange, 'Seq' | 'ChangeType' | 'ResourceType' | 'ID'>,
    error: unknown,
    cursor: number | null,
  ): Promise<void> {
    const message = errorText(error);
    await transaction(this.db, async (client) => {
      await client.query(
        `insert into index_skipped_changes (seq, change_type, resource_type, orthanc_id, error) values ($1, $2, $3, $4, $5)`,
        [change.Seq, change.ChangeType, change.ResourceType, change.ID, message],
      );
      if (cursor !== null) await moveCursor(client, cursor);
      await client.query(`update orthanc_changes_cursor set last_error = $1, last_error_at = now() where id = 1`, [message]);
    });
  }

  /** Remembers the follower's last error for the status route (best effort: the database may be away). */
  async noteError(error: unknown): Promise<void> {
    await this.db
      .query(`update orthanc_changes_cursor set last_error = $1, last_error_at = now() where id = 1`, [errorText(error)])
      .catch(() => undefined);
  }

  /** A rebuild re-read everything Orthanc holds: what was skipped before it is repaired. */
  async forgetSkippedBefore(started: Date): Promise<void> {
    await this.db.query('delete from index_skipped_changes where skipped_at < $1', [started]);
  }
}

async function moveCursor(client: DbClient, cursor: number): Promise<void> {
  await client.query(
    `insert into orthanc_changes_cursor (id, last_seq, applied_at) values (1, $1, now())
     on conflict (id) do update set last_seq = excluded.last_seq, updated_at = now(), applied_at = now()`,
    [cursor],
  );
}

/** One line for the status route; NUL bytes would not fit in a text column. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\0/g, '').slice(0, 2000);
}

function toInstanceRecord(instance: OrthancInstance): InstanceRecord {
  const m = instance.MainDicomTags;
  return {
    orthancId: instance.ID,
    seriesOrthancId: instance.ParentSeries,
    sopInstanceUid: tag(m, 'SOPInstanceUID'),
    instanceNumber: int(tag(m, 'InstanceNumber')),
    numberOfFrames: int(tag(m, 'NumberOfFrames')) ?? 1,
    fileSize: instance.FileSize ?? 0,
  };
}

function skipNotFound(error: unknown): undefined {
  if (error instanceof AppError && error.code === 'not_found') return undefined;
  throw error;
}

/** Runs `work` over items with at most `limit` in flight, keeping the order of results. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

async function writeBatch(client: DbClient, batch: Batch, touchedSeries = new Set<number>()): Promise<void> {
  const touchedStudies = new Set<number>();

  // Deletions first: a page may delete a resource and then receive it again (a replaced instance
  // can empty its series and study); the rows read from Orthanc afterwards are the truth.
  for (const { level, orthancId } of batch.deleted) {
    if (level === 'Study') {
      await client.query('delete from studies where orthanc_id = $1', [orthancId]);
    } else if (level === 'Series') {
      const { rows } = await client.query<{ study_id: number }>('delete from series where orthanc_id = $1 returning study_id', [orthancId]);
      for (const row of rows) touchedStudies.add(row.study_id);
    } else if (level === 'Instance') {
      const { rows } = await client.query<{ series_id: number }>('delete from instances where orthanc_id = $1 returning series_id', [
        orthancId,
      ]);
      for (const row of rows) touchedSeries.add(row.series_id);
    }
  }

  for (const study of batch.studies.values()) {
    await client.query(
      `insert into studies (orthanc_id, study_instance_uid, patient_id, patient_name, search_patient_name,
         patient_birth_date, patient_sex, patient_age, patient_comments, study_date, study_time,
         accession_number, study_description, study_id, referring_physician_name,
         performing_physician_name, institution_name, ae_title)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       on conflict (orthanc_id) do update set
         patient_id = excluded.patient_id, patient_name = excluded.patient_name,
         search_patient_name = excluded.search_patient_name, patient_birth_date = excluded.patient_birth_date,
         patient_sex = excluded.patient_sex,
         patient_age = coalesce(nullif(studies.patient_age, ''), excluded.patient_age),
         patient_comments = coalesce(nullif(studies.patient_comments, ''), excluded.patient_comments),
         study_date = excluded.study_date, study_time = excluded.study_time,
         accession_number = excluded.accession_number, study_description = excluded.study_description,
         study_id = excluded.study_id, referring_physician_name = excluded.referring_physician_name,
         performing_physician_name = coalesce(nullif(studies.performing_physician_name, ''), excluded.performing_physician_name)`,
      // institution_name and ae_title are absent above on purpose: they decide who may see the
      // study, so they stay those of its first instance, even when empty (docs/decisions.md).
      [
        study.orthancId,
        study.studyInstanceUid,
        study.patientId,
        study.patientName,
        searchableName(study.patientName),
        study.patientBirthDate,
        study.patientSex,
        study.patientAge,
        study.patientComments,
        study.studyDate,
        study.studyTime,
        study.accessionNumber,
        study.studyDescription,
        study.studyId,
        study.referringPhysicianName,
        study.performingPhysicianName,
        study.institutionName,
        study.aeTitle,
      ],
    );
  }

  for (const series of batch.series.values()) {
    const { rows } = await client.query<{ id: number; study_id: number }>(
      `insert into series (study_id, orthanc_id, series_instance_uid, series_number, series_description, modality,
         body_part_examined, series_date, series_time, performing_physician_name, institution_name, ae_title, ctdivol)
       select id, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 from studies where orthanc_id = $1
       on conflict (orthanc_id) do update set
         series_number = excluded.series_number, series_description = excluded.series_description,
         modality = excluded.modality, body_part_examined = excluded.body_part_examined,
         series_date = excluded.series_date, series_time = excluded.series_time,
         performing_physician_name = excluded.performing_physician_name,
         institution_name = excluded.institution_name, ctdivol = excluded.ctdivol
       returning id, study_id`,
      [
        series.studyOrthancId,
        series.orthancId,
        series.seriesInstanceUid,
        series.seriesNumber,
        series.seriesDescription,
        series.modality,
        series.bodyPartExamined,
        series.seriesDate,
        series.seriesTime,
        series.performingPhysicianName,
        series.institutionName,
        series.aeTitle,
        series.ctdivol,
      ],
    );
    for (const row of rows) {
      touchedSeries.add(row.id);
      touchedStudies.add(row.study_id);
    }
  }

  if (batch.instances.length > 0) {
    const { rows } = await client.query<{ series_id: number }>(
      `insert into instances (series_id, orthanc_id, sop_instance_uid, instance_number, number_of_frames, file_size)
       select s.id, i.orthanc_id, i.sop_instance_uid, i.instance_number, i.number_of_frames, i.file_size
         from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::bigint[])
              as i(orthanc_id, series_orthanc_id, sop_instance_uid, instance_number, number_of_frames, file_size)
         join series s on s.orthanc_id = i.series_orthanc_id
       on conflict (orthanc_id) do update set
         instance_number = excluded.instance_number, number_of_frames = excluded.number_of_frames,
         file_size = excluded.file_size, updated_at = now()
       returning series_id`,
      [
        batch.instances.map((i) => i.orthancId),
        batch.instances.map((i) => i.seriesOrthancId),
        batch.instances.map((i) => i.sopInstanceUid),
        batch.instances.map((i) => i.instanceNumber),
        batch.instances.map((i) => i.numberOfFrames),
        batch.instances.map((i) => i.fileSize),
      ],
    );
    for (const row of rows) touchedSeries.add(row.series_id);
  }

  if (touchedSeries.size > 0) {
    const ids = [...touchedSeries];
    const { rows } = await client.query<{ study_id: number }>(
      `update series s set number_of_instances = c.n, file_size = c.size, updated_at = now()
         from (select x.id, count(i.id)::int as n, coalesce(sum(i.file_size), 0) as size
                 from unnest($1::bigint[]) as x(id) left join instances i on i.series_id = x.id group by x.id) c
        where s.id = c.id
       returning s.study_id`,
      [ids],
    );
    for (const row of rows) touchedStudies.add(row.study_id);
    await client.query('delete from series where id = any($1) and number_of_instances = 0', [ids]);
  }

  if (touchedStudies.size > 0) {
    const ids = [...touchedStudies];
    await client.query(
      `update studies st set
         number_of_series = a.ns, number_of_instances = a.ni, file_size = a.fs,
         modalities_in_study = a.modalities, body_parts_in_study = a.body_parts, ctdivols = a.ctdivols,
         updated_at = now()
         from (select x.id, count(s.id)::int as ns, coalesce(sum(s.number_of_instances), 0)::int as ni,
                      coalesce(sum(s.file_size), 0) as fs,
                      coalesce(array_agg(distinct s.modality order by s.modality) filter (where s.modality <> ''), '{}') as modalities,
                      coalesce(array_agg(distinct s.body_part_examined order by s.body_part_examined) filter (where s.body_part_examined <> ''), '{}') as body_parts,
                      coalesce(array_agg(s.ctdivol order by s.series_number) filter (where s.ctdivol is not null), '{}') as ctdivols
                 from unnest($1::bigint[]) as x(id) left join series s on s.study_id = x.id group by x.id) a
        where st.id = a.id`,
      [ids],
    );
    await client.query('delete from studies where id = any($1) and number_of_series = 0', [ids]);
  }

  if (touchedSeries.size > 0 || touchedStudies.size > 0 || batch.deleted.length > 0) {
    await client.query(
      `insert into heartbeat_markers (key, updated_at) values ('study', now())
       on conflict (key) do update set updated_at = now()`,
    );
  }
}
