"""End-user authentication: the public /v1/auth endpoints, passwords, lockout."""
