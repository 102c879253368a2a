-- GET /v1/admin/stats: every figure of a tenant in one statement (identity/tenants/stats.py).
-- $1 tenant id; $2 the smallest session id made in the last 24 hours (ids are time-ordered,
-- so the 24-hour counts read a range of the primary key).
--
-- A user is active in a window when they signed in within it, or used (refreshed) a session
-- within it. Every session begins with a sign-in that sets last_sign_in_at (impersonation
-- sessions are not the user's activity), so the users a session adds are only those whose
-- session began before the window: few sessions, found without counting every active user.
WITH refreshed AS (
    SELECT s.user_id, max(s.last_active_at) AS at
    FROM sessions s
    WHERE s.tenant_id = $1 AND s.last_active_at > now() - interval '30 days'
      AND s.created_at <= now() - interval '7 days' AND s.impersonated_by IS NULL
    GROUP BY s.user_id
), refreshed_only AS (
    SELECT r.at, coalesce(u.last_sign_in_at, '-infinity'::timestamptz) AS signed_in
    FROM refreshed r JOIN users u ON u.tenant_id = $1 AND u.id = r.user_id
), recent_sessions AS (
    SELECT count(*) AS created, count(*) FILTER (WHERE impersonated_by IS NULL) AS sign_ins
    FROM sessions WHERE tenant_id = $1 AND id >= $2 AND created_at > now() - interval '24 hours'
)
SELECT
    (SELECT coalesce(sum(n), 0) FROM user_counts WHERE tenant_id = $1)::bigint AS users_total,
    (SELECT count(*) FROM users WHERE tenant_id = $1
       AND coalesce(last_sign_in_at, '-infinity'::timestamptz) > now() - interval '7 days')
    + (SELECT count(*) FROM refreshed_only
       WHERE at > now() - interval '7 days' AND signed_in <= now() - interval '7 days') AS active_7d,
    (SELECT count(*) FROM users WHERE tenant_id = $1
       AND coalesce(last_sign_in_at, '-infinity'::timestamptz) > now() - interval '30 days')
    + (SELECT count(*) FROM refreshed_only WHERE signed_in <= now() - interval '30 days') AS active_30d,
    (SELECT count(*) FROM users WHERE tenant_id = $1 AND created_at > now() - interval '7 days') AS new_7d,
    (SELECT count(*) FROM users WHERE tenant_id = $1 AND created_at > now() - interval '30 days') AS new_30d,
    (SELECT count(*) FROM sessions WHERE tenant_id = $1 AND revoked_at IS NULL AND expires_at > now())
        AS sessions_active,
    recent_sessions.created AS sessions_24h,
    recent_sessions.sign_ins AS sign_ins_24h,
    (SELECT coalesce(sum(n), 0) FROM sign_in_failures
     WHERE tenant_id = $1 AND hour >= date_trunc('hour', now()) - interval '23 hours')::bigint AS failed_24h,
    (SELECT count(*) FROM users WHERE tenant_id = $1 AND mfa_enabled) AS mfa_enrolled,
    (SELECT count(*) FROM organizations WHERE tenant_id = $1) AS orgs_total,
    (SELECT count(*) FROM organizations o WHERE o.tenant_id = $1 AND EXISTS (
        SELECT 1 FROM memberships m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
        WHERE m.tenant_id = $1 AND m.org_id = o.id
          AND (coalesce(u.last_sign_in_at, '-infinity'::timestamptz) > now() - interval '30 days'
               OR EXISTS (SELECT 1 FROM sessions s WHERE s.tenant_id = $1 AND s.user_id = u.id
                            AND s.last_active_at > now() - interval '30 days'
                            AND s.impersonated_by IS NULL)))) AS orgs_active_30d
FROM recent_sessions
