"""OAuth client rules: registration with validated redirect URIs, secrets shown once and stored
as SHA-256, default grant types per type (docs/oauth.md), listing a machine client's tokens.

Redirect URIs are compared exactly at authorization (no wildcards, no prefix matching), so
they are validated strictly here: absolute, no fragment, no credentials, no '*'; https, or
http only on a loopback host (localhost, 127.0.0.1, [::1]); native clients may also use a
private-use scheme (RFC 8252 §7.1, e.g. com.example.app:/callback).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from identity.audit.context import AuditContext
from identity.clients import store
from identity.clients.cache import forget_everywhere
from identity.clients.errors import CLIENT_NOT_FOUND, INVALID_CLIENT_TYPE
from identity.clients.jwks import check_jwks
from identity.clients.schemas import (
    Client,
    ClientCreated,
    ClientSummary,
    CreateClient,
    IssuedToken,
    ListClients,
    ListTokens,
    SecretRotated,
    UpdateClient,
)
from identity.clients.store import ClientRecord, TokenRecord
from identity.crypto import random_token, sha256_hex
from identity.http.errors import ApiError, ValidationFailed
from identity.http.pagination import Page, paginate
from identity.http.types import UNSET, UnsetType, derived
from identity.ids import new_id

SECRET_PREFIX = "cs_"
CONFIDENTIAL = frozenset({"web", "machine"})
DEFAULT_SCOPES = ["openid", "email", "profile"]
DEFAULT_GRANTS: dict[str, list[str]] = {
    "web": ["authorization_code", "refresh_token"],
    "spa": ["authorization_code", "refresh_token"],
    "native": ["authorization_code", "refresh_token"],
    "machine": ["client_credentials"],
}
#: Grant types a type may have at all: public clients cannot use client_credentials (they
#: have no secret), machine clients have no user and so no code or refresh token.
ALLOWED_GRANTS = DEFAULT_GRANTS
_LOOPBACK_NAMES = {"localhost"}
_BAD_SCHEMES = {"javascript", "data", "vbscript", "file", "about", "blob"}


def new_secret() -> str:
    return SECRET_PREFIX + random_token(32)  # 256 bits


PRIVATE_KEY_JWT = "private_key_jwt"


def auth_method(row: ClientRecord) -> str:
    """The stored method; clients registered before it was stored: by type."""
    if row.token_endpoint_auth_method:
        return row.token_endpoint_auth_method
    return "client_secret_basic" if row.type in CONFIDENTIAL else "none"


def _auth_method(type_: str, method: str | None, jwks: dict[str, Any] | None) -> str:
    """Check the method a client asks for against its type and keys."""
    if method is None:
        method = (
            PRIVATE_KEY_JWT
            if jwks is not None and type_ in CONFIDENTIAL
            else ("client_secret_basic" if type_ in CONFIDENTIAL else "none")
        )
    if (method == "none") != (type_ not in CONFIDENTIAL):
        raise ValidationFailed(
            "token_endpoint_auth_method", "web and machine clients authenticate; spa and native clients use none"
        )
    if method == PRIVATE_KEY_JWT:
        _check_jwks(jwks)
    elif jwks is not None:
        raise ValidationFailed("jwks", "only a private_key_jwt client registers keys")
    return method


def _check_jwks(jwks: dict[str, Any] | None) -> None:
    problem = check_jwks(jwks) if jwks is not None else "is required for private_key_jwt"
    if problem:
        raise ValidationFailed("jwks", problem)


def present(row: ClientRecord) -> Client:
    return Client(
        id=row.id,
        client_id=row.id,
        tenant_id=row.tenant_id,
        name=row.name,
        type=row.type,
        redirect_uris=list(row.redirect_uris),
        allowed_origins=list(row.allowed_origins),
        grant_types=list(row.grant_types),
        scopes=list(row.scopes),
        post_logout_redirect_uris=list(row.post_logout_redirect_uris),
        first_party=row.first_party,
        token_endpoint_auth_method=auth_method(row),
        id_token_signed_response_alg=row.id_token_signed_response_alg,
        jwks=row.jwks,
        secret_rotated_at=row.secret_rotated_at,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def present_summary(row: ClientRecord) -> ClientSummary:
    return derived(ClientSummary, present(row))


def _is_loopback(host: str) -> bool:
    if host in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_uri(field: str, uri: str, type_: str) -> str:
    """Validate one redirect (or post-logout redirect) URI; returns it unchanged (it is then
    compared exactly, byte for byte)."""
    if uri != uri.strip() or any(c.isspace() or ord(c) < 0x21 for c in uri):
        raise ValidationFailed(field, f"{uri!r} contains whitespace or control characters")
    if "*" in uri:
        raise ValidationFailed(field, f"{uri!r}: wildcards are not allowed; list each URI exactly")
    try:
        parts = urlsplit(uri)
        host = parts.hostname or ""
        _ = parts.port  # raises on a malformed port
    except ValueError:
        raise ValidationFailed(field, f"{uri!r} is not a valid URI") from None
    scheme = parts.scheme.lower()
    if not scheme:
        raise ValidationFailed(field, f"{uri!r} must be an absolute URI")
    if "#" in uri:
        raise ValidationFailed(field, f"{uri!r} must not contain a fragment")
    if parts.username is not None or parts.password is not None:
        raise ValidationFailed(field, f"{uri!r} must not contain credentials")
    if scheme in _BAD_SCHEMES:
        raise ValidationFailed(field, f"{uri!r}: the {scheme}: scheme is not allowed")
    if scheme in ("http", "https"):
        if not host:
            raise ValidationFailed(field, f"{uri!r} has no host")
        if scheme == "http" and not _is_loopback(host):
            raise ValidationFailed(field, f"{uri!r}: http is allowed only on a loopback host; use https")
        return uri
    if type_ != "native":
        raise ValidationFailed(field, f"{uri!r} must be an https URI")
    # A private-use scheme of a native app (RFC 8252 §7.1): reverse domain name, e.g. com.example.app
    if "." not in scheme:
        raise ValidationFailed(field, f"{uri!r}: a private-use scheme must be a reverse domain name")
    return uri


def check_origin(origin: str) -> str:
    if origin == "*":
        raise ValidationFailed("allowed_origins", "list each origin; '*' is not allowed for a client")
    try:
        parts = urlsplit(origin)
        _ = parts.port
    except ValueError:
        raise ValidationFailed("allowed_origins", f"{origin!r} is not a valid origin") from None
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or parts.username is not None
        or "#" in origin
    ):
        raise ValidationFailed("allowed_origins", f"{origin!r} must be scheme://host[:port]")
    return origin.rstrip("/")


def _uris(field: str, uris: list[str], type_: str) -> list[str]:
    return list(dict.fromkeys(check_uri(field, u, type_) for u in uris))


def _grants(type_: str, grants: Sequence[str] | None) -> list[str]:
    if grants is None:
        return list(DEFAULT_GRANTS[type_])
    unique = list(dict.fromkeys(grants))
    wrong = [g for g in unique if g not in ALLOWED_GRANTS[type_]]
    if wrong:
        raise ValidationFailed(
            "grant_types",
            f"{', '.join(wrong)} not allowed for a {type_} client (allowed: {', '.join(ALLOWED_GRANTS[type_])})",
        )
    if unique == ["refresh_token"]:
        raise ValidationFailed("grant_types", "refresh_token needs authorization_code")
    return unique


def _redirects_needed(type_: str, grants: list[str], uris: list[str]) -> None:
    if type_ == "machine" and uris:
        raise ValidationFailed("redirect_uris", "machine clients have no redirect URIs; send []")
    if "authorization_code" in grants and not uris:
        raise ValidationFailed("redirect_uris", "at least one redirect URI is required")


async def create(pool: asyncpg.Pool, tenant_id: str, body: CreateClient, audit: AuditContext) -> ClientCreated:
    grants = _grants(body.type, body.grant_types)
    redirect_uris = _uris("redirect_uris", body.redirect_uris, body.type)
    _redirects_needed(body.type, grants, redirect_uris)
    post_logout = _uris("post_logout_redirect_uris", body.post_logout_redirect_uris, body.type)
    origins = list(dict.fromkeys(check_origin(o) for o in body.allowed_origins))
    scopes = list(dict.fromkeys(body.scopes if body.scopes is not None else DEFAULT_SCOPES))
    method = _auth_method(body.type, body.token_endpoint_auth_method, body.jwks)
    # A private_key_jwt client has keys instead of a secret: nothing shared to leak.
    secret = new_secret() if body.type in CONFIDENTIAL and method != PRIVATE_KEY_JWT else None
    async with pool.acquire() as conn, conn.transaction():
        row = await store.insert(
            conn,
            {
                "tenant_id": tenant_id,
                "id": new_id("cli"),
                "name": body.name,
                "type": body.type,
                "redirect_uris": redirect_uris,
                "allowed_origins": origins,
                "grant_types": grants,
                "scopes": scopes,
                "post_logout_redirect_uris": post_logout,
                "first_party": body.first_party,
                "id_token_signed_response_alg": body.id_token_signed_response_alg,
                "secret_hash": sha256_hex(secret) if secret else None,
                "token_endpoint_auth_method": method,
                "jwks": body.jwks,
            },
        )
        await audit.record(conn, tenant_id, "client.created", "client", row.id, {"name": body.name, "type": body.type})
    # The secret is shown only here; without one the field is left out (UNSET).
    return derived(ClientCreated, present(row), client_secret=secret if secret is not None else UNSET)


async def list_clients(pool: asyncpg.Pool, tenant_id: str, query: ListClients) -> Page[ClientSummary]:
    return await paginate(
        query,
        lambda k: store.list_page(pool, tenant_id, k, type_=query.type),
        present_summary,
    )


async def _get_row(
    conn: asyncpg.Connection,
    tenant_id: str,
    client_id: str,
    *,
    for_update: bool = False,
) -> ClientRecord:
    row = await store.get(conn, tenant_id, client_id, for_update=for_update)
    if row is None:
        raise CLIENT_NOT_FOUND()
    return row


async def get(pool: asyncpg.Pool, tenant_id: str, client_id: str) -> Client:
    return present(await _get_row(pool, tenant_id, client_id))


async def update(pool: asyncpg.Pool, tenant_id: str, client_id: str, body: UpdateClient, audit: AuditContext) -> Client:
    async with pool.acquire() as conn, conn.transaction():
        row = await _get_row(conn, tenant_id, client_id, for_update=True)
        type_ = row.type
        changes: dict[str, Any] = {}
        if isinstance(body.name, str):
            changes["name"] = body.name
        if isinstance(body.redirect_uris, list):
            changes["redirect_uris"] = _uris("redirect_uris", body.redirect_uris, type_)
            _redirects_needed(type_, list(row.grant_types), changes["redirect_uris"])
        if isinstance(body.post_logout_redirect_uris, list):
            changes["post_logout_redirect_uris"] = _uris(
                "post_logout_redirect_uris", body.post_logout_redirect_uris, type_
            )
        if isinstance(body.allowed_origins, list):
            changes["allowed_origins"] = list(dict.fromkeys(check_origin(o) for o in body.allowed_origins))
        if isinstance(body.scopes, list):
            changes["scopes"] = list(dict.fromkeys(body.scopes))
        if isinstance(body.first_party, bool):
            changes["first_party"] = body.first_party
        if isinstance(body.id_token_signed_response_alg, str):
            changes["id_token_signed_response_alg"] = body.id_token_signed_response_alg
        if not isinstance(body.jwks, UnsetType):
            if auth_method(row) != PRIVATE_KEY_JWT:
                raise ValidationFailed("jwks", "only a private_key_jwt client registers keys")
            _check_jwks(body.jwks)
            changes["jwks"] = body.jwks
        if changes:
            updated = await store.update(conn, tenant_id, client_id, changes)
            assert updated is not None  # locked above, in this transaction
            row = updated
            forget_everywhere(conn, tenant_id)
            await audit.record(conn, tenant_id, "client.updated", "client", client_id, {"fields": sorted(changes)})
    return present(row)


async def delete(pool: asyncpg.Pool, tenant_id: str, client_id: str, audit: AuditContext) -> None:
    """Tokens already issued stay valid until they expire (sessions are unaffected), but the
    client can no longer authenticate, refresh or start an authorization."""
    async with pool.acquire() as conn, conn.transaction():
        if not await store.delete(conn, tenant_id, client_id):
            raise CLIENT_NOT_FOUND()
        forget_everywhere(conn, tenant_id)
        await audit.record(conn, tenant_id, "client.deleted", "client", client_id)


def _no_secret(type_: str) -> ApiError:
    return INVALID_CLIENT_TYPE(f"A {type_} client has no secret; only web and machine clients do.")


async def rotate_secret(pool: asyncpg.Pool, tenant_id: str, client_id: str, audit: AuditContext) -> SecretRotated:
    """The old secret stops working at once (no grace period): rotate when it may have leaked."""
    secret = new_secret()
    now = datetime.now(UTC)
    async with pool.acquire() as conn, conn.transaction():
        row = await _get_row(conn, tenant_id, client_id, for_update=True)
        if row.type not in CONFIDENTIAL:
            raise _no_secret(row.type)
        if auth_method(row) == PRIVATE_KEY_JWT:
            raise INVALID_CLIENT_TYPE("A private_key_jwt client has no secret; replace its keys with PATCH jwks.")
        await store.update(conn, tenant_id, client_id, {"secret_hash": sha256_hex(secret), "secret_rotated_at": now})
        forget_everywhere(conn, tenant_id)
        await audit.record(conn, tenant_id, "client.secret_rotated", "client", client_id)
    return SecretRotated(client_id=client_id, client_secret=secret, rotated_at=now)


def present_token(row: TokenRecord) -> IssuedToken:
    return IssuedToken(
        id=row.id,
        client_id=row.client_id,
        scopes=list(row.scopes),
        created_at=row.created_at,
        expires_at=row.expires_at,
        issued_count=row.issued_count,
    )


async def tokens(pool: asyncpg.Pool, tenant_id: str, client_id: str, query: ListTokens) -> Page[IssuedToken]:
    row = await _get_row(pool, tenant_id, client_id)
    if row.type != "machine":
        raise INVALID_CLIENT_TYPE("Only machine clients have tokens listed here (client_credentials).")
    return await paginate(
        query,
        lambda k: store.active_tokens(pool, tenant_id, client_id, k),
        present_token,
    )
