-- Linking a provider account ends in the application, not at our callback: the callback keeps
-- the provider's profile on a single-use 'link_result' ticket bound to the user and the session
-- that asked, and only that session can spend it (POST /v1/me/identities/link/complete). A link
-- URL sent to another browser therefore cannot attach that browser's provider account to the
-- sender's user (account-link CSRF). docs/connections.md "Linking".
ALTER TABLE oauth_tickets DROP CONSTRAINT oauth_tickets_kind_check;
ALTER TABLE oauth_tickets ADD CONSTRAINT oauth_tickets_kind_check
    CHECK (kind IN ('exchange', 'link', 'link_result'));
ALTER TABLE oauth_tickets ADD COLUMN profile jsonb;  -- link_result: the provider's profile
