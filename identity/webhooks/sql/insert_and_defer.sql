-- Insert webhook deliveries and defer their procrastinate jobs in one statement (one round
-- trip in emit(); identity/webhooks/store.py insert_event_deliveries()).
--
-- Parameters: $1 tenant id, $2 the event id of each delivery (text[]), $3 event type, $4 test,
-- $5 delivery ids, $6 endpoint ids (v1, or NULL), $7 admin webhook ids (v2, or NULL), $8 bodies
-- (all text[], one element per delivery), $9 the procrastinate queue, $10 the task name,
-- $11 the request id and $12 the traceparent of the request the work belongs to.
--
-- Why so: the deliveries and their jobs commit with the change that emitted the event or not at
-- all, and arrays keep it one statement however many webhooks match.
WITH ins AS (
    INSERT INTO webhook_deliveries (tenant_id, id, endpoint_id, admin_webhook_id, event_id,
                                    event_type, body, test, request_id, traceparent)
    SELECT $1, u.id, u.endpoint_id, u.admin_id, u.event_id, $3, u.body, $4, $11, $12
    FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $2::text[])
         AS u(id, endpoint_id, admin_id, body, event_id)
    RETURNING tenant_id, id
)
SELECT procrastinate_defer_jobs_v1(array_agg(
           ROW($9, $10, 0, NULL, NULL,
               jsonb_build_object('tenant_id', ins.tenant_id, 'delivery_id', ins.id, 'waits', 0),
               NULL)::procrastinate_job_to_defer_v1))
FROM ins
