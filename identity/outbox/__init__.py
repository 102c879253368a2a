"""The transactional outbox: side effects leave a request only through it."""
