"""The token endpoint (RFC 6749 §3.2, §4.1.3, §4.4, §6; RFC 7636 §4.6) and client
authentication, shared with revocation and introspection.

Client authentication: web and machine clients send their secret with client_secret_basic or
client_secret_post (exactly one), or, when registered for private_key_jwt, a signed assertion
(identity/oauth/client_assertion.py) and no secret; spa and native clients are public and send
only client_id ("none"). A browser request (Origin header) must come from one of the client's
allowed_origins. Client rows come from the in-memory cache (identity/clients/cache.py).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote_plus

import msgspec
from aiohttp import web

from identity.clients.service import CONFIDENTIAL
from identity.clients.store import ClientRecord
from identity.clients.store import get as get_client
from identity.crypto import constant_time_equals, sha256_hex
from identity.http import bodies
from identity.http.validation import unstorable
from identity.oauth import client_assertion, issue, jwts, store
from identity.oauth.errors import OAuthError, invalid_client, invalid_grant, invalid_request
from identity.oauth.machine import oauth_runtime
from identity.sessions import store as sessions
from identity.sessions.runtime import AuthRuntime
from identity.state import CORS_ORIGIN, state
from identity.users import store as users

PRIVATE_KEY_JWT = "private_key_jwt"
_VERIFIER = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")
FORM_TYPE = bodies.FORM_TYPE


async def read_form(request: web.Request) -> dict[str, str]:
    """The form body, one value per parameter (RFC 6749 §3.2: repeated ones are an error)."""
    if not bodies.declared_as(request, FORM_TYPE):
        raise invalid_request(f"Send the parameters as {FORM_TYPE}.")
    try:
        pairs = await bodies.read_form_pairs(request)
    except (bodies.InvalidForm, bodies.UnsupportedMediaType):
        raise invalid_request("The body is not a valid form.") from None
    out: dict[str, str] = {}
    repeated: set[str] = set()
    for key, value in pairs:
        if key in out:
            repeated.add(key)
        else:
            out[key] = value
    for key, value in out.items():  # in the order the names first appear, as before
        if key in repeated:
            raise invalid_request(f"The parameter {key} must be sent once.")
        if len(value) > 4096:  # unstorable ones were refused by read_form_pairs
            raise invalid_request(f"The parameter {key} is not valid.")
    return out


def _basic(request: web.Request) -> tuple[str, str] | None:
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        # base64.b64decode(value.strip(), validate=True), without its Python wrapper (a str
        # that is not ASCII is a ValueError there too)
        decoded = binascii.a2b_base64(value.strip().encode("ascii"), strict_mode=True).decode()
        client_id, sep, secret = decoded.partition(":")
        if not sep:
            raise ValueError
        # RFC 6749 §2.3.1: both parts are form-urlencoded before Basic encoding.
        return _form_decoded(client_id), _form_decoded(secret)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise invalid_client("Malformed HTTP Basic credentials.", basic=True) from None


def _form_decoded(part: str) -> str:
    # unquote_plus() returns a part with neither "+" nor "%" as it is
    return unquote_plus(part) if "%" in part or "+" in part else part


async def authenticate_client(request: web.Request, pool: Any, tenant_id: str, form: dict[str, str]) -> ClientRecord:
    """The client row of an authenticated client, or OAuthError invalid_client."""
    basic = _basic(request)
    assertion = form.get("client_assertion")
    if assertion is not None or "client_assertion_type" in form:
        if basic is not None or "client_secret" in form:
            raise invalid_request("Use one client authentication method, not several.")
        return await _assertion_client(request, pool, tenant_id, form)
    if basic is not None and ("client_secret" in form or (form.get("client_id") not in (None, basic[0]))):
        raise invalid_request("Use one client authentication method, not several.")
    client_id, secret = basic if basic is not None else (form.get("client_id", ""), form.get("client_secret"))
    if not client_id:
        raise invalid_client("The client is not identified (client_id).", basic=basic is not None)
    client = await _client(request, pool, tenant_id, client_id)
    if client is None:
        raise invalid_client("Unknown client.", basic=basic is not None)
    if client.token_endpoint_auth_method == PRIVATE_KEY_JWT:
        raise invalid_client(
            "This client authenticates with a signed assertion (private_key_jwt).", basic=basic is not None
        )
    if client.type in CONFIDENTIAL:
        # Client secrets are 256-bit random: SHA-256 is the right hash, compared in constant time.
        if not secret or client.secret_hash is None or not constant_time_equals(sha256_hex(secret), client.secret_hash):
            raise invalid_client("The client secret is missing or wrong.", basic=basic is not None)
    elif secret:
        raise invalid_client("A public client has no secret; send client_id only.", basic=basic is not None)
    _check_origin(request, client)
    return client


async def _client(request: web.Request, pool: Any, tenant_id: str, client_id: str) -> ClientRecord | None:
    """The client's row, from memory when it was read lately (identity/clients/cache.py)."""
    if not client_id.startswith("cli_") or len(client_id) > 64 or unstorable(client_id):
        return None
    cache = oauth_runtime(request).clients
    client: ClientRecord | None = cache.get(tenant_id, ("client", client_id))
    if client is None:
        version = cache.version
        client = await get_client(pool, tenant_id, client_id)
        if client is not None:
            cache.put(tenant_id, ("client", client_id), client, version)
    return client


