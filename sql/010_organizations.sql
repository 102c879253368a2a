-- Organizations, memberships and invitations (issue G). Every table is tenant-owned:
-- tenant_id leads the primary key and every unique key, and references tenants ON DELETE CASCADE.

CREATE TABLE organizations (
    tenant_id        text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id               text NOT NULL,
    name             text NOT NULL,
    slug             text NOT NULL,          -- lower-case a-z, 0-9 and hyphens; unique per tenant
    logo_url         text,
    public_metadata  jsonb NOT NULL DEFAULT '{}',
    created_by       text,                   -- the user made owner at creation (kept if they leave)
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, slug)
);
CREATE INDEX organizations_list_idx ON organizations (tenant_id, id DESC);

-- member_count is not stored: it is counted from this table when an organization is read
-- (an index-only count on the primary-key-like unique index), so it is exact whoever adds or
-- removes rows, including the cascades from deleting a user or an organization.
CREATE TABLE memberships (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id          text NOT NULL,
    org_id      text NOT NULL,
    user_id     text NOT NULL,
    role        text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
    created_at  timestamptz NOT NULL DEFAULT now(),   -- joined_at
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, org_id, user_id),
    FOREIGN KEY (tenant_id, org_id) REFERENCES organizations (tenant_id, id) ON DELETE CASCADE,
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX memberships_org_idx ON memberships (tenant_id, org_id, id DESC);
CREATE INDEX memberships_user_idx ON memberships (tenant_id, user_id);

-- An invitation is pending while accepted_at and revoked_at are NULL and expires_at is in the
-- future ("expired" is computed when read). The emailed token is stored as SHA-256 only.
CREATE TABLE invitations (
    tenant_id         text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                text NOT NULL,
    org_id            text NOT NULL,
    email             text NOT NULL,          -- lower-cased
    role              text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
    token_hash        text NOT NULL,
    redirect_url      text,
    inviter_user_id   text,
    created_at        timestamptz NOT NULL DEFAULT now(),
    expires_at        timestamptz NOT NULL,
    accepted_at       timestamptz,
    accepted_user_id  text,
    revoked_at        timestamptz,
    PRIMARY KEY (tenant_id, id),
    UNIQUE (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, org_id) REFERENCES organizations (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX invitations_org_idx ON invitations (tenant_id, org_id, id DESC);
CREATE INDEX invitations_email_idx ON invitations (tenant_id, org_id, email);
-- The invitation page (a link in an email) arrives without a tenant header: found by hash.
CREATE INDEX invitations_token_idx ON invitations (token_hash);

-- The active organization of a session (sessions.org_id, issue B's column) is cleared when the
-- membership ends; this finds those sessions without scanning the tenant's.
CREATE INDEX sessions_org_idx ON sessions (tenant_id, org_id, user_id) WHERE org_id IS NOT NULL;
