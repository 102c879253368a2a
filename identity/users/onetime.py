"""One-time tokens (magic links, password resets, email verifications), stored as SHA-256.

Unknown or used -> 401 invalid_token; past expiry -> 401 token_expired (docs/auth.md, "One-time tokens and links").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from identity.crypto import random_token, sha256_hex
from identity.sessions import errors
from identity.users import onetime_store as store

MAGIC_LINK_TTL = timedelta(minutes=15)
PASSWORD_RESET_TTL = timedelta(hours=1)
VERIFICATION_TTL = timedelta(hours=24)


async def create(
    conn: asyncpg.Connection,
    tenant_id: str,
    kind: str,
    *,
    email: str,
    ttl: timedelta,
    user_id: str | None = None,
    redirect_url: str | None = None,
) -> str:
    token = random_token(32)
    await store.insert_one_time(
        conn, tenant_id, sha256_hex(token), kind, user_id, email, redirect_url, datetime.now(UTC) + ttl
    )
    return token


async def peek(conn: Any, tenant_id: str, token: str, kind: str) -> asyncpg.Record:
    """Check a token without using it (to fail fast before slow work); raises like consume."""
    row = await store.one_time(conn, tenant_id, sha256_hex(token), kind)
    return _check(row)


async def consume(conn: asyncpg.Connection, tenant_id: str, token: str, kind: str) -> asyncpg.Record:
    """Use the token (in the caller's transaction); returns its row or raises 401."""
    row = await store.one_time(conn, tenant_id, sha256_hex(token), kind, for_update=True)
    _check(row)
    await store.use_one_time(conn, tenant_id, sha256_hex(token))
    return row


def _check(row: asyncpg.Record | None) -> asyncpg.Record:
    if row is None or row["used_at"] is not None:
        raise errors.INVALID_TOKEN()
    if row["expires_at"] <= datetime.now(UTC):
        raise errors.TOKEN_EXPIRED()
    return row


async def find_verification(conn: Any, token: str) -> asyncpg.Record | None:
    """The verification link arrives without a tenant header: look the token up by hash."""
    return await store.verification_by_hash(conn, sha256_hex(token))


async def retire(conn: asyncpg.Connection, tenant_id: str, user_id: str, kind: str) -> None:
    """Mark the user's unused tokens of a kind as used (a newer one replaces them)."""
    await store.retire_one_time(conn, tenant_id, user_id, kind)


def with_token(url: str, token: str) -> str:
    """The url with ?token=... added, keeping its own query and fragment (every emailed link
    carries its token so: docs/auth.md, "One-time tokens and links")."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "token"]
    query.append(("token", token))
    return urlunsplit(parts._replace(query=urlencode(query)))
