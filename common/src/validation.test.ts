import { describe, expect, it } from 'vitest';
import { MEDIA_GUEST_ID, SHARE_GUEST_ID } from './product.ts';
import {
  DEFAULT_AUTH_CONFIG,
  DEFAULT_PASSWORD_CONFIG,
  MESSAGES,
  hasLowercase,
  hasNumber,
  hasSymbol,
  hasUppercase,
  isAeTitle,
  isAlphaNumUnderscore,
  isColumnWidth,
  isCreditCardBrandAccepted,
  isDate,
  isDecimal,
  isDicomDate,
  parseTimestamp,
  isEmail,
  isFileName,
  isHex,
  isHexColor,
  isIdOrEmail,
  isIpAddress,
  isNotExisting,
  isPageSizeChange,
  isPatientAge,
  isPatientSex,
  isPort,
  isShareModality,
  isTime,
  isToolbarFolderName,
  isToolbarPosition,
  passwordProblems,
} from './validation.ts';

function check(rule: (value: unknown) => boolean, good: unknown[], bad: unknown[]): void {
  for (const value of good) expect(rule(value), `${String(value)} should pass`).toBe(true);
  for (const value of bad) expect(rule(value), `${String(value)} should fail`).toBe(false);
}

describe('validation rules', () => {
  it('isAeTitle', () => {
    check(isAeTitle, ['ORTHANC', 'A', 'MY AE-1', 'x'.repeat(16), '日本'], ['', 'x'.repeat(17), 'AE\\1', ' AE', 'AE ', 'A\tB', null, 5]);
  });

  it('isAlphaNumUnderscore', () => {
    check(isAlphaNumUnderscore, ['abc', 'A_1', '_'], ['', 'a-b', 'a b', 'é', null]);
  });

  it('isDate', () => {
    check(
      isDate,
      ['2024/02/29', '2024-12-31', '31/12/2023', '01-01-2000', new Date(2020, 0, 1)],
      ['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '32/01/2024', '2024/01-01', '2024-1-1', '20240101', '', new Date('x'), 0],
    );
  });

  it('isDecimal', () => {
    check(isDecimal, ['1', '-1.5', '+0.25', 3.14, 10], ['', '1.', '.5', '1.2.3', 'a', NaN, null]);
    expect(isDecimal('1.25', 2)).toBe(true);
    expect(isDecimal('1.255', 2)).toBe(false);
    expect(isDecimal('1.5', 0)).toBe(false);
    expect(isDecimal('15', 0)).toBe(true);
    expect(isDecimal('1,5', '*', ',')).toBe(true);
    expect(isDecimal('1.5', '*', ',')).toBe(false);
  });

  it('isFileName', () => {
    check(isFileName, ['report.pdf', 'a b (1).dcm'], ['', 'a/b', 'a\\b', 'a:b', 'a*b', 'a?b', 'a"b', 'a<b', 'a>b', 'a|b', null]);
  });

  it('character classes', () => {
    check(hasLowercase, ['Ab', 'é'], ['AB1', '', null]);
    check(hasUppercase, ['aB', 'É'], ['ab1', '', null]);
    check(hasNumber, ['a1'], ['ab', '', null]);
    check(hasSymbol, ['a!', 'a-b', 'a_b'], ['ab1', 'a b', '', null]);
  });

  it('isHex and isHexColor', () => {
    check(isHex, ['0f', 'ABCDEF09'], ['', '0x0f', 'g', null]);
    check(isHexColor, ['#00ff00', '#FF3333'], ['00ff00', '#0f0', '#00ff0g', '#00ff000', null]);
  });

  it('isEmail', () => {
    check(isEmail, ['a@b.co', 'first.last+tag@sub.example.org'], ['', 'a@b', '@b.co', 'a@.co', 'a..b@c.co', 'a@b.c-', 'a b@c.co', null]);
  });

  it('isIdOrEmail', () => {
    check(
      isIdOrEmail,
      ['ab', 'user_1', ' admin ', 'doctor@clinic.jp', 'x'.repeat(256)],
      ['a', '0', 'x'.repeat(257), 'a-b', 'a b', MEDIA_GUEST_ID, SHARE_GUEST_ID, SHARE_GUEST_ID.toUpperCase(), '', null],
    );
  });

  it('isIpAddress', () => {
    check(isIpAddress, ['127.0.0.1', '255.255.255.255', '0.0.0.0'], ['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', '', null]);
  });

  it('isPort', () => {
    check(isPort, [1, 104, 65535, '4242'], [0, 65536, 1.5, '', 'x', -1, null]);
  });

  it('isPatientAge', () => {
    check(isPatientAge, ['045Y', '003M', '012W', '001D'], ['45Y', '0045Y', '045y', '045X', '', null]);
  });

  it('isTime', () => {
    check(isTime, ['00:00:00', '23:59:59', '12:30:05'], ['24:00:00', '12:60:00', '12:00:60', '1:00:00', '12:00', '', null]);
  });

  it('isToolbarFolderName and isToolbarPosition', () => {
    check(isToolbarFolderName, ['Tools', 'x'.repeat(50)], ['', '   ', 'x'.repeat(51), null]);
    check(isToolbarPosition, ['left', 'right'], ['center', '', null]);
  });

  it('isColumnWidth', () => {
    check(isColumnWidth, [40, 400, 120, '80'], [39, 401, 100.5, '', null]);
  });

  it('spec 2 §5 rules', () => {
    check(isPatientSex, ['M', 'F', 'O'], ['m', 'X', '', null]);
    check(isShareModality, ['CT', 'MR', 'ABCDEFGH'], ['C', 'ABCDEFGHI', 'C1', '', null]);
    expect(isPageSizeChange(20, 15)).toBe(true);
    expect(isPageSizeChange('30', 15)).toBe(true);
    expect(isPageSizeChange(15, 15)).toBe(false);
    expect(isPageSizeChange(0, 15)).toBe(false);
    expect(isPageSizeChange(2.5, 15)).toBe(false);
    expect(isNotExisting('ct', ['MR', 'US'])).toBe(true);
    expect(isNotExisting('ct', ['CT'])).toBe(false);
  });

  it('isCreditCardBrandAccepted', () => {
    expect(isCreditCardBrandAccepted('Visa', 'us')).toBe(true);
    expect(isCreditCardBrandAccepted('JCB', 'us')).toBe(false);
    expect(isCreditCardBrandAccepted('Diners Club', 'en')).toBe(false);
    expect(isCreditCardBrandAccepted('discover', 'jp')).toBe(true);
    expect(isCreditCardBrandAccepted('jcb', 'ja-JP')).toBe(true);
    expect(isCreditCardBrandAccepted('', 'jp')).toBe(false);
  });
});

describe('messages and defaults', () => {
  it('use the spec texts', () => {
    expect(MESSAGES.required).toBe('The field is required');
    expect(MESSAGES.max_length(50)).toBe('The field must be 50 character(s) or less');
    expect(MESSAGES.already_exists).toBe('An item with the entered value already exists');
    expect(MESSAGES.not_last_master).toBe('"Master" must always have at least one Account');
    expect(MESSAGES.card_not_accepted).toBe('This credit card is not accepted');
    expect(MESSAGES.email).toBe('The field must be a valid email address');
    expect(MESSAGES.invalid).toBe('The field is not a valid value');
    expect(DEFAULT_AUTH_CONFIG).toEqual({ Threshold: 3, LockTime: 60 });
    expect(DEFAULT_PASSWORD_CONFIG.MinimumPasswordLength).toBe(4);
  });
});

describe('passwordProblems', () => {
  const strict = {
    MinimumPasswordLength: 8,
    ContainsLowercaseLetter: true,
    ContainsUppercaseLetter: true,
    ContainsNumber: true,
    ContainsSymbol: true,
  };

  it('accepts passwords meeting the policy', () => {
    expect(passwordProblems('abcd', DEFAULT_PASSWORD_CONFIG)).toEqual([]);
    expect(passwordProblems('Abcdef1!', strict)).toEqual([]);
  });

  it('lists every unmet requirement', () => {
    expect(passwordProblems('abc', DEFAULT_PASSWORD_CONFIG)).toEqual(['The password must be at least 4 characters long.']);
    expect(passwordProblems('', strict)).toEqual([
      'The password must be at least 8 characters long.',
      'The password must contain a lowercase letter.',
      'The password must contain an uppercase letter.',
      'The password must contain a number.',
      'The password must contain a symbol.',
    ]);
    expect(passwordProblems('ABCDEFGH1!', strict)).toEqual(['The password must contain a lowercase letter.']);
    expect(passwordProblems('', { ...DEFAULT_PASSWORD_CONFIG, MinimumPasswordLength: 1 })).toEqual([
      'The password must be at least 1 character long.',
    ]);
  });
});

describe('isDicomDate', () => {
  it('accepts real YYYYMMDD dates and refuses month 13, day 32 and 99999999', () => {
    expect(isDicomDate('20240229')).toBe(true);
    for (const value of ['20230229', '20241301', '20240132', '99999999', '00000000', '2024-01-01', '2024011', 20240101]) {
      expect(isDicomDate(value), String(value)).toBe(false);
    }
  });
});

describe('parseTimestamp', () => {
  it('reads ISO dates and date-times within years 1 to 9999', () => {
    expect(parseTimestamp('2024-05-06')?.toISOString()).toBe('2024-05-06T00:00:00.000Z');
    expect(parseTimestamp('2024-05-06T10:20:30.123Z')?.toISOString()).toBe('2024-05-06T10:20:30.123Z');
    expect(parseTimestamp('2024-05-06T10:20:30+09:00')?.toISOString()).toBe('2024-05-06T01:20:30.000Z');
    expect(parseTimestamp('9999-12-31T23:59:59Z')?.getUTCFullYear()).toBe(9999);
  });

  it("refuses what JavaScript takes but PostgreSQL does not, and what isn't a calendar date", () => {
    for (const value of [
      '+275760-09-13T00:00:00.000Z',
      '-271821-04-20',
      '0000-01-01',
      '2024-13-01',
      '2024-02-30',
      '2024-01-01T24:00',
      'tomorrow',
      '1e308',
      20240101,
    ]) {
      expect(parseTimestamp(value), String(value)).toBeNull();
    }
  });
});
