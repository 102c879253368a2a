-- GET /v1/auth/me is answered from a per-process cache (identity/users/me_cache.py). The database
-- announces each change of what /me shows, whoever makes it (service code, an operator's SQL):
-- NOTIFY identity_users with "tenant_id user_id", or "*" when one statement changes more than
-- 100 users (a bulk change empties the caches rather than flooding the notification queue).
-- Statement-level, so a bulk UPDATE runs this once. Changes /me does not show (lockout counters,
-- the password hash, last_sign_in_at alone) do not notify.

CREATE FUNCTION users_me_notify(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF ids IS NULL THEN
        RETURN;
    END IF;
    IF cardinality(ids) > 100 THEN
        PERFORM pg_notify('identity_users', '*');
    ELSE
        PERFORM pg_notify('identity_users', x) FROM unnest(ids) AS x;
    END IF;
END $$;

CREATE FUNCTION users_me_notify_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM users_me_notify((
        SELECT array_agg(n.tenant_id || ' ' || n.id)
        FROM new_rows n JOIN old_rows o ON o.tenant_id = n.tenant_id AND o.id = n.id
        WHERE (o.email, o.name, o.email_verified, o.mfa_enabled, o.role, o.public_metadata,
               o.created_at, o.updated_at)
              IS DISTINCT FROM
              (n.email, n.name, n.email_verified, n.mfa_enabled, n.role, n.public_metadata,
               n.created_at, n.updated_at)));
    RETURN NULL;
END $$;

CREATE FUNCTION users_me_notify_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM users_me_notify((SELECT array_agg(tenant_id || ' ' || id) FROM old_rows));
    RETURN NULL;
END $$;

CREATE TRIGGER users_me_notify_update AFTER UPDATE ON users
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION users_me_notify_update();
CREATE TRIGGER users_me_notify_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION users_me_notify_delete();
