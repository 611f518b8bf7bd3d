/** The API notes (docs/api.md), rendered from the route declarations. */
import { ERRORS } from '@pacs/common';
import { API_ROUTES } from './app.ts';

const ACCESS_WORDS: Record<string, string> = {
  public: 'anyone',
  signed: 'signed in',
};

function accessWords(access: string | readonly string[]): string {
  if (typeof access !== 'string') return access.map((key) => `\`${key}\``).join(' or ');
  return ACCESS_WORDS[access] ?? `\`${access}\``;
}

export function renderApiNotes(): string {
  const lines = [
    '# API notes',
    '',
    'Generated from the route declarations by `npx tsx scripts/api-notes.ts`; a unit test fails when',
    'this file and the code disagree. Every path is under `/viewer/api`. Each route file begins with a',
    'comment stating its contract (fields, answers).',
    '',
    '- **Access**: `anyone` needs no session; `signed in` needs a session; a permission key needs a',
    '  role holding `all` or that key, minus what the edition and teleradiology kind exclude.',
    '- **State-changing calls** (POST, PUT, PATCH, DELETE) need the header `X-CSRF-Token` with the',
    "  session's token (from the sign-in answer or `GET /accounts/signed`); `POST /login` needs",
    '  `X-Requested-With: XMLHttpRequest` instead. A request whose `Origin` is another site is refused.',
    '- **Forms** are `application/x-www-form-urlencoded`; JSON bodies with the same fields are accepted.',
    '',
    '| method | path | access | what |',
    '|---|---|---|---|',
    ...API_ROUTES.map((route) => `| ${route.method.toUpperCase()} | \`${route.path}\` | ${accessWords(route.access)} | ${route.summary} |`),
    '',
    '## Errors',
    '',
    'Every error answer is JSON `{status, code, message, fields?}`; `fields` maps a form field to its',
    'message for validation failures. Never a stack trace.',
    '',
    '| code | status | message |',
    '|---|---|---|',
    ...Object.entries(ERRORS).map(([code, { status, message }]) => `| \`${code}\` | ${status} | ${message} |`),
    '',
  ];
  return lines.join('\n');
}
