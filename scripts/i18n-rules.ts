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
  'viewer.vhs.score': ['*'],
  // The VHS's figures on the image: the acronym, v for vertebrae and T4 as veterinary papers print them.
  'viewer.vhs.value': ['*'],
  'viewer.vhs.image_score': ['*'],
  'viewer.vhs.image_reference': ['*'],
  'server_general.server.http': ['*'],
  'server_general.server.https': ['*'],
  'viewer.header.vr': ['*'], // DICOM value representation
  'columns.ctd_ivols': ['*'], // CT dose index, as the modality writes it
  'columns.ctd_ivol': ['*'],
  'columns.dlp': ['*'],
  // Product names and their version numbers.
  'dashboard.server.versions_value': ['*'],
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
  'viewer.colormap.bone': ['he', 'fa', 'bg', 'es', 'fr', 'it', 'nl', 'pl'],
  // DICOM attribute and configuration names, written as the standard and the modalities' settings write them.
  'columns.study_instance_uid': ['bg', 'es', 'fr', 'it', 'nl', 'pl'],
  'columns.series_instance_uid': ['bg', 'es', 'fr', 'it', 'nl', 'pl'],
  'columns.sop_instance_uid': ['bg', 'es', 'fr', 'it', 'nl', 'pl'],
  'shares.fields.study_instance_uid': ['bg', 'es', 'fr', 'it', 'nl', 'pl'],
  'network.ae_title': ['bg', 'es', 'fr', 'it', 'pl'],
  'dialogs.dicom_connection.ae_title': ['bg', 'es', 'fr', 'it', 'pl'],
  'accounts_admin.accounts.ae_title': ['bg', 'es', 'fr', 'it', 'pl'],
  'dashboard.ae_title': ['bg', 'es', 'fr', 'it', 'pl'],
  'accounts_admin.targets.ae_titles': ['bg', 'es', 'fr'],
  'viewer.header.tag': ['it', 'nl', 'pl'],
  // The network commands' own names (DICOM C-ECHO, ping), as their catalogues write them elsewhere.
  'network.ping.button': ['ja', 'pt-BR', 'vi', 'bg', 'es', 'fr', 'it', 'nl', 'pl'],
  'network.ping.named': ['fr', 'it'],
  'network.ping.title': ['bg', 'es', 'it', 'nl', 'pl'],
  'network.echo.button': ['bg', 'es', 'fr', 'it', 'nl', 'pl'],
  'network.echo.named': ['fr', 'it'],
  'network.echo.title': ['bg', 'pl'],
  // Cine loops: the English word is the clinical term in these languages.
  'viewer.feature.cine': ['he', 'fa', 'pt-BR', 'vi', 'es', 'it', 'nl', 'pl'],
  'toolbars.feature.cine': ['he', 'fa', 'pt-BR', 'vi', 'es', 'it', 'nl', 'pl'],
  // Imaging terms Italian and Dutch radiology keeps in English (overlay, key image, frames, instances).
  'viewer.feature.overlay': ['it', 'nl'],
  'toolbars.feature.overlay': ['it', 'nl'],
  'studies.export_dialog.item.overlay': ['it', 'nl'],
  'viewer.key_image': ['nl'],
  'viewer.feature.key_image': ['nl'],
  'reports.key_images.title': ['nl'],
  'reports.key_images.image': ['nl'],
  'columns.number_of_frames': ['nl'],
  'studies.export_dialog.count_instances': ['nl'],
  // OK, ID, No. are the words these languages' interfaces use.
  'common.ok': ['ja', 'pt-BR', 'bg', 'fr', 'it', 'nl', 'pl'],
  'viewer.annotation_text.ok': ['ja', 'pt-BR', 'bg', 'fr', 'it', 'nl', 'pl'],
  'login.id': ['ja', 'pt-BR', 'it'],
  'admin.security.locks.id': ['ja', 'pt-BR', 'it'],
  'dialogs.web_connection.id': ['ja', 'pt-BR', 'it'],
  'dialogs.profile.id': ['ja', 'pt-BR', 'it'],
  'accounts_admin.accounts.id': ['ja', 'pt-BR', 'it'],
  'accounts_admin.no': ['ja'],
  'admin.log.no': ['ja'],
  // Borrowed words these languages write as English does (e-mail, fax, zoom, logo, menu, info…).
  'accounts_admin.institutions.fax': ['pt-BR', 'vi', 'es', 'fr', 'it', 'nl'],
  'licence.distributor_fields.fax': ['pt-BR', 'vi', 'es', 'fr', 'it', 'nl'],
  'accounts_admin.institutions.email': ['pt-BR', 'fr', 'it', 'nl', 'pl'],
  'integration.claim.email': ['pt-BR'],
  'licence.distributor_fields.email': ['vi'],
  'shares.mail': ['pt-BR', 'fr', 'it', 'nl', 'pl'],
  'shares.mail_to': ['pt-BR', 'fr', 'it', 'nl', 'pl'],
  'viewer.feature.zoom': ['pt-BR', 'es', 'fr', 'it'],
  'toolbars.feature.zoom': ['pt-BR', 'es', 'fr', 'it'],
  'viewer.zoom': ['it', 'nl'],
  'reports.pdf.logo_type.label': ['vi', 'fr', 'it', 'nl', 'pl'],
  'reports.pdf.preview.logo': ['vi', 'fr', 'it', 'nl', 'pl'],
  'shell.mobile_menu': ['pt-BR', 'fr', 'it', 'nl', 'pl'],
  'shares.fields.info': ['es', 'it', 'nl'],
  'segments.client': ['fr', 'it', 'nl'],
  'segments.server': ['it', 'nl'],
  'dashboard.server.title': ['it', 'nl'],
  'nav.dashboard': ['it', 'nl'],
  'dashboard.title': ['it', 'nl'],
  'segments.dashboard': ['it', 'nl'],
  'accounts_admin.permissions.dashboard': ['it', 'nl'],
  'segments.account': ['it', 'nl'],
  'shares.account': ['it', 'nl'],
  'shares.types.account': ['it', 'nl'],
  'trash.history.account': ['it', 'nl'],
  'admin.log.account': ['it', 'nl'],
  // Italian software writes these in English: password, file, layout, worklist, multi-monitor.
  'login.password': ['it'],
  'accounts_admin.accounts.password': ['it'],
  'import.columns.file': ['it'],
  'viewer.layout': ['it'],
  'viewer.layout_option': ['it'],
  'segments.layout': ['it'],
  'reports.toolbar.layout': ['it'],
  'toolbars.feature.layout': ['it'],
  'nav.mwm': ['it'],
  'segments.mwm': ['it'],
  'accounts_admin.permissions.mwm': ['it'],
  'worklist_settings.general_title': ['it'],
  'worklist_settings.site_title': ['it'],
  'segments.multi_monitor': ['it'],
  // Dutch writes these loanwords as English does: viewer, account(s), label, links, website, credits.
  'nav.viewer': ['nl'],
  'segments.viewer': ['nl'],
  'studies.toolbar.viewer': ['nl'],
  'reports.toolbar.viewer': ['nl'],
  'toolbars.feature.viewer': ['nl'],
  'accounts_admin.permissions.viewer': ['nl'],
  'accounts_admin.permissions.group_viewer': ['nl'],
  'accounts_admin.tabs.accounts': ['nl'],
  'accounts_admin.roles.accounts': ['nl'],
  'accounts_admin.accounts.count': ['nl'],
  'list_editor.label': ['nl'],
  'report_settings.layout.label': ['nl'],
  'shares.label': ['nl'],
  'shares.mail_links': ['nl'],
  'accounts_admin.institutions.website': ['nl'],
  'licence.distributor_fields.website': ['nl'],
  'segments.credits': ['nl'],
  // Polish writes import and folder as English does.
  'import.title': ['pl'],
  'accounts_admin.permissions.list_import': ['pl'],
  'toolbars.type.folder': ['pl'],
  // Words spelled the same in these languages (Latin-derived nouns and adjectives, anatomy, planes).
  'viewer.mpr.plane_axial': ['pt-BR', 'es', 'fr'],
  'viewer.mpr.plane_coronal': ['pt-BR', 'es', 'fr'],
  'viewer.mpr.plane_sagittal': ['fr'],
  'viewer.preset.abdomen': ['es', 'fr', 'nl'],
  'viewer.preset.mediastinum': ['nl'],
  'columns.status': ['nl', 'pl'],
  'import.columns.status': ['nl', 'pl'],
  'reports.editor.status': ['nl', 'pl'],
  'network.ping.status': ['nl', 'pl'],
  'dialogs.error.status': ['nl', 'pl'],
  'network.port': ['fr', 'pl'],
  'list_editor.visible': ['es', 'fr'],
  'report_settings.layout.visible': ['es', 'fr'],
  'toolbars.column.visible': ['es', 'fr'],
  'columns.number_of_study_related_series': ['es', 'nl'],
  'shares.fields.number_of_study_related_series': ['es', 'nl'],
  'viewer.series_list': ['es', 'nl'],
  'list_settings.level.series': ['es', 'nl'],
  'import.columns.instances': ['fr', 'nl'],
  'patients.search.match_types.perfect': ['fr', 'nl'],
  'studies.search.match_types.perfect': ['fr', 'nl'],
  'list_editor.exact': ['fr', 'nl'],
  'shares.type': ['fr', 'nl'],
  'toolbars.column.type': ['fr', 'nl'],
  'toolbars.dialog.type': ['fr', 'nl'],
  'licence.type': ['fr', 'nl'],
  'dialogs.dicom_connection.no': ['es', 'it'],
  'segments.general': ['es'],
  'dialogs.error.title': ['es'],
  'accounts_admin.tabs.roles': ['es'],
  'accounts_admin.institutions.roles': ['es'],
  'dialogs.time_zone.later': ['nl'],
  // French: the same words as English.
  'about.version': ['fr'],
  'dashboard.server.versions': ['fr'],
  'dashboard.server.held': ['fr'],
  'statistics.date': ['fr'],
  'patients.title': ['fr'],
  'segments.patient': ['fr'],
  'edit.patient': ['fr'],
  'patients.picker.label': ['fr'],
  'viewer.compare.patient': ['fr'],
  'worklist.dialog.patient': ['fr'],
  'dashboard.patient': ['fr'],
  'columns.note': ['fr'],
  'studies.note_dialog.title': ['fr'],
  'studies.note_dialog.label': ['fr'],
  'studies.toolbar.note': ['fr'],
  'toolbars.feature.note': ['fr'],
  'accounts_admin.permissions.list_note': ['fr'],
  'columns.number_of_study_related_instances': ['fr'],
  'columns.number_of_series_related_instances': ['fr'],
  'list_settings.level.instance': ['fr'],
  'shares.fields.number_of_study_related_instances': ['fr'],
  'viewer.image_layout': ['fr'],
  'viewer.export_jpeg': ['fr'],
  'viewer.export_png': ['fr'],
  'viewer.feature.capture': ['fr'],
  'toolbars.feature.capture': ['fr'],
  'accounts_admin.permissions.viewer_capture': ['fr'],
  'viewer.feature.angle': ['fr'],
  'toolbars.feature.angle': ['fr'],
  'viewer.rotate_angle': ['fr'],
  'viewer.feature.ellipse': ['fr'],
  'toolbars.feature.ellipse': ['fr'],
  'viewer.feature.rectangle': ['fr'],
  'toolbars.feature.rectangle': ['fr'],
  'viewer.feature.annotation_display': ['fr'],
  'toolbars.folders.annotation': ['fr'],
  'accounts_admin.actions': ['fr'],
  'admin.log.action_label': ['fr'],
  'toolbars.column.actions': ['fr'],
  'toolbars.column.position': ['fr'],
  'toolbars.dialog.position': ['fr'],
  'admin.security.auth_lock.minutes': ['fr'],
  'import.columns.message': ['fr'],
  'shares.mail_body': ['fr'],
  'report_settings.layout.section': ['fr'],
  'reports.pdf.border_style.double': ['fr'],
  'reports.pdf.border_style.label': ['fr'],
  'reports.pdf.page': ['fr'],
  'segments.option': ['fr'],
  'licence.activation': ['fr'],
  // Server general and credits: the words these languages' interfaces use as English does.
  'server_general.title': ['it', 'nl'],
  'about.credits.used_server': ['it', 'nl'],
  'about.credits.used_client': ['it', 'nl'],
  'about.credits.title': ['nl'],
  'admin.log.export.port': ['fr', 'pl'],
  'server_general.folders.folder': ['pl'],
  'server_general.folders.backup': ['pt-BR', 'it'],
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
