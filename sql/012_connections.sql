-- Sign-in with external OAuth 2.0 / OpenID Connect providers (issue I). docs/connections.md.
-- Every table is tenant-owned: tenant_id leads the primary key and every unique key.
-- Secrets the service must use again (client secrets, Apple private keys, PKCE verifiers) are
-- SecretBox-encrypted; one-time tokens are stored as SHA-256 only.

-- A tenant's connection to one provider (Google, GitHub, Microsoft, Apple, any OIDC issuer, or
-- generic OAuth 2.0 endpoints).
CREATE TABLE oauth_connections (
    tenant_id                   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                          text NOT NULL,                  -- con_...
    provider                    text NOT NULL
                                CHECK (provider IN ('google', 'github', 'microsoft', 'apple', 'oidc', 'oauth2')),
    name                        text NOT NULL,
    client_id                   text NOT NULL,
    client_secret_sealed        text,                           -- SecretBox; NULL for Apple
    scopes                      text[] NOT NULL,
    enabled                     boolean NOT NULL DEFAULT true,
    -- endpoint overrides (discovery_url, authorization_url, token_url, userinfo_url, jwks_url,
    -- emails_url); a built-in provider's well-known endpoints fill the rest
    endpoints                   jsonb NOT NULL DEFAULT '{}',
    token_endpoint_auth_method  text NOT NULL
                                CHECK (token_endpoint_auth_method IN ('client_secret_basic', 'client_secret_post')),
    field_mapping               jsonb NOT NULL DEFAULT '{}',     -- generic oauth2: profile field paths
    apple_team_id               text,
    apple_key_id                text,
    apple_private_key_sealed    text,                           -- SecretBox, PEM of the .p8 key
    created_at                  timestamptz NOT NULL DEFAULT now(),
    updated_at                  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);

-- A provider account linked to a user. One provider account links to at most one user of the
-- tenant (per connection).
CREATE TABLE oauth_identities (
    tenant_id         text NOT NULL,
    id                text NOT NULL,                            -- oac_...
    user_id           text NOT NULL,
    connection_id     text NOT NULL,
    provider          text NOT NULL,
    provider_user_id  text NOT NULL,
    email             text,
    email_verified    boolean NOT NULL DEFAULT false,
    name              text,
    avatar_url        text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    last_sign_in_at   timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, connection_id, provider_user_id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE,
    -- a connection with linked identities cannot be deleted (the API answers 409 first)
    FOREIGN KEY (tenant_id, connection_id) REFERENCES oauth_connections (tenant_id, id)
);
CREATE INDEX oauth_identities_user_idx ON oauth_identities (tenant_id, user_id, id DESC);

-- One sign-in (or link) in progress: created by the start endpoint, spent by the callback.
-- Found by the SHA-256 of the state sent to the provider; bound to the browser that started
-- it by the SHA-256 of a cookie value.
CREATE TABLE oauth_connection_flows (
    tenant_id              text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    state_hash             text NOT NULL,
    connection_id          text NOT NULL,
    browser_hash           text NOT NULL,
    redirect_url           text NOT NULL,
    code_verifier_sealed   text NOT NULL,                      -- PKCE verifier, SecretBox
    nonce                  text NOT NULL,
    link_user_id           text,                               -- set: link to this signed-in user
    link_session_id        text,
    created_at             timestamptz NOT NULL DEFAULT now(),
    expires_at             timestamptz NOT NULL,
    used_at                timestamptz,
    PRIMARY KEY (tenant_id, state_hash),
    FOREIGN KEY (tenant_id, connection_id) REFERENCES oauth_connections (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX oauth_connection_flows_expiry_idx ON oauth_connection_flows (tenant_id, expires_at);

-- One-time tickets: 'exchange' (the token the callback hands the app, exchanged for
-- {user, session}) and 'link' (lets a signed-in user's browser start a link flow).
CREATE TABLE oauth_tickets (
    tenant_id      text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    token_hash     text NOT NULL,
    kind           text NOT NULL CHECK (kind IN ('exchange', 'link')),
    user_id        text NOT NULL,
    session_id     text,                                       -- link: the session that asked
    connection_id  text,
    identity_id    text,
    redirect_url   text,
    new_user       boolean NOT NULL DEFAULT false,
    created_at     timestamptz NOT NULL DEFAULT now(),
    expires_at     timestamptz NOT NULL,
    used_at        timestamptz,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX oauth_tickets_expiry_idx ON oauth_tickets (tenant_id, expires_at);
