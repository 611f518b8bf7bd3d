/**
 * Checks the client's message catalogues (client/src/i18n/*.json) against the code:
 *  - every id used in code (`id: '...'`, `id="..."`) must exist in en.json;
 *  - every key in en.json must be used somewhere;
 *  - every message of en.json parses as ICU MessageFormat;
 *  - every other catalogue is complete and strict (scripts/i18n-rules.ts): exactly en.json's keys,
 *    ICU-valid, the same arguments as English, plural categories the language has, and nothing
 *    left identical to English unless the allow-list KEPT_IN_ENGLISH says the term stays English.
 * Exits 1 on any failure.
 *
 * Run: npx tsx scripts/check-i18n.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalogue, flattenCatalogue, type Catalogue } from './i18n-rules.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'client', 'src');
const i18nDir = join(srcDir, 'i18n');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const ID_PATTERNS = [/\bid:\s*(['"`])([a-z0-9_.]+)\1/g, /\bid=(['"])([a-z0-9_.]+)\1/g, /\bid=\{\s*(['"`])([a-z0-9_.]+)\1\s*\}/g];

function usedIds(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of ID_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const id = match[2];
        // Catalogue ids are dotted; plain ids (DOM ids such as id="main") are not messages.
        if (id && id.includes('.') && !used.has(id)) used.set(id, relative(root, file));
      }
    }
  }
  return used;
}

function readCatalogue(file: string): Map<string, string> {
  return flattenCatalogue(JSON.parse(readFileSync(file, 'utf8')) as Catalogue);
}

const failures: string[] = [];
const used = usedIds();
const english = readCatalogue(join(i18nDir, 'en.json'));

for (const [id, file] of used) if (!english.has(id)) failures.push(`en.json lacks "${id}" (used in ${file})`);
for (const key of english.keys()) if (!used.has(key)) failures.push(`en.json has unused key "${key}"`);
failures.push(...checkCatalogue('en', english, english));

const others = readdirSync(i18nDir).filter((name) => name.endsWith('.json') && name !== 'en.json');
for (const name of others.sort()) {
  const language = basename(name, '.json');
  const catalogue = readCatalogue(join(i18nDir, name));
  const problems = checkCatalogue(language, english, catalogue);
  console.log(`${language}: ${problems.length === 0 ? `complete (${catalogue.size} keys)` : `${problems.length} problems`}`);
  failures.push(...problems);
}

console.log(`en: ${english.size} keys, ${used.size} used in code`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`✗ ${failure}`);
  process.exit(1);
}
console.log('i18n catalogues are consistent');
