-- API-key and tenant lookups are cached in every API process (identity/http/key_cache.py,
-- identity/auth/tenant_cache.py). The database itself announces each change a lookup can see,
-- so every path that changes a key or a tenant (service code, an operator's SQL) invalidates the
-- caches when it commits: NOTIFY identity_credentials, payload the tenant's id. Postgres sends
-- notifications only on commit and folds identical ones of one transaction into one.

CREATE FUNCTION api_keys_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        PERFORM pg_notify('identity_credentials', OLD.tenant_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        PERFORM pg_notify('identity_credentials', NEW.tenant_id);
    END IF;
    RETURN NULL;
END $$;

CREATE FUNCTION tenants_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('identity_credentials', OLD.id);
    RETURN NULL;
END $$;

CREATE TRIGGER api_keys_notify_insert_delete AFTER INSERT OR DELETE ON api_keys
    FOR EACH ROW EXECUTE FUNCTION api_keys_notify();
-- Only the columns a lookup reads: the last_used_at flush (every 10 s, identity/http/auth.py
-- LastUsed.flush) and renames must not empty the caches.
CREATE TRIGGER api_keys_notify_update AFTER UPDATE ON api_keys FOR EACH ROW
    WHEN ((OLD.tenant_id, OLD.id, OLD.key_hash, OLD.type, OLD.scopes, OLD.expires_at, OLD.revoked_at)
          IS DISTINCT FROM
          (NEW.tenant_id, NEW.id, NEW.key_hash, NEW.type, NEW.scopes, NEW.expires_at, NEW.revoked_at))
    EXECUTE FUNCTION api_keys_notify();

-- Any real change to a tenant (they are rare): the cached Tenant carries status, plan,
-- auth_config and rate_limits, and whatever is added to it later is covered too.
CREATE TRIGGER tenants_notify_update AFTER UPDATE ON tenants FOR EACH ROW
    WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION tenants_notify();
CREATE TRIGGER tenants_notify_delete AFTER DELETE ON tenants
    FOR EACH ROW EXECUTE FUNCTION tenants_notify();
