-- Foundation: master keys, tenants, API keys, idempotency records, audit log, outbox.
-- Every tenant-owned table carries tenant_id, and every unique key includes it, so the
-- schema can be distributed by tenant_id (Citus) later.

CREATE TABLE master_keys (
    id          text PRIMARY KEY,
    key_hash    text NOT NULL UNIQUE,
    prefix      text NOT NULL,
    last_four   text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);

CREATE TABLE tenants (
    id                text PRIMARY KEY,
    name              text NOT NULL,
    slug              text NOT NULL UNIQUE,
    status            text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'deleted')),
    plan              text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'starter', 'pro', 'enterprise')),
    auth_config       jsonb NOT NULL DEFAULT '{}',
    public_metadata   jsonb NOT NULL DEFAULT '{}',
    private_metadata  jsonb NOT NULL DEFAULT '{}',
    suspended_reason  text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenants_status_idx ON tenants (status, id);

CREATE TABLE api_keys (
    tenant_id     text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id            text NOT NULL,
    name          text NOT NULL,
    type          text NOT NULL CHECK (type IN ('publishable', 'secret')),
    key_hash      text NOT NULL,
    prefix        text NOT NULL,
    last_four     text NOT NULL,
    scopes        text[] NOT NULL DEFAULT '{*}',
    created_at    timestamptz NOT NULL DEFAULT now(),
    last_used_at  timestamptz,
    expires_at    timestamptz,
    -- when the revocation takes (or took) effect: now for DELETE, now + grace for rotation
    revoked_at    timestamptz,
    rotated_to    text,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, key_hash)
);
CREATE INDEX api_keys_list_idx ON api_keys (tenant_id, id DESC);

-- Stored responses for Idempotency-Key. tenant_id is '' for control-plane requests.
CREATE TABLE idempotency_keys (
    tenant_id        text NOT NULL,
    scope            text NOT NULL,
    key              text NOT NULL,
    request_hash     text NOT NULL,
    state            text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'done')),
    response_status  integer,
    response_body    bytea,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

CREATE TABLE audit_log (
    tenant_id      text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id             text NOT NULL,
    action         text NOT NULL,
    actor          jsonb NOT NULL,
    resource_type  text,
    resource_id    text,
    ip_address     text,
    user_agent     text,
    metadata       jsonb NOT NULL DEFAULT '{}',
    created_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX audit_log_list_idx ON audit_log (tenant_id, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (tenant_id, (actor ->> 'id'), id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (tenant_id, action, id DESC);

-- Side effects (emails, webhook events, SMS) leave a request only through this table,
-- written in the same transaction as the change that causes them. A procrastinate job
-- naming the row is deferred in that same transaction; the worker moves the row through
-- queued -> processing -> sent | failed | abandoned.
CREATE TABLE outbox (
    tenant_id        text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id               text NOT NULL,
    topic            text NOT NULL,
    payload          jsonb NOT NULL,
    status           text NOT NULL DEFAULT 'queued'
                     CHECK (status IN ('queued', 'processing', 'sent', 'failed', 'abandoned')),
    attempts         integer NOT NULL DEFAULT 0,
    last_error       text,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    processed_at     timestamptz,
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE status IN ('queued', 'processing');
CREATE INDEX outbox_topic_idx ON outbox (tenant_id, topic, id DESC);
