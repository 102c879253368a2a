-- The reply a spent refresh token keeps for the reuse interval (docs/auth.md, "Refresh tokens")
-- moves to a table of its own. In refresh_tokens it made every rotation rewrite the spent row
-- with a kilobyte more, and, since the reply's columns were in refresh_tokens_reply_idx, outside
-- HOT: a new entry in each of the table's three indexes. Now a rotation sets only rotated_at
-- (no indexed column, so HOT where the page has room: the fillfactor leaves it) and inserts the
-- reply here, where it is deleted once its interval has passed.
CREATE TABLE refresh_replies (
    tenant_id     text NOT NULL,
    token_hash    text NOT NULL,
    reply_sealed  text NOT NULL,         -- the pair that replaced the token, SecretBox-encrypted
    reply_until   timestamptz NOT NULL,
    PRIMARY KEY (tenant_id, token_hash),
    FOREIGN KEY (tenant_id, token_hash) REFERENCES refresh_tokens (tenant_id, token_hash) ON DELETE CASCADE
);
CREATE INDEX refresh_replies_until_idx ON refresh_replies (reply_until);

INSERT INTO refresh_replies (tenant_id, token_hash, reply_sealed, reply_until)
SELECT tenant_id, token_hash, reply_sealed, reply_until FROM refresh_tokens
WHERE reply_sealed IS NOT NULL AND reply_until IS NOT NULL;
UPDATE refresh_tokens SET reply_sealed = NULL, reply_until = NULL WHERE reply_sealed IS NOT NULL;
DROP INDEX IF EXISTS refresh_tokens_reply_idx;
ALTER TABLE refresh_tokens SET (fillfactor = 80);
