"""Issuing what the token endpoint answers: grants, access tokens (RFC 9068 JWTs), refresh
tokens (opaque, stored as SHA-256, rotated on use) and ID tokens (OIDC Core §2)."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from identity.crypto import random_token, sha256_hex
from identity.ids import new_id
from identity.oauth import jwts, store
from identity.oauth.records import GrantRecord
from identity.sessions.runtime import AuthRuntime
from identity.tenants.auth_config import duration
from identity.users.records import UserRecord

REFRESH_PREFIX = "ort_"  # OAuth refresh token; platform session refresh tokens are rft_


_UUID_VERSION_BITS = ~((0xC000 << 48) | (0xF000 << 64))
_UUID_V4 = (0x8000 << 48) | (4 << 76)


def random_uuid() -> str:
    """str(uuid.uuid4()), without building the UUID object (every access token has a jti)."""
    value = (int.from_bytes(os.urandom(16), "big") & _UUID_VERSION_BITS) | _UUID_V4
    h = f"{value:032x}"
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def new_refresh_token() -> str:
    return REFRESH_PREFIX + random_token(32)


class ReleasedUser(Protocol):
    """What the scope claims read of a user: a UserRecord, or userinfo's UserinfoRecord."""

    @property
    def email(self) -> str: ...
    @property
    def email_verified(self) -> bool: ...
    @property
    def name(self) -> str | None: ...
    @property
    def username(self) -> str | None: ...
    @property
    def avatar_url(self) -> str | None: ...
    @property
    def updated_at(self) -> datetime: ...


def claims_for_user(user: ReleasedUser, scopes: list[str]) -> dict[str, Any]:
    """The standard claims a scope releases (OIDC Core §5.4): email -> email, email_verified;
    profile -> name, preferred_username, picture, updated_at."""
    claims: dict[str, Any] = {}
    if "email" in scopes:
        claims["email"] = user.email
        claims["email_verified"] = bool(user.email_verified)
    if "profile" in scopes:
        claims["name"] = user.name
        if user.username:
            claims["preferred_username"] = user.username
        if user.avatar_url:
            claims["picture"] = user.avatar_url
        claims["updated_at"] = int(user.updated_at.timestamp())
    return claims


def access_token(
    rt: AuthRuntime,
    *,
    iss: str,
    tenant_id: str,
    client_id: str,
    sub: str,
    scopes: list[str],
    grant_id: str,
    expires: datetime,
    session_id: str | None,
    now: datetime,
) -> str:
    claims: dict[str, Any] = {
        "iss": iss,
        "sub": sub,
        "aud": client_id,
        "client_id": client_id,
        "scope": " ".join(scopes),
        "jti": random_uuid(),
        "iat": int(now.timestamp()),
        "exp": int(expires.timestamp()),
        "tid": tenant_id,
        "gid": grant_id,
    }
    if session_id:
        claims["sid"] = session_id
    return jwts.sign(rt.keys, claims, typ=jwts.ACCESS_TYP)


def id_token(
    rt: AuthRuntime,
    *,
    iss: str,
    client_id: str,
    user: UserRecord,
    scopes: list[str],
    auth_time: datetime,
    nonce: str | None,
    access: str,
    session_id: str | None,
    now: datetime,
    ttl: timedelta,
    algorithm: str,
) -> str:
    """Signed with the client's id_token_signed_response_alg (RS256 unless it registered ES256)."""
    claims: dict[str, Any] = {
        "iss": iss,
        "sub": user.id,
        "aud": client_id,
        "azp": client_id,
        "iat": int(now.timestamp()),
        "exp": int((now + ttl).timestamp()),
        "auth_time": int(auth_time.timestamp()),
        "at_hash": jwts.at_hash(access),
    }
    if nonce is not None:
        claims["nonce"] = nonce
    if session_id:
        claims["sid"] = session_id
    claims.update(claims_for_user(user, scopes))
    return jwts.sign(rt.keys, claims, algorithm=algorithm)


async def user_grant(
    conn: Any,
    rt: AuthRuntime,
    *,
    tenant: Any,
    iss: str,
    client: Any,
    user: UserRecord,
    session: Any,
    scopes: list[str],
    auth_time: datetime,
    nonce: str | None,
    code_hash: str | None,
) -> dict[str, Any]:
    """A grant for a user's authorization and the token response for it."""
    now = datetime.now(UTC)
    refresh = None
    if "offline_access" in scopes and "refresh_token" in client.grant_types:
        refresh = new_refresh_token()
    grant = await store.insert_grant(
        conn,
        {
            "tenant_id": tenant.id,
            "id": new_id("grt"),
            "client_id": client.id,
            "user_id": user.id,
            "session_id": session["id"],
            "scopes": scopes,
            "auth_time": auth_time,
            "code_hash": code_hash,
            "expires_at": session["expires_at"],
        },
        sha256_hex(refresh) if refresh else None,
    )
    return respond(
        rt, tenant=tenant, iss=iss, client=client, user=user, grant=grant, refresh=refresh, nonce=nonce, now=now
    )


def respond(
    rt: AuthRuntime,
    *,
    tenant: Any,
    iss: str,
    client: Any,
    user: UserRecord,
    grant: GrantRecord,
    refresh: str | None,
    nonce: str | None,
    now: datetime,
) -> dict[str, Any]:
    scopes = list(grant.scopes)
    ttl = duration(tenant.auth_config, "access_token_ttl")
    expires = min(now + ttl, grant.expires_at)
    access = access_token(
        rt,
        iss=iss,
        tenant_id=tenant.id,
        client_id=client.id,
        sub=user.id,
        scopes=scopes,
        grant_id=grant.id,
        expires=expires,
        session_id=grant.session_id,
        now=now,
    )
    body: dict[str, Any] = {
        "access_token": access,
        "token_type": "Bearer",
        "expires_in": max(0, int((expires - now).total_seconds())),
        "scope": " ".join(scopes),
    }
    if refresh is not None:
        body["refresh_token"] = refresh
    if "openid" in scopes:
        assert grant.auth_time is not None  # respond() answers user grants, which record it
        body["id_token"] = id_token(
            rt,
            iss=iss,
            client_id=client.id,
            user=user,
            scopes=scopes,
            auth_time=grant.auth_time,
            nonce=nonce,
            access=access,
            session_id=grant.session_id,
            now=now,
            ttl=ttl,
            algorithm=client.id_token_signed_response_alg,
        )
    return body


async def machine_grant(
    pool: Any, machine: Any, rt: AuthRuntime, *, tenant: Any, iss: str, client: Any, scopes: list[str]
) -> dict[str, Any]:
    """client_credentials: a token under the client's live grant for this scope set (no row per
    token; identity/oauth/machine.py), revocable through that grant."""
    now = datetime.now(UTC)
    ttl = duration(tenant.auth_config, "access_token_ttl")
    grant_id = await machine.grant_for(pool, tenant.id, client.id, scopes, now, now + ttl)
    access = access_token(
        rt,
        iss=iss,
        tenant_id=tenant.id,
        client_id=client.id,
        sub=client.id,
        scopes=scopes,
        grant_id=grant_id,
        expires=now + ttl,
        session_id=None,
        now=now,
    )
    return {
        "access_token": access,
        "token_type": "Bearer",
        "expires_in": int(ttl.total_seconds()),
        "scope": " ".join(scopes),
    }
