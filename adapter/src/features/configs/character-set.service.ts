/**
 * The site's default specific character set (spec 3 §7). Stored in PostgreSQL (configs row
 * 'orthanc_encoding', beside the application configs), pushed to every Orthanc node at run time
 * (PUT /tools/default-encoding, Orthanc 1.10). Orthanc keeps the value in memory only and starts
 * with its configuration's DefaultEncoding (UTF-8) after any restart, so the adapter pushes it
 * at start and checks every node once a minute (a restart after a DICOM network change, the
 * supervisor restarting a crashed node).
 */
import {
  CHARACTER_SETS,
  DEFAULT_CHARACTER_SET,
  characterSetByName,
  characterSetByOrthancName,
  type DefaultCharacterSetStatus,
} from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { everyNode, type Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import type { OrthancClient } from '../../orthanc/client.ts';
import * as sql from './configs.sql.ts';

const KEY = 'orthanc_encoding';

/** The stored term; UTF-8 (the Orthanc template's DefaultEncoding) when none was chosen. */
export async function storedCharacterSet(db: Db): Promise<string> {
  const row = await sql.selectConfigs(db, KEY);
  const name = (row?.value as { Name?: unknown } | undefined)?.Name;
  return characterSetByName(name)?.Name ?? DEFAULT_CHARACTER_SET;
}

export async function characterSetStatus(deps: Pick<Deps, 'db'>): Promise<DefaultCharacterSetStatus> {
  return { Name: await storedCharacterSet(deps.db), list: CHARACTER_SETS.map(({ Name, label }) => ({ Name, label })) };
}

async function pushTo(node: OrthancClient, orthancName: string): Promise<boolean> {
  const current = await node.getDefaultEncoding({ timeoutMs: 5000 });
  if (characterSetByOrthancName(current)?.orthanc === orthancName) return false;
  await node.putDefaultEncoding(orthancName, { timeoutMs: 5000 });
  return true;
}

/**
 * Sets the term: every node takes it first, then it is stored, so the database never names an
 * encoding Orthanc refused. 400 for a term not in the list.
 */
export async function updateCharacterSet(deps: Deps, name: unknown): Promise<DefaultCharacterSetStatus> {
  const choice = characterSetByName(name);
  if (!choice) throw new AppError('validation_failed', { Name: 'The field is not a valid value' });
  await Promise.all(everyNode(deps).map((node) => pushTo(node, choice.orthanc)));
  await sql.upsertConfigs(deps.db, KEY, { Name: choice.Name });
  return characterSetStatus(deps);
}

/** Brings every node to the stored term; logs, never throws (Orthanc may be restarting). */
export async function syncCharacterSet(deps: Deps): Promise<void> {
  try {
    const choice = characterSetByName(await storedCharacterSet(deps.db));
    if (!choice) return;
    const pushed = await Promise.all(everyNode(deps).map((node) => pushTo(node, choice.orthanc).catch(() => false)));
    if (pushed.some(Boolean)) log.info(`Default character set ${choice.Name} pushed to Orthanc`);
  } catch (error) {
    log.warn(`Default character set not checked: ${String(error)}`);
  }
}

/** At start and then every `intervalMs`; the returned function stops it. */
export function startCharacterSetSync(deps: Deps, intervalMs: number): () => void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = syncCharacterSet(deps).finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
