"""The revocation feed: revoked sessions, banned or deleted users and withdrawn signing keys,
streamed per tenant (GET /v1/revocations/stream) so that verifiers keep a deny list and stay
local. docs/revocations.md."""
