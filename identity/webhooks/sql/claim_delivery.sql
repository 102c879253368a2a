-- Claim one webhook delivery for one attempt (identity/webhooks/store.py claim()).
--
-- Parameters: $1 tenant id, $2 delivery id, $3 lease in seconds, $4 the webhook's cap on
-- attempts in flight, $5 force (the test operation: ignore the pause and the cap).
--
-- Returns the delivery with its webhook's url and sealed secret, or no row when it is not due,
-- finished, leased by another worker, its webhook is paused (disabled endpoint or inactive admin
-- webhook), or the webhook already has $4 attempts in flight.
--
-- Why so: one statement takes the lease (attempts + 1, leased_until), marks an attempt left
-- 'in_flight' by a worker that died as 'lost', and records the new attempt as in flight, so a
-- crash between them cannot leave a lease without its attempt row. FOR UPDATE SKIP LOCKED lets a
-- second worker pass over a row being claimed instead of waiting for it. The cap counts the
-- webhook's other leases; the caller serialises claims of one webhook with an advisory lock so
-- that two counts cannot both miss each other's lease.
WITH d AS (
    UPDATE webhook_deliveries
       SET attempts = attempts + 1, leased_until = now() + make_interval(secs => $3),
           updated_at = now()
     WHERE tenant_id = $1 AND id = $2 AND status = 'pending' AND next_attempt_at <= now()
       AND (leased_until IS NULL OR leased_until < now())
       AND ($5 OR CASE WHEN endpoint_id IS NOT NULL
                THEN EXISTS (SELECT 1 FROM webhook_endpoints e
                              WHERE e.tenant_id = $1 AND e.id = endpoint_id AND e.enabled)
                ELSE EXISTS (SELECT 1 FROM admin_webhooks w
                              WHERE w.id = admin_webhook_id AND w.active) END)
       AND ($5 OR (SELECT count(*) FROM webhook_deliveries o
             WHERE o.tenant_id = $1 AND o.leased_until > now() AND o.status = 'pending'
               AND (o.endpoint_id = webhook_deliveries.endpoint_id
                    OR o.admin_webhook_id = webhook_deliveries.admin_webhook_id)
               AND o.id <> $2) < $4)
       AND id IN (SELECT id FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2
                  FOR UPDATE SKIP LOCKED)
    RETURNING *
), lost AS (
    UPDATE webhook_attempts a SET outcome = 'lost', finished_at = now(),
           error = 'the worker stopped during the attempt (no outcome recorded)'
      FROM d
     WHERE a.tenant_id = d.tenant_id AND a.delivery_id = d.id AND a.outcome = 'in_flight'
), started AS (
    INSERT INTO webhook_attempts (tenant_id, delivery_id, attempt)
    SELECT tenant_id, id, attempts FROM d
)
SELECT d.tenant_id, d.id, d.endpoint_id, d.admin_webhook_id, d.event_id, d.event_type, d.body,
       d.test, d.attempts, d.series_start, d.created_at, d.request_id, d.traceparent,
       coalesce(e.url, w.url) AS url, coalesce(e.secret, w.secret) AS secret
FROM d
LEFT JOIN webhook_endpoints e ON e.tenant_id = d.tenant_id AND e.id = d.endpoint_id
LEFT JOIN admin_webhooks w ON w.id = d.admin_webhook_id
