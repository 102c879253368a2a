"""Everything the app holds for its lifetime, under one typed aiohttp key."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from identity.config import Settings


@dataclass
class AppState:
    settings: Settings
    box: Any
    last_used: Any
    dsn: str | None = None
    pool: Any = None
    owns_pool: bool = False
    routes: list[Any] = field(default_factory=list)
    openapi_bytes: bytes = b""
    metrics_refreshers: list[Any] = field(default_factory=list)
    limiter: Any = None
    #: The process's one LISTEN connection (identity/db/listener.py); caches subscribe to it.
    listener: Any = None
    #: API-key lookups (identity/http/key_cache.py), kept honest through the listener.
    key_cache: Any = None
    #: Per-family services that later issues attach (signing keys, caches, rate limiter ...).
    extras: dict[str, Any] = field(default_factory=dict)


STATE: web.AppKey[AppState] = web.AppKey("state", AppState)


def state(app_or_request: web.Application | web.Request) -> AppState:
    app = app_or_request.app if isinstance(app_or_request, web.Request) else app_or_request
    return app[STATE]

REQUEST_ID: web.RequestKey[str] = web.RequestKey("request_id", str)
CORS_ORIGIN: web.RequestKey[str] = web.RequestKey("cors_origin", str)
RATE_HEADERS: web.RequestKey[dict[str, str]] = web.RequestKey("rate_headers", dict)
