"""`info.description` of /openapi.json: what a client developer reads before any operation."""

DESCRIPTION = """\
A multi-tenant identity service: sign-up and sign-in, sessions and tokens, users,
multi-factor authentication, organizations, OAuth 2.0 / OpenID Connect, webhooks and email.
This page is generated from the same route declarations that the server runs, so every
operation, parameter, schema and error code listed here is what the server does.

## Credentials
Every credential travels as `Authorization: Bearer <credential>`; its prefix says its kind.

| credential | prefix | for | X-Tenant-ID |
|---|---|---|---|
| master key | `mk_live_` | the control plane: creating and managing tenants | no |
| control plane admin key | `sk_cp_` | operating inside any tenant | yes |
| secret key | `sk_live_`, `sk_test_` | your servers: the tenant's management API, limited by its scopes | yes |
| publishable key | `pk_live_`, `pk_test_` | browsers and apps: the public sign-up and sign-in steps | yes |
| access token | a JWT (three dot-separated parts) | a signed-in user acting on their own account | yes |
| admin token | any | the operator's `/v2/admin` endpoints | no |

Each operation lists the credentials it accepts. A credential of a kind the operation does not
take answers 403 `forbidden`; an unknown, revoked or expired one 401 `unauthenticated`; a
secret key without the operation's scope 403 `insufficient_scope` (`*` grants everything,
`<area>:write` also grants `<area>:read`).

## Tenants
Each tenant is an isolated application with its own users, keys and configuration. Requests
made with a tenant credential name the tenant in the `X-Tenant-ID` header (`tnt_...`): missing
is 400 `tenant_header_required`, unknown is 404 `tenant_not_found`, and a key of another tenant
is simply not found (401). Every object is looked up inside the request's tenant.

## Errors
Every 4xx and 5xx answer has one shape:
`{"error": {"code", "message", "status", "request_id", "details"?}}`. `code` is stable and
meant for programs; `message` is for people; `details` lists `{field, message}` on
`validation_error`; quote `request_id` (also in `X-Request-ID`) when reporting a problem. Each
operation lists, per status, every `error.code` it can answer (`x-error-codes`). The OAuth 2.0
endpoints under `/v1/oauth/{tenant_id}` answer their errors in the RFC 6749 shape
(`{error, error_description}`) instead.

## Pagination
Lists answer `{data, pagination: {total, limit, has_more, next_cursor}}`, newest first
(`order=asc` for oldest first). Pass `limit` (default 20, at most 100) and, for the next page,
the `next_cursor` of the previous answer as `cursor`. Cursors are opaque; a page continues
strictly after the last item served, so items added meanwhile are neither repeated nor skipped.
The audit log answers a top-level `next_cursor` (limit default 50, at most 500).

## Idempotency
Every mutating POST that lists the `Idempotency-Key` header accepts one (1 to 255 printable
characters), scoped to the credential that sent it. A retry with the same key, method, path and
body within 24 hours answers the first answer again with `Idempotent-Replayed: true`; the same
key with another request is 422 `idempotency_key_mismatch`; a retry while the first is still
running waits for it (409 `idempotency_key_in_use` after 30 s). A failed request stores nothing,
so it may be corrected and retried with the same key.

## Rate limits
Answers carry `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix time
of the window's end). Over a limit the answer is 429 `rate_limit_exceeded` with `Retry-After`
(seconds). Limits depend on the tenant's plan and the endpoint (sign-in, sign-up, magic links
and password resets are counted per client address or email).

## Versioning
Paths carry the major version (`/v1`; the operator's webhook administration is under
`/v2/admin`). Additions (new fields, endpoints, error codes) come without a new version, so
clients must ignore fields they do not know; a breaking change gets a new version and the old
one stays for six months. Every answer carries `X-Service-Version`, the server's exact version.

This description is served at `/openapi.json` (OpenAPI 3.1) and rendered at `/docs`.
"""