async def _assertion_client(request: web.Request, pool: Any, tenant_id: str, form: dict[str, str]) -> ClientRecord:
    """private_key_jwt (RFC 7523 §2.2)."""
    if form.get("client_assertion_type") != client_assertion.ASSERTION_TYPE:
        raise invalid_client(f"client_assertion_type must be {client_assertion.ASSERTION_TYPE}.")
    assertion = form.get("client_assertion")
    if not assertion:
        raise invalid_client("client_assertion is missing.")
    client_id = client_assertion.claimed_client_id(assertion)
    if form.get("client_id") not in (None, client_id):
        raise invalid_client("client_id does not match the client assertion.")
    client = await _client(request, pool, tenant_id, client_id)
    if client is None:
        raise invalid_client("Unknown client.")
    if client.token_endpoint_auth_method != PRIVATE_KEY_JWT:
        raise invalid_client("This client is not registered for private_key_jwt.")
    iss = jwts.issuer(state(request).settings.public_url, tenant_id)
    endpoint = f"{iss}/{request.path.rstrip('/').rsplit('/', 1)[-1]}"
    await client_assertion.verify(pool, tenant_id, client, assertion, {iss, f"{iss}/token", endpoint})
    _check_origin(request, client)
    return client


def _check_origin(request: web.Request, client: ClientRecord) -> None:
    origin = request.headers.get("Origin")
    if not origin:
        return
    if origin.rstrip("/") not in set(client.allowed_origins):
        raise OAuthError("invalid_client", "This origin is not in the client's allowed_origins.", 401)
    request[CORS_ORIGIN] = origin


def s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode("ascii")).digest()).decode().rstrip("=")


def _requested_scopes(form: dict[str, str], allowed: list[str]) -> list[str]:
    text = form.get("scope", "").strip()
    if not text:
        return list(allowed)
    requested = list(dict.fromkeys(text.split()))
    extra = [s for s in requested if s not in allowed]
    if extra:
        raise OAuthError("invalid_scope", f"Scope not allowed: {' '.join(extra)}.")
    return requested


async def token(request: web.Request, pool: Any, rt: AuthRuntime, tenant: Any, iss: str) -> dict[str, Any]:
    form = await read_form(request)
    client = await authenticate_client(request, pool, tenant.id, form)
    grant_type = form.get("grant_type")
    if not grant_type:
        raise invalid_request("grant_type is required.")
    if grant_type not in ("authorization_code", "refresh_token", "client_credentials"):
        raise OAuthError("unsupported_grant_type", f"Unsupported grant_type {grant_type!r}.")
    if grant_type not in client.grant_types:
        raise OAuthError("unauthorized_client", f"This client may not use the {grant_type} grant.")
    if grant_type == "authorization_code":
        return await _code(pool, rt, tenant, iss, client, form)
    if grant_type == "refresh_token":
        return await _refresh(pool, rt, tenant, iss, client, form)
    scopes = _requested_scopes(form, client.scopes)
    return await issue.machine_grant(
        pool, oauth_runtime(request), rt, tenant=tenant, iss=iss, client=client, scopes=scopes
    )


