-- Transactional email (issue C): each tenant's delivery configuration, its template overrides,
-- and a log of messages handed to a relay or kept locally. Outbox bookkeeping lives on the
-- outbox table itself (001): status, attempts, last_error, next_attempt_at.

-- One row per tenant that changed the defaults. smtp_password is SecretBox ciphertext bound to
-- the tenant id ("v1:..."); it is never returned by the API.
CREATE TABLE email_configs (
    tenant_id      text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    provider       text NOT NULL DEFAULT 'service' CHECK (provider IN ('service', 'smtp')),
    from_name      text,
    from_email     text,
    reply_to       text,
    smtp_host      text,
    smtp_port      integer CHECK (smtp_port BETWEEN 1 AND 65535),
    smtp_username  text,
    smtp_password  text,
    smtp_tls       boolean NOT NULL DEFAULT true,   -- STARTTLS after connecting
    smtp_ssl       boolean NOT NULL DEFAULT false,  -- implicit TLS (port 465)
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- A tenant's override of one built-in template; deleting the row restores the default.
CREATE TABLE email_templates (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    template    text NOT NULL,
    subject     text NOT NULL,
    body_html   text NOT NULL,
    body_text   text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, template)
);

-- Every message that left the service (delivery 'sent') or, without IDENTITY_SMTP_URL, was kept
-- for the operator instead (delivery 'stored'). Only stored messages keep their content, sealed
-- with the SecretBox, because it holds live links and codes; `identity emails list` reads it.
-- id is the outbox row id (or an ems_ id for a configuration test message).
CREATE TABLE email_messages (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id          text NOT NULL,
    message_id  text NOT NULL,
    template    text,
    to_address  text NOT NULL,
    provider    text NOT NULL CHECK (provider IN ('service', 'smtp')),
    delivery    text NOT NULL CHECK (delivery IN ('sent', 'stored')),
    content     text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id)
);
CREATE INDEX email_messages_created_idx ON email_messages (created_at DESC);

-- Queue-depth metrics count failed rows at scrape time; keep that count off the sent rows.
CREATE INDEX outbox_failed_idx ON outbox (topic) WHERE status = 'failed';
