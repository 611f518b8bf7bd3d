import { FormattedMessage } from 'react-intl';
import type { PasswordConfig } from '@pacs/common';

/** What a new password needs under the current policy, in the chosen language. */
export function PasswordPolicyHint({ policy }: { policy: PasswordConfig }) {
  return (
    <ul className="policy-hint">
      <li>
        <FormattedMessage id="password_policy.min_length" values={{ count: policy.MinimumPasswordLength }} />
      </li>
      {policy.ContainsLowercaseLetter && (
        <li>
          <FormattedMessage id="password_policy.lowercase" />
        </li>
      )}
      {policy.ContainsUppercaseLetter && (
        <li>
          <FormattedMessage id="password_policy.uppercase" />
        </li>
      )}
      {policy.ContainsNumber && (
        <li>
          <FormattedMessage id="password_policy.number" />
        </li>
      )}
      {policy.ContainsSymbol && (
        <li>
          <FormattedMessage id="password_policy.symbol" />
        </li>
      )}
    </ul>
  );
}
