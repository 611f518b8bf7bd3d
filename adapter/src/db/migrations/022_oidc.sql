-- Single sign-on by OpenID Connect (issue 19, docs/decisions.md "Single sign-on").
-- One provider per site; the client secret is stored here (the database is the product's
-- private cluster) and never answered by the API.
create table oidc_settings (
  id integer primary key default 1 check (id = 1),
  enabled boolean not null default false,
  issuer text not null default '',
  client_id text not null default '',
  client_secret text not null default '',
  scopes text not null default 'openid profile email',
  account_claim text not null default 'preferred_username'
    check (account_claim in ('preferred_username', 'email', 'sub')),
  create_accounts boolean not null default false,
  create_role integer references roles (no) on delete set null,
  button_label text not null default '',
  updated_at timestamptz not null default now()
);
insert into oidc_settings (id) values (1);

-- A sign-in under way: what the callback checks (state, the browser that started it, PKCE, nonce).
-- Rows live ten minutes; each is used once.
create table oidc_requests (
  state text primary key,
  browser_hash bytea not null,
  code_verifier text not null,
  nonce text not null,
  redirect_uri text not null,
  created_at timestamptz not null default now()
);
create index oidc_requests_created on oidc_requests (created_at);
