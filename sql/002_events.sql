-- Webhook events (evt_...). Written by identity.events.emit in the transaction of the change
-- that causes them; issue D fans them out to webhook endpoints.
CREATE TABLE events (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id          text NOT NULL,
    type        text NOT NULL,
    data        jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX events_type_idx ON events (tenant_id, type, id DESC);
