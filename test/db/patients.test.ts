/**
 * Patient records' schema (018_patients.sql) and the study index's hook that adds them after the
 * import (study-index.sql.ts writeBatch): PatientID required, unique and short; sex and birth date
 * as DICOM has them; a batch adds a record per new PatientID only once the import flag is set,
 * never changes one, and never fails on a malformed file's values.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { emptyBatch, type StudyRecord } from '../../adapter/src/study-index/records.ts';
import { writeBatch } from '../../adapter/src/study-index/study-index.sql.ts';
import { count, refusal, withRollback } from '../harness/db.ts';

const insert = (client: DbClient, columns: Record<string, string>) =>
  refusal(client, `insert into patients (${Object.keys(columns).join(', ')}) values (${Object.keys(columns).map((_, i) => `$${i + 1}`)})`, [
    ...Object.values(columns),
  ]);

function study(seed: string, patient: Partial<StudyRecord>): StudyRecord {
  return {
    orthancId: `orthanc-${seed}`,
    studyInstanceUid: `2.25.${seed.replace(/\D/g, '') || '1'}${seed.length}`,
    patientId: '',
    patientName: '',
    patientBirthDate: '',
    patientSex: '',
    patientAge: '',
    patientComments: '',
    studyDate: '20240102',
    studyTime: '',
    accessionNumber: '',
    studyDescription: '',
    studyId: '',
    referringPhysicianName: '',
    performingPhysicianName: '',
    institutionName: '',
    aeTitle: '',
    ...patient,
  };
}

async function indexStudies(client: DbClient, studies: StudyRecord[]): Promise<void> {
  const batch = emptyBatch();
  for (const record of studies) batch.studies.set(record.orthancId, record);
  await writeBatch(client, batch);
}

async function setImportFlag(client: DbClient, imported: boolean): Promise<void> {
  await client.query(`insert into configs (key, value) values ('app', $1) on conflict (key) do update set value = excluded.value`, [
    JSON.stringify({ mwm: { is_patient_imported: imported } }),
  ]);
}

const records = async (client: DbClient) =>
  (
    await client.query<{ patient_id: string; patient_name: string; patient_sex: string; patient_birth_date: string }>(
      'select patient_id, patient_name, patient_sex, patient_birth_date from patients order by patient_id',
    )
  ).rows;

describe('patient records', () => {
  it('need a PatientID of at most 64 characters, unique with its case', () =>
    withRollback(async (client) => {
      expect(await insert(client, { patient_id: '' })).toMatchObject({ code: '23514' });
      expect(await insert(client, { patient_id: 'x'.repeat(65) })).toMatchObject({ code: '23514' });
      await client.query(`insert into patients (patient_id) values ('abc'), ('ABC')`);
      expect(await insert(client, { patient_id: 'abc' })).toMatchObject({ code: '23505', constraint: 'patients_patient_id' });
    }));

  it('keep sex to M, F, O or empty and the birth date to YYYYMMDD or empty', () =>
    withRollback(async (client) => {
      expect(await insert(client, { patient_id: 'S1', patient_sex: 'X' })).toMatchObject({ code: '23514' });
      expect(await insert(client, { patient_id: 'S2', patient_birth_date: '1970-01-01' })).toMatchObject({ code: '23514' });
      expect(await insert(client, { patient_id: 'S3', patient_name: 'N'.repeat(195) })).toMatchObject({ code: '23514' });
    }));
});

describe('the study index adds records after the import', () => {
  it('adds none while the import has not run', () =>
    withRollback(async (client) => {
      await setImportFlag(client, false);
      await indexStudies(client, [study('h1', { patientId: 'HOOK-1', patientName: 'Hook^One' })]);
      expect(await count(client, 'select count(*) as n from patients')).toBe(0);
    }));

  it('adds one record per new PatientID, leaves existing records alone and drops what a record refuses', () =>
    withRollback(async (client) => {
      await setImportFlag(client, true);
      await client.query(`insert into patients (patient_id, patient_name) values ('HOOK-OLD', 'Corrected^Name')`);
      await indexStudies(client, [
        study('h2', { patientId: 'HOOK-2', patientName: 'Hook^Two', patientSex: 'F', patientBirthDate: '19800102' }),
        study('h3', { patientId: 'HOOK-2', patientName: 'Hook^Two', patientSex: 'F' }),
        study('h4', { patientId: 'HOOK-3', patientName: 'Hook^Three', patientSex: 'Z', patientBirthDate: '1980' }),
        study('h5', { patientId: 'HOOK-OLD', patientName: 'Archive^Name' }),
        study('h6', { patientId: 'L'.repeat(65), patientName: 'Too^Long' }),
        study('h7', { patientId: '', patientName: 'No^Id' }),
      ]);
      expect(await records(client)).toEqual([
        { patient_id: 'HOOK-2', patient_name: 'Hook^Two', patient_sex: 'F', patient_birth_date: expect.stringMatching(/^(19800102)?$/) },
        { patient_id: 'HOOK-3', patient_name: 'Hook^Three', patient_sex: '', patient_birth_date: '' },
        { patient_id: 'HOOK-OLD', patient_name: 'Corrected^Name', patient_sex: '', patient_birth_date: '' },
      ]);
      expect(await count(client, 'select count(*) as n from studies')).toBe(6);
    }));
});
