-- The revocation feed (GET /v1/revocations/stream, docs/revocations.md): what a verifier must
-- refuse before a token expires. Written by triggers on the rows whose change is the
-- revocation, so every path that revokes (service code, an operator's SQL) writes its entry in
-- its own transaction and none can be missed:
--   sessions.revoked_at set             -> kind 'session', the session's revoked_reason
--   users.status leaving 'active'       -> kind 'user', 'user_disabled' or 'user_banned'
--   a user deleted (not with its tenant)-> kind 'user', 'user_deleted'
--   signing_keys.expires_at brought to now or earlier (a key withdrawn before its time)
--                                       -> kind 'signing_key', 'key_retired', one row per tenant
-- Each write notifies channel identity_revocations with the tenant id ('*': every tenant).
--
-- Order: entries are read in (xid, seq) order, and only once xid is below the reading
-- snapshot's xmin, i.e. once every transaction that could still commit an earlier entry has
-- ended. A sequence alone would not do: numbers are taken before commit, so a stream that has
-- sent 7 could later see 6 commit and would never send it.
CREATE TABLE revocations (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    xid         xid8 NOT NULL DEFAULT pg_current_xact_id(),
    seq         bigint GENERATED ALWAYS AS IDENTITY,
    kind        text NOT NULL CHECK (kind IN ('session', 'user', 'signing_key')),
    subject     text NOT NULL,
    reason      text NOT NULL,
    revoked_at  timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, xid, seq)
);
-- The periodic purge (workers/maintenance.py) deletes by age.
CREATE INDEX revocations_revoked_at_idx ON revocations (revoked_at);

CREATE FUNCTION revocations_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO revocations (tenant_id, kind, subject, reason, revoked_at)
    VALUES (NEW.tenant_id, 'session', NEW.id, coalesce(NEW.revoked_reason, 'revoked'), NEW.revoked_at);
    -- Identical notifications of one transaction are delivered once.
    PERFORM pg_notify('identity_revocations', NEW.tenant_id);
    RETURN NULL;
END $$;

-- Row-level with a column list and WHEN: an UPDATE that does not set revoked_at (the refresh
-- path's last_active_at) does not even call the function.
CREATE TRIGGER sessions_revocation AFTER UPDATE OF revoked_at ON sessions
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    EXECUTE FUNCTION revocations_session();

CREATE FUNCTION revocations_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        -- A tenant being deleted takes its users along: nobody is left to tell (and the entry
        -- could not reference the tenant).
        INSERT INTO revocations (tenant_id, kind, subject, reason, revoked_at)
        SELECT OLD.tenant_id, 'user', OLD.id, 'user_deleted', clock_timestamp()
        WHERE EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id);
        PERFORM pg_notify('identity_revocations', OLD.tenant_id);
    ELSE
        INSERT INTO revocations (tenant_id, kind, subject, reason, revoked_at)
        VALUES (NEW.tenant_id, 'user', NEW.id, 'user_' || NEW.status, clock_timestamp());
        PERFORM pg_notify('identity_revocations', NEW.tenant_id);
    END IF;
    RETURN NULL;
END $$;

-- Disabled or banned: either way the user's tokens must stop working, even when the disabling
-- left the sessions alone (revoke_sessions false). A disabled user later banned gets a second
-- entry, which refuses nothing more but keeps the reason current.
CREATE TRIGGER users_status_revocation AFTER UPDATE OF status ON users
    FOR EACH ROW WHEN (NEW.status IN ('disabled', 'banned') AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION revocations_user();
CREATE TRIGGER users_deleted_revocation AFTER DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION revocations_user();

CREATE FUNCTION revocations_signing_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- Keys are service-wide and tokens name their tenant: every tenant's stream carries it.
    INSERT INTO revocations (tenant_id, kind, subject, reason, revoked_at)
    SELECT id, 'signing_key', NEW.id, 'key_retired', clock_timestamp() FROM tenants;
    PERFORM pg_notify('identity_revocations', '*');
    RETURN NULL;
END $$;

-- Routine rotation sets expires_at 25 hours ahead (tokens signed before stay valid): no entry.
-- Only a key withdrawn now, while tokens it signed may still be unexpired, is a revocation.
CREATE TRIGGER signing_keys_revocation AFTER UPDATE OF expires_at ON signing_keys
    FOR EACH ROW WHEN (NEW.expires_at <= now() AND (OLD.expires_at IS NULL OR OLD.expires_at > now()))
    EXECUTE FUNCTION revocations_signing_key();
