/**
 * Connectors and the providers they group (spec 3 §3, §5, §7; issue 15). Every function starts
 * with the same check: the edition has connectors (else 403, as the on-premises-only features
 * answer elsewhere), then the administrator's institution: an administrator whose role belongs
 * to an institution sees and changes only that institution's connectors (docs/decisions.md).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { CONNECTOR_KEY_BYTES, hasConnectors, type Connector, type ConnectorKey, type CreatedConnector, type Provider } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { transaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { institutionExists } from '../institutions/institutions.sql.ts';
import { institutionScope, listProviders, pushModalities, updateProvider } from './network.service.ts';
import type { ProviderFields } from './network.sql.ts';
import * as sql from './connectors.sql.ts';

function requireConnectors(deps: Deps): void {
  if (!hasConnectors(deps.config.edition)) throw new AppError('forbidden');
}

/** The connector, when this administrator may see it; else 404 (a number outside one's institution is not told apart). */
async function requireConnector(deps: Deps, auth: Auth, no: number): Promise<sql.ConnectorRow> {
  const row = await sql.selectConnector(deps.db, no);
  const scope = institutionScope(auth);
  if (!row || (scope !== null && row.institution !== scope)) throw new AppError('not_found');
  return row;
}

/** An institution the administrator may give a connector: one that exists, and their own when bound to one. */
async function checkInstitution(deps: Deps, auth: Auth, institution: number): Promise<void> {
  const scope = institutionScope(auth);
  if (!(await institutionExists(deps.db, institution)) || (scope !== null && institution !== scope)) {
    throw new AppError('validation_failed', { Institution: 'The field is not a valid value' });
  }
}

/**
 * A new key: 256 random bits as base64url. Only its SHA-256 is stored: the key is random and
 * long, so a fast hash suffices (no password to stretch), and a stolen database cannot act as
 * the connector.
 */
function newKey(): { key: string; hash: Buffer } {
  const key = randomBytes(CONNECTOR_KEY_BYTES).toString('base64url');
  return { key, hash: keyHash(key) };
}

