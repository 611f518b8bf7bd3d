/**
 * List query parameters: request keys are looked up as own entries of fixed maps, so
 * `constructor` and `__proto__` are unknown keys (400 for a sort key, ignored as a filter), and
 * dates are real calendar dates within the years PostgreSQL takes.
 */
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../../http/errors.ts';
import { parseDateRange } from '@pacs/common';
import { addStudyFilters, orderBySql, STUDY_ORDER, studySearchFrom, whereBuilder } from './studies.sql.ts';

/** A request's query, parsed once as the route does. */
const query = (values: Record<string, unknown>) => studySearchFrom(values);
const OPTIONS = { timeZone: 'UTC', accountId: 'someone' };

function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    return toErrorBody(error);
  }
  throw new Error('expected a refusal');
}

describe('orderby and orderBySql', () => {
  it('refuses keys that only Object.prototype has, with 400', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'hasOwnProperty', '-constructor desc']) {
      expect(
        refusal(() => query({ orderby: key }).order),
        key,
      ).toMatchObject({ status: 400, code: 'validation_failed' });
    }
    expect(query({ orderby: ['StudyDate desc', 'patientid'] }).order).toEqual([
      { key: 'studydate', desc: true },
      { key: 'patientid', desc: false },
    ]);
  });

  it('skips a stored term whose key is not an own entry (settings are user-written)', () => {
    expect(
      orderBySql(
        [
          { key: 'constructor', desc: false },
          { key: 'studydate', desc: true },
        ],
        STUDY_ORDER,
        'st.id desc',
      ),
    ).toBe('st.study_date desc, st.id desc');
  });
});

describe('addStudyFilters', () => {
  it('ignores filter keys named after Object.prototype members', () => {
    const where = whereBuilder();
    addStudyFilters(query({ constructor: 'x', ['__proto__']: 'y', toString: 'z', valueOf: 'v' }), where, OPTIONS);
    expect(where.clauses).toEqual([]);
  });

  it('refuses StudyDate 99999999, month 13 and day 32, naming the filter', () => {
    for (const value of ['99999999', '20241301', '20240132-', '-20241399', '20240101-99999999']) {
      expect(
        refusal(() => addStudyFilters(query({ StudyDate: value }), whereBuilder(), OPTIONS)),
        value,
      ).toMatchObject({
        status: 400,
        fields: { StudyDate: 'The field is not a valid value' },
      });
    }
    expect(refusal(() => addStudyFilters(query({ PatientBirthDate: '19601301' }), whereBuilder(), OPTIONS)).fields).toEqual({
      PatientBirthDate: 'The field is not a valid value',
    });
    expect(parseDateRange('20240101-20241231')).toEqual(['20240101', '20241231']);
  });

  it('refuses UpdatedAfter outside years 1–9999 instead of handing it to PostgreSQL', () => {
    for (const value of ['-271821-04-20', '+275760-09-13T00:00:00.000Z', 'yesterday']) {
      expect(
        refusal(() => addStudyFilters(query({ UpdatedAfter: value }), whereBuilder(), OPTIONS)),
        value,
      ).toMatchObject({ status: 400 });
    }
    const where = whereBuilder();
    addStudyFilters(query({ UpdatedAfter: '2024-01-01T00:00:00Z' }), where, OPTIONS);
    expect(where.clauses).toEqual(['st.updated_at > $1']);
  });
});
