/** Display of DICOM values in the viewer's header and overlay. */

/** A DICOM person name (`Family^Given^Middle^Prefix^Suffix`, groups split by `=`) as plain text. */
export function formatPersonName(value: string | null | undefined): string {
  if (!value) return '';
  const [alphabetic = ''] = value.split('=');
  return alphabetic
    .split('^')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** A DICOM date (YYYYMMDD) as YYYY-MM-DD; anything else is shown as it is. */
export function formatDicomDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value.trim());
  return match ? `${match[1]}-${match[2]}-${match[3]}` : value;
}
