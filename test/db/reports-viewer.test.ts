/**
 * The rules of what users add to a study (004_viewer.sql, 005_reports.sql,
 * 006_institution_images.sql): key images marked once per frame, reports whose documents keep
 * their history, and everything going with its study.
 */
import { describe, expect, it } from 'vitest';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { count, insertAccount, insertInstitution, insertRole, insertStudy, refusal, withRollback } from '../harness/db.ts';

/** An account `id` in a role of its own institution. */
async function author(client: DbClient, institution: number, id: string): Promise<string> {
  return insertAccount(client, id, await insertRole(client, await insertInstitution(client, institution), 'Authors'));
}

/** A report on `study` with one document by `account`; the document's id. */
async function insertDocument(client: DbClient, study: number, account: string | null): Promise<number> {
  const { rows: report } = await client.query<{ no: number }>('insert into reports (study_id) values ($1) returning no', [study]);
  const { rows } = await client.query<{ id: number }>('insert into documents (report_no, account_id) values ($1, $2) returning id', [
    report[0]!.no,
    account,
  ]);
  return rows[0]!.id;
}

describe('key images and annotations', () => {
  it('marks a frame as key image once; another frame of the same instance is another key image', () =>
    withRollback(async (client) => {
      await author(client, 40, 'marker');
      const study = await insertStudy(client, 'key-1');
      const mark = `insert into key_images (study_id, series_instance_uid, sop_instance_uid, frame, account_id) values ($1, '2.25.s', '2.25.i', $2, 'marker')`;
      await client.query(mark, [study, 1]);
      await client.query(mark, [study, 2]);
      expect(await refusal(client, mark, [study, 1])).toMatchObject({ code: '23505', constraint: 'key_images_pkey' });
      await client.query(
        `insert into key_images (study_id, series_instance_uid, sop_instance_uid, account_id) values ($1, 's', 'j', 'marker')`,
        [study],
      );
      const { rows } = await client.query<{ frame: number }>(`select frame from key_images where sop_instance_uid = 'j'`);
      expect(rows).toEqual([{ frame: 1 }]);
    }));

  it("removes a study's key images and annotations with it, and an account's annotations with the account", () =>
    withRollback(async (client) => {
      await author(client, 41, 'drawer');
      const study = await insertStudy(client, 'key-2');
      const other = await insertStudy(client, 'key-3');
      await client.query(
        `insert into key_images (study_id, series_instance_uid, sop_instance_uid, account_id) values ($1, 's', 'i', 'drawer')`,
        [study],
      );
      const annotate = `insert into annotations (study_id, account_id, series_instance_uid, sop_instance_uid, tool, data) values ($1, 'drawer', 's', 'i', 'Length', '{}')`;
      await client.query(annotate, [study]);
      await client.query(annotate, [other]);
      await client.query('delete from studies where id = $1', [study]);
      expect(await count(client, 'select count(*) as n from key_images where study_id = $1', [study])).toBe(0);
      expect(await count(client, 'select count(*) as n from annotations where study_id = $1', [study])).toBe(0);
      expect(await count(client, 'select count(*) as n from annotations where study_id = $1', [other])).toBe(1);
      await client.query(`delete from accounts where id = 'drawer'`);
      expect(await count(client, `select count(*) as n from annotations where account_id = 'drawer'`)).toBe(0);
    }));
});

describe('reports and documents', () => {
  it('accepts only the four document statuses, Draft by default', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'rep-1');
      const document = await insertDocument(client, study, null);
      const { rows } = await client.query<{ status: string; report_no: number }>('select status, report_no from documents where id = $1', [
        document,
      ]);
      expect(rows[0]!.status).toBe('Draft');
      for (const status of ['None', 'Final', 'Deleted']) {
        await client.query('insert into documents (report_no, status) values ($1, $2)', [rows[0]!.report_no, status]);
      }
      expect(await refusal(client, `insert into documents (report_no, status) values ($1, 'Signed')`, [rows[0]!.report_no])).toMatchObject({
        code: '23514',
        constraint: 'documents_status_check',
      });
    }));

  it("keeps a document when its author's account is deleted, without the author", () =>
    withRollback(async (client) => {
      await author(client, 42, 'writer');
      const document = await insertDocument(client, await insertStudy(client, 'rep-2'), 'writer');
      await client.query(`delete from accounts where id = 'writer'`);
      const { rows } = await client.query('select account_id from documents where id = $1', [document]);
      expect(rows).toEqual([{ account_id: null }]);
    }));

  it('removes reports, their documents and the key images copied into them with the study', () =>
    withRollback(async (client) => {
      const study = await insertStudy(client, 'rep-3');
      const document = await insertDocument(client, study, null);
      await client.query(
        `insert into document_key_images (document_id, position, series_instance_uid, sop_instance_uid) values ($1, 0, 's', 'i'), ($1, 1, 's', 'j')`,
        [document],
      );
      await client.query('delete from studies where id = $1', [study]);
      expect(await count(client, 'select count(*) as n from reports where study_id = $1', [study])).toBe(0);
      expect(await count(client, 'select count(*) as n from documents where id = $1', [document])).toBe(0);
      expect(await count(client, 'select count(*) as n from document_key_images where document_id = $1', [document])).toBe(0);
    }));

  it('holds one key image per position of a document', () =>
    withRollback(async (client) => {
      const document = await insertDocument(client, await insertStudy(client, 'rep-4'), null);
      const copy = `insert into document_key_images (document_id, position, series_instance_uid, sop_instance_uid) values ($1, 0, 's', $2)`;
      await client.query(copy, [document, 'i']);
      expect(await refusal(client, copy, [document, 'j'])).toMatchObject({ code: '23505', constraint: 'document_key_images_pkey' });
    }));
});

describe('institution images', () => {
  it('accepts only a report header or footer, once each, and goes with the institution', () =>
    withRollback(async (client) => {
      const institution = await insertInstitution(client, 43);
      const logo = `insert into institution_images (institution, name, content_type, data) values ($1, $2, 'image/png', '\\x89504e47')`;
      await client.query(logo, [institution, 'report_header']);
      await client.query(logo, [institution, 'report_footer']);
      expect(await refusal(client, logo, [institution, 'report_watermark'])).toMatchObject({
        code: '23514',
        constraint: 'institution_images_name_check',
      });
      expect(await refusal(client, logo, [institution, 'report_header'])).toMatchObject({
        code: '23505',
        constraint: 'institution_images_pkey',
      });
      await client.query('delete from institutions where no = $1', [institution]);
      expect(await count(client, 'select count(*) as n from institution_images where institution = $1', [institution])).toBe(0);
    }));
});
