-- Self-service email change (POST /v1/auth/email, docs/auth.md "Changing one's email address"):
-- the address a signed-in user asked to move to, until a code sent to that address proves it.
-- One pending change per user (a new request replaces the previous one). Only a hash of the
-- six-digit code is stored; attempts counts wrong codes so that guessing stops after a few.
-- Nothing on the users row changes before the proof.
CREATE TABLE email_changes (
    tenant_id   text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    user_id     text NOT NULL,
    new_email   text NOT NULL,
    code_hash   text NOT NULL,
    attempts    integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, user_id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
