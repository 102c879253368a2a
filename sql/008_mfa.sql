-- Multi-factor authentication (issue E): factors, backup codes, sign-in challenges.
-- docs/mfa.md explains the rules. users.mfa_enabled (003) is kept true exactly while the user
-- has an active factor, by identity.mfa.store.sync_mfa_enabled in the transaction of each change.

-- One row per enrolled factor. Secrets never appear in clear:
--   totp      totp_secret is the base32 secret under the SecretBox, bound to tenant and factor id;
--             totp_last_step is the last accepted 30-second step (a code is accepted only once)
--   sms       phone_number in E.164
--   webauthn  the credential (id base64url, COSE public key, sign count) and the RP id it is
--             bound to
--   pending   enroll_secret is the keyed hash of the code sent to confirm an sms/email_otp
--             factor, or the base64url registration challenge of a webauthn factor
CREATE TABLE mfa_factors (
    tenant_id          text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id                 text NOT NULL,
    user_id            text NOT NULL,
    type               text NOT NULL
                       CHECK (type IN ('totp', 'sms', 'email_otp', 'webauthn', 'backup_codes')),
    name               text,
    status             text NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'active', 'disabled')),
    totp_secret        text,
    totp_last_step     bigint,
    phone_number       text,
    credential_id      text,
    public_key         bytea,
    sign_count         bigint,
    rp_id              text,
    aaguid             text,
    transports         jsonb,
    backed_up          boolean,
    enroll_secret      text,
    enroll_attempts    integer NOT NULL DEFAULT 0,
    enroll_expires_at  timestamptz,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now(),
    activated_at       timestamptz,
    last_used_at       timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX mfa_factors_user_idx ON mfa_factors (tenant_id, user_id, id);
-- One set of backup codes per user; a passkey is enrolled once per tenant.
CREATE UNIQUE INDEX mfa_factors_backup_codes_key ON mfa_factors (tenant_id, user_id)
    WHERE type = 'backup_codes';
CREATE UNIQUE INDEX mfa_factors_credential_key ON mfa_factors (tenant_id, credential_id)
    WHERE credential_id IS NOT NULL;

-- The current set of backup codes (keyed hashes); generating a set deletes the previous one.
CREATE TABLE mfa_backup_codes (
    tenant_id   text NOT NULL,
    user_id     text NOT NULL,
    code_hash   text NOT NULL,
    factor_id   text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    used_at     timestamptz,
    PRIMARY KEY (tenant_id, user_id, code_hash),
    FOREIGN KEY (tenant_id, factor_id) REFERENCES mfa_factors (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX mfa_backup_codes_factor_idx ON mfa_backup_codes (tenant_id, factor_id);

-- A sign-in waiting for its second factor (the mfa_challenge of a 403 mfa_required).
-- factor_id/factor_type: the factor currently asked for (factor_id NULL: the email code of a
-- user without factors in a tenant that requires MFA). codes: the one-time codes sent for this
-- challenge, newest last, as [{factor_id, hash, expires_at}]. verify_email: the first factor
-- proved the inbox (magic link, password reset), so completing marks the address verified.
CREATE TABLE mfa_challenges (
    tenant_id           text NOT NULL,
    id                  text NOT NULL,
    user_id             text NOT NULL,
    factor_id           text,
    factor_type         text NOT NULL,
    verify_email        boolean NOT NULL DEFAULT false,
    codes               jsonb NOT NULL DEFAULT '[]',
    codes_sent          integer NOT NULL DEFAULT 0,
    webauthn_challenge  text,
    failed_attempts     integer NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    expires_at          timestamptz NOT NULL,
    completed_at        timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX mfa_challenges_user_idx ON mfa_challenges (tenant_id, user_id, expires_at);
