"""OAuth clients of a tenant: registration, secrets (shown once, stored hashed), redirect URIs."""
