"""API keys: publishable and secret keys of a tenant."""
