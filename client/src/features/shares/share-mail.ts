/**
 * The e-mail share (spec 3 §2 "Share dialog"): only the ticked fields and links go into the body;
 * the web-mail button opens a mailto: compose URL with recipient, subject and body.
 */

export interface MailLine {
  key: string;
  label: string;
  value: string;
  checked: boolean;
}

/** "Label: value" for each ticked field, a blank line, then each ticked link on its own lines. */
export function composeMailBody(fields: readonly MailLine[], links: readonly MailLine[]): string {
  const fieldLines = fields.filter((line) => line.checked && line.value !== '').map((line) => `${line.label}: ${line.value}`);
  const linkBlocks = links.filter((line) => line.checked).map((line) => `${line.label}:\n${line.value}`);
  return [fieldLines.join('\n'), linkBlocks.join('\n\n')].filter(Boolean).join('\n\n');
}

/** A mailto: URL; every part percent-encoded (RFC 6068), line breaks as CRLF. */
export function mailtoUrl(to: string, subject: string, body: string): string {
  const params = [`subject=${encodeURIComponent(subject)}`, `body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`];
  return `mailto:${encodeURIComponent(to.trim()).replace(/%40/g, '@')}?${params.join('&')}`;
}
