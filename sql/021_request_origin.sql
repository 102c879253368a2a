-- The API request that caused a piece of background work: its request id (the X-Request-ID of
-- the answer) and, when tracing is on, its W3C traceparent. A worker binds the request id to
-- every log line of the job, sends it with the webhook delivery, and continues the trace.
-- NULL for work no request caused (periodic jobs, the CLI). docs/observability.md.
ALTER TABLE outbox ADD COLUMN request_id text, ADD COLUMN traceparent text;
ALTER TABLE webhook_deliveries ADD COLUMN request_id text, ADD COLUMN traceparent text;
