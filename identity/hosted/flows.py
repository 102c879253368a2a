"""Flows: one journey of one browser through the hosted pages (docs/hosted-pages.md, "Flows").

A flow is created when a journey starts (GET /authorize needing a sign-in, or an application's
link to /sign-in or /sign-up) and named by `?flow=ID` on every page and a hidden `flow` field in
every form. It is bound to the browser that started it: the `idp_browser` cookie holds a random
value and the flow its sha256, so a flow id pasted into another browser is treated as absent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import web

from identity.crypto import constant_time_equals, random_token, sha256_hex
from identity.hosted import store
from identity.http import pages

FLOW_TTL = timedelta(hours=1)
BROWSER_COOKIE = "idp_browser"
FLOW_PREFIX = "hfl_"


@dataclass
class Flow:
    """A stored flow. oauth_request: the authorization request's parameters (validated when the
    flow was made and again whenever it continues), None without one. return_to: a path of the
    service to end on (None: the account page). pending: state between steps."""

    tenant_id: str
    id: str
    oauth_request: dict[str, str] | None
    return_to: str | None
    pending: dict[str, Any] = field(default_factory=dict)
    expires_at: datetime | None = None

    @property
    def query(self) -> str:
        """`flow=ID`, for links and redirects."""
        return f"flow={self.id}"


def _browser_value(request: web.Request) -> str | None:
    value = request.cookies.get(BROWSER_COOKIE, "")
    return value if 32 <= len(value) <= 64 and value.isalnum() else None


def browser_binding(request: web.Request) -> tuple[str, bool]:
    """(this browser's random value, whether it is new and must be set as a cookie)."""
    value = _browser_value(request)
    return (value, False) if value else (random_token(32), True)


def set_browser_cookie(response: web.StreamResponse, tenant_id: str, public_url: str, value: str) -> None:
    response.set_cookie(
        BROWSER_COOKIE,
        value,
        path=pages.cookie_path(tenant_id),
        httponly=True,
        samesite="Lax",
        secure=pages.secure(public_url),
        max_age=int(FLOW_TTL.total_seconds()) * 24,
    )


def safe_return_to(value: str | None, tenant_id: str) -> str | None:
    """A path of this tenant's pages (never another origin, never another tenant), or None."""
    if not value or len(value) > 1024 or not value.isascii():
        return None
    prefix = f"/oauth/{tenant_id}/"
    if not value.startswith(prefix) or "//" in value or "\\" in value or any(c < " " for c in value):
        return None
    return value


async def create(
    pool: Any,
    request: web.Request,
    tenant_id: str,
    *,
    oauth_request: dict[str, str] | None,
    return_to: str | None = None,
) -> tuple[Flow, str | None]:
    """A new flow for this browser: (the flow, the idp_browser value to set, or None when the
    browser already has one)."""
    value, new = browser_binding(request)
    flow_id = FLOW_PREFIX + random_token(32)
    expires_at = datetime.now(UTC) + FLOW_TTL
    async with pool.acquire() as conn:
        await store.insert_flow(
            conn,
            tenant_id,
            flow_id,
            oauth_request,
            safe_return_to(return_to, tenant_id),
            sha256_hex(value),
            expires_at,
        )
    return (
        Flow(tenant_id, flow_id, oauth_request, safe_return_to(return_to, tenant_id), {}, expires_at),
        value if new else None,
    )


def flow_id_of(request: web.Request, form: Any = None) -> str | None:
    """The flow named by the form's `flow` field or the query's `flow`."""
    candidates = [form.get("flow") if form is not None else None, request.query.get("flow")]
    for value in candidates:
        if isinstance(value, str) and value.startswith(FLOW_PREFIX) and 20 <= len(value) <= 80 and value.isascii():
            if value[len(FLOW_PREFIX) :].isalnum():
                return value
    return None


async def load(pool: Any, request: web.Request, tenant_id: str, form: Any = None) -> Flow | None:
    """The live flow this request names, if it belongs to this browser; else None."""
    flow_id = flow_id_of(request, form)
    browser = _browser_value(request)
    if flow_id is None or browser is None:
        return None
    async with pool.acquire() as conn:
        row = await store.get_flow(conn, tenant_id, flow_id)
    if row is None or not constant_time_equals(row["browser_hash"], sha256_hex(browser)):
        return None
    return Flow(
        tenant_id, row["id"], row["oauth_request"], row["return_to"], dict(row["pending"] or {}), row["expires_at"]
    )


async def set_pending(pool: Any, flow: Flow, pending: dict[str, Any]) -> None:
    flow.pending = pending
    async with pool.acquire() as conn:
        await store.set_pending(conn, flow.tenant_id, flow.id, pending)


async def finish(pool: Any, flow: Flow) -> None:
    """The journey is over: the flow cannot be replayed."""
    async with pool.acquire() as conn:
        await store.delete_flow(conn, flow.tenant_id, flow.id)
