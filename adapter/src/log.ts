/**
 * Plain line logging to stderr; the launcher sends it to the terminal or a log file. One event is
 * one line: messages carry text from peers (AE titles, Orthanc's answers, file names), so control
 * characters are written escaped here, the one place the adapter writes its log.
 */

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `text` with every control character escaped (\n, \r, \t, else \xHH / \uHHHH): safe to write as part of one log line. */
export function printable(text: string): string {
  return text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    return (
      NAMED[char] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0').toUpperCase()}` : `\\u${code.toString(16).toUpperCase()}`)
    );
  });
}

function stamp(): string {
  return new Date().toISOString();
}

export const log = {
  info(message: string): void {
    process.stderr.write(`${stamp()} INFO  ${printable(message)}\n`);
  },
  warn(message: string): void {
    process.stderr.write(`${stamp()} WARN  ${printable(message)}\n`);
  },
  error(message: string, error?: unknown): void {
    // The stack too stays on the record's line (its line breaks written as \n).
    const detail = error instanceof Error ? ` ${error.stack ?? error.message}` : error === undefined ? '' : ` ${String(error)}`;
    process.stderr.write(`${stamp()} ERROR ${printable(`${message}${detail}`)}\n`);
  },
};
