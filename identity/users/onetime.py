"""One-time tokens (magic links, password resets, email verifications), stored as SHA-256.

Unknown or used -> 401 invalid_token; past expiry -> 401 token_expired (docs/auth.md, "One-time tokens and links").
An email verification also carries a six-digit code on the same row (docs/auth.md,
"Verification codes"): stored as a keyed hash, at most CODE_MAX_ATTEMPTS wrong tries.
"""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta
from enum import Enum
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from identity.crypto import SecretBox, constant_time_equals, random_token, sha256_hex
from identity.sessions import errors
from identity.users import onetime_store as store
from identity.users.records import OneTimeRecord

MAGIC_LINK_TTL = timedelta(minutes=15)
PASSWORD_RESET_TTL = timedelta(hours=1)
VERIFICATION_TTL = timedelta(hours=24)
CODE_DIGITS = 6
#: Wrong codes accepted against one verification code before it is voided (the link stays).
CODE_MAX_ATTEMPTS = 5
#: The hosted page's resend button sends a verification email at most this often per user.
RESEND_COOLDOWN = timedelta(seconds=60)


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


async def create_verification(
    conn: asyncpg.Connection, box: SecretBox, tenant_id: str, *, user_id: str, email: str
) -> tuple[str, str]:
    """A verification link token and its six-digit code (one row): (token, code)."""
    token = random_token(32)
    code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    token_hash = sha256_hex(token)
    await store.insert_one_time(
        conn,
        tenant_id,
        token_hash,
        "email_verification",
        user_id,
        email,
        None,
        datetime.now(UTC) + VERIFICATION_TTL,
        code_hash=_code_hash(box, token_hash, code),
    )
    return token, code


def _code_hash(box: SecretBox, token_hash: str, code: str) -> str:
    # Bound to its row: the same digits on another user's row hash differently.
    return box.mac(f"{token_hash}:{code}", "email-verification-code")


def normalise_code(code: str) -> str | None:
    """The six digits of a typed code ("123 456" and "123-456" accepted), or None."""
    digits = re.sub(r"[\s-]", "", code)
    return digits if len(digits) == CODE_DIGITS and digits.isascii() and digits.isdigit() else None


class CodeCheck(Enum):
    OK = "ok"
    WRONG = "wrong"  # also: no code to check (unknown user, voided, used, none sent)
    EXPIRED = "expired"  # the right code, too late


async def check_code(
    conn: asyncpg.Connection, box: SecretBox, tenant_id: str, user_id: str | None, code: str
) -> tuple[CodeCheck, OneTimeRecord | None]:
    """Check a verification code against the user's newest one, in the caller's transaction. A
    wrong code counts an attempt (commit it even when the caller then refuses); the right one
    spends the row, link included. Expiry is told only for the right code, so a guess learns
    nothing about pending accounts."""
    digits = normalise_code(code)
    row = await store.verification_with_code(conn, tenant_id, user_id) if user_id is not None else None
    if row is None or digits is None:
        if row is not None:
            await store.count_code_failure(conn, tenant_id, row.token_hash, CODE_MAX_ATTEMPTS)
        return CodeCheck.WRONG, None
    # code_hash: the statement reads only rows that have one.
    if row.code_hash is None or not constant_time_equals(row.code_hash, _code_hash(box, row.token_hash, digits)):
        await store.count_code_failure(conn, tenant_id, row.token_hash, CODE_MAX_ATTEMPTS)
        return CodeCheck.WRONG, None
    if row.expires_at <= datetime.now(UTC):
        return CodeCheck.EXPIRED, row
    await store.use_one_time(conn, tenant_id, row.token_hash)
    return CodeCheck.OK, row


async def resend_allowed(conn: asyncpg.Connection, tenant_id: str, user_id: str, cooldown: timedelta) -> bool:
    """False while the user's newest verification email is younger than cooldown."""
    latest = await store.latest_created(conn, tenant_id, user_id, "email_verification")
    return latest is None or latest <= datetime.now(UTC) - cooldown


async def peek(conn: Any, tenant_id: str, token: str, kind: str) -> OneTimeRecord:
    """Check a token without using it (to fail fast before slow work); raises like consume."""
    row = await store.one_time(conn, tenant_id, sha256_hex(token), kind)
    return _check(row)


async def consume(conn: asyncpg.Connection, tenant_id: str, token: str, kind: str) -> OneTimeRecord:
    """Use the token (in the caller's transaction); returns its row or raises 401."""
    row = _check(await store.one_time(conn, tenant_id, sha256_hex(token), kind, for_update=True))
    await store.use_one_time(conn, tenant_id, sha256_hex(token))
    return row


def _check(row: OneTimeRecord | None) -> OneTimeRecord:
    if row is None or row.used_at is not None:
        raise errors.INVALID_TOKEN()
    if row.expires_at <= datetime.now(UTC):
        raise errors.TOKEN_EXPIRED()
    return row


async def find_verification(conn: Any, token: str) -> OneTimeRecord | None:
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
