/**
 * ISO 3166-1 alpha-2 region codes offered in the time-zone dialog. Names come from
 * Intl.DisplayNames in the chosen language; configs store the lower-case code (e.g. 'jp').
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AL AM AO AR AT AU AZ BA BB BD BE BF BG BH BI BJ BN BO BR BS BT BW BY BZ CA CD CF CG CH CI CL CM CN CO CR ' +
  'CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GW GY HK HN HR HT HU ID IE ' +
  'IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KP KR KW KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MG MH MK ML MM ' +
  'MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PR PS PT PW PY QA RO RS RU RW SA SB SC ' +
  'SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VN VU WS ' +
  'YE ZA ZM ZW'
).split(' ');

export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code.toLowerCase(), label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, locale),
  );
}

/** IANA time zones the browser knows, with UTC first (some browsers leave it out of the list). */
export function timeZoneOptions(): { value: string; label: string }[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The browser's own time zone, a sensible first choice. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
