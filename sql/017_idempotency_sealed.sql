-- Idempotency rows are now found by a keyed hash of the Idempotency-Key and their stored
-- responses sealed under a key derived from it (identity/http/idempotency.py). Rows written
-- before held the key, a bare SHA-256 of the request (whose body could hold a password) and the
-- response in clear, including new API keys and tenant keys. The new code cannot match them, so
-- they are only a leak: drop them. A retry of a request made before the upgrade, within the
-- 24 h window, runs again instead of being replayed. During a rolling deploy, processes of the
-- old version may still write rows in clear after this; nothing reads them and the cleanup task
-- deletes them after 24 h (docs/outbox.md).
DELETE FROM idempotency_keys;
