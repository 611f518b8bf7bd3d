import { describe, expect, it } from 'vitest';
import { checkCatalogue, flattenCatalogue, keptInEnglish, messageArguments, pluralProblems } from './i18n-rules.ts';

const english = flattenCatalogue({
  common: { save: 'Save', dash: '—' },
  segments: { pdf: 'PDF' },
  list: {
    count: '{count, plural, one {# study} other {# studies}}',
    moved: '{count, plural, =0 {No study picked} other {# studies moved}}',
    both: '{studies}{both, select, yes { and } other {}}{series}',
  },
});

/** A fixture catalogue: English with some messages replaced. */
function catalogue(overrides: Record<string, string | undefined>): Map<string, string> {
  const result = new Map(english);
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) result.delete(key);
    else result.set(key, value);
  }
  return result;
}

const french = {
  'common.save': 'Enregistrer',
  'segments.pdf': 'PDF',
  'list.count': '{count, plural, one {# examen} other {# examens}}',
  'list.moved': '{count, plural, =0 {Aucun examen} other {# examens déplacés}}',
  'list.both': '{studies}{both, select, yes { et } other {}}{series}',
};

describe('checkCatalogue', () => {
  it('passes a complete translation', () => {
    expect(checkCatalogue('fr', english, catalogue(french))).toEqual([]);
  });

  it('fails on a missing key and on a key English lacks', () => {
    const failures = checkCatalogue('fr', english, catalogue({ ...french, 'common.save': undefined, 'common.extra': 'Plus' }));
    expect(failures).toEqual(['fr: "common.extra" is not in en.json', 'fr: "common.save" is missing']);
  });

  it('fails on a message left in English unless the allow-list keeps it', () => {
    expect(checkCatalogue('fr', english, catalogue({ ...french, 'common.save': 'Save' }))).toEqual([
      'fr: "common.save" is still English ("Save")',
    ]);
    // "PDF" is allow-listed for every language; "—" has no words to translate.
    expect(keptInEnglish('common.pdf', 'fr')).toBe(false);
    expect(checkCatalogue('fr', english, catalogue({ ...french, 'common.pdf': 'PDF' })).filter((f) => f.includes('common.dash'))).toEqual(
      [],
    );
    expect(keptInEnglish('segments.pdf', 'ko')).toBe(true);
    expect(keptInEnglish('common.ok', 'ja')).toBe(true);
    expect(keptInEnglish('common.ok', 'ko')).toBe(false);
  });

  it('fails on an ICU parse error', () => {
    const [failure] = checkCatalogue(
      'fr',
      english,
      catalogue({ ...french, 'list.count': '{count, plural, one {# examen} other {# examens}' }),
    );
    expect(failure).toMatch(/^fr: "list.count" is not valid ICU MessageFormat/);
  });

  it('fails on a renamed, missing or retyped argument', () => {
    expect(
      checkCatalogue('fr', english, catalogue({ ...french, 'list.both': '{studies}{both, select, yes { et } other {}}{serie}' })),
    ).toHaveLength(1);
    expect(checkCatalogue('fr', english, catalogue({ ...french, 'list.count': '{count} examens' }))).toHaveLength(1);
    expect(
      checkCatalogue('fr', english, catalogue({ ...french, 'list.both': '{studies}{both, select, oui { et } other {}}{series}' })),
    ).toHaveLength(1);
  });

  it('keeps exact plural selectors such as =0', () => {
    const failures = checkCatalogue(
      'fr',
      english,
      catalogue({ ...french, 'list.moved': '{count, plural, one {# examen déplacé} other {# examens déplacés}}' }),
    );
    expect(failures).toEqual(['fr: "list.moved" has arguments count:plural[]; English has count:plural[=0]']);
  });

  it('lets a language with one plural form write a plain number, but not drop =0', () => {
    const japanese = catalogue({ ...french, 'list.count': '検査 {count} 件', 'list.moved': '{count, plural, =0 {なし} other {# 件移動}}' });
    expect(checkCatalogue('ja', english, japanese)).toEqual([]);
    japanese.set('list.moved', '{count} 件移動');
    expect(checkCatalogue('ja', english, japanese)).toEqual(['ja: "list.moved" has arguments count:value; English has count:plural[=0]']);
  });
});

describe('plural categories', () => {
  it('needs other and only the categories the language has', () => {
    expect(pluralProblems('{n, plural, one {#} few {#} other {#}}', 'ar')).toEqual([]);
    expect(pluralProblems('{n, plural, one {#} other {#}}', 'ko')).toEqual(['{n} uses "one", which ko does not have']);
    expect(pluralProblems('{n, plural, =0 {none} other {#}}', 'zh-CN')).toEqual([]);
  });

  it('reads arguments inside plural and select branches', () => {
    expect(messageArguments('{a, select, x {{b}} other {{c, plural, =1 {one} other {#}}}}')).toEqual([
      'a:select[other,x]',
      'b:argument',
      'c:plural[=1]',
    ]);
  });
});
