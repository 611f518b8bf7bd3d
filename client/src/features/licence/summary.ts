/** The licence in words, as the licence screen, the shell's alert and the dashboard say it. */
import { defineMessage, type IntlShape, type MessageDescriptor } from 'react-intl';
import { isUnlimited, type LicenceType, type LicenseStatus } from '@pacs/common';

export const LICENCE_TYPE_MESSAGES: Record<LicenceType, MessageDescriptor> = {
  Trial: defineMessage({ id: 'licence.types.trial' }),
  Demonstration: defineMessage({ id: 'licence.types.demonstration' }),
  Academic: defineMessage({ id: 'licence.types.academic' }),
  Professional: defineMessage({ id: 'licence.types.professional' }),
};

/** One sentence: the type, valid until (or expired on) the licence period's end, and the study limit; or that none is installed. */
export function licenceSummary(status: LicenseStatus, intl: Pick<IntlShape, 'formatMessage'>): string {
  if (status.IsEmpty) return intl.formatMessage({ id: 'licence.unlicensed' });
  const unlimited = intl.formatMessage({ id: 'licence.unlimited' });
  const end = status.LicensePeriod.split('-')[1] ?? '';
  return intl.formatMessage(
    { id: 'licence.alert' },
    {
      type: intl.formatMessage(LICENCE_TYPE_MESSAGES[status.LicenseType]),
      end: isUnlimited(end) ? unlimited : end,
      studies: isUnlimited(status.MaxNumberOfStudy) ? unlimited : status.MaxNumberOfStudy,
      valid: status.LicenseValid ? 'yes' : 'no',
    },
  );
}
