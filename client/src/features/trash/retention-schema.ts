/** The retention field's rule: common's trashRetentionProblem (1–3650 whole days), with translated messages. */
import * as yup from 'yup';
import type { IntlShape } from 'react-intl';
import { MESSAGES, TRASH_RETENTION_MAX_DAYS, trashRetentionProblem } from '@pacs/common';
import { VALIDATION } from '../../lib/validation-messages.ts';

export interface RetentionValues {
  TrashRetentionPeriod: string;
}

export function retentionSchema(intl: Pick<IntlShape, 'formatMessage'>) {
  return yup.object({
    TrashRetentionPeriod: yup.string().test('retention', (value, context) => {
      const problem = trashRetentionProblem(value);
      if (problem === null) return true;
      const message =
        problem === MESSAGES.required
          ? VALIDATION.required.id
          : intl.formatMessage({ id: 'trash.retention.invalid' }, { max: TRASH_RETENTION_MAX_DAYS });
      return context.createError({ message });
    }),
  });
}
