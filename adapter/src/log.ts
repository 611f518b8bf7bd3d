/** Plain line logging to stderr; the launcher sends it to the terminal or a log file. */
function stamp(): string {
  return new Date().toISOString();
}

export const log = {
  info(message: string): void {
    process.stderr.write(`${stamp()} INFO  ${message}\n`);
  },
  warn(message: string): void {
    process.stderr.write(`${stamp()} WARN  ${message}\n`);
  },
  error(message: string, error?: unknown): void {
    const detail = error instanceof Error ? `\n${error.stack ?? error.message}` : error === undefined ? '' : ` ${String(error)}`;
    process.stderr.write(`${stamp()} ERROR ${message}${detail}\n`);
  },
};
