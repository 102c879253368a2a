-- Insert one event per item, all of one type, for a bulk operation (emit_many).
-- $1 tenant_id, $2 the event type, $3 the events' ids and $4 their data (jsonb), in step.
-- WITH ORDINALITY and ORDER BY keep the rows in the caller's order, so created_at (and the
-- event id order a reader sees) follows the items.
INSERT INTO events (tenant_id, id, type, data)
SELECT $1, u.id, $2, u.data FROM unnest($3::text[], $4::jsonb[]) WITH ORDINALITY AS u(id, data, n)
ORDER BY u.n
RETURNING id, created_at
