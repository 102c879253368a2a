"""The OAuth 2.0 / OpenID Connect provider of each tenant, at {IDENTITY_PUBLIC_URL}/oauth/{tenant_id}."""
