import { describe, expect, it } from 'vitest';
import { retentionSchema } from './retention-schema.ts';

const intl = { formatMessage: ({ id }: { id?: string }) => `[${id}]` } as Parameters<typeof retentionSchema>[0];

async function problem(value: string): Promise<string | null> {
  try {
    await retentionSchema(intl).validate({ TrashRetentionPeriod: value });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('retention rule', () => {
  it('takes whole days from 1 to 3650', async () => {
    await expect(problem('1')).resolves.toBeNull();
    await expect(problem('30')).resolves.toBeNull();
    await expect(problem('3650')).resolves.toBeNull();
  });

  it('refuses empty, zero, too many, fractions and words', async () => {
    await expect(problem('')).resolves.toBe('validation.required');
    for (const value of ['0', '3651', '1.5', 'ten', '-3']) await expect(problem(value)).resolves.toBe('[trash.retention.invalid]');
  });
});
