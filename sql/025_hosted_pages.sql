-- The hosted pages (docs/hosted-pages.md): a person's journey through them, and a tenant's own
-- texts for them.
--
-- A flow is one journey (sign-in, sign-up, ...) of one browser. It holds the validated OAuth
-- authorization request that started it (NULL when the person came without one), where to go
-- at the end (return_to, a path of the service; NULL means the account page), the state between
-- steps (pending: the MFA challenge after a first factor, the address a code was sent to) and
-- the browser it belongs to (browser_hash: sha256 of the random idp_browser cookie), so that a
-- flow id copied into another browser leads nowhere. Flows live one hour; the periodic cleanup
-- (workers/maintenance.py) deletes the expired ones.
CREATE TABLE hosted_flows (
    tenant_id     text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id            text NOT NULL,                 -- hfl_ + 32 random bytes (base62)
    oauth_request jsonb,                         -- the authorization request's parameters
    return_to     text,                          -- a path of the service
    pending       jsonb NOT NULL DEFAULT '{}'::jsonb,
    browser_hash  text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    expires_at    timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, id)
);
-- The cleanup deletes by expiry across tenants.
CREATE INDEX hosted_flows_expires_idx ON hosted_flows (expires_at);

-- A tenant's own wording of the hosted pages: one row per language and catalogue key, beside
-- its email templates (email_templates). Plain text, escaped when a page is rendered.
CREATE TABLE hosted_texts (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    language    text NOT NULL,
    key         text NOT NULL,
    value       text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, language, key)
);
