/**
 * The rules of shares (007_shares.sql): a guest share has an access key and no target, any other
 * names an institution; a key opens one share only; a share goes with its study or its target, and
 * outlives the account that made it.
 */
import { describe, expect, it } from 'vitest';
import { count, insertAccount, insertInstitution, insertRole, insertStudy, refusal, withRollback } from '../harness/db.ts';

const TOMORROW = `now() + interval '1 day'`;

describe('study shares', () => {
  it('takes either an access key (a guest) or an institution, never both and never neither', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 50);
      const study = await insertStudy(client, 'share-1');
      const share = `insert into share_studies (study_id, institution, access_key, expires_at) values ($1, $2, $3, ${TOMORROW})`;
      await client.query(share, [study, null, 'guest-key-1']);
      await client.query(share, [study, institution, null]);
      expect(await refusal(client, share, [study, institution, 'guest-key-2'])).toMatchObject({
        code: '23514',
        constraint: 'share_studies_check',
      });
      expect(await refusal(client, share, [study, null, null])).toMatchObject({ code: '23514', constraint: 'share_studies_check' });
    }));

  it('gives an access key to one share only, and refuses a share without an end', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'share-2');
      const share = `insert into share_studies (study_id, access_key, expires_at) values ($1, $2, ${TOMORROW})`;
      await client.query(share, [study, 'same-key']);
      expect(await refusal(client, share, [study, 'same-key'])).toMatchObject({
        code: '23505',
        constraint: 'share_studies_access_key_key',
      });
      expect(await refusal(client, `insert into share_studies (study_id, access_key) values ($1, 'endless')`, [study])).toMatchObject({
        code: '23502',
        column: 'expires_at',
      });
    }));

  it('goes with its study, its role and its account, and forgets a deleted creator but stays', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 51);
      const role = await insertRole(client, institution, 'Colleagues');
      const spare = await insertRole(client, institution, 'Makers');
      await insertAccount(client, 'colleague', role);
      await insertAccount(client, 'maker', spare);
      const study = await insertStudy(client, 'share-3');
      const share = async (columns: { study?: number; role?: number; account?: string; createdBy?: string }) =>
        (
          await client.query<{ no: number }>(
            `insert into share_studies (study_id, institution, role, account_id, created_by, expires_at) values ($1, $2, $3, $4, $5, ${TOMORROW}) returning no`,
            [columns.study ?? study, institution, columns.role ?? null, columns.account ?? null, columns.createdBy ?? null],
          )
        ).rows[0]!.no;
      const toAccount = await share({ role, account: 'colleague' });
      const toRole = await share({ role });
      const made = await share({ createdBy: 'maker' });
      const exists = async (no: number) => (await count(client, 'select count(*) as n from share_studies where no = $1', [no])) === 1;

      await client.query(`delete from accounts where id = 'colleague'`);
      expect(await exists(toAccount)).toBe(false);
      expect(await exists(toRole)).toBe(true);
      await client.query('delete from roles where no = $1', [role]);
      expect(await exists(toRole)).toBe(false);
      await client.query(`delete from accounts where id = 'maker'`);
      const { rows } = await client.query('select created_by from share_studies where no = $1', [made]);
      expect(rows).toEqual([{ created_by: null }]);
      await client.query('delete from studies where id = $1', [study]);
      expect(await exists(made)).toBe(false);
    }));

  it('goes with its institution', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 52);
      const study = await insertStudy(client, 'share-4');
      await client.query(`insert into share_studies (study_id, institution, expires_at) values ($1, $2, ${TOMORROW})`, [
        study,
        institution,
      ]);
      await client.query('delete from institutions where no = $1', [institution]);
      expect(await count(client, 'select count(*) as n from share_studies where study_id = $1', [study])).toBe(0);
    }));
});

describe('patient shares', () => {
  it('holds the same key-or-institution rule and a unique key, with all modalities by default', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 53);
      const share = `insert into share_patients (patient_id, institution, access_key, expires_at) values ('PX', $1, $2, ${TOMORROW}) returning no`;
      const { rows } = await client.query<{ no: number }>(share, [null, 'patient-key']);
      expect(await refusal(client, share, [institution, 'other-key'])).toMatchObject({ code: '23514', constraint: 'share_patients_check' });
      expect(await refusal(client, share, [null, null])).toMatchObject({ code: '23514', constraint: 'share_patients_check' });
      expect(await refusal(client, share, [null, 'patient-key'])).toMatchObject({
        code: '23505',
        constraint: 'share_patients_access_key_key',
      });
      const { rows: created } = await client.query('select modalities from share_patients where no = $1', [rows[0]!.no]);
      expect(created).toEqual([{ modalities: [] }]);
    }));

  it("outlives the patient's studies: it names a patient, not a study", () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'share-5', { patientId: 'PY' });
      await client.query(`insert into share_patients (patient_id, access_key, expires_at) values ('PY', 'py-key', ${TOMORROW})`);
      await client.query('delete from studies where id = $1', [study]);
      expect(await count(client, `select count(*) as n from share_patients where patient_id = 'PY'`)).toBe(1);
    }));
});
