-- Pending webhook deliveries that need a job again (identity/webhooks/store.py sweep()): due
-- more than $1 seconds ago, not leased (or the lease expired: the worker died), their webhook
-- active, and no job of task $2 waiting or running for them. At most $3, oldest due first.
--
-- Parameters: $1 grace in seconds, $2 the delivery task's name, $3 the batch size.
--
-- Why so: deliveries of a paused webhook stay held (the tenant's choice); a job marked running
-- counts only while its delivery was never leased, so a job whose worker died after the claim
-- (lease expired) does not hide its delivery; SKIP LOCKED lets two sweepers share the backlog
-- instead of waiting on each other.
SELECT d.tenant_id, d.id FROM webhook_deliveries d
LEFT JOIN webhook_endpoints e ON e.tenant_id = d.tenant_id AND e.id = d.endpoint_id
LEFT JOIN admin_webhooks w ON w.id = d.admin_webhook_id
WHERE d.status = 'pending'
  AND d.next_attempt_at < now() - make_interval(secs => $1)
  AND (d.leased_until IS NULL OR d.leased_until < now())
  AND coalesce(e.enabled, w.active, false)
  AND NOT EXISTS (
      SELECT 1 FROM procrastinate_jobs j
      WHERE j.status IN ('todo', 'doing') AND j.task_name = $2
        AND j.args ->> 'delivery_id' = d.id AND j.args ->> 'tenant_id' = d.tenant_id
        AND (j.status = 'todo' OR d.leased_until IS NULL))
ORDER BY d.next_attempt_at
LIMIT $3
FOR UPDATE OF d SKIP LOCKED
