-- A session's refresh tokens that still keep a reply (at most the last few rotations), so a
-- rotation drops the older replies without walking every token the session ever had.
CREATE INDEX refresh_tokens_session_reply_idx ON refresh_tokens (tenant_id, session_id)
    WHERE reply_sealed IS NOT NULL;
