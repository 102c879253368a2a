-- ID tokens in RS256 as well as ES256 (OpenID Connect Discovery requires RS256 support).
-- signing_keys.algorithm already existed; it now tells the two key families apart, each with
-- its own rotation, so rotation and start-up look a family's keys up by it.
ALTER TABLE signing_keys
    ADD CONSTRAINT signing_keys_algorithm_check CHECK (algorithm IN ('ES256', 'RS256'));
CREATE INDEX signing_keys_algorithm_idx ON signing_keys (algorithm, activates_at DESC);

-- OIDC client metadata id_token_signed_response_alg; RS256 is the standard's default, so a
-- client that asked for nothing gets RS256 ID tokens.
ALTER TABLE oauth_clients
    ADD COLUMN id_token_signed_response_alg text NOT NULL DEFAULT 'RS256'
        CHECK (id_token_signed_response_alg IN ('RS256', 'ES256'));
