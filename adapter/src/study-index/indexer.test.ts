/**
 * What the indexer reads for a page of changes (issue 13 items 5 and 6): the study record of a
 * new study comes from the instance that arrived first, whichever Orthanc answers first; an
 * instance already indexed (a replacement) makes its known series and study be read again.
 * Orthanc and the database are fakes: what is tested is the choice of what to read.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/pool.ts';
import type { OrthancChange, OrthancClient, OrthancInstance } from '../orthanc/client.ts';
import { Indexer } from './indexer.ts';

const newInstance = (seq: number, id: string): OrthancChange => ({
  Seq: seq,
  ChangeType: 'NewInstance',
  ResourceType: 'Instance',
  ID: id,
  Path: `/instances/${id}`,
  Date: '20260101T000000',
});

interface FakeInstance {
  series: string;
  aet: string;
  institution: string;
  patientName: string;
  /** Milliseconds Orthanc takes to answer this instance's tags. */
  delay: number;
}

function fakeOrthanc(instances: Record<string, FakeInstance>): OrthancClient {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    // Orthanc's bulk read answers in its own order: reversed here, to prove the order is restored.
    getInstances: async (ids: string[]): Promise<OrthancInstance[]> =>
      ids
        .filter((id) => instances[id] !== undefined)
        .map((id) => ({ ID: id, FileSize: 100, MainDicomTags: { SOPInstanceUID: `1.2.${id}` }, ParentSeries: instances[id]!.series }))
        .reverse(),
    getSeries: async (id: string) => ({ ID: id, MainDicomTags: { SeriesInstanceUID: `1.3.${id}` }, ParentStudy: 'study', Instances: [] }),
    getStudy: async (id: string) => ({
      ID: id,
      MainDicomTags: { StudyInstanceUID: '1.4' },
      PatientMainDicomTags: { PatientID: 'P' },
      ParentPatient: 'patient',
      Series: [],
    }),
    getInstanceTags: async (id: string) => {
      await wait(instances[id]!.delay);
      return { InstitutionName: instances[id]!.institution, PatientName: instances[id]!.patientName };
    },
    getInstanceMetadata: async (id: string) => instances[id]!.aet,
  } as unknown as OrthancClient;
}

/** A database that knows the given series and instances. */
function fakeDb(knownSeries: string[], knownInstances: string[]): Db {
  return {
    query: async (sql: string, params: unknown[]) => {
      const wanted = params[0] as string[];
      const known = sql.includes('from series') ? knownSeries : knownInstances;
      return { rows: wanted.filter((id) => known.includes(id)).map((orthanc_id) => ({ orthanc_id })) };
    },
  } as unknown as Db;
}

describe('Indexer.collect', () => {
  it('reads a new study from the series whose instance came first, even when another answers first', async () => {
    const orthanc = fakeOrthanc({
      first: { series: 'series-a', aet: 'AE_X', institution: '', patientName: 'A', delay: 30 },
      second: { series: 'series-b', aet: 'AE_Y', institution: 'Hospital B', patientName: 'A', delay: 0 },
    });
    const batch = await new Indexer(orthanc, fakeDb([], [])).collect([newInstance(1, 'first'), newInstance(2, 'second')]);
    expect(batch.studies.get('study')).toMatchObject({ aeTitle: 'AE_X', institutionName: '' });
    expect([...batch.series.keys()].sort()).toEqual(['series-a', 'series-b']);
    expect(batch.instances.map((i) => i.orthancId)).toEqual(['first', 'second']);
  });

  it('only adds an instance to a known series, but reads a known series and its study again for a replaced instance', async () => {
    const orthanc = fakeOrthanc({
      added: { series: 'series-a', aet: 'AE_X', institution: '', patientName: 'Old', delay: 0 },
      replaced: { series: 'series-a', aet: 'AE_X', institution: '', patientName: 'New', delay: 0 },
    });
    const added = await new Indexer(orthanc, fakeDb(['series-a'], [])).collect([newInstance(5, 'added')]);
    expect(added.series.size).toBe(0);
    expect(added.studies.size).toBe(0);
    expect(added.instances.map((i) => i.orthancId)).toEqual(['added']);

    const replaced = await new Indexer(orthanc, fakeDb(['series-a'], ['replaced'])).collect([
      newInstance(6, 'added'),
      newInstance(7, 'replaced'),
    ]);
    expect([...replaced.series.keys()]).toEqual(['series-a']);
    // Read from the replaced instance: its tags are the news.
    expect(replaced.studies.get('study')).toMatchObject({ patientName: 'New' });
    expect(replaced.instances.map((i) => i.orthancId)).toEqual(['added', 'replaced']);
  });
});
