-- The tail of both rotation statements (rotate_if_current.sql, rotate_if_hinted.sql), once
-- their `live` CTE has locked the session ($1 tenant id, $2 session id): spend the old token
-- ($4), store the new one ($3) and keep the old one's reply ($5, until $6) for the reuse interval (docs/auth.md, "Refresh
-- tokens"). Returns whether the token was spent by this statement.
--
-- Not a statement on its own: the store appends it to a head that ends with "live AS (...),".
     spent AS (UPDATE refresh_tokens SET rotated_at = now()
               WHERE tenant_id = $1 AND token_hash = $4 AND session_id = $2
                 AND rotated_at IS NULL AND EXISTS (SELECT 1 FROM live)
               RETURNING session_id),
     new AS (INSERT INTO refresh_tokens (tenant_id, token_hash, session_id)
             SELECT $1, $3, session_id FROM spent),
     kept AS (INSERT INTO refresh_replies (tenant_id, token_hash, reply_sealed, reply_until)
              SELECT $1, $4, $5::text, $6::timestamptz FROM spent WHERE $5::text IS NOT NULL)
SELECT EXISTS (SELECT 1 FROM spent)
