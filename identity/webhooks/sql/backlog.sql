-- The webhook delivery backlog of every tenant, for the /metrics gauges (identity/backlog.py,
-- identity/webhooks/store.py backlog()). No parameters.
--
-- Deliveries of a paused webhook (disabled endpoint, inactive admin webhook) are held by the
-- tenant's choice and only counted (paused); of the others: how many are pending, how many are
-- due now, how many webhooks they wait for, and the age in seconds of the oldest.
--
-- Why so: a delivery's age runs from the start of its current series of attempts (the attempt
-- numbered series_start + 1, or when it became due), so a manual retry or replay of an old
-- delivery does not look like a backlog of that age.
WITH p AS (
    SELECT d.tenant_id, d.id, d.endpoint_id, d.admin_webhook_id, d.next_attempt_at,
           d.series_start, COALESCE(e.enabled, w.active, false) AS active
    FROM webhook_deliveries d
    LEFT JOIN webhook_endpoints e ON e.tenant_id = d.tenant_id AND e.id = d.endpoint_id
    LEFT JOIN admin_webhooks w ON w.id = d.admin_webhook_id
    WHERE d.status = 'pending')
SELECT count(*) FILTER (WHERE p.active) AS pending,
       count(*) FILTER (WHERE NOT p.active) AS paused,
       count(*) FILTER (WHERE p.active AND p.next_attempt_at <= now()) AS due,
       count(DISTINCT (p.tenant_id, p.endpoint_id, p.admin_webhook_id))
           FILTER (WHERE p.active) AS webhooks,
       COALESCE(EXTRACT(EPOCH FROM now() - min(LEAST(now(), COALESCE(
           (SELECT a.started_at FROM webhook_attempts a
             WHERE a.tenant_id = p.tenant_id AND a.delivery_id = p.id
               AND a.attempt = p.series_start + 1),
           p.next_attempt_at))) FILTER (WHERE p.active)), 0) AS oldest
FROM p
