import { FormattedMessage } from 'react-intl';
import { passwordProblems, type PasswordConfig } from '@pacs/common';

const NO_RULES: PasswordConfig = {
  MinimumPasswordLength: 0,
  ContainsLowercaseLetter: false,
  ContainsUppercaseLetter: false,
  ContainsNumber: false,
  ContainsSymbol: false,
};

type Rule = { key: string; policy: Partial<PasswordConfig>; message: { id: string; values?: Record<string, number> } };

/**
 * The policy's rules with a live mark for each one the typed password meets. Each rule is
 * checked alone with the shared passwordProblems, so the marks follow the server's rule exactly.
 */
export function PasswordChecklist({ policy, password }: { policy: PasswordConfig; password: string }) {
  const rules: Rule[] = [
    {
      key: 'length',
      policy: { MinimumPasswordLength: policy.MinimumPasswordLength },
      message: { id: 'password_policy.min_length', values: { count: policy.MinimumPasswordLength } },
    },
  ];
  if (policy.ContainsLowercaseLetter)
    rules.push({ key: 'lower', policy: { ContainsLowercaseLetter: true }, message: { id: 'password_policy.lowercase' } });
  if (policy.ContainsUppercaseLetter)
    rules.push({ key: 'upper', policy: { ContainsUppercaseLetter: true }, message: { id: 'password_policy.uppercase' } });
  if (policy.ContainsNumber) rules.push({ key: 'number', policy: { ContainsNumber: true }, message: { id: 'password_policy.number' } });
  if (policy.ContainsSymbol) rules.push({ key: 'symbol', policy: { ContainsSymbol: true }, message: { id: 'password_policy.symbol' } });
  return (
    <ul className="password-checklist" aria-live="polite">
      {rules.map((rule) => {
        const met = password !== '' && passwordProblems(password, { ...NO_RULES, ...rule.policy }).length === 0;
        return (
          <li key={rule.key} className={met ? 'rule-met' : 'rule-unmet'}>
            <span className="rule-mark" aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            <FormattedMessage {...rule.message} />
            {met && (
              <span className="visually-hidden">
                <FormattedMessage id="accounts_admin.accounts.rule_met" />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
