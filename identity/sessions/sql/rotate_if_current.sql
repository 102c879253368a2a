-- Rotate a refresh token if it is still current: the head of the statement, whose tail
-- (spend the old token, store the new one, keep the old one's reply) is spend_and_keep.sql;
-- identity/sessions/store.py rotate_if_current() runs the two as one statement.
--
-- Parameters: $1 tenant id, $2 session id, $3 the new token's hash, $4 the old token's hash,
-- $5 the sealed reply the old token keeps (or NULL), $6 until when it keeps it.
--
-- Why so: `live` notes the session's activity only while it is neither revoked nor expired, and
-- takes its row lock; the tail writes only if `live` found it, so a concurrent rotation or
-- revocation that committed first makes the whole statement a no-op.
WITH live AS (UPDATE sessions SET last_active_at = now()
              WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL AND expires_at > now()
              RETURNING id),