function keyHash(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

function toConnector(row: sql.ConnectorRow, providers: readonly Provider[]): Connector {
  return {
    No: row.no,
    Name: row.name,
    Id: row.id,
    Institution: row.institution,
    KeyCreatedAt: row.key_created_at.toISOString(),
    provider_items: providers.filter((provider) => provider.Connector === row.no),
  };
}

export async function listConnectors(deps: Deps, auth: Auth): Promise<Connector[]> {
  requireConnectors(deps);
  const [rows, providers] = await Promise.all([sql.selectConnectors(deps.db, institutionScope(auth)), listProviders(deps.db)]);
  return rows.map((row) => toConnector(row, providers));
}

async function oneConnector(deps: Deps, no: number): Promise<Connector> {
  const row = (await sql.selectConnector(deps.db, no))!;
  return toConnector(row, await listProviders(deps.db));
}

export async function createConnector(deps: Deps, auth: Auth, fields: sql.ConnectorFields): Promise<CreatedConnector> {
  requireConnectors(deps);
  await checkInstitution(deps, auth, fields.institution);
  const { key, hash } = newKey();
  const no = await sql.insertConnector(deps.db, fields, randomUUID(), hash);
  return { ...(await oneConnector(deps, no)), Key: key };
}

export async function updateConnector(deps: Deps, auth: Auth, no: number, fields: sql.ConnectorFields): Promise<Connector> {
  requireConnectors(deps);
  await requireConnector(deps, auth, no);
  await checkInstitution(deps, auth, fields.institution);
  await transaction(deps.db, async (client) => {
    await sql.updateConnector(client, no, fields);
    await sql.moveConnectorProviders(client, no, fields.institution);
  });
  return oneConnector(deps, no);
}

/** A new key for the connector; the old one stops working at once. */
export async function renewConnectorKey(deps: Deps, auth: Auth, no: number): Promise<ConnectorKey> {
  requireConnectors(deps);
  const row = await requireConnector(deps, auth, no);
  const { key, hash } = newKey();
  const at = await sql.replaceConnectorKey(deps.db, no, hash);
  if (!at) throw new AppError('not_found');
  return { No: no, Id: row.id, Key: key, KeyCreatedAt: at.toISOString() };
}

export async function deleteConnector(deps: Deps, auth: Auth, no: number): Promise<void> {
  requireConnectors(deps);
  await requireConnector(deps, auth, no);
  await sql.deleteConnector(deps.db, no);
  // Its providers' DICOM users went with them.
  await pushModalities(deps);
}

/** What a connector that proved its key may read: its own providers, to listen on. */
export async function connectorSettings(deps: Deps, id: string, key: string): Promise<Connector> {
  requireConnectors(deps);
  const no = await sql.connectorByKey(deps.db, id, keyHash(key));
  // One answer for an unknown id and a wrong key.
  if (no === null) throw new AppError('not_signed_in');
  return oneConnector(deps, no);
}

async function checkProvider(deps: Deps, auth: Auth, fields: sql.ConnectorProviderFields, except: number | null): Promise<void> {
  const connector = await sql.selectConnector(deps.db, fields.connector);
  const scope = institutionScope(auth);
  if (!connector || (scope !== null && connector.institution !== scope)) {
    throw new AppError('validation_failed', { Connector: 'The field is not a valid value' });
  }
  if (await sql.connectorPortTaken(deps.db, fields.connector, fields.port, except)) {
    throw new AppError('already_exists', { Port: 'An item with the entered value already exists' });
  }
}

/** `POST /providers/create`: in the connector editions, a provider of a connector; on premises, 409 (one DICOM port). */
export async function createProvider(deps: Deps, auth: Auth, read: () => sql.ConnectorProviderFields): Promise<Provider> {
  if (!hasConnectors(deps.config.edition)) {
    throw new AppError('conflict', undefined, 'On premises the archive listens on one DICOM port: change the provider instead.');
  }
  const fields = read();
  await checkProvider(deps, auth, fields, null);
  const no = await sql.insertConnectorProvider(deps.db, fields);
  return (await listProviders(deps.db)).find((provider) => provider.No === no)!;
}

/**
 * `PATCH /providers/update`: a connector's provider changes its row only (the connector listens
 * on it, not Orthanc); the archive's own provider (no connector) goes to the network feature,
 * which rewrites Orthanc's settings.
 */
export async function updateAnyProvider(
  deps: Deps,
  auth: Auth,
  no: number,
  fields: ProviderFields,
  connector: number | undefined,
): Promise<Provider[]> {
  const scope = institutionScope(auth);
  const current = (await listProviders(deps.db, scope)).find((provider) => provider.No === no);
  if (!current) throw new AppError('not_found');
  if (current.Connector === null) {
    await updateProvider(deps, no, fields);
    return listProviders(deps.db, scope);
  }
  requireConnectors(deps);
  await requireConnector(deps, auth, current.Connector);
  const full = { ...fields, connector: connector ?? current.Connector };
  await checkProvider(deps, auth, full, no);
  await sql.updateConnectorProvider(deps.db, no, full);
  return listProviders(deps.db, scope);
}

/** `DELETE /providers/delete`: a connector's provider, with its DICOM users; the archive's own one cannot go. */
export async function deleteAnyProvider(deps: Deps, auth: Auth, no: number): Promise<void> {
  const current = (await listProviders(deps.db, institutionScope(auth))).find((provider) => provider.No === no);
  if (!current) throw new AppError('not_found');
  if (current.Connector === null) {
    throw new AppError('conflict', undefined, 'On premises the archive listens on one DICOM port: it cannot be deleted.');
  }
  requireConnectors(deps);
  await requireConnector(deps, auth, current.Connector);
  await sql.deleteProvider(deps.db, no);
  await pushModalities(deps);
}
