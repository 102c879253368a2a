"""CORS for browser frontends, against the tenant's auth_config.allowed_origins.

Preflights carry no X-Tenant-ID value, so they are answered for any origin, but only on the
paths a browser may call with a publishable key or an access token (public auth endpoints);
management paths get no preflight answer, so browsers cannot call them with a secret key.
The real request is then checked against the tenant's list: an origin not in a non-empty
list is refused with 403 origin_not_allowed. An empty list (the default) allows any origin,
as development instances of hosted services do; production tenants should set it.
"""

from __future__ import annotations

from aiohttp import web

from identity.http.errors import ORIGIN_NOT_ALLOWED
from identity.state import CORS_ORIGIN

BROWSER_PATH_PREFIXES = (
    "/v1/auth/",
    "/v1/mfa/challenge",
    "/v1/mfa/verify",
    "/v1/invitations/",
    "/v1/me/",
    "/.well-known/",
    "/oauth/",
)
ALLOW_HEADERS = "Authorization, Content-Type, X-Tenant-ID, Idempotency-Key"
EXPOSE_HEADERS = (
    "X-Request-ID, X-Service-Version, X-RateLimit-Limit, X-RateLimit-Remaining, "
    "X-RateLimit-Reset, Retry-After, Idempotent-Replayed"
)


def is_browser_path(path: str) -> bool:
    return path.startswith(BROWSER_PATH_PREFIXES)


def preflight(request: web.Request) -> web.Response | None:
    """The answer to a CORS preflight, or None when the request is not one."""
    origin = request.headers.get("Origin")
    if request.method != "OPTIONS" or not origin or "Access-Control-Request-Method" not in request.headers:
        return None
    if not is_browser_path(request.path):
        return web.Response(status=403)
    return web.Response(
        status=204,
        headers={
            "Access-Control-Allow-Origin": origin,
            "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
            "Access-Control-Allow-Headers": ALLOW_HEADERS,
            "Access-Control-Max-Age": "600",
            "Vary": "Origin",
        },
    )


def check_origin(request: web.Request, allowed_origins: list[str]) -> None:
    """Allow or refuse a browser request of a tenant; remembers the origin to echo back."""
    origin = request.headers.get("Origin")
    if not origin:
        return
    if (
        allowed_origins
        and "*" not in allowed_origins
        and origin.rstrip("/") not in {o.rstrip("/") for o in allowed_origins}
    ):
        raise ORIGIN_NOT_ALLOWED()
    request[CORS_ORIGIN] = origin


def decorate(request: web.Request, response: web.StreamResponse) -> None:
    origin = request.get(CORS_ORIGIN)
    if origin is None:
        origin = request.headers.get("Origin")
        # Public documents (JWKS, OIDC discovery) are readable from anywhere. Other /oauth/
        # paths (token, userinfo) allow only the client's allowed_origins: they set CORS_ORIGIN.
        if not origin or not (
            request.path.startswith("/.well-known/")
            or (request.path.startswith("/oauth/") and "/.well-known/" in request.path)
        ):
            return
    response.headers["Access-Control-Allow-Origin"] = origin
    response.headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS
    response.headers.add("Vary", "Origin")
