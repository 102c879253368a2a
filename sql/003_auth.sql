-- End-user authentication (issue B): users, sessions, refresh tokens, one-time tokens,
-- signing keys. Every tenant-owned table carries tenant_id and every unique key includes it.

CREATE TABLE users (
    tenant_id            text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                   text NOT NULL,
    email                text NOT NULL,          -- stored lower-cased (identity.users.store)
    username             text,
    name                 text,
    phone                text,
    avatar_url           text,
    email_verified       boolean NOT NULL DEFAULT false,
    phone_verified       boolean NOT NULL DEFAULT false,
    role                 text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
    status               text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'banned')),
    mfa_enabled          boolean NOT NULL DEFAULT false,
    public_metadata      jsonb NOT NULL DEFAULT '{}',
    private_metadata     jsonb NOT NULL DEFAULT '{}',
    -- a PHC-style string ($argon2id$..., or an imported $2b$/$scrypt$ hash); NULL = no password
    password_hash        text,
    password_changed_at  timestamptz,
    -- account lockout (identity.auth.lockout): failures counted in a window, then a lock
    failed_sign_ins      integer NOT NULL DEFAULT 0,
    failed_window_start  timestamptz,
    locked_until         timestamptz,
    welcomed_at          timestamptz,            -- when the welcome email was queued
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    last_sign_in_at      timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, email)
);
CREATE UNIQUE INDEX users_username_key ON users (tenant_id, lower(username)) WHERE username IS NOT NULL;
CREATE INDEX users_list_idx ON users (tenant_id, id DESC);
CREATE INDEX users_last_sign_in_idx ON users (tenant_id, last_sign_in_at);

-- A session is active while revoked_at IS NULL and expires_at > now(); "expired" is computed
-- when read. The refresh token's expiry is the session's expiry.
CREATE TABLE sessions (
    tenant_id       text NOT NULL,
    id              text NOT NULL,
    user_id         text NOT NULL,
    user_agent      text,
    ip_address      text,
    country         text,
    device_type     text,
    mfa_verified    boolean NOT NULL DEFAULT false,
    org_id          text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    last_active_at  timestamptz NOT NULL DEFAULT now(),
    expires_at      timestamptz NOT NULL,
    revoked_at      timestamptz,
    revoked_reason  text,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX sessions_list_idx ON sessions (tenant_id, id DESC);
CREATE INDEX sessions_user_idx ON sessions (tenant_id, user_id, id DESC);
CREATE INDEX sessions_active_idx ON sessions (tenant_id, expires_at) WHERE revoked_at IS NULL;

-- Every refresh token ever issued for a live session, by SHA-256 hash, so that a rotated one
-- presented again is recognised as reuse. reply_sealed holds the pair that replaced it
-- (SecretBox-encrypted) only during the tenant's refresh_token_reuse_interval.
CREATE TABLE refresh_tokens (
    tenant_id     text NOT NULL,
    token_hash    text NOT NULL,
    session_id    text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    rotated_at    timestamptz,
    reply_sealed  text,
    reply_until   timestamptz,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, session_id) REFERENCES sessions (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (tenant_id, session_id);
CREATE INDEX refresh_tokens_reply_idx ON refresh_tokens (reply_until) WHERE reply_sealed IS NOT NULL;

-- Magic links, password resets and email verifications, by SHA-256 hash. user_id is NULL for
-- a magic link that will create its user (create_if_not_exists) when it is used.
CREATE TABLE one_time_tokens (
    tenant_id     text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    token_hash    text NOT NULL,
    kind          text NOT NULL CHECK (kind IN ('magic_link', 'password_reset', 'email_verification')),
    user_id       text,
    email         text NOT NULL,
    redirect_url  text,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    used_at       timestamptz,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
-- The emailed verification link carries no tenant header, so it is found by hash alone.
CREATE INDEX one_time_tokens_hash_idx ON one_time_tokens (token_hash);
CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (tenant_id, user_id, kind);

-- Service-wide JWT signing keys. The signing key is the newest whose activates_at has passed;
-- a key stays in the JWKS until expires_at (set when a newer key replaces it, after the longest
-- token it may have signed has expired). private_key_sealed is PEM under the SecretBox.
CREATE TABLE signing_keys (
    id                  text PRIMARY KEY,
    algorithm           text NOT NULL,
    public_jwk          jsonb NOT NULL,
    private_key_sealed  text NOT NULL,
    created_at          timestamptz NOT NULL DEFAULT now(),
    activates_at        timestamptz NOT NULL DEFAULT now(),
    retired_at          timestamptz,
    expires_at          timestamptz
);
CREATE INDEX signing_keys_active_idx ON signing_keys (activates_at DESC);
