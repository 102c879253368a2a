"""Database access: the embedded server, the connection pool and migrations."""
