import { describe, expect, it } from 'vitest';
import { intlLocale, isRtl, LANGUAGES, resolveLanguage } from './languages.ts';

describe('resolveLanguage', () => {
  it('keeps a supported code and maps a region to its language', () => {
    expect(resolveLanguage('ja')).toBe('ja');
    expect(resolveLanguage('ja-JP')).toBe('ja');
  });

  it('serves a whole language from its regional catalogue', () => {
    expect(resolveLanguage('zh-CN')).toBe('zh-CN');
    expect(resolveLanguage('zh-cn')).toBe('zh-CN');
    expect(resolveLanguage('zh')).toBe('zh-CN');
    expect(resolveLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(resolveLanguage('pt')).toBe('pt-BR');
    expect(resolveLanguage('pt-PT')).toBe('pt-BR');
  });

  it('falls back to English', () => {
    expect(resolveLanguage(null)).toBe('en');
    expect(resolveLanguage('xx-YY')).toBe('en');
  });

  it('marks the right-to-left languages', () => {
    expect(LANGUAGES.filter((language) => language.rtl).map((language) => language.code)).toEqual(
      LANGUAGES.filter((language) => isRtl(language.code)).map((language) => language.code),
    );
    expect(isRtl('he')).toBe(true);
    expect(isRtl('zh-CN')).toBe(false);
    expect(isRtl('ar')).toBe(true);
  });
});

describe('intlLocale', () => {
  it('formats Arabic with Western digits and Persian with its own', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234)).toBe('1,234');
    expect(new Intl.NumberFormat(intlLocale('fa')).format(12)).toBe('۱۲');
    expect(intlLocale('ja')).toBe('ja');
  });
});

describe('the site default language', () => {
  it('is chosen from exactly the languages the client has catalogues for', async () => {
    const { LANGUAGE_CODES } = await import('@pacs/common');
    expect([...LANGUAGE_CODES].sort()).toEqual(LANGUAGES.map((language) => language.code).sort());
  });
});
