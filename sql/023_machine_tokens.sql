-- Machine tokens without a row per token (docs/oauth.md, "Machine tokens").
--
-- client_credentials used to insert one oauth_grants row per access token. Now a client has one
-- live machine grant per scope set: its tokens carry the grant's id (gid) and are counted in
-- batches (issued_count, flushed from memory every few seconds). Revoking any of its tokens
-- revokes the grant, which the verifying paths consult; the next request for that scope set
-- opens a new grant. last_expires_at is the expiry of the newest token counted, so a grant is
-- listed while one of its tokens may still be alive.
CREATE TABLE oauth_machine_grants (
    tenant_id        text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id               text NOT NULL,                 -- mgt_...
    client_id        text NOT NULL,                 -- no FK: a deleted client's tokens live on until exp
    scopes           text[] NOT NULL,               -- sorted, unique
    scope_key        text NOT NULL,                 -- the scopes joined by ' '
    issued_count     bigint NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL DEFAULT now(),
    last_issued_at   timestamptz NOT NULL DEFAULT now(),
    last_expires_at  timestamptz NOT NULL,
    revoked_at       timestamptz,
    revoked_reason   text,
    PRIMARY KEY (tenant_id, id)
);
-- One live grant per client and scope set: the token endpoint's upsert targets this index.
CREATE UNIQUE INDEX oauth_machine_grants_live_idx ON oauth_machine_grants (tenant_id, client_id, scope_key)
    WHERE revoked_at IS NULL;
CREATE INDEX oauth_machine_grants_client_idx ON oauth_machine_grants (tenant_id, client_id, id DESC);

-- Client authentication with a signed assertion (RFC 7523, private_key_jwt) next to the secret
-- methods. jwks holds the client's public keys (a JWK set); a client registered for
-- private_key_jwt has no secret.
ALTER TABLE oauth_clients
    ADD COLUMN token_endpoint_auth_method text
        CHECK (token_endpoint_auth_method IN ('client_secret_basic', 'client_secret_post',
                                              'private_key_jwt', 'none')),
    ADD COLUMN jwks jsonb;

-- Assertion ids seen, kept until the assertion expires: an assertion is accepted once.
CREATE TABLE oauth_client_assertions (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    client_id   text NOT NULL,
    jti         text NOT NULL,
    expires_at  timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, client_id, jti)
);
CREATE INDEX oauth_client_assertions_expiry_idx ON oauth_client_assertions (expires_at);

-- The token endpoint keeps client rows and machine grant ids in memory in every API process
-- (identity/clients/cache.py). Any change to a client or a machine grant (a revocation) is
-- announced on commit, whoever makes it: NOTIFY identity_oauth_clients, payload the tenant.
CREATE FUNCTION oauth_clients_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('identity_oauth_clients', OLD.tenant_id);
    RETURN NULL;
END $$;

CREATE TRIGGER oauth_clients_notify_change AFTER UPDATE OR DELETE ON oauth_clients
    FOR EACH ROW EXECUTE FUNCTION oauth_clients_notify();
-- Only a revocation (or removal): the count flush updates these rows every few seconds.
CREATE TRIGGER oauth_machine_grants_notify_revoke AFTER UPDATE ON oauth_machine_grants FOR EACH ROW
    WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
    EXECUTE FUNCTION oauth_clients_notify();
CREATE TRIGGER oauth_machine_grants_notify_delete AFTER DELETE ON oauth_machine_grants
    FOR EACH ROW EXECUTE FUNCTION oauth_clients_notify();