async def _code(pool: Any, rt: AuthRuntime, tenant: Any, iss: str, client: Any, form: dict[str, str]) -> dict[str, Any]:
    code = form.get("code")
    if not code:
        raise invalid_request("code is required.")
    if "redirect_uri" not in form:
        raise invalid_request("redirect_uri is required.")
    verifier = form.get("code_verifier")
    code_hash = sha256_hex(code)
    failure: OAuthError | None = None
    async with pool.acquire() as conn, conn.transaction():
        row = await store.spend_code(conn, tenant.id, code_hash)
        if row is None:
            raise invalid_grant("The code is not valid.")
        if row.used_at is not None:
            # RFC 9700 §4.1.1 / RFC 6749 §4.1.2: a code used twice revokes what it gave.
            await store.revoke_grants_of_code(conn, tenant.id, code_hash)
            failure = invalid_grant("The code was already used; the tokens issued from it are revoked.")
        elif row.expired:
            failure = invalid_grant("The code has expired.")
        elif row.client_id != client.id:
            failure = invalid_grant("The code was issued to another client.")
        elif row.redirect_uri != form["redirect_uri"]:
            failure = invalid_grant("redirect_uri does not match the authorization request.")
        elif row.code_challenge is not None:
            if not verifier or not _VERIFIER.match(verifier):
                failure = invalid_grant("code_verifier is missing or malformed.")
            elif not constant_time_equals(s256(verifier), row.code_challenge):
                failure = invalid_grant("code_verifier does not match the code_challenge.")
        elif verifier is not None:
            failure = invalid_grant("code_verifier sent but the authorization request had no code_challenge.")
        if failure is None:
            # A refresh token belongs to a user grant (session_alive needs its session).
            user = await users.get(conn, tenant.id, row.user_id) if row.user_id is not None else None
            session = await sessions.live_expiry(conn, tenant.id, row.session_id)
            if user is None or user.status != "active" or session is None:
                failure = invalid_grant("The user's session has ended.")
            else:
                return await issue.user_grant(
                    conn,
                    rt,
                    tenant=tenant,
                    iss=iss,
                    client=client,
                    user=user,
                    session=session,
                    scopes=list(row.scopes),
                    auth_time=row.auth_time,
                    nonce=row.nonce,
                    code_hash=code_hash,
                )
    # Raised after the commit: the code stays spent (and a reuse's revocation stays done).
    raise failure


async def _refresh(
    pool: Any, rt: AuthRuntime, tenant: Any, iss: str, client: Any, form: dict[str, str]
) -> dict[str, Any]:
    presented = form.get("refresh_token")
    if not presented:
        raise invalid_request("refresh_token is required.")
    failure: OAuthError | None = None
    async with pool.acquire() as conn, conn.transaction():
        row = await store.lock_refresh(conn, tenant.id, sha256_hex(presented))
        if row is None or row.client_id != client.id:
            raise invalid_grant("The refresh token is not valid.")
        if row.rotated_at is not None:
            # Reuse of a rotated token (RFC 9700 §4.14.2): the whole grant is revoked.
            await store.revoke_grant(conn, tenant.id, row.id, "refresh_token_reused")
            failure = invalid_grant("The refresh token was already used; the grant is revoked.")
        elif row.revoked_at is not None or row.expires_at <= datetime.now(UTC) or not row.session_alive:
            failure = invalid_grant("The grant has ended.")
        else:
            scopes = list(row.scopes)
            narrowed = _requested_scopes(form, scopes)
            # A refresh token belongs to a user grant (session_alive needs its session).
            user = await users.get(conn, tenant.id, row.user_id) if row.user_id is not None else None
            if user is None or user.status != "active":
                failure = invalid_grant("The user can no longer sign in.")
            else:
                new = issue.new_refresh_token()
                await store.rotate_refresh(conn, tenant.id, row.token_hash, sha256_hex(new), row.id)
                grant = msgspec.structs.replace(row, scopes=narrowed)
                return issue.respond(
                    rt,
                    tenant=tenant,
                    iss=iss,
                    client=client,
                    user=user,
                    grant=grant,
                    refresh=new,
                    nonce=None,
                    now=datetime.now(UTC),
                )
    raise failure
