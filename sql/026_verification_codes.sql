-- Email verification by code (docs/auth.md, "Verification codes"): the verification email
-- carries a six-digit code beside its link. The code lives on the link's own row, so it is
-- bound to the same tenant, user and expiry, and dies with it (used, retired by a resend,
-- expired). Only a keyed hash is stored (SecretBox.mac over the token hash and the code: a
-- leaked table cannot be searched for codes without the service's key). code_attempts counts
-- wrong codes; at the limit the code is voided (code_hash NULL) while the link keeps working.
ALTER TABLE one_time_tokens
    ADD COLUMN code_hash text,
    ADD COLUMN code_attempts smallint NOT NULL DEFAULT 0;
