"""Tokens: JWT signing keys and the JWKS, access tokens, refresh-token rotation."""
