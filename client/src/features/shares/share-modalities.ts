/** The modality list of a patient share as typed: separated by commas or spaces, upper-cased, once each. */
export function parseModalities(text: string): string[] {
  const list = text
    .split(/[\s,、;]+/)
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(list)];
}
