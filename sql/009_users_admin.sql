-- User management, administration and the audit log (issue F). docs/users.md explains the
-- choices: the list's indexes and keyset cursors, q search, the maintained user counts.

-- Impersonation sessions name the admin behind them (the token's act.sub).
ALTER TABLE sessions ADD COLUMN impersonated_by text;

-- --- the users list ---------------------------------------------------------------------------
-- Keyset pagination for each sort: (sort key, id) under tenant_id. last_sign_in_at sorts NULL
-- ("never") as the oldest value, through coalesce, so one row comparison pages through it.
CREATE INDEX users_created_idx ON users (tenant_id, created_at, id);
-- (last_sign_in_at is included so that counting recent sign-ins reads the index alone.)
CREATE INDEX users_last_sign_in_order_idx
    ON users (tenant_id, (coalesce(last_sign_in_at, '-infinity'::timestamptz)), id) INCLUDE (last_sign_in_at);
-- sort=email pages through the UNIQUE (tenant_id, email) index of 003.
-- The primary key (tenant_id, id) already serves what these served; fewer indexes, cheaper writes.
DROP INDEX users_list_idx;
DROP INDEX users_last_sign_in_idx;
-- Rare statuses (disabled, banned) and roles (admin) listed newest first without a long walk.
CREATE INDEX users_status_created_idx ON users (tenant_id, status, created_at, id)
    WHERE status <> 'active';
CREATE INDEX users_admins_created_idx ON users (tenant_id, created_at, id) WHERE role = 'admin';
-- Users with MFA (the admin search's mfa_enrolled filter, and the stats' enrolled count).
CREATE INDEX users_mfa_created_idx ON users (tenant_id, created_at, id) WHERE mfa_enabled;

-- --- q search ---------------------------------------------------------------------------------
-- q (and the admin search's query) looks at the email, name, username and phone.
--
-- Words: anything that is not a letter or digit separates words, and q matches users having,
-- for each word of q, a word that starts with it ("jane", "doe", "exam", "+1415" all find
-- jane.doe@example.com, +14155550100). Core Postgres, so it works on every server. The vector is
-- stored: a walk down a list index that checks it row by row stays cheap.
CREATE FUNCTION users_search_words(email text, name text, username text, phone text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT to_tsvector('simple'::regconfig, regexp_replace(
       lower(coalesce(email, '') || ' ' || coalesce(name, '') || ' ' || coalesce(username, '') || ' '
                || coalesce(phone, '')), '[^[:alnum:]]+', ' ', 'g')) $$;

CREATE FUNCTION users_search_query(q text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT to_tsquery('simple'::regconfig, string_agg(w || ':*', ' & '))
   FROM regexp_split_to_table(regexp_replace(lower(q), '[^[:alnum:]]+', ' ', 'g'), ' ') AS w
   WHERE w <> '' $$;

ALTER TABLE users ADD COLUMN search_words tsvector
    GENERATED ALWAYS AS (users_search_words(email, name, username, phone)) STORED;
CREATE INDEX users_search_words_idx ON users USING gin (search_words);
-- The planner's guess of how common a term is comes from these statistics; the default sample
-- misjudges a term shared by 1% of a million users by two orders of magnitude.
ALTER TABLE users ALTER COLUMN search_words SET STATISTICS 1000;

-- Substrings ("oe@exa" finds jane.doe@example.com) where pg_trgm can be installed: the machine's
-- Postgres has it, the embedded server does not. identity.users.search looks for
-- users_search_trgm_idx and, when it is there, uses it for terms of three characters or more.
CREATE FUNCTION users_search_text(email text, name text, username text, phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT lower(coalesce(email, '') || ' ' || coalesce(name, '') || ' ' || coalesce(username, '') || ' '
                || coalesce(phone, '')) $$;

DO $$
DECLARE
    ext_schema text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        RAISE NOTICE 'pg_trgm is not available: q search matches word prefixes only';
        RETURN;
    END IF;
    BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'pg_trgm could not be installed (%): q search matches word prefixes only', SQLERRM;
        RETURN;
    END;
    SELECT n.nspname INTO ext_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format(
        'CREATE INDEX users_search_trgm_idx ON users USING gin '
        '(users_search_text(email, name, username, phone) %I.gin_trgm_ops)', ext_schema);
    ALTER INDEX users_search_trgm_idx ALTER COLUMN 1 SET STATISTICS 1000;
END $$;

-- --- user counts --------------------------------------------------------------------------------
-- An exact count(*) over a million users takes tens of milliseconds; these rows keep the counts
-- per (status, role) exact in every transaction that adds, removes or changes users. Each
-- transaction adds to one of 8 shards at random, so concurrent sign-ups rarely wait on one row.
CREATE TABLE user_counts (
    tenant_id  text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    status     text NOT NULL,
    role       text NOT NULL,
    shard      smallint NOT NULL,
    n          bigint NOT NULL,
    PRIMARY KEY (tenant_id, status, role, shard)
);

-- Changes are added in key order, so two transactions never lock two counters in opposite
-- orders. A tenant being deleted (its row already gone) is skipped: its counters go with it.
CREATE FUNCTION user_counts_add(deltas jsonb) RETURNS void LANGUAGE sql AS $$
    INSERT INTO user_counts AS c (tenant_id, status, role, shard, n)
    SELECT d.tenant_id, d.status, d.role, floor(random() * 8)::smallint, d.n
    FROM jsonb_to_recordset(deltas) AS d (tenant_id text, status text, role text, n bigint)
    WHERE d.n <> 0 AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = d.tenant_id)
    ORDER BY d.tenant_id, d.status, d.role
    ON CONFLICT (tenant_id, status, role, shard) DO UPDATE SET n = c.n + excluded.n
$$;

CREATE FUNCTION user_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM user_counts_add(coalesce(jsonb_agg(d), '[]'))
    FROM (SELECT tenant_id, status, role, count(*) AS n FROM new_rows GROUP BY 1, 2, 3) d;
    RETURN NULL;
END $$;

CREATE FUNCTION user_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM user_counts_add(coalesce(jsonb_agg(d), '[]'))
    FROM (SELECT tenant_id, status, role, -count(*) AS n FROM old_rows GROUP BY 1, 2, 3) d;
    RETURN NULL;
END $$;

CREATE FUNCTION user_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM user_counts_add(jsonb_build_array(
        jsonb_build_object('tenant_id', OLD.tenant_id, 'status', OLD.status, 'role', OLD.role, 'n', -1),
        jsonb_build_object('tenant_id', NEW.tenant_id, 'status', NEW.status, 'role', NEW.role, 'n', 1)));
    RETURN NULL;
END $$;

-- No write to users may slip between the count below and the triggers.
LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;

CREATE TRIGGER users_count_insert AFTER INSERT ON users
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_insert();
CREATE TRIGGER users_count_delete AFTER DELETE ON users
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_counts_on_delete();
-- Row level, and only when status or role changes: a sign-in's update costs nothing here.
CREATE TRIGGER users_count_update AFTER UPDATE OF status, role ON users FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role IS DISTINCT FROM NEW.role)
    EXECUTE FUNCTION user_counts_on_update();

INSERT INTO user_counts (tenant_id, status, role, shard, n)
SELECT tenant_id, status, role, 0, count(*) FROM users GROUP BY 1, 2, 3;

-- --- admin stats ----------------------------------------------------------------------------------
-- Failed password sign-ins per tenant and hour (GET /v1/admin/stats auth.failed_sign_ins_last_24h).
-- Successful sign-ins are the sessions created, which are already rows.
CREATE TABLE sign_in_failures (
    tenant_id  text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    hour       timestamptz NOT NULL,
    n          bigint NOT NULL,
    PRIMARY KEY (tenant_id, hour)
);

-- --- the audit log --------------------------------------------------------------------------------
CREATE INDEX audit_log_resource_idx ON audit_log (tenant_id, resource_type, id DESC);
