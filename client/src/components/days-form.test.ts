import { describe, expect, it } from 'vitest';
import { AUDIT_RETENTION_MAX_DAYS, auditRetentionProblem, TRASH_RETENTION_MAX_DAYS, trashRetentionProblem } from '@pacs/common';
import { daysError } from './days-form.tsx';

const intl = {
  formatMessage: ({ id }: { id?: string }, values?: Record<string, unknown>) => `[${id} ${JSON.stringify(values)}]`,
} as Parameters<typeof daysError>[2];
const trash = (text: string) => daysError(trashRetentionProblem(text), { min: 1, max: TRASH_RETENTION_MAX_DAYS }, intl);
const audit = (text: string) => daysError(auditRetentionProblem(text), { min: 0, max: AUDIT_RETENTION_MAX_DAYS }, intl);

describe('days field', () => {
  it('takes the recycle bin from 1 to 3650 days and the audit log from 0 (for ever)', () => {
    for (const text of ['1', '30', '3650']) expect(trash(text)).toBeUndefined();
    for (const text of ['0', '365', String(AUDIT_RETENTION_MAX_DAYS)]) expect(audit(text)).toBeUndefined();
  });

  it('says the field is required when empty, and the range for zero, too many, fractions and words', () => {
    expect(trash('')).toBe('validation.required');
    expect(audit(' ')).toBe('validation.required');
    for (const text of ['0', '3651', '1.5', 'ten', '-3']) expect(trash(text)).toBe('[validation.days_range {"min":1,"max":3650}]');
    expect(audit(String(AUDIT_RETENTION_MAX_DAYS + 1))).toBe(`[validation.days_range {"min":0,"max":${AUDIT_RETENTION_MAX_DAYS}}]`);
  });
});
