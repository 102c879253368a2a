-- Signed webhooks (issue D): v1 endpoints owned by a tenant, v2 administration webhooks (one
-- tenant or, tenant_id NULL, every tenant), one delivery per (webhook, event) and every attempt.
-- docs/webhooks.md describes the state machine.

-- v1: /v1/webhooks. secret is the whsec_ signing secret sealed with the SecretBox (associated
-- data "webhook:<tenant_id>:<id>"): it must be usable to sign, so it cannot be a hash.
CREATE TABLE webhook_endpoints (
    tenant_id          text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                 text NOT NULL,
    url                text NOT NULL,
    description        text NOT NULL DEFAULT '',
    events             text[] NOT NULL,
    enabled            boolean NOT NULL DEFAULT true,
    secret             text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    last_triggered_at  timestamptz,
    PRIMARY KEY (tenant_id, id)
);
-- The fan-out in emit(): a tenant's enabled endpoints (usually none, often one or two).
CREATE INDEX webhook_endpoints_enabled_idx ON webhook_endpoints (tenant_id) WHERE enabled;

-- v2: /v2/admin/webhooks (admin token). Not tenant-owned: tenant_id NULL means every tenant, so
-- the key is id alone (the table is in tests/test_schema.py GLOBAL_TABLES). secret is the
-- caller's secret sealed with the SecretBox (associated data "admin_webhook:<id>").
CREATE TABLE admin_webhooks (
    id                 text PRIMARY KEY,
    tenant_id          text REFERENCES tenants (id) ON DELETE CASCADE,
    url                text NOT NULL,
    events             text[] NOT NULL,
    active             boolean NOT NULL DEFAULT true,
    secret             text NOT NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    last_triggered_at  timestamptz
);
CREATE INDEX admin_webhooks_active_idx ON admin_webhooks (tenant_id) WHERE active;

-- One delivery of one event to one webhook (v1 endpoint_id or v2 admin_webhook_id). The tenant
-- is the event's. body is the exact JSON sent (signed again, with a fresh timestamp, on each
-- attempt). attempts counts every attempt ever made; series_start is attempts when the current
-- series began (creation, manual retry, replay), so attempts - series_start failures of the
-- series select the next delay of the retry schedule. While an attempt runs, leased_until says
-- until when the worker holds it; a delivery whose worker died is taken again after it.
CREATE TABLE webhook_deliveries (
    tenant_id         text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                text NOT NULL,
    endpoint_id       text,
    admin_webhook_id  text REFERENCES admin_webhooks (id) ON DELETE CASCADE,
    event_id          text NOT NULL,
    event_type        text NOT NULL,
    body              text NOT NULL,
    test              boolean NOT NULL DEFAULT false,
    status            text NOT NULL DEFAULT 'pending'
                      CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts          integer NOT NULL DEFAULT 0,
    series_start      integer NOT NULL DEFAULT 0,
    http_status       integer,
    duration_ms       integer,
    last_error        text,
    next_attempt_at   timestamptz NOT NULL DEFAULT now(),
    leased_until      timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    delivered_at      timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, endpoint_id)
        REFERENCES webhook_endpoints (tenant_id, id) ON DELETE CASCADE,
    CHECK ((endpoint_id IS NULL) <> (admin_webhook_id IS NULL))
);
-- An event reaches a webhook once.
CREATE UNIQUE INDEX webhook_deliveries_endpoint_event_key
    ON webhook_deliveries (tenant_id, endpoint_id, event_id) WHERE endpoint_id IS NOT NULL;
CREATE UNIQUE INDEX webhook_deliveries_admin_event_key
    ON webhook_deliveries (tenant_id, admin_webhook_id, event_id) WHERE admin_webhook_id IS NOT NULL;
-- Lists, newest first.
CREATE INDEX webhook_deliveries_endpoint_idx
    ON webhook_deliveries (tenant_id, endpoint_id, id DESC) WHERE endpoint_id IS NOT NULL;
CREATE INDEX webhook_deliveries_admin_idx
    ON webhook_deliveries (admin_webhook_id, id DESC) WHERE admin_webhook_id IS NOT NULL;
-- The sweeper (deliveries whose job was lost).
CREATE INDEX webhook_deliveries_pending_idx
    ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- Attempts in flight per webhook (the per-webhook concurrency cap); only leased rows.
CREATE INDEX webhook_deliveries_inflight_idx
    ON webhook_deliveries (endpoint_id, admin_webhook_id) WHERE leased_until IS NOT NULL;

-- Every attempt: 'in_flight' while it runs, then 'delivered', 'failed', or 'lost' when its
-- worker died before recording an outcome (found when the delivery is taken again).
CREATE TABLE webhook_attempts (
    tenant_id    text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    delivery_id  text NOT NULL,
    attempt      integer NOT NULL,
    outcome      text NOT NULL DEFAULT 'in_flight'
                 CHECK (outcome IN ('in_flight', 'delivered', 'failed', 'lost')),
    http_status  integer,
    duration_ms  integer,
    error        text,
    started_at   timestamptz NOT NULL DEFAULT now(),
    finished_at  timestamptz,
    PRIMARY KEY (tenant_id, delivery_id, attempt),
    FOREIGN KEY (tenant_id, delivery_id)
        REFERENCES webhook_deliveries (tenant_id, id) ON DELETE CASCADE
);
