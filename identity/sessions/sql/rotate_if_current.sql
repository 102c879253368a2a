-- Rotate a refresh token if it is still current: note the session's activity, spend the old
-- token, store the new one and keep the old one's reply for the reuse interval (docs/auth.md,
-- "Refresh tokens"). Returns whether the token was spent by this statement. A batch of hinted
-- rotations has its own statement, rotate_hinted.sql, with the same checks row by row.
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
     spent AS (UPDATE refresh_tokens SET rotated_at = now()
               WHERE tenant_id = $1 AND token_hash = $4 AND session_id = $2
                 AND rotated_at IS NULL AND EXISTS (SELECT 1 FROM live)
               RETURNING session_id),
     new AS (INSERT INTO refresh_tokens (tenant_id, token_hash, session_id)
             SELECT $1, $3, session_id FROM spent),
     kept AS (INSERT INTO refresh_replies (tenant_id, token_hash, reply_sealed, reply_until)
              SELECT $1, $4, $5::text, $6::timestamptz FROM spent WHERE $5::text IS NOT NULL)
SELECT EXISTS (SELECT 1 FROM spent)
