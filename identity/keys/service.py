"""API key rules: issue, list, update, revoke, rotate with a grace period."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg

from identity.audit.context import AuditContext
from identity.crypto import random_token, sha256_hex
from identity.http.errors import ValidationFailed
from identity.http.key_cache import forget_tenant_everywhere
from identity.http.pagination import Page, paginate
from identity.http.validation import duration_field
from identity.ids import new_id
from identity.keys import store
from identity.keys.errors import API_KEY_NOT_FOUND, API_KEY_REVOKED
from identity.keys.schemas import ApiKey, ApiKeyCreated, ApiKeyRotated, CreateKey, ListKeys, RotateKey, UpdateKey
from identity.keys.store import KeyRecord

_PREFIX = {"publishable": "pk_live_", "secret": "sk_live_"}
MAX_EXPIRY_DAYS = 3650
MAX_GRACE_DAYS = 30


def present(row: KeyRecord) -> ApiKey:
    return ApiKey(
        id=row.id,
        name=row.name,
        type=row.type,
        prefix=row.prefix,
        last_four=row.last_four,
        scopes=list(row.scopes),
        created_at=row.created_at,
        last_used_at=row.last_used_at,
        expires_at=row.expires_at,
        revoked=row.revoked,
        revokes_at=row.revoked_at if not row.revoked else None,
    )


async def issue_key(
    conn: asyncpg.Connection,
    tenant_id: str,
    *,
    name: str,
    type_: str,
    scopes: list[str] | None = None,
    expires_at: datetime | None = None,
) -> tuple[KeyRecord, str]:
    """Create a key; returns its row and the full key, which is never stored."""
    key = _PREFIX[type_] + random_token(32)
    row = await store.insert(
        conn,
        tenant_id=tenant_id,
        key_id=new_id("key"),
        name=name,
        type_=type_,
        key_hash=sha256_hex(key),
        prefix=key[:12],
        last_four=key[-4:],
        scopes=scopes or ["*"],
        expires_at=expires_at,
    )
    return row, key


def _scopes(type_: str, scopes: Sequence[str]) -> list[str]:
    # Publishable keys only ever reach the public auth endpoints; scopes do not apply to them.
    unique = list(dict.fromkeys(scopes))
    if type_ == "publishable" and unique != ["*"]:
        raise ValidationFailed("scopes", "publishable keys cannot be restricted by scopes")
    if "*" in unique and len(unique) > 1:
        raise ValidationFailed("scopes", "'*' already grants every scope; send it alone")
    return unique


def _expiry(expires_in: str | None) -> datetime | None:
    if expires_in is None:
        return None
    delta = duration_field(
        "expires_in", expires_in, timedelta(minutes=1), timedelta(days=MAX_EXPIRY_DAYS), f"1m and {MAX_EXPIRY_DAYS}d"
    )
    return datetime.now(UTC) + delta


async def create(pool: asyncpg.Pool, tenant_id: str, body: CreateKey, audit: AuditContext) -> ApiKeyCreated:
    scopes = _scopes(body.type, body.scopes)
    expires_at = _expiry(body.expires_in)
    async with pool.acquire() as conn, conn.transaction():
        row, key = await issue_key(
            conn, tenant_id, name=body.name, type_=body.type, scopes=scopes, expires_at=expires_at
        )
        await audit.record(
            conn,
            tenant_id,
            "api_key.created",
            "api_key",
            row.id,
            {"name": body.name, "type": body.type, "scopes": scopes},
        )
    return ApiKeyCreated(
        id=row.id,
        name=row.name,
        type=row.type,
        key=key,
        prefix=row.prefix,
        last_four=row.last_four,
        scopes=list(row.scopes),
        expires_at=row.expires_at,
        created_at=row.created_at,
    )


async def list_keys(pool: asyncpg.Pool, tenant_id: str, query: ListKeys) -> Page[ApiKey]:
    return await paginate(
        query,
        lambda k: store.list_page(pool, tenant_id, k, type_=query.type, include_revoked=query.revoked),
        present,
    )


async def get(pool: asyncpg.Pool, tenant_id: str, key_id: str) -> ApiKey:
    row = await store.get(pool, tenant_id, key_id)
    if row is None:
        raise API_KEY_NOT_FOUND()
    return present(row)


async def update(pool: asyncpg.Pool, tenant_id: str, key_id: str, body: UpdateKey, audit: AuditContext) -> ApiKey:
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get(conn, tenant_id, key_id, for_update=True)
        if row is None:
            raise API_KEY_NOT_FOUND()
        changes: dict[str, Any] = {}
        if isinstance(body.name, str):
            changes["name"] = body.name
        if isinstance(body.scopes, list):
            changes["scopes"] = _scopes(row.type, body.scopes)
        if changes:
            updated = await store.update(conn, tenant_id, key_id, changes)
            assert updated is not None  # locked above, in this transaction
            row = updated
            await audit.record(
                conn, tenant_id, "api_key.updated", "api_key", key_id, {k: v for k, v in changes.items()}
            )
    if changes:
        forget_tenant_everywhere(tenant_id)  # committed; other processes learn it by NOTIFY
    return present(row)


async def revoke(pool: asyncpg.Pool, tenant_id: str, key_id: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get(conn, tenant_id, key_id, for_update=True)
        if row is None:
            raise API_KEY_NOT_FOUND()
        if row.revoked:
            return  # already revoked: DELETE is idempotent
        await store.update(conn, tenant_id, key_id, {"revoked_at": datetime.now(UTC)})
        await audit.record(conn, tenant_id, "api_key.revoked", "api_key", key_id)
    forget_tenant_everywhere(tenant_id)  # committed; other processes learn it by NOTIFY


async def rotate(pool: asyncpg.Pool, tenant_id: str, body: RotateKey, audit: AuditContext) -> ApiKeyRotated:
    grace = duration_field(
        "grace_period", body.grace_period, timedelta(0), timedelta(days=MAX_GRACE_DAYS), f"0s and {MAX_GRACE_DAYS}d"
    )
    async with pool.acquire() as conn, conn.transaction():
        old = await store.get(conn, tenant_id, body.id, for_update=True)
        if old is None:
            raise API_KEY_NOT_FOUND()
        if old.revoked:
            raise API_KEY_REVOKED()
        revokes_at = datetime.now(UTC) + grace
        if old.revoked_at is not None and old.revoked_at < revokes_at:
            revokes_at = old.revoked_at  # an earlier pending rotation keeps its deadline
        new, key = await issue_key(
            conn,
            tenant_id,
            name=old.name,
            type_=old.type,
            scopes=list(old.scopes),
            expires_at=old.expires_at,
        )
        await store.update(conn, tenant_id, old.id, {"revoked_at": revokes_at, "rotated_to": new.id})
        await audit.record(
            conn,
            tenant_id,
            "api_key.rotated",
            "api_key",
            old.id,
            {"new_key_id": new.id, "revokes_at": revokes_at.isoformat()},
        )
    forget_tenant_everywhere(tenant_id)  # committed; other processes learn it by NOTIFY
    return ApiKeyRotated(id=new.id, key=key, old_key_id=old.id, old_key_revokes_at=revokes_at)
