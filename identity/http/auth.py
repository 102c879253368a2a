"""Resolves the bearer credential of a request into a Principal (docs/api-conventions.md, "Credentials").

Key kinds are told apart by prefix. Secrets are looked up by their SHA-256 hash, never
stored or compared in clear. The resolver of each kind comes from the app's Registry
(identity/wiring.py): the kinds resolved here (builtin_resolvers) and the access token's
(identity/sessions/resolver.py).
"""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from identity.crypto import constant_time_equals, sha256_hex
from identity.http import auth_store as store
from identity.http.errors import FORBIDDEN, TENANT_HEADER_REQUIRED, TENANT_NOT_FOUND, UNAUTHENTICATED
from identity.http.key_cache import KeyEntry
from identity.principals import (
    ACCESS_TOKEN,
    ADMIN_TOKEN,
    CP_ADMIN,
    MASTER,
    PUBLISHABLE,
    SECRET,
    Principal,
    Tenant,
)
from identity.state import STATE, Resolver

#: Credentials that act inside one tenant and so need X-Tenant-ID.
TENANT_KINDS = frozenset({SECRET, PUBLISHABLE, ACCESS_TOKEN})


_TENANT_ID = re.compile(r"tnt_[0-9a-z]{1,64}")


def credential_kind(token: str) -> str | None:
    if token.startswith("mk_live_"):
        return MASTER
    if token.startswith("sk_cp_"):
        return CP_ADMIN
    if token.startswith(("sk_live_", "sk_test_")):
        return SECRET
    if token.startswith(("pk_live_", "pk_test_")):
        return PUBLISHABLE
    if token.count(".") == 2:
        return ACCESS_TOKEN
    return None


