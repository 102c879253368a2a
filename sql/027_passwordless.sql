-- Passwordless sign-in (issue Q): the email code as a first factor and the discoverable passkey
-- (docs/auth.md "Email code sign-in", docs/mfa.md "Passkey sign-in").
--
-- email_sign_in_codes: one row per code sent, only for an existing user (an unknown address
-- gets the same answer and no row). The code is six digits, so it is stored as a keyed hash
-- (SecretBox.mac, bound to the row id) and guarded by failed_attempts (5) and expires_at
-- (10 minutes); a newer code for the same address retires the older ones (used_at).
CREATE TABLE email_sign_in_codes (
    tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    id text NOT NULL,
    user_id text NOT NULL,
    email text NOT NULL,
    code_hash text NOT NULL,
    failed_attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX email_sign_in_codes_email_idx ON email_sign_in_codes (tenant_id, email, created_at);

-- passkey_challenges: the WebAuthn challenge of a passwordless passkey sign-in, stored by its
-- SHA-256 (the assertion's clientDataJSON carries the challenge itself, which finds the row),
-- single use (used_at), 5 minutes, for one RP id. binding_hash: SHA-256 of what the challenge
-- was handed to (the hosted pages' browser), so it can be answered only from there; NULL for
-- the API, whose caller is the application's own frontend.
CREATE TABLE passkey_challenges (
    tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
    challenge_hash text NOT NULL,
    rp_id text NOT NULL,
    binding_hash text,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    PRIMARY KEY (tenant_id, challenge_hash)
);
CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at);
CREATE INDEX email_sign_in_codes_expiry_idx ON email_sign_in_codes (expires_at);
