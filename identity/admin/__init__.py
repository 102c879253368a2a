"""Administration of a tenant (secret key with the "*" scope): stats, user search, bulk
operations, impersonation and the tenant's authentication configuration."""
