"""The hosted pages (docs/hosted-pages.md): sign-in and the other journeys a person finishes in a
browser, served by the service under the tenant's issuer path /oauth/{tenant_id}/.

The top of the feature order: it may import auth, mfa, users, sessions, organizations,
connections and oauth; only the composition root (identity/wiring.py) imports it."""
