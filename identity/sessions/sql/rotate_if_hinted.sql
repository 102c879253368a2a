-- Rotate a refresh token whose new pair was built from a hint without reading the rows first
-- (identity/sessions/refresh_hints.py): the head of the statement, whose tail is
-- spend_and_keep.sql; identity/sessions/store.py rotate_if_hinted() runs the two as one.
--
-- Parameters, $1..$6 as in rotate_if_current.sql: $1 tenant id, $2 session id, $3 the new
-- token's hash, $4 the old token's hash, $5 the sealed reply (or NULL), $6 until when it is
-- kept; then what the hint says the rows hold: $7 user id, $8 session expiry, $9 active organization (or NULL), $10 mfa_verified, $11 user role,
-- $12 user public metadata (jsonb), $13 role in the active organization (or NULL).
--
-- Why so: every value the hinted pair was built from is checked in the session UPDATE's WHERE,
-- so it is evaluated again on the locked row if a concurrent write committed first; any change
-- makes the statement a no-op and the caller reads the rows as without a hint.
WITH live AS (UPDATE sessions SET last_active_at = now()
              WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL AND expires_at > now()
                AND user_id = $7 AND expires_at = $8 AND org_id IS NOT DISTINCT FROM $9::text
                AND mfa_verified = $10
                AND EXISTS (SELECT 1 FROM users u
                            WHERE u.tenant_id = $1 AND u.id = $7 AND u.status = 'active'
                              AND u.role = $11 AND u.public_metadata = $12::jsonb)
                AND ($9::text IS NULL
                     OR (SELECT m.role FROM memberships m
                         WHERE m.tenant_id = $1 AND m.org_id = $9::text AND m.user_id = $7)
                        IS NOT DISTINCT FROM $13::text)
              RETURNING id),
