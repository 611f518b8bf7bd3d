/**
 * Turns Orthanc resources into study index rows. Work happens in two phases so that a crash at
 * any moment loses nothing and doubles nothing: `collect` reads from Orthanc (no writes), then
 * `write` applies a whole batch and the new /changes cursor in one transaction. Rows are keyed by
 * Orthanc's ids and upserted; counts and sizes are recomputed from the rows, never incremented,
 * so replaying a batch after a crash gives the same index.
 */
import { selectSender } from '../features/dicom-front/dicom-front.sql.ts';
import type { Db } from '../db/pool.ts';
import { transaction } from '../db/pool.ts';
import { AppError } from '../http/errors.ts';
import { decodeDicomText, decodeWithDefaultCharacterSet, parseSpecificCharacterSet } from '../dicom/charset.ts';
import { storedCharacterSet } from '../features/configs/character-set.service.ts';
import type { MainDicomTags, OrthancChange, OrthancClient, OrthancInstance } from '../orthanc/client.ts';
import { emptyBatch, type Batch, type InstanceRecord } from './records.ts';
import * as sql from './study-index.sql.ts';
import type { MovedEntry } from '../features/worklist/worklist.sql.ts';

export { emptyBatch, searchableName, type Batch, type InstanceRecord, type SeriesRecord, type StudyRecord } from './records.ts';

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

/** Instances read from Orthanc per request while following changes. */
const BULK_READ = 250;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
      if (change.ChangeType === 'StableStudy') batch.stableStudies.push(change.ID);
    }
    const present = await this.readInstances(newInstances);
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

  /**
   * The instances Orthanc still holds among these, in the order given: bulk reads of at most
   * BULK_READ ids each (a page holds up to a thousand changes).
   */
  private async readInstances(ids: readonly string[]): Promise<OrthancInstance[]> {
    const chunks: string[][] = [];
    for (let start = 0; start < ids.length; start += BULK_READ) chunks.push(ids.slice(start, start + BULK_READ));
    const read = new Map<string, OrthancInstance>();
    for (const chunk of chunks) for (const instance of await this.orthanc.getInstances(chunk)) read.set(instance.ID, instance);
    return ids.map((id) => read.get(id)).filter((instance): instance is OrthancInstance => instance !== undefined);
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
      sql.indexedSeries(this.db, seriesIds, gone),
      sql.indexedInstances(this.db, instanceIds),
    ]);
    const replaced = new Set(instances);
    for (const d of deleted) if (d.level === 'Instance' && instanceIds.includes(d.orthancId)) replaced.add(d.orthancId);
    return { known: new Set(series), replaced };
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
    // An instance the DICOM front handed over by REST has no RemoteAET: the front recorded the
    // sender of exactly this series (features/dicom-front), kept as long as the series may be
    // rebuilt; a browser upload writes no such row.
    const sender =
      aeTitle.trim() !== ''
        ? aeTitle.trim()
        : await selectSender(this.db, {
            studyUid: tag(tags, 'StudyInstanceUID'),
            seriesUid: tag(tags, 'SeriesInstanceUID'),
            patientId: tag(tags, 'PatientID'),
          });
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
      aeTitle: sender,
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
        aeTitle: sender,
      });
    }
  }

  /** The text tags of an instance, decoded from raw bytes where Orthanc cannot be trusted. */
  private async decodedText(instanceId: string, tags: Record<string, unknown>): Promise<Record<keyof typeof TEXT_TAGS, string>> {
    // Orthanc decodes this value too: under ISO 2022 IR 13 (JIS X 0201) the backslash byte that
    // separates the terms comes back as a yen sign.
    const charsets = parseSpecificCharacterSet(tag(tags, 'SpecificCharacterSet').replace(/\u00a5/g, '\\'));
    const trusted = charsets.every((charset) => TRUSTED_CHARSETS.has(charset));
    // Without a SpecificCharacterSet (or with ASCII's), a value that is not ASCII is decoded here
    // from its raw bytes: a file naming none is read with the site's default character set, as
    // Orthanc reads it (its DefaultEncoding, which the adapter pushes, may lag a restart); under
    // UTF-8, the default, stray Latin-1 bytes stay legible (decodeWithDefaultCharacterSet). The
    // default is read when such a value turns up (rare), so a change applies to the next file.
    const plain = charsets.every((charset) => charset === '' || charset === 'ISO_IR 6');
    let defaultTerm: Promise<string> | undefined;
    const entries = await Promise.all(
      (Object.keys(TEXT_TAGS) as (keyof typeof TEXT_TAGS)[]).map(async (name) => {
        const ascii = [...tag(tags, name)].every((ch) => ch.charCodeAt(0) < 0x80);
        if ((trusted && (!plain || ascii)) || !(name in tags)) return [name, tag(tags, name)] as const;
        const [key, vr] = TEXT_TAGS[name];
        const raw = await this.orthanc.getRawTagValue(instanceId, key);
        if (!raw) return [name, tag(tags, name)] as const;
        const text =
          charsets.length === 0
            ? decodeWithDefaultCharacterSet(raw, await (defaultTerm ??= storedCharacterSet(this.db)), vr)
            : decodeDicomText(raw, charsets, vr);
        return [name, text.trim()] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<keyof typeof TEXT_TAGS, string>;
  }

  /** After a rebuild: removes rows not written since `started` (gone from Orthanc). */
  async removeOlderThan(started: Date): Promise<void> {
    await transaction(this.db, async (client) => {
      const touchedSeries = await sql.deleteRowsOlderThan(client, started);
      await sql.writeBatch(client, emptyBatch(), touchedSeries);
    });
  }

  /**
   * Applies a batch and moves the cursor, all or nothing. Answers the worklist entries whose
   * status the batch moved (their files are the caller's to update, after the commit).
   */
  async write(batch: Batch, cursor: number | null): Promise<MovedEntry[]> {
    return transaction(this.db, async (client) => {
      const moved = await sql.writeBatch(client, batch);
      if (cursor !== null) await sql.moveCursor(client, cursor);
      return moved;
    });
  }

  /** Where the follower stands; null before the first rebuild. */
  async readCursor(): Promise<number | null> {
    return sql.readCursor(this.db);
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
      await sql.insertSkippedChange(client, change, message);
      if (cursor !== null) await sql.moveCursor(client, cursor);
      await sql.noteLastError(client, message);
    });
  }

  /** Remembers the follower's last error for the status route (best effort: the database may be away). */
  async noteError(error: unknown): Promise<void> {
    await sql.noteLastError(this.db, errorText(error)).catch(() => undefined);
  }

  /** A rebuild re-read everything Orthanc holds: what was skipped before it is repaired. */
  async forgetSkippedBefore(started: Date): Promise<void> {
    await sql.deleteSkippedBefore(this.db, started);
  }
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
    fileUuid: typeof instance.FileUuid === 'string' && UUID.test(instance.FileUuid) ? instance.FileUuid : null,
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
