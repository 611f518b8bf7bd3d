/**
 * Choices of the time zone dialog and the localization screen. Region names come from
 * Intl.DisplayNames in the chosen language; the codes (common COUNTRY_CODES) are what the adapter
 * accepts, stored lower-case (e.g. 'jp').
 */
import { COUNTRY_CODES } from '@pacs/common';

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
