import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { formatPlainNumbers, withLocaleNumberArguments } from './number-arguments.ts';

const MESSAGES = {
  count: '{shown} از {total, plural, one {# مطالعه} other {# مطالعه}}',
  position: 'Im: {index} / {count}',
  named: 'Patient {id}',
};

describe('numbers in messages', () => {
  it('writes plain numeric arguments in Persian digits in Persian, keeping plural selectors numbers', () => {
    const intl = withLocaleNumberArguments(createIntl({ locale: 'fa', messages: MESSAGES, defaultLocale: 'en' }));
    expect(intl.formatMessage({ id: 'count' }, { shown: 2, total: 12 })).toBe('۲ از ۱۲ مطالعه');
    expect(intl.formatMessage({ id: 'position' }, { index: 1, count: 1024 })).toBe('Im: ۱ / ۱۰۲۴');
    // Strings (IDs, what a user typed) keep their own digits.
    expect(intl.formatMessage({ id: 'named' }, { id: 'PID-2024' })).toBe('Patient PID-2024');
  });

  it('leaves languages written with Latin digits untouched (Arabic as the product formats it)', () => {
    const english = createIntl({ locale: 'en', messages: MESSAGES });
    expect(withLocaleNumberArguments(english)).toBe(english);
    const arabic = withLocaleNumberArguments(createIntl({ locale: 'ar-u-nu-latn', messages: MESSAGES }));
    expect(arabic.formatMessage({ id: 'position' }, { index: 1, count: 12 })).toBe('Im: 1 / 12');
  });

  it('changes only the numbers a message uses plainly', () => {
    const intl = { formatNumber: (value: number) => `<${value}>` };
    const values = { a: 1, b: 2, c: 'x' };
    expect(formatPlainNumbers(intl, '{a} {b, plural, other {#}} {c}', values)).toEqual({ a: '<1>', b: 2, c: 'x' });
    expect(formatPlainNumbers(intl, '{c}', values)).toBe(values);
    expect(formatPlainNumbers(intl, undefined, values)).toBe(values);
  });
});
