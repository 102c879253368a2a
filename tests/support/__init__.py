"""What the tests share, one module a concept; a test module imports from here, never from
another test module (tests/test_code_layout_tests.py checks), and conftest.py holds only the
fixtures built from these.

api            the test client (Api), a tenant made through the API (create_tenant, TenantHandle),
               the control-plane credentials, assert_error, free_port
database       a migrated database of its own, waiting for a request to block on a held lock
mail           the emails a tenant queued (emails_of), the token in a link, a real SMTP sink
workers        in-process procrastinate workers (WorkerFixture) and the tests' retry Policy
users          users made through the management API, signed-in users with their tokens
               (signed_in), API keys with chosen scopes (scoped_key), audit entries
organizations  signed-up users with their tokens (new_user), organizations, invitations
webhooks       webhook endpoints made through the API, waiting for their deliveries
webhook_receiver  a real HTTP receiver of deliveries (Receiver and the `receiver` fixture)
oauth          the app served at its issuer's address, a browser over the hosted pages, clients
connections    this service as another tenant's upstream OIDC provider, the sign-in walk
mfa            MFA tenants, TOTP codes, a software WebAuthn authenticator
cache          watching the caches' NOTIFY invalidation
logs           the process's JSON log lines (json_logs)
records        the events a change wrote
live_server    the app served on a real port in its own process
browser        chromium through Playwright and a live server for the hosted pages' browser tests
schedule       the order modules run in (browser modules first, then the longest)
docs           reading docs/events.md
"""
