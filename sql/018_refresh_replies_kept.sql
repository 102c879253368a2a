-- A rotation no longer drops the replies kept for a session's older refresh tokens: the reuse
-- rule (docs/auth.md, "Refresh tokens") answers a token presented again within the reuse interval
-- after its own rotation with its pair, even when that pair has been rotated since (a tab that
-- slept through two refreshes).
-- Replies still go when their interval ends (refresh_tokens_reply_idx, the maintenance loop), so
-- this index, which only served the dropping, is dead weight on every rotation.
DROP INDEX IF EXISTS refresh_tokens_session_reply_idx;
