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
    '## Uploads',
    '',
    'The three multipart uploads (`POST /import/files`, `POST /studies/capture`,',
    '`POST /institutions/uploadimagefile`) share one reader: a body that is malformed or cut short,',
    'a connection closed before the body is complete, or more fields or files than the route takes',
    'answers 400 `bad_request`; a body past its size cap answers 413 `payload_too_large`.',
    '',
    '- **Import caps** (environment, see README): `IMPORT_MAX_FILE_BYTES` per file (default 2 GiB):',
    '  a longer file gets its own result, `Failed` with "The file is larger than the import limit.",',
    '  and the other files go on; `IMPORT_MAX_REQUEST_BYTES` per request (default 4 GiB): past it the',
    '  request answers 413, and files already stored by that request stay stored (the browser sends',
    '  large imports in batches well below it); per zip archive `IMPORT_MAX_ZIP_ENTRIES` entries',
    '  (100,000) and `IMPORT_MAX_ZIP_BYTES` unpacked bytes (8 GiB).',
    '- **Zip archives** are unpacked by the adapter, each entry imported like an uploaded file with its',
    '  own result named `archive.zip/path/in/archive.dcm`; when an archive passes a cap, a last result',
    '  for the archive itself says `Failed` with the too-large message.',
    '- **Import into a study the caller cannot see**: a file whose StudyInstanceUID names an existing',
    '  study (in the index, or in Orthanc while the index catches up) that the caller cannot see is',
    '  not stored: `Failed` with "The file belongs to a study outside your access and was not',
    '  imported." That also keeps an import from replacing an instance of such a study.',
    '- **Images** are measured from their header before decoding: a capture (PNG, at most 64 MiB) or',
    '  a logo (PNG or JPEG, at most 4 MiB) declaring more than 4096×4096 pixels answers 413.',
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
