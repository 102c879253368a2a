-- Rotate the refresh tokens of a batch of hinted refreshes (identity/sessions/rotations.py) in
-- one statement: each row's new pair was built from a hint (identity/sessions/refresh_hints.py)
-- without reading the rows first. Returns the (tenant_id, token_hash) of each old token this
-- statement spent; a row it does not return was not rotated, and its caller reads the rows.
--
-- Parameters, one array each, one element per rotation: $1 tenant ids, $2 session ids, $3 the
-- new tokens' hashes, $4 the old tokens' hashes, $5 the sealed replies the old tokens keep (or
-- NULL), $6 until when; then what each hint says the rows hold: $7 user ids, $8 session
-- expiries, $9 active organizations (or NULL), $10 mfa_verified, $11 user roles, $12 user
-- public metadata (JSON text), $13 roles in the active organization (or NULL).
--
-- Why so:
-- - every value a pair was built from is checked in the session UPDATE's WHERE, so it is
--   evaluated again on the locked row if a concurrent write committed first; any change, a
--   revoked or expired session, or a spent token leaves that row out, and only that row;
-- - `locked` takes the sessions' row locks in key order, as every statement that locks several
--   sessions does (identity/sessions/store.py revoke_many, clear_active_org), so that a batch
--   and, say, a tenant-wide revocation wait for each other instead of deadlocking; a session
--   revoked or changed meanwhile is re-read as it is locked, and `live` checks it again;
-- - `live` notes each session's activity; `spent` spends a token only
--   if `live` found its session; the new token and the kept reply are written only for a token
--   `spent` spent, so a concurrent rotation or revocation that committed first makes that row
--   a no-op (the batch never holds two rows of one session: rotations.py);
-- - the sessions and the spent tokens are also named by `= ANY(array)`, so that each is found
--   through its primary key whatever the planner thinks of the tables' sizes (joined to `item`
--   alone, a small or freshly grown table was scanned whole for every batch);
-- - one statement in autocommit: the batch commits as a whole or not at all, and each caller
--   answers only after that commit.
WITH item AS (
  SELECT *
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[],
              $7::text[], $8::timestamptz[], $9::text[], $10::bool[], $11::text[], $12::text[],
              $13::text[])
       AS i(tenant_id, session_id, new_hash, old_hash, reply_sealed, reply_until,
            user_id, expires_at, org_id, mfa_verified, user_role, public_metadata, org_role)
),
locked AS MATERIALIZED (
  SELECT s.tenant_id, s.id FROM sessions s
  WHERE s.tenant_id = ANY($1::text[]) AND s.id = ANY($2::text[])
  ORDER BY s.tenant_id, s.id
  FOR NO KEY UPDATE
),
live AS (
  UPDATE sessions s SET last_active_at = now()
  FROM item i JOIN locked k ON k.tenant_id = i.tenant_id AND k.id = i.session_id
  WHERE s.tenant_id = ANY($1::text[]) AND s.id = ANY($2::text[])
    AND s.tenant_id = k.tenant_id AND s.id = k.id
    AND s.revoked_at IS NULL AND s.expires_at > now()
    AND s.user_id = i.user_id AND s.expires_at = i.expires_at
    AND s.org_id IS NOT DISTINCT FROM i.org_id AND s.mfa_verified = i.mfa_verified
    AND EXISTS (SELECT 1 FROM users u
                WHERE u.tenant_id = i.tenant_id AND u.id = i.user_id AND u.status = 'active'
                  AND u.role = i.user_role AND u.public_metadata = i.public_metadata::jsonb)
    AND (i.org_id IS NULL
         OR (SELECT m.role FROM memberships m
             WHERE m.tenant_id = i.tenant_id AND m.org_id = i.org_id AND m.user_id = i.user_id)
            IS NOT DISTINCT FROM i.org_role)
  RETURNING s.tenant_id, s.id
),
spent AS (
  UPDATE refresh_tokens r SET rotated_at = now()
  FROM item i JOIN live l ON l.tenant_id = i.tenant_id AND l.id = i.session_id
  WHERE r.tenant_id = ANY($1::text[]) AND r.token_hash = ANY($4::text[])
    AND r.tenant_id = i.tenant_id AND r.token_hash = i.old_hash AND r.session_id = i.session_id
    AND r.rotated_at IS NULL
  RETURNING r.tenant_id, r.token_hash
),
new AS (
  INSERT INTO refresh_tokens (tenant_id, token_hash, session_id)
  SELECT i.tenant_id, i.new_hash, i.session_id
  FROM item i JOIN spent p ON p.tenant_id = i.tenant_id AND p.token_hash = i.old_hash
),
kept AS (
  INSERT INTO refresh_replies (tenant_id, token_hash, reply_sealed, reply_until)
  SELECT i.tenant_id, i.old_hash, i.reply_sealed, i.reply_until
  FROM item i JOIN spent p ON p.tenant_id = i.tenant_id AND p.token_hash = i.old_hash
  WHERE i.reply_sealed IS NOT NULL
)
SELECT tenant_id, token_hash FROM spent
