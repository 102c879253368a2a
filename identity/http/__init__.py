"""Cross-cutting HTTP concerns: errors, credentials, validation, pagination, idempotency, OpenAPI."""
