"""Everything the app holds for its lifetime, under one typed aiohttp key.

AppState is foundation: it names no feature package's types. A feature that keeps something in
memory for the app's lifetime (the sessions runtime, the OAuth runtime, the providers' cache)
declares its own typed key beside its type, and identity/wiring.py sets it when the app is built.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec
from aiohttp import web

from identity.config import Settings
from identity.crypto import SecretBox
from identity.db.listener import Listener
from identity.principals import Principal

#: Turns a bearer credential of one kind into a Principal: (request, token, tenant id or None).
Resolver = Callable[[web.Request, str, str | None], Awaitable[Principal]]
#: Awaited with the app once the pool is open (startup) or before it closes (shutdown).
Hook = Callable[[web.Application], Awaitable[None]]
#: Called inside the tenant-creation transaction as (conn, tenant_id, owner_email, audit).
TenantCreated = Callable[[Any, str, str | None, Any], Awaitable[None]]
#: The hosted sign-in page's MFA step: (pool, sessions runtime, tenant, challenge_id, code,
#: client_info) -> the sign-in's {user, session}, a msgspec Struct (identity/oauth/authorize.py).
HostedMfaStep = Callable[[Any, Any, Any, str, str, Any], Awaitable[msgspec.Struct]]


@dataclass(frozen=True)
class HostedPages:
    """What the OAuth provider (identity/oauth/) asks of the hosted pages (identity/hosted/, a
    higher feature), handed over by identity/wiring.py.

    The one renderer of the service's HTML pages (docs/hosted-pages.md): the features below the
    hosted pages reach it here, through identity/http/pages.py.

    render(request, tenant, template, *, status=200, cookie_path=None, **context): a page of
    identity/templates/hosted/ in the tenant's language and branding (tenant None: a page that
    knows no tenant), with the security headers.
    error(request, tenant, key, *, status=400, values=None): the error page of the catalogue
    texts `<key>.title` and `<key>.message`.
    begin(request, tenant, auth_request, page): the authorization request needs a person to sign
    in (page "sign-in") or register (page "sign-up", prompt=create): a flow holding the request
    and a redirect to that page."""

    render: Callable[..., Awaitable[web.Response]]
    begin: Callable[[web.Request, Any, Any, str], Awaitable[web.Response]]
    error: Callable[..., Awaitable[web.Response]]


@dataclass
class Registry:
    """The moving parts features plug into each other, built in one place (identity/wiring.py)
    and read from the app state; nothing adds itself here when a module is imported."""

    #: Credential kind -> its resolver (identity/http/auth.py authenticate()).
    resolvers: dict[str, Resolver] = field(default_factory=dict)
    startup: list[Hook] = field(default_factory=list)
    shutdown: list[Hook] = field(default_factory=list)
    tenant_created: list[TenantCreated] = field(default_factory=list)
    hosted_mfa_step: HostedMfaStep | None = None
    hosted_pages: HostedPages | None = None


@dataclass
class AppState:
    settings: Settings
    box: SecretBox
    #: identity/http/auth.py LastUsed (Any here: identity/http/ imports this module).
    last_used: Any
    #: The process's one LISTEN connection (identity/db/listener.py); caches subscribe to it.
    listener: Listener
    registry: Registry = field(default_factory=Registry)
    dsn: str | None = None
    pool: Any = None  # an asyncpg.Pool once the app has started
    owns_pool: bool = False
    routes: list[Any] = field(default_factory=list)
    openapi_bytes: bytes = b""
    #: Awaited with the pool before /metrics answers (identity/wiring.py metrics_refreshers).
    metrics_refreshers: list[Callable[[Any], Awaitable[None]]] = field(default_factory=list)
    #: identity/http/ratelimit/limiter.py Limiter (Any here: that package imports this module).
    limiter: Any = None
    #: API-key lookups (identity/http/key_cache.py), kept honest through the listener.
    key_cache: Any = None
    #: Whether the users table has its trigram index (GET /v1/users search), once looked up.
    users_trigram: bool | None = None


STATE: web.AppKey[AppState] = web.AppKey("state", AppState)


def state(app_or_request: web.Application | web.Request) -> AppState:
    app = app_or_request.app if isinstance(app_or_request, web.Request) else app_or_request
    return app[STATE]


REQUEST_ID: web.RequestKey[str] = web.RequestKey("request_id", str)
CORS_ORIGIN: web.RequestKey[str] = web.RequestKey("cors_origin", str)
RATE_HEADERS: web.RequestKey[dict[str, str]] = web.RequestKey("rate_headers", dict)
