/** Every SQL statement of single sign-on: the provider's settings and the sign-ins under way. */
import type { OidcAccountClaim } from '@pacs/common';
import type { Db } from '../../db/pool.ts';

export interface OidcSettingsRow {
  enabled: boolean;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string;
  account_claim: OidcAccountClaim;
  create_accounts: boolean;
  create_role: number | null;
  button_label: string;
}

export async function selectSettings(db: Db): Promise<OidcSettingsRow> {
  const { rows } = await db.query<OidcSettingsRow>(
    `select enabled, issuer, client_id, client_secret, scopes, account_claim, create_accounts, create_role, button_label
       from oidc_settings where id = 1`,
  );
  return rows[0]!;
}

/** Writes the settings; a null secret keeps the stored one. */
export async function updateSettings(
  db: Db,
  row: Omit<OidcSettingsRow, 'client_secret'> & { client_secret: string | null },
): Promise<void> {
  await db.query(
    `update oidc_settings set enabled = $1, issuer = $2, client_id = $3, client_secret = coalesce($4, client_secret), scopes = $5,
            account_claim = $6, create_accounts = $7, create_role = $8, button_label = $9, updated_at = now()
      where id = 1`,
    [
      row.enabled,
      row.issuer,
      row.client_id,
      row.client_secret,
      row.scopes,
      row.account_claim,
      row.create_accounts,
      row.create_role,
      row.button_label,
    ],
  );
}

export async function roleExists(db: Db, role: number): Promise<boolean> {
  return (await db.query('select 1 from roles where no = $1', [role])).rows.length > 0;
}

export interface OidcRequestRow {
  state: string;
  browser_hash: Buffer;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
}

/** Records a sign-in under way, and forgets those older than ten minutes. */
export async function insertRequest(db: Db, row: OidcRequestRow): Promise<void> {
  await db.query(`delete from oidc_requests where created_at < now() - interval '10 minutes'`);
  await db.query('insert into oidc_requests (state, browser_hash, code_verifier, nonce, redirect_uri) values ($1, $2, $3, $4, $5)', [
    row.state,
    row.browser_hash,
    row.code_verifier,
    row.nonce,
    row.redirect_uri,
  ]);
}

/** Takes a sign-in under way out (it is used once), if it is younger than ten minutes. */
export async function takeRequest(db: Db, state: string): Promise<OidcRequestRow | undefined> {
  const { rows } = await db.query<OidcRequestRow & { fresh: boolean }>(
    `delete from oidc_requests where state = $1
     returning state, browser_hash, code_verifier, nonce, redirect_uri, created_at > now() - interval '10 minutes' as fresh`,
    [state],
  );
  const row = rows[0];
  return row?.fresh ? row : undefined;
}
