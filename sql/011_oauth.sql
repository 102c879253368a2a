-- OAuth clients and the OAuth 2.0 / OpenID Connect provider (issue H). docs/oauth.md.
-- Every table is tenant-owned: tenant_id leads the primary key and every unique key.
-- Only hashes of secrets are stored (client secrets, codes, refresh tokens, browser cookies).

CREATE TABLE oauth_clients (
    tenant_id                  text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                         text NOT NULL,                 -- cli_...; also the client_id
    name                       text NOT NULL,
    type                       text NOT NULL CHECK (type IN ('web', 'spa', 'native', 'machine')),
    redirect_uris              text[] NOT NULL DEFAULT '{}',
    allowed_origins            text[] NOT NULL DEFAULT '{}',
    grant_types                text[] NOT NULL,
    scopes                     text[] NOT NULL,
    post_logout_redirect_uris  text[] NOT NULL DEFAULT '{}',
    -- third-party clients (false) ask the user's consent; first-party ones skip it
    first_party                boolean NOT NULL DEFAULT true,
    secret_hash                text,                          -- SHA-256 hex; NULL for spa/native
    secret_rotated_at          timestamptz,
    created_at                 timestamptz NOT NULL DEFAULT now(),
    updated_at                 timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX oauth_clients_list_idx ON oauth_clients (tenant_id, id DESC);

-- Consent a user gave a third-party client, remembered for the scopes it covered.
CREATE TABLE oauth_consents (
    tenant_id   text NOT NULL,
    user_id     text NOT NULL,
    client_id   text NOT NULL,
    scopes      text[] NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, user_id, client_id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, client_id) REFERENCES oauth_clients (tenant_id, id) ON DELETE CASCADE
);

-- The provider's browser session cookie (opaque, stored by hash), bound to a session record:
-- it is valid while that session is alive (revoking the session signs the browser out).
CREATE TABLE oauth_browser_sessions (
    tenant_id   text NOT NULL,
    token_hash  text NOT NULL,
    session_id  text NOT NULL,
    user_id     text NOT NULL,
    auth_time   timestamptz NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, session_id) REFERENCES sessions (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX oauth_browser_sessions_session_idx ON oauth_browser_sessions (tenant_id, session_id);

-- A grant: what one authorization (a code exchange, or one client_credentials request)
-- allows. Its access tokens carry its id (gid) and its refresh tokens point to it; revoking
-- the grant revokes them all. User grants live inside their session; machine grants end
-- with their access token.
CREATE TABLE oauth_grants (
    tenant_id       text NOT NULL,
    id              text NOT NULL,                      -- grt_...
    client_id       text NOT NULL,
    user_id         text,                               -- NULL: client_credentials
    session_id      text,
    scopes          text[] NOT NULL,
    auth_time       timestamptz,
    code_hash       text,                               -- the code it was issued from
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    revoked_at      timestamptz,
    revoked_reason  text,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, session_id) REFERENCES sessions (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id) REFERENCES tenants (id) ON DELETE CASCADE
);
CREATE INDEX oauth_grants_client_idx ON oauth_grants (tenant_id, client_id, id DESC);
CREATE INDEX oauth_grants_code_idx ON oauth_grants (tenant_id, code_hash) WHERE code_hash IS NOT NULL;
CREATE INDEX oauth_grants_session_idx ON oauth_grants (tenant_id, session_id) WHERE session_id IS NOT NULL;

-- Authorization codes: single use, 60 seconds.
CREATE TABLE oauth_codes (
    tenant_id       text NOT NULL,
    code_hash       text NOT NULL,
    client_id       text NOT NULL,
    user_id         text NOT NULL,
    session_id      text NOT NULL,
    redirect_uri    text NOT NULL,
    scopes          text[] NOT NULL,
    nonce           text,
    code_challenge  text,                               -- S256 only
    auth_time       timestamptz NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    used_at         timestamptz,
    PRIMARY KEY (tenant_id, code_hash),
    FOREIGN KEY (tenant_id, session_id) REFERENCES sessions (tenant_id, id) ON DELETE CASCADE
);

-- Refresh tokens of user grants, by SHA-256; rotated on use, a rotated one presented again
-- revokes its grant.
CREATE TABLE oauth_refresh_tokens (
    tenant_id   text NOT NULL,
    token_hash  text NOT NULL,
    grant_id    text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    rotated_at  timestamptz,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, grant_id) REFERENCES oauth_grants (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX oauth_refresh_tokens_grant_idx ON oauth_refresh_tokens (tenant_id, grant_id);