def bearer(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value:
        return None
    if not value.isascii() or not value.isprintable():
        return "invalid"  # every credential we issue is printable ASCII; this one is unknown
    return value


class LastUsed:
    """Remembers when each key was last used and writes it in one batch every few seconds,
    so a request never waits on a write (last_used_at is accurate to the flush interval)."""

    def __init__(self) -> None:
        self.pending: dict[tuple[str, str], float] = {}

    def touch(self, tenant_id: str, key_id: str) -> None:
        self.pending[(tenant_id, key_id)] = time.time()

    async def flush(self, pool: Any) -> None:
        if not self.pending:
            return
        batch, self.pending = self.pending, {}
        tenants = [k[0] for k in batch]
        ids = [k[1] for k in batch]
        stamps = [datetime.fromtimestamp(v, UTC) for v in batch.values()]
        await store.stamp_last_used(pool, tenants, ids, stamps)


async def _resolve_master(request: web.Request, token: str, tenant_id: str | None) -> Principal:
    settings = request.app[STATE].settings
    if settings.master_key and constant_time_equals(sha256_hex(token), sha256_hex(settings.master_key)):
        return Principal(kind=MASTER, key_id="env")
    key_id = await store.live_master_key_id(request.app[STATE].pool, sha256_hex(token))
    if key_id is None:
        raise UNAUTHENTICATED("The master key is not valid.")
    return Principal(kind=MASTER, key_id=key_id)


async def _resolve_cp_admin(request: web.Request, token: str, tenant_id: str | None) -> Principal:
    configured = request.app[STATE].settings.cp_admin_key
    if not configured or not constant_time_equals(sha256_hex(token), sha256_hex(configured)):
        raise UNAUTHENTICATED("The control plane admin key is not valid.")
    return Principal(kind=CP_ADMIN)


async def load_tenant_and_key(
    request: web.Request, tenant_id: str, token: str | None
) -> tuple[Tenant, KeyEntry | None]:
    """The tenant (404 tenant_not_found when unknown) and the key with this token's hash in it,
    read from the database (None: no such key in this tenant)."""
    row = await store.tenant_and_key(request.app[STATE].pool, tenant_id, sha256_hex(token or ""))
    if row is None:
        raise TENANT_NOT_FOUND()
    tenant = Tenant(row["tenant_id"], row["status"], row["plan"], row["auth_config"], row["rate_limits"])
    if row["key_id"] is None:
        return tenant, None
    return tenant, KeyEntry(
        tenant, row["key_id"], row["type"], frozenset(row["scopes"]), row["expires_at"], row["revoked_at"]
    )


async def _resolve_api_key(request: web.Request, token: str, tenant_id: str | None) -> Principal:
    assert tenant_id is not None
    st = request.app[STATE]
    key_hash = sha256_hex(token)
    entry = st.key_cache.get(tenant_id, key_hash)  # warm: no database round trip
    if entry is None:
        version = st.listener.version
        _, entry = await load_tenant_and_key(request, tenant_id, token)
        if entry is not None:  # misses are not cached: random keys cannot evict good entries
            st.key_cache.put(tenant_id, key_hash, entry, version)
    if entry is None or entry.dead(time.time()) or entry.type != credential_kind(token):
        # Also the answer when the key belongs to another tenant (docs/api-conventions.md, "Credentials").
        raise UNAUTHENTICATED("The API key is not valid for this tenant.")
    st.last_used.touch(tenant_id, entry.key_id)
    return Principal(kind=entry.type, tenant=entry.tenant, key_id=entry.key_id, scopes=entry.scopes)


async def _resolve_admin_token(request: web.Request, token: str, tenant_id: str | None) -> Principal:
    configured = request.app[STATE].settings.admin_token
    if not configured or not constant_time_equals(sha256_hex(token), sha256_hex(configured)):
        raise UNAUTHENTICATED()
    return Principal(kind=ADMIN_TOKEN)


def builtin_resolvers() -> dict[str, Resolver]:
    """The credential kinds the platform itself resolves (keys and operator tokens)."""
    return {
        MASTER: _resolve_master,
        CP_ADMIN: _resolve_cp_admin,
        SECRET: _resolve_api_key,
        PUBLISHABLE: _resolve_api_key,
        ADMIN_TOKEN: _resolve_admin_token,
    }


def tenant_header(request: web.Request) -> str:
    """The X-Tenant-ID of a data-plane request: 400 tenant_header_required when missing, 404
    tenant_not_found when it cannot be a tenant id. Credentials outside TENANT_KINDS (the control
    plane admin key) that act in a tenant read it with this too."""
    tenant_id = request.headers.get("X-Tenant-ID", "").strip()
    if not tenant_id:
        raise TENANT_HEADER_REQUIRED()
    if not _TENANT_ID.fullmatch(tenant_id):
        raise TENANT_NOT_FOUND()
    return tenant_id


async def authenticate(request: web.Request, allowed: tuple[str, ...], tenant_scoped: bool) -> Principal:
    """Resolve the request's credential, enforcing the route's allowed kinds and tenant header."""
    token = bearer(request)
    if token is None:
        raise UNAUTHENTICATED("Send a credential as 'Authorization: Bearer <key or token>'.")
    settings = request.app[STATE].settings
    # The operator's admin token may have any shape (docs/configuration.md), even one that looks like a
    # key or a JWT: on the routes that take it, it is recognised before the shapes are.
    if (
        ADMIN_TOKEN in allowed
        and settings.admin_token
        and constant_time_equals(sha256_hex(token), sha256_hex(settings.admin_token))
    ):
        kind: str | None = ADMIN_TOKEN
    else:
        kind = credential_kind(token)
    if kind is None:
        raise UNAUTHENTICATED("The credential is not recognised.")
    if kind not in allowed:
        raise FORBIDDEN(f"A {kind.replace('_', ' ')} credential cannot be used on this endpoint.")
    tenant_id = None
    if tenant_scoped and kind in TENANT_KINDS:
        tenant_id = tenant_header(request)
    resolver = request.app[STATE].registry.resolvers.get(kind)
    if resolver is None:
        raise UNAUTHENTICATED("The credential is not recognised.")
    return await resolver(request, token, tenant_id)
