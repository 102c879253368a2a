-- Read a refresh token with its session, the user's current claims and the token's kept reply,
-- without locks: the fast path of a rotation (identity/sessions/store.py read_refresh());
-- rotate_if_current.sql re-checks what matters as it writes.
--
-- Parameters: $1 tenant id, $2 the SHA-256 of the refresh token.
--
-- Why so: the session is taken by its primary key whatever the planner thinks of the tables'
-- sizes: a LATERAL with LIMIT is not flattened, so it cannot become a hash or merge join over the
-- tenant's sessions (which it did on a small or freshly bloated sessions table). The select list
-- and joins are those of lock_refresh.sql; the session's columns are sessions/store.py COLUMNS.
SELECT r.rotated_at, p.reply_sealed, coalesce(p.reply_until > now(), false) AS reply_live,
       u.role AS user_role, u.status AS user_status, u.public_metadata AS user_public_metadata,
       m.role AS org_role,
       s.id, s.tenant_id, s.user_id, s.user_agent, s.ip_address, s.country,
       s.device_type, s.mfa_verified, s.org_id, s.created_at, s.last_active_at,
       s.expires_at, s.revoked_at, s.revoked_reason, s.impersonated_by,
       CASE WHEN s.revoked_at IS NOT NULL THEN 'revoked'
            WHEN s.expires_at <= now() THEN 'expired' ELSE 'active' END AS status
FROM refresh_tokens r
CROSS JOIN LATERAL (SELECT * FROM sessions x
                    WHERE x.tenant_id = r.tenant_id AND x.id = r.session_id LIMIT 1) s
JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
-- the active organization's current role (identity/organizations) for the new token
LEFT JOIN memberships m ON m.tenant_id = s.tenant_id AND m.org_id = s.org_id
                       AND m.user_id = s.user_id
-- the reply a spent token keeps for the reuse interval (sql/022)
LEFT JOIN refresh_replies p ON p.tenant_id = r.tenant_id AND p.token_hash = r.token_hash
WHERE r.tenant_id = $1 AND r.token_hash = $2
