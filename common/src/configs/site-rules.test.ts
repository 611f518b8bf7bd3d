import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation.ts';
import { defaultConfigs } from './defaults.ts';
import { isTimeZone, siteConfigProblems } from './site-rules.ts';

describe('the site configs rules', () => {
  it('accepts the defaults whole, with country and time zone not answered yet', () => {
    expect(siteConfigProblems('', defaultConfigs())).toEqual({});
  });

  it('knows IANA zones and refuses made-up ones and offsets', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Base', '', '+05:00', 'Europe/../etc', ' Asia/Tokyo', 'x'.repeat(65), 42])
      expect(isTimeZone(zone), String(zone)).toBe(false);
  });

  it('names each broken member with the catalogue message', () => {
    const tree = { ...defaultConfigs(), time_zone: 'Mars/Base', date_format: 'YYYYY', lang: 'xx', country: 'zz' };
    expect(siteConfigProblems('', tree)).toEqual({
      time_zone: MESSAGES.invalid,
      date_format: MESSAGES.invalid,
      lang: MESSAGES.invalid,
      country: MESSAGES.invalid,
    });
  });

  it('takes the four formats and their slash variants, nothing else', () => {
    for (const format of ['YYYY-MM-DD', 'MM-DD-YYYY', 'DD-MM-YYYY', 'YYYY/MM/DD', 'MM/DD/YYYY', 'DD/MM/YYYY'])
      expect(siteConfigProblems('date_format', { ...defaultConfigs(), date_format: format })).toEqual({});
    for (const format of ['yyyy-mm-dd', 'YYYYY', 'DD.MM.YYYY', 7])
      expect(siteConfigProblems('date_format', { ...defaultConfigs(), date_format: format })).toHaveProperty('date_format');
  });

  it('takes a country code in either case', () => {
    expect(siteConfigProblems('country', { ...defaultConfigs(), country: 'jp' })).toEqual({});
    expect(siteConfigProblems('country', { ...defaultConfigs(), country: 'IL' })).toEqual({});
    expect(siteConfigProblems('country', { ...defaultConfigs(), country: 'XX' })).toEqual({ country: MESSAGES.invalid });
  });

  it('checks only what the save touched', () => {
    const tree = { ...defaultConfigs(), date_format: 'YYYYY' };
    expect(siteConfigProblems('country', tree)).toEqual({});
    expect(siteConfigProblems('patient_name', { ...defaultConfigs(), patient_name: { ja: 'romaji' } })).toEqual({
      'patient_name.ja': MESSAGES.invalid,
      'patient_name.is_replace_space_with_caret': MESSAGES.invalid,
    });
  });

  it('bounds the header text and checks the anonymization list', () => {
    const c = defaultConfigs();
    expect(siteConfigProblems('header_logo.text', { ...c, header_logo: { no_text: false, text: 'x'.repeat(65) } })).toEqual({
      'header_logo.text': MESSAGES.max_length(64),
    });
    const twice = [...c.anonymization, c.anonymization[0]];
    expect(siteConfigProblems('anonymization', { ...c, anonymization: twice })).toEqual({ anonymization: MESSAGES.invalid });
    const unnamed = c.anonymization.map((item, index) => (index === 0 ? { ...item, label: ' ' } : item));
    expect(siteConfigProblems('anonymization', { ...c, anonymization: unnamed })).toEqual({ anonymization: MESSAGES.required });
  });
});
