"""Connection management (secret key), a user's linked identities (list, disconnect) and the
link ticket a signed-in user's browser starts a link flow with. One transaction per request,
with its audit entry and events."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, cast
from urllib.parse import urlencode

import asyncpg
import msgspec

from identity.audit.context import AuditContext
from identity.auth import errors as auth_errors
from identity.config import Settings
from identity.connections import providers, store
from identity.connections.errors import (
    CONNECTION_DISABLED,
    CONNECTION_IN_USE,
    CONNECTION_NOT_FOUND,
    IDENTITY_NOT_FOUND,
    LAST_SIGN_IN_METHOD,
    LINK_NEEDS_RECENT_SIGN_IN,
    LINK_NEEDS_VERIFIED_EMAIL,
    REAUTHENTICATION_REQUIRED,
)
from identity.connections.records import ConnectionRecord, IdentityRecord
from identity.connections.schemas import (
    AppleKey,
    AppleOut,
    AuthMethod,
    Connection,
    CreateConnection,
    Endpoints,
    EndpointsOut,
    FieldMappingOut,
    Identity,
    LinkStarted,
    ListConnections,
    ListIdentities,
    ProviderName,
    PublicConnection,
    PublicConnectionList,
    StartLink,
    UpdateConnection,
)
from identity.crypto import SecretBox, random_token, sha256_hex
from identity.events.emit import emit
from identity.http.errors import ValidationFailed
from identity.http.pagination import Keyset, Page, paginate
from identity.http.redirects import check_redirect
from identity.http.types import UNSET
from identity.ids import new_id
from identity.outbound.addresses import AddressRefused
from identity.outbound.http import check_url_at_creation
from identity.principals import Tenant
from identity.tenants import auth_config
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND

LINK_TICKET_TTL = timedelta(minutes=5)
#: Linking another provider account needs a sign-in at most this old (the session's creation).
RECENT_SIGN_IN = timedelta(minutes=10)


def callback_url(public_url: str, tenant_id: str) -> str:
    """One redirect URI per tenant for all its connections (the state names the connection)."""
    return f"{public_url.rstrip('/')}/v1/oauth/{tenant_id}/callback"


def start_url(public_url: str, tenant_id: str, connection_id: str) -> str:
    return f"{public_url.rstrip('/')}/v1/oauth/{tenant_id}/connections/{connection_id}/start"


def _secret_aad(tenant_id: str, connection_id: str, what: str) -> str:
    # Binds a ciphertext to its row and purpose: a sealed value copied elsewhere does not open.
    return f"connection:{tenant_id}:{connection_id}:{what}"


def seal(box: SecretBox, tenant_id: str, connection_id: str, what: str, value: str) -> str:
    return box.encrypt(value, _secret_aad(tenant_id, connection_id, what))


def client_secret(box: SecretBox, row: ConnectionRecord) -> str | None:
    """The secret to authenticate to the provider with: Apple's signed JWT when the connection
    has a key, else the stored client secret."""
    if row.apple_private_key_sealed:
        # The key, its team id and key id are written together (create, update).
        assert row.apple_team_id is not None and row.apple_key_id is not None
        pem = box.decrypt(row.apple_private_key_sealed, _secret_aad(row.tenant_id, row.id, "apple_key"))
        return providers.apple_client_secret(row.apple_team_id, row.apple_key_id, pem, row.client_id)
    if row.client_secret_sealed:
        return box.decrypt(row.client_secret_sealed, _secret_aad(row.tenant_id, row.id, "client_secret"))
    return None


def present(row: ConnectionRecord, public_url: str) -> Connection:
    endpoints = row.endpoints or {}
    mapping = None
    if row.provider == "oauth2":
        mapping = msgspec.convert({**providers.DEFAULT_MAPPING, **(row.field_mapping or {})}, FieldMappingOut)
    return Connection(
        id=row.id,
        tenant_id=row.tenant_id,
        provider=cast(ProviderName, row.provider),
        name=row.name,
        client_id=row.client_id,
        has_client_secret=bool(row.client_secret_sealed or row.apple_private_key_sealed),
        scopes=list(row.scopes),
        enabled=row.enabled,
        endpoints=EndpointsOut(**{k: endpoints.get(k) for k in EndpointsOut.__struct_fields__}),
        token_endpoint_auth_method=cast(AuthMethod, row.token_endpoint_auth_method),
        field_mapping=mapping,
        apple=AppleOut(team_id=row.apple_team_id, key_id=row.apple_key_id)
        if row.apple_team_id and row.apple_key_id is not None
        else None,
        callback_url=callback_url(public_url, row.tenant_id),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def present_identity(row: IdentityRecord) -> Identity:
    return Identity(
        id=row.id,
        user_id=row.user_id,
        connection_id=row.connection_id,
        provider=cast(ProviderName, row.provider),
        provider_user_id=row.provider_user_id,
        email=row.email,
        email_verified=row.email_verified,
        name=row.name,
        avatar_url=row.avatar_url,
        created_at=row.created_at,
        updated_at=row.updated_at,
        last_sign_in_at=row.last_sign_in_at,
    )


# -- validation ----------------------------------------------------------------------------------


async def _check_endpoints(provider: str, endpoints: Endpoints | None, allow_http: bool) -> dict[str, str]:
    given = {k: v for k, v in msgspec.structs.asdict(endpoints).items() if v is not None} if endpoints else {}
    if provider == "oidc" and "discovery_url" not in given:
        raise ValidationFailed("endpoints.discovery_url", "is required for an oidc connection")
    if provider == "oauth2":
        for key in ("authorization_url", "token_url", "userinfo_url"):
            if key not in given:
                raise ValidationFailed(f"endpoints.{key}", "is required for an oauth2 connection")
    if provider in providers.OIDC_PROVIDERS:
        if "emails_url" in given:
            raise ValidationFailed("endpoints.emails_url", "applies to github connections only")
    else:
        for key in ("discovery_url", "jwks_url"):
            if key in given:
                raise ValidationFailed(f"endpoints.{key}", "applies to OpenID Connect providers only")
        if provider == "oauth2" and "emails_url" in given:
            raise ValidationFailed("endpoints.emails_url", "applies to github connections only")
    for key, url in given.items():
        try:
            # The outbound address policy: these URLs are fetched by the service.
            await check_url_at_creation(url, allow_http)
        except AddressRefused as exc:
            raise ValidationFailed(f"endpoints.{key}", str(exc)) from None
    return given


def _check_scopes(provider: str, scopes: list[str] | None) -> list[str]:
    if scopes is None:
        return list(providers.BUILTIN[provider].scopes)
    unique = list(dict.fromkeys(scopes))
    if provider in providers.OIDC_PROVIDERS and "openid" not in unique:
        raise ValidationFailed("scopes", "must include 'openid' for an OpenID Connect provider")
    return unique


def _check_apple(body: AppleKey) -> None:
    try:
        providers.check_apple_key(body.private_key)
    except (ValueError, TypeError) as exc:
        raise ValidationFailed(
            "apple.private_key", str(exc) if "EC P-256" in str(exc) else "is not a PEM private key"
        ) from None


# -- connections ---------------------------------------------------------------------------------


async def create(
    pool: asyncpg.Pool, box: SecretBox, settings: Settings, tenant_id: str, body: CreateConnection, audit: AuditContext
) -> Connection:
    provider = body.provider
    if body.field_mapping is not None and provider != "oauth2":
        raise ValidationFailed("field_mapping", "applies to oauth2 connections only")
    if body.apple is not None and provider != "apple":
        raise ValidationFailed("apple", "applies to apple connections only")
    if body.apple is not None:
        _check_apple(body.apple)
    elif body.client_secret is None:
        field = "apple" if provider == "apple" else "client_secret"
        raise ValidationFailed(field, "is required" + (" (or a client_secret JWT)" if provider == "apple" else ""))
    scopes = _check_scopes(provider, body.scopes)
    endpoints = await _check_endpoints(provider, body.endpoints, settings.webhook_allow_http)
    connection_id = new_id("con")
    values: dict[str, Any] = {
        "tenant_id": tenant_id,
        "id": connection_id,
        "provider": provider,
        "name": body.name or providers.BUILTIN[provider].name,
        "client_id": body.client_id,
        "client_secret_sealed": seal(box, tenant_id, connection_id, "client_secret", body.client_secret)
        if body.client_secret is not None
        else None,
        "scopes": scopes,
        "enabled": body.enabled,
        "endpoints": endpoints,
        "token_endpoint_auth_method": body.token_endpoint_auth_method or providers.BUILTIN[provider].auth_method,
        "field_mapping": msgspec.to_builtins(body.field_mapping) if body.field_mapping else {},
    }
    if body.apple is not None:
        values.update(
            apple_team_id=body.apple.team_id,
            apple_key_id=body.apple.key_id,
            apple_private_key_sealed=seal(box, tenant_id, connection_id, "apple_key", body.apple.private_key),
        )
    async with pool.acquire() as conn, conn.transaction():
        row = await store.insert_connection(conn, values)
        await audit.record(
            conn,
            tenant_id,
            "connection.created",
            "connection",
            connection_id,
            {
                "provider": provider,
                "name": row.name,
                "client_id": body.client_id,
                "enabled": body.enabled,
                "scopes": scopes,
            },
        )
    return present(row, settings.public_url)


async def list_connections(
    pool: asyncpg.Pool, settings: Settings, tenant_id: str, query: ListConnections
) -> Page[Connection]:
    return await paginate(
        query,
        lambda k: store.list_connections(pool, tenant_id, k, provider=query.provider, enabled=query.enabled),
        lambda r: present(r, settings.public_url),
    )


async def get(pool: asyncpg.Pool, settings: Settings, tenant_id: str, connection_id: str) -> Connection:
    row = await store.get_connection(pool, tenant_id, connection_id)
    if row is None:
        raise CONNECTION_NOT_FOUND()
    return present(row, settings.public_url)


async def update(
    pool: asyncpg.Pool,
    box: SecretBox,
    settings: Settings,
    tenant_id: str,
    connection_id: str,
    body: UpdateConnection,
    audit: AuditContext,
) -> Connection:
    current = await store.get_connection(pool, tenant_id, connection_id)
    if current is None:
        raise CONNECTION_NOT_FOUND()
    provider = current.provider
    changes: dict[str, Any] = {}
    for field in ("name", "client_id", "enabled", "token_endpoint_auth_method"):
        value = getattr(body, field)
        if value is not UNSET:
            changes[field] = value
    if body.scopes is not UNSET:
        changes["scopes"] = _check_scopes(provider, body.scopes)
    if body.endpoints is not UNSET:
        changes["endpoints"] = await _check_endpoints(provider, body.endpoints, settings.webhook_allow_http)
    if body.field_mapping is not UNSET:
        if provider != "oauth2":
            raise ValidationFailed("field_mapping", "applies to oauth2 connections only")
        changes["field_mapping"] = msgspec.to_builtins(body.field_mapping)
    if body.client_secret is not UNSET:
        changes["client_secret_sealed"] = seal(box, tenant_id, connection_id, "client_secret", body.client_secret)
    if body.apple is not UNSET:
        if provider != "apple":
            raise ValidationFailed("apple", "applies to apple connections only")
        _check_apple(body.apple)
        changes.update(
            apple_team_id=body.apple.team_id,
            apple_key_id=body.apple.key_id,
            apple_private_key_sealed=seal(box, tenant_id, connection_id, "apple_key", body.apple.private_key),
        )
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get_connection(conn, tenant_id, connection_id, for_update=True)
        if row is None:
            raise CONNECTION_NOT_FOUND()
        if changes:
            row = await store.update_connection(conn, tenant_id, connection_id, changes)
            fields = sorted(
                {k.replace("_sealed", "").replace("apple_private_key", "apple.private_key") for k in changes}
            )
            await audit.record(conn, tenant_id, "connection.updated", "connection", connection_id, {"fields": fields})
    return present(row, settings.public_url)


async def delete(pool: asyncpg.Pool, tenant_id: str, connection_id: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        row = await store.get_connection(conn, tenant_id, connection_id, for_update=True)
        if row is None:
            raise CONNECTION_NOT_FOUND()
        if await store.count_identities_of_connection(conn, tenant_id, connection_id):
            raise CONNECTION_IN_USE()
        await store.delete_connection(conn, tenant_id, connection_id)
        await audit.record(
            conn,
            tenant_id,
            "connection.deleted",
            "connection",
            connection_id,
            {"provider": row.provider, "name": row.name},
        )


async def public_list(pool: asyncpg.Pool, settings: Settings, tenant_id: str) -> PublicConnectionList:
    rows = await store.enabled_connections(pool, tenant_id)
    return PublicConnectionList(
        data=[
            PublicConnection(
                id=r.id,
                provider=cast(ProviderName, r.provider),
                name=r.name,
                start_url=start_url(settings.public_url, tenant_id, r.id),
            )
            for r in rows
        ]
    )


# -- identities ----------------------------------------------------------------------------------


async def list_identities(pool: asyncpg.Pool, tenant_id: str, user_id: str, query: ListIdentities) -> Page[Identity]:
    async def fetch(k: Keyset) -> tuple[list[IdentityRecord], int]:
        async with pool.acquire() as conn:
            if await users.get(conn, tenant_id, user_id) is None:
                raise USER_NOT_FOUND()
            return await store.list_identities(conn, tenant_id, user_id, k)

    return await paginate(query, fetch, present_identity)


async def disconnect(pool: asyncpg.Pool, tenant_id: str, user_id: str, identity_id: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        # The user row lock serialises disconnects (and password removals) of one user, so two
        # at once cannot both pass the "another way to sign in" check.
        if await users.get(conn, tenant_id, user_id, for_update=True) is None:
            raise USER_NOT_FOUND()
        identity = await store.get_identity(conn, tenant_id, user_id, identity_id, for_update=True)
        if identity is None:
            raise IDENTITY_NOT_FOUND()
        methods = await store.other_sign_in_methods(conn, tenant_id, user_id, identity_id)
        if not methods.has_password and not methods.others:
            raise LAST_SIGN_IN_METHOD()
        await store.delete_identity(conn, tenant_id, identity_id)
        now = datetime.now(UTC)
        await emit(
            conn,
            tenant_id,
            "oauth.disconnected",
            {
                "id": identity_id,
                "user_id": user_id,
                "provider": identity.provider,
                "connection_id": identity.connection_id,
                "disconnected_at": now,
            },
        )
        await audit.record(
            conn,
            tenant_id,
            "oauth.disconnected",
            "user",
            user_id,
            {"identity_id": identity_id, "provider": identity.provider, "connection_id": identity.connection_id},
        )


async def start_link(
    pool: asyncpg.Pool,
    settings: Settings,
    tenant: Tenant,
    user_id: str,
    session_id: str | None,
    body: StartLink,
    *,
    own_page: bool = False,
) -> LinkStarted:
    """A short-lived single-use ticket the browser carries to the start endpoint: a browser
    navigation cannot send the access token, and the token must not travel in a URL. The flow
    ends in the application, which completes the link with this same session
    (flow.complete_link), so the ticket is of no use in another browser. own_page: the caller
    (the hosted account page) built redirect_url from the service's own public URL, which need
    not be among the tenant's allowed_origins."""
    config = auth_config.load(tenant.auth_config)
    own = settings.public_url.rstrip("/") + f"/oauth/{tenant.id}/"
    redirect = (
        body.redirect_url
        if own_page and body.redirect_url.startswith(own)
        else check_redirect(body.redirect_url, config)
    )
    ticket = random_token(32)
    expires_at = datetime.now(UTC) + LINK_TICKET_TTL
    async with pool.acquire() as conn, conn.transaction():
        user = await users.get(conn, tenant.id, user_id)
        if user is None or not user.email_verified:
            raise auth_errors.EMAIL_NOT_VERIFIED(LINK_NEEDS_VERIFIED_EMAIL)
        # A stolen or long-lived session must not be enough to attach an account (a way in) to
        # the user: the sign-in behind it must be recent.
        signed_in_at = await store.session_signed_in_at(conn, tenant.id, user_id, session_id) if session_id else None
        if signed_in_at is None or datetime.now(UTC) - signed_in_at > RECENT_SIGN_IN:
            raise REAUTHENTICATION_REQUIRED(LINK_NEEDS_RECENT_SIGN_IN)
        row = await store.get_connection(conn, tenant.id, body.connection_id)
        if row is None:
            raise CONNECTION_NOT_FOUND()
        if not row.enabled:
            raise CONNECTION_DISABLED()
        await store.insert_ticket(
            conn,
            {
                "tenant_id": tenant.id,
                "token_hash": sha256_hex(ticket),
                "kind": "link",
                "user_id": user_id,
                "session_id": session_id,
                "connection_id": row.id,
                "redirect_url": redirect,
                "expires_at": expires_at,
            },
        )
    url = start_url(settings.public_url, tenant.id, row.id) + "?" + urlencode({"link_token": ticket})
    return LinkStarted(url=url, expires_at=expires_at)
