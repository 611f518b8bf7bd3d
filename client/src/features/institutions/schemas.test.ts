import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { MESSAGES } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { errorsOf } from '../../lib/schema-errors.ts';
import { institutionSchema, institutionValues } from './schemas.ts';
import type { Institution } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });
const institution = (No: number, Name: string): Institution => ({ ...institutionValues(), No, Name });

describe('institution schema', () => {
  const schema = institutionSchema(intl, [institution(0, 'Home'), institution(1, 'North')], 1);

  it('wants a unique name and a valid e-mail when one is given', async () => {
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'north' })).resolves.toEqual({});
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'HOME' })).resolves.toEqual({ Name: MESSAGES.already_exists });
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'South', Email: 'nope' })).resolves.toEqual({ Email: MESSAGES.email });
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'South', Email: 'desk@south.example' })).resolves.toEqual({});
  });

  it('states the length limit', async () => {
    await expect(errorsOf(schema, { ...institutionValues(), Name: 'x'.repeat(201) })).resolves.toEqual({ Name: MESSAGES.max_length(200) });
  });
});
