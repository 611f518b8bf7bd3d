/**
 * The rules scripts/check-i18n.ts applies to every catalogue, as pure functions so that they can be
 * tested on small fixtures (i18n-rules.test.ts). A catalogue passes when it has exactly English's
 * keys, every message parses as ICU MessageFormat, every message uses the same arguments as its
 * English original (names, types, select options, exact plural selectors such as =0; a language
 * whose numbers have one plural form may write a plain `{count}` for a plural without them), plural
 * branches use only the categories the language has, and no message is left identical to English
 * unless KEPT_IN_ENGLISH says the term stays English in that language.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type Catalogue = { [key: string]: string | Catalogue };

/** Nested catalogue → flat dotted ids, in file order. */
export function flattenCatalogue(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(id, value);
    else for (const [childId, text] of flattenCatalogue(value, id)) flat.set(childId, text);
  }
  return flat;
}

/**
 * Messages that stay identical to English on purpose: key → the languages that keep it ('*': all).
 * Only terms the language's clinical software really writes in English (acronyms, DICOM attribute
 * names, units, overlay abbreviations, LUT names) belong here — anything else is a missing
 * translation.
 */
export const KEPT_IN_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  // Acronyms and file formats every language writes in Latin letters.
  'segments.pdf': ['*'],
  'reports.toolbar.pdf': ['*'],
  'toolbars.feature.pdf': ['*'],
  'studies.toolbar.csv': ['*'],
  'toolbars.feature.csv': ['*'],
  'viewer.feature.mpr': ['*'],
  'toolbars.feature.mpr': ['*'],
  'toolbars.feature.vhs': ['*'], // vertebral heart score: veterinary software keeps the acronym
  'viewer.header.vr': ['*'], // DICOM value representation
  'columns.ctd_ivols': ['*'], // CT dose index, as the modality writes it
  'columns.ctd_ivol': ['*'],
  'columns.dlp': ['*'],
  // Units.
  'admin.auto_delete.gb': ['*'],
  'network.ping.milliseconds': ['*'],
  // Overlay abbreviations in the image corners: viewers everywhere print Se/Im/W/L.
  'viewer.series_number': ['*'],
  'viewer.image_position': ['*'],
  'viewer.window_level': ['*'],
  // Colour lookup table names, shown as the LUT is called.
  'viewer.colormap.hsv': ['*'],
  'viewer.colormap.hot': ['*'],
  'viewer.colormap.jet': ['*'],
  'viewer.colormap.bone': ['he', 'fa'],
  // The network command's own name.
  'network.ping.button': ['ja', 'pt-BR', 'vi'],
  // Cine loops: the English word is the clinical term in these languages.
  'viewer.feature.cine': ['he', 'fa', 'pt-BR', 'vi'],
  'toolbars.feature.cine': ['he', 'fa', 'pt-BR', 'vi'],
  // OK, ID, No. are the words these languages' interfaces use.
  'common.ok': ['ja', 'pt-BR'],
  'viewer.annotation_text.ok': ['ja', 'pt-BR'],
  'login.id': ['ja', 'pt-BR'],
  'admin.security.locks.id': ['ja', 'pt-BR'],
  'dialogs.web_connection.id': ['ja', 'pt-BR'],
  'dialogs.profile.id': ['ja', 'pt-BR'],
  'accounts_admin.accounts.id': ['ja', 'pt-BR'],
  'accounts_admin.no': ['ja'],
  // Words Portuguese and Vietnamese borrowed and write as English does.
  'accounts_admin.institutions.fax': ['pt-BR', 'vi'],
  'accounts_admin.institutions.email': ['pt-BR'],
  'shares.mail': ['pt-BR'],
  'shares.mail_to': ['pt-BR'],
  'viewer.feature.zoom': ['pt-BR'],
  'toolbars.feature.zoom': ['pt-BR'],
  'reports.pdf.logo_type.label': ['vi'],
  'reports.pdf.preview.logo': ['vi'],
  // Words spelled the same in Portuguese.
  'shell.mobile_menu': ['pt-BR'],
  'viewer.mpr.plane_axial': ['pt-BR'],
  'viewer.mpr.plane_coronal': ['pt-BR'],
};

export function keptInEnglish(key: string, language: string): boolean {
  const languages = KEPT_IN_ENGLISH[key];
  return languages !== undefined && (languages.includes('*') || languages.includes(language));
}

/** A message's arguments as comparable strings: `name:type`, select options, exact plural keys. */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          found.add(`${element.value}:argument`);
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`${element.value}:${TYPE[element.type]}`);
          break;
        case TYPE.select:
          found.add(`${element.value}:select[${Object.keys(element.options).sort().join(',')}]`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.plural: {
          const exact = Object.keys(element.options).filter((key) => key.startsWith('='));
          found.add(`${element.value}:${element.pluralType === 'ordinal' ? 'selectordinal' : 'plural'}[${exact.sort().join(',')}]`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        }
        case TYPE.tag:
          found.add(`<${element.value}>:tag`);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Plural categories a message uses that the language never selects, or a plural without `other`. */
export function pluralProblems(message: string, language: string): string[] {
  const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
  const problems: string[] = [];
  const walk = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        const keys = Object.keys(element.options);
        if (!keys.includes('other')) problems.push(`{${element.value}} has no "other" branch`);
        for (const key of keys) {
          if (!key.startsWith('=') && key !== 'other' && !categories.has(key))
            problems.push(`{${element.value}} uses "${key}", which ${language} does not have`);
        }
      }
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return problems;
}

/** Whether a text still has words once its arguments are taken out (digits and dashes are not words). */
function hasWords(message: string): boolean {
  return /\p{L}/u.test(message.replace(/\{[^{}]*\}/g, ''));
}

/** Every rule for one catalogue against English; returns the failures as sentences. */
export function checkCatalogue(language: string, english: Map<string, string>, catalogue: Map<string, string>): string[] {
  const failures: string[] = [];
  const onlyOther = new Intl.PluralRules(language).resolvedOptions().pluralCategories.length === 1;
  for (const key of catalogue.keys()) if (!english.has(key)) failures.push(`${language}: "${key}" is not in en.json`);
  for (const [key, source] of english) {
    const text = catalogue.get(key);
    if (text === undefined) {
      failures.push(`${language}: "${key}" is missing`);
      continue;
    }
    let args: string[];
    try {
      args = messageArguments(text);
    } catch (error) {
      failures.push(`${language}: "${key}" is not valid ICU MessageFormat (${(error as Error).message})`);
      continue;
    }
    let expected = messageArguments(source);
    if (onlyOther) {
      // Nothing to choose between: `{count, plural, other {# 件}}` and `{count}件` say the same.
      const plain = (list: string[]) => list.map((arg) => arg.replace(/:(plural\[\]|argument|number)$/, ':value')).sort();
      [args, expected] = [plain(args), plain(expected)];
    }
    if (args.join(' ') !== expected.join(' '))
      failures.push(`${language}: "${key}" has arguments ${args.join(' ') || '(none)'}; English has ${expected.join(' ') || '(none)'}`);
    for (const problem of pluralProblems(text, language)) failures.push(`${language}: "${key}" ${problem}`);
    if (language !== 'en' && text === source && hasWords(source) && !keptInEnglish(key, language))
      failures.push(`${language}: "${key}" is still English ("${source}")`);
  }
  return failures;
}
