/** The db harness itself: what one test writes, the next does not see. */
import { expect, it } from 'vitest';
import { count, insertInstitution, withRollback } from '../harness/db.ts';

it('rolls back what a test body wrote', async () => {
  await withRollback((client) => insertInstitution(client, 90));
  await withRollback(async (client) => {
    expect(await count(client, 'select count(*) as n from institutions where no = 90')).toBe(0);
  });
});

it('rolls back also when the body fails, and passes the failure on', async () => {
  await expect(
    withRollback(async (client) => {
      await insertInstitution(client, 91);
      throw new Error('the body failed');
    }),
  ).rejects.toThrow('the body failed');
  await withRollback(async (client) => {
    expect(await count(client, 'select count(*) as n from institutions where no = 91')).toBe(0);
  });
});
