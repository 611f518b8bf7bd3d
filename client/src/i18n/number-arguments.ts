/**
 * Numbers inside messages in the language's digits. react-intl writes plural counts (`#`) and
 * `{x, number}` arguments with the locale's digits but a plain `{x}` argument with `String(x)`,
 * so a Persian "{shown} از {total, plural, …}" read "2 از ۲". For a language whose digits are not
 * Latin, the provider's `formatMessage` formats each number given to a plain argument with the
 * locale before the message sees it; numbers that also select a plural keep their value.
 */
import type { IntlShape } from 'react-intl';
import { languageDigits } from '@pacs/common';

type Values = Record<string, unknown>;

/** The values with each number used only as a plain `{key}` of `message` formatted for `intl`'s locale. */
export function formatPlainNumbers(intl: Pick<IntlShape, 'formatNumber'>, message: unknown, values: Values): Values {
  if (typeof message !== 'string') return values;
  let changed: Values | null = null;
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== 'number' || !message.includes(`{${key}}`)) continue;
    // Also a plural's or a select's selector: its value must stay a number.
    if (new RegExp(`\\{\\s*${key}\\s*,`).test(message)) continue;
    changed ??= { ...values };
    changed[key] = intl.formatNumber(value, { useGrouping: false });
  }
  return changed ?? values;
}

/** `intl` itself for a language written with Latin digits; else one whose messages format their plain numbers. */
export function withLocaleNumberArguments(intl: IntlShape): IntlShape {
  if (!languageDigits(intl.locale)) return intl;
  const format = intl.formatMessage as (descriptor: { id?: string }, values?: Values, options?: unknown) => unknown;
  const formatMessage = (descriptor: { id?: string }, values?: Values, options?: unknown) => {
    const message = descriptor.id === undefined ? undefined : intl.messages[descriptor.id];
    return format(descriptor, values && formatPlainNumbers(intl, message, values), options);
  };
  return { ...intl, formatMessage: formatMessage as IntlShape['formatMessage'], $t: formatMessage as IntlShape['$t'] };
}
