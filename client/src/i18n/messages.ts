/**
 * Catalogues are nested JSON with snake_case keys; react-intl wants flat dotted ids. English is
 * bundled (it is the fallback); the others load on demand as separate chunks.
 */
import en from './en.json';
import { DEFAULT_LANGUAGE } from './languages.ts';

export type Messages = Record<string, string>;
type Catalogue = { [key: string]: string | Catalogue };

export function flatten(catalogue: Catalogue, prefix = ''): Messages {
  const result: Messages = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result[id] = value;
    else Object.assign(result, flatten(value, id));
  }
  return result;
}

export const ENGLISH: Messages = flatten(en);

const loaders = import.meta.glob<{ default: Catalogue }>(['./*.json', '!./en.json']);
const cache = new Map<string, Messages>([[DEFAULT_LANGUAGE, ENGLISH]]);

/** The messages for a language, English filling every gap. */
export async function loadMessages(code: string): Promise<Messages> {
  const cached = cache.get(code);
  if (cached) return cached;
  const loader = loaders[`./${code}.json`];
  const merged = loader ? { ...ENGLISH, ...flatten((await loader()).default) } : ENGLISH;
  cache.set(code, merged);
  return merged;
}
