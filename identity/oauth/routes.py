"""The provider's endpoints under /oauth/{tenant_id} (no X-Tenant-ID: the tenant is in the path).

Declared on the Router (so /openapi.json describes them) without a credential kind: each
handler authenticates the OAuth way (client authentication, bearer access token, cookie) and
answers OAuth errors (RFC 6749 §5.2, RFC 6750 §3), not the platform's error envelope.
"""

from __future__ import annotations

from typing import Any

import msgspec
from aiohttp import web

from identity.clients.cache import forget_everywhere
from identity.clients.store import ClientRecord
from identity.clients.store import get as get_client
from identity.crypto import sha256_hex
from identity.http import pages
from identity.http.bodies import read_form
from identity.http.routing import Ctx, HandlerResult, Router
from identity.http.validation import unstorable
from identity.oauth import authorize as flow
from identity.oauth import client_assertion, jwts, machine_store, store
from identity.oauth import token as token_endpoint
from identity.oauth.errors import NO_STORE, OAuthError, bearer_error
from identity.oauth.issue import claims_for_user
from identity.oauth.machine import is_machine_grant
from identity.oauth.params import OIDC_SCOPES, with_params
from identity.oauth.records import GrantStateRecord
from identity.oauth.schemas import (
    ConsentForm,
    Discovery,
    EndSessionForm,
    Introspection,
    OAuthErrorBody,
    SignInForm,
    TokenForm,
    TokenHintForm,
    TokenResponse,
    UserInfo,
)
from identity.sessions import service as sessions
from identity.sessions.jwks import CACHE_SECONDS, Jwks, jwks_response
from identity.sessions.runtime import runtime
from identity.sessions.signing import ID_TOKEN_ALGORITHMS, Claims
from identity.state import CORS_ORIGIN

router = Router()
_common: dict[str, Any] = {"tenant": False, "idempotent": False, "tag": "OAuth 2.0 / OpenID Connect"}
#: The hosted pages answer a page, a 302 to the client (with a code or an error), or an error
#: page (400, which /openapi.json lists for every page).
_html: dict[str, Any] = {**_common, "content_type": "text/html", "extra": {"responses": {302: None}}}
#: What the JSON endpoints answer in RFC 6749's error shape (identity/oauth/errors.py).
_oauth_errors = {"extra": {"responses": {400: OAuthErrorBody, 401: OAuthErrorBody}}}
BASE = "/oauth/{tenant_id}"
CLAIMS = [
    "sub",
    "iss",
    "aud",
    "exp",
    "iat",
    "auth_time",
    "nonce",
    "at_hash",
    "azp",
    "sid",
    "email",
    "email_verified",
    "name",
    "preferred_username",
    "picture",
    "updated_at",
]
AUTH_METHODS = ["client_secret_basic", "client_secret_post", "private_key_jwt", "none"]
_encoder = msgspec.json.Encoder()


def _json(body: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(body=_encoder.encode(body), status=status, content_type="application/json", headers=headers)


async def _tenant(ctx: Ctx) -> Any:
    return await flow.load_tenant(ctx.request, ctx.param("tenant_id"))


def _issuer(ctx: Ctx, tenant_id: str) -> str:
    return jwts.issuer(ctx.settings.public_url, tenant_id)


#: OpenID Provider metadata (OIDC Discovery §3): more members than schemas.Discovery declares
#: for /openapi.json, every one a string, a list of strings or a flag.
ProviderMetadata = dict[str, str | list[str] | bool]


def discovery_document(iss: str) -> ProviderMetadata:
    return {
        "issuer": iss,
        "authorization_endpoint": f"{iss}/authorize",
        "token_endpoint": f"{iss}/token",
        "userinfo_endpoint": f"{iss}/userinfo",
        "jwks_uri": f"{iss}/.well-known/jwks.json",
        "revocation_endpoint": f"{iss}/revoke",
        "introspection_endpoint": f"{iss}/introspect",
        "end_session_endpoint": f"{iss}/logout",
        "scopes_supported": list(OIDC_SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": list(ID_TOKEN_ALGORITHMS),
        "token_endpoint_auth_methods_supported": AUTH_METHODS,
        "token_endpoint_auth_signing_alg_values_supported": list(client_assertion.ALGORITHMS),
        "revocation_endpoint_auth_methods_supported": AUTH_METHODS,
        "revocation_endpoint_auth_signing_alg_values_supported": list(client_assertion.ALGORITHMS),
        "introspection_endpoint_auth_methods_supported": AUTH_METHODS,
        "introspection_endpoint_auth_signing_alg_values_supported": list(client_assertion.ALGORITHMS),
        "code_challenge_methods_supported": ["S256"],
        "prompt_values_supported": ["none", "login", "consent", "select_account", "create"],
        "claims_supported": CLAIMS,
        "claims_parameter_supported": False,
        "request_parameter_supported": False,
        "request_uri_parameter_supported": False,
        "require_request_uri_registration": False,
        "authorization_response_iss_parameter_supported": True,
        "frontchannel_logout_supported": False,
        "backchannel_logout_supported": False,
    }


@router.get(
    BASE + "/.well-known/openid-configuration",
    response=Discovery,
    summary="OpenID Provider metadata of the tenant (issuer {IDENTITY_PUBLIC_URL}/oauth/{tenant_id})",
    **_common,
)
async def discovery(ctx: Ctx) -> HandlerResult:
    """The tenant's OpenID Provider metadata (OpenID Connect Discovery): issuer
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}`, endpoint URLs, supported scopes, grants, response types,
    PKCE method (S256) and ID token algorithms. Public: no credential; cacheable for 5 minutes. 404 for
    an unknown tenant. Changes nothing."""
    tenant = await _tenant(ctx)
    return _json(
        discovery_document(_issuer(ctx, tenant.id)), headers={"Cache-Control": f"public, max-age={CACHE_SECONDS}"}
    )


@router.get(
    BASE + "/.well-known/jwks.json",
    response=Jwks,
    summary="The tenant's JWK set (the service's ES256 signing keys)",
    **_common,
)
async def jwks(ctx: Ctx) -> HandlerResult:
    """The public keys (JWK set) that verify this tenant's ID tokens and OAuth access tokens, the same set
    as `/.well-known/jwks.json`. Public: no credential; cacheable for 5 minutes, fetch again on an
    unknown `kid`. 404 for an unknown tenant. Changes nothing."""
    await _tenant(ctx)
    return await jwks_response(ctx)


_AUTHORIZE_DOC = (
    "Authorization endpoint (RFC 6749 §4.1, OIDC Core §3.1.2). Query (GET) or form (POST): "
    "response_type=code, client_id, redirect_uri (exactly as registered), scope, state, nonce, "
    "code_challenge + code_challenge_method=S256 (required for spa and native clients), prompt "
    "(none, login, consent), max_age, login_hint. Answers the hosted sign-in page, the consent "
    "page, or a 302 to the redirect URI with code, state and iss (or error, error_description, "
    "state, iss). Errors before the redirect URI is validated are shown on an error page."
)


@router.get(BASE + "/authorize", summary=_AUTHORIZE_DOC, **_html)
async def authorize_get(ctx: Ctx) -> HandlerResult:
    """The OAuth 2.0 / OpenID Connect authorization endpoint, opened in the user's browser by a registered
    client (no API credential). Checks the request (client, `redirect_uri` exactly as registered,
    scopes, PKCE S256 required for spa and native clients); errors found before the redirect URI is
    trusted are shown on an HTML page, later ones go back to it as `error`. With a live provider session
    cookie (and no `prompt=login` or exceeded `max_age`) it continues at once, else it shows the hosted
    sign-in page. A third-party client not yet consented to gets the consent page. The result is a 302
    to the redirect URI with a single-use `code` (valid 60 seconds, stored as a hash), `state` and
    `iss`."""
    return await flow.authorize(ctx.request, ctx.param("tenant_id"))


@router.post(BASE + "/authorize", form=SignInForm, summary=_AUTHORIZE_DOC, **_html)
async def authorize_post(ctx: Ctx) -> HandlerResult:
    """The authorization endpoint with its parameters sent as a form post instead of a query string; it
    behaves exactly like `GET /oauth/{tenant_id}/authorize`: the hosted sign-in or consent page, or a
    302 to the registered redirect URI with a single-use `code`, `state` and `iss` (or an `error`). No
    API credential."""
    return await flow.authorize(ctx.request, ctx.param("tenant_id"))


@router.post(
    BASE + "/authorize/consent",
    form=ConsentForm,
    summary="The hosted consent form of a third-party client (decision=allow|deny)",
    **_html,
)
async def authorize_consent(ctx: Ctx) -> HandlerResult:
    """Receives the consent page's answer for a third-party client. `decision=allow` remembers the scopes
    granted to that client for the user, so that the page is not shown again for them, and continues to
    the code; anything else sends the browser to the redirect URI with `error=access_denied`. Needs the
    provider session cookie and the CSRF token, no API credential."""
    return await flow.consent(ctx.request, ctx.param("tenant_id"))


@router.post(
    BASE + "/token",
    form=TokenForm,
    response=TokenResponse,
    summary="Token endpoint: authorization_code (+PKCE), refresh_token (rotated), client_credentials",
    **_common,
    **_oauth_errors,
)
async def token(ctx: Ctx) -> HandlerResult:
    """The token endpoint for registered OAuth clients. No API credential: a client authenticates with its
    secret (HTTP Basic or form) or, when public, with `client_id` and PKCE. `authorization_code`: spends
    the code (a second use revokes what it gave) and answers access, refresh and ID tokens.
    `refresh_token`: rotates the refresh token; presenting a rotated one revokes the whole grant.
    `client_credentials` (machine clients): an access token without a user. Errors follow RFC 6749
    (`invalid_grant`, `invalid_client`...), not the platform envelope. Rate limit: 300 per minute per
    address."""
    tenant = await _tenant(ctx)
    try:
        body = await token_endpoint.token(ctx.request, ctx.pool, runtime(ctx.app), tenant, _issuer(ctx, tenant.id))
    except OAuthError as exc:
        return exc.response()
    return _json(body, headers=NO_STORE)


async def _access_claims(ctx: Ctx, tenant_id: str, token: str) -> Claims | None:
    rt = runtime(ctx.app)
    try:
        claims = await jwts.verify(rt.keys, ctx.pool, token, _issuer(ctx, tenant_id))
    except jwts.BadToken:
        return None
    # The issuer names the tenant already; tid and aud (the client the grant was made for)
    # must agree with it, whoever minted the token.
    if (
        claims.get("tid") != tenant_id
        or not isinstance(claims.get("gid"), str)
        or not isinstance(claims.get("client_id"), str)
        or claims.get("aud") != claims["client_id"]
    ):
        return None
    return claims


async def _userinfo(ctx: Ctx) -> web.Response:
    tenant = await _tenant(ctx)
    scheme, _, token = ctx.request.headers.get("Authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return bearer_error("Send the access token as 'Authorization: Bearer <token>'.", "invalid_request")
    claims = await _access_claims(ctx, tenant.id, token)
    if claims is None:
        return bearer_error("The access token is not valid or has expired.")
    client = await get_client(ctx.pool, tenant.id, claims["client_id"])
    origin = ctx.request.headers.get("Origin")
    if origin:
        if client is None or origin.rstrip("/") not in set(client.allowed_origins):
            return OAuthError("access_denied", "This origin is not in the client's allowed_origins.", 403).response()
        ctx.request[CORS_ORIGIN] = origin
    if is_machine_grant(claims["gid"]):
        return bearer_error("A machine token has no user; userinfo needs a user's token.")
    scopes = str(claims.get("scope", "")).split()
    if "openid" not in scopes:
        return bearer_error("The token lacks the openid scope.", "insufficient_scope", 403)
    user = await store.userinfo(ctx.pool, tenant.id, claims["gid"], claims["sub"])
    if user is None or user.status != "active":
        return bearer_error("The access token has been revoked or its session has ended.")
    return _json({"sub": user.id, **claims_for_user(user, scopes)}, headers=NO_STORE)


@router.get(
    BASE + "/userinfo",
    response=UserInfo,
    summary="OIDC UserInfo (Bearer access token)",
    **_common,
    extra={"responses": {401: OAuthErrorBody, 403: OAuthErrorBody}},
)
async def userinfo_get(ctx: Ctx) -> HandlerResult:
    """OpenID Connect UserInfo: the claims of the user an OAuth access token was issued for, limited to the
    token's scopes (`email`, `profile`). Called with the **OAuth access token** as `Authorization:
    Bearer` (no API credential); it needs the `openid` scope (403 `insufficient_scope`), and a revoked
    grant, ended session or inactive user answers 401 with `WWW-Authenticate`. A browser origin must be
    one of the client's allowed origins. Changes nothing."""
    return await _userinfo(ctx)


@router.post(
    BASE + "/userinfo",
    response=UserInfo,
    summary="OIDC UserInfo (Bearer access token)",
    **_common,
    extra={"responses": {401: OAuthErrorBody, 403: OAuthErrorBody}},
)
async def userinfo_post(ctx: Ctx) -> HandlerResult:
    """OpenID Connect UserInfo sent as POST: the same answer and rules as `GET /oauth/{tenant_id}/userinfo`
    (no API credential: the **OAuth access token** as `Authorization: Bearer`, the `openid` scope
    required, claims limited to the token's scopes). Changes nothing."""
    return await _userinfo(ctx)


async def _find(ctx: Ctx, tenant_id: str, token: str) -> tuple[str, GrantStateRecord, Claims | None] | None:
    """('access', grant, claims) or ('refresh', grant, None) for a token of this tenant, else None."""
    if token.count(".") == 2:
        claims = await _access_claims(ctx, tenant_id, token)
        if claims is None:
            return None
        if is_machine_grant(claims["gid"]):
            grant = await machine_store.grant_state(ctx.pool, tenant_id, claims["gid"])
        else:
            grant = await store.grant_state(ctx.pool, tenant_id, claims["gid"])
        return ("access", grant, claims) if grant is not None else None
    row = await store.refresh_token_grant(ctx.pool, tenant_id, sha256_hex(token))
    if row is None:
        return None
    grant = await store.grant_state(ctx.pool, tenant_id, row.grant_id)
    if grant is None:
        return None
    if row.rotated_at is not None:
        return ("refresh", msgspec.structs.replace(grant, alive=False), None)
    return ("refresh", grant, None)


async def _client_and_token(
    ctx: Ctx, tenant_id: str
) -> tuple[ClientRecord, tuple[str, GrantStateRecord, Claims | None] | None]:
    """Revocation and introspection: the authenticated client and what the `token` it asks about
    is (_find)."""
    form = await token_endpoint.read_form(ctx.request)
    client: ClientRecord = await token_endpoint.authenticate_client(ctx.request, ctx.pool, tenant_id, form)
    if not form.get("token"):
        raise OAuthError("invalid_request", "token is required.")
    return client, await _find(ctx, tenant_id, form["token"])


@router.post(
    BASE + "/revoke",
    form=TokenHintForm,
    summary="Token revocation (RFC 7009): revokes the grant of an access or refresh token; always 200",
    **_common,
    **_oauth_errors,
)
async def revoke(ctx: Ctx) -> HandlerResult:
    """Token revocation (RFC 7009) for registered OAuth clients, which authenticate as at the token
    endpoint (no API credential). Revokes the whole grant behind an access or refresh token of the
    calling client, so every token of that grant stops working. Always answers 200, also for an unknown
    token or one of another client (which is left alone). Rate limit: 300 per minute per address."""
    tenant = await _tenant(ctx)
    try:
        client, found = await _client_and_token(ctx, tenant.id)
    except OAuthError as exc:
        return exc.response()
    # A token of another client is left alone, and the answer is the same 200 (RFC 7009 §2.2).
    if found is not None and found[1].client_id == client.id:
        async with ctx.pool.acquire() as conn:
            if is_machine_grant(found[1].id):
                # Every process stops issuing under it (the trigger's NOTIFY; this one at once).
                await machine_store.revoke_grant(conn, tenant.id, found[1].id, "access_token_revoked")
                forget_everywhere(conn, tenant.id)
            else:
                await store.revoke_grant(conn, tenant.id, found[1].id, f"{found[0]}_token_revoked")
    return web.Response(status=200, headers=NO_STORE)


@router.post(
    BASE + "/introspect",
    form=TokenHintForm,
    response=Introspection,
    summary="Token introspection (RFC 7662); web and machine clients see any token of the tenant, "
    "public clients only their own",
    **_common,
    **_oauth_errors,
)
async def introspect(ctx: Ctx) -> HandlerResult:
    """Token introspection (RFC 7662) for registered OAuth clients, which authenticate as at the token
    endpoint (no API credential). Answers `active: true` with scope, client, subject and expiry for a
    live access or refresh token, else `active: false`. Web and machine clients may ask about any token
    of the tenant, public clients only about their own. Changes nothing. Rate limit: 300 per minute per
    address."""
    tenant = await _tenant(ctx)
    try:
        client, found = await _client_and_token(ctx, tenant.id)
    except OAuthError as exc:
        return exc.response()
    if found is None or not found[1].alive:
        return _json({"active": False}, headers=NO_STORE)
    kind, grant, claims = found
    if client.type not in ("web", "machine") and grant.client_id != client.id:
        return _json({"active": False}, headers=NO_STORE)
    iss = _issuer(ctx, tenant.id)
    if kind == "access":
        assert claims is not None
        body = {
            "active": True,
            "scope": claims.get("scope", ""),
            "client_id": claims.get("client_id"),
            "sub": claims["sub"],
            "aud": claims.get("aud"),
            "iss": iss,
            "exp": claims["exp"],
            "iat": claims["iat"],
            "jti": claims.get("jti"),
            "token_type": "Bearer",
        }
    else:
        body = {
            "active": True,
            "scope": " ".join(grant.scopes),
            "client_id": grant.client_id,
            "sub": grant.user_id,
            "aud": grant.client_id,
            "iss": iss,
            "exp": int(grant.expires_at.timestamp()),
            "iat": int(grant.created_at.timestamp()),
            "token_type": "refresh_token",
        }
    return _json(body, headers=NO_STORE)


# -- end of session (OpenID Connect RP-Initiated Logout 1.0) ------------------------------------


async def _end_session(ctx: Ctx) -> web.Response:
    tenant = await _tenant(ctx)
    page = flow.Flow(ctx.request, tenant)
    is_post = ctx.request.method == "POST"
    params: Any = await read_form(ctx.request) if is_post else ctx.request.query

    def get(name: str) -> str | None:
        return params.get(name) if isinstance(params.get(name), str) else None

    hint_claims = None
    hint = get("id_token_hint")
    if hint:
        try:
            # An ID token of this tenant's issuer (never an access token), in either algorithm;
            # an expired hint still names the user.
            hint_claims = await jwts.verify(
                runtime(ctx.app).keys,
                ctx.pool,
                hint,
                page.iss,
                typ=jwts.ID_TYP,
                algorithms=ID_TOKEN_ALGORITHMS,
                verify_exp=False,
            )
        except jwts.BadToken:
            return await page.error_page("oauth_error.logout_bad_hint")
    client_id = get("client_id") or (hint_claims or {}).get("aud")
    if hint_claims is not None and get("client_id") and get("client_id") != hint_claims.get("aud"):
        return await page.error_page("oauth_error.logout_client_mismatch")
    target = get("post_logout_redirect_uri")
    client = None
    if (
        isinstance(client_id, str)
        and client_id.startswith("cli_")
        and len(client_id) <= 64
        and not unstorable(client_id)
    ):
        client = await get_client(ctx.pool, tenant.id, client_id)
    if target is not None and (client is None or target not in client.post_logout_redirect_uris):
        # Never redirect to an address the client did not register (no open redirect).
        return await page.error_page("oauth_error.logout_unregistered_uri")
    cookie = ctx.request.cookies.get(pages.SESSION_COOKIE, "")
    browser = None
    if cookie and cookie.isalnum() and len(cookie) <= 100:
        browser = await store.browser_session(ctx.pool, tenant.id, sha256_hex(cookie))
    # Without a hint naming the signed-in user, a cross-site link could sign users out:
    # ask them first (a form with the CSRF token).
    confirmed = hint_claims is not None and (browser is None or hint_claims.get("sub") == browser["user_id"])
    if browser is not None and not confirmed:
        if not (is_post and pages.csrf_ok(ctx.request, params, ctx.settings.public_url)):
            hidden = {k: get(k) for k in ("id_token_hint", "post_logout_redirect_uri", "state", "client_id") if get(k)}
            return await page.page("logout.html", hidden=hidden, action=f"/oauth/{tenant.id}/logout")
    if browser is not None:
        async with ctx.pool.acquire() as conn, conn.transaction():
            await store.delete_browser_session(conn, tenant.id, sha256_hex(cookie))
            await sessions.revoke_session(conn, tenant.id, browser["session_id"], "signed_out")
    if target is not None:
        response = pages.redirect(with_params(target, {"state": get("state")}))
    else:
        response = await page.page("signed_out.html")
    pages.clear_session_cookie(response, tenant.id, ctx.settings.public_url)
    return response


@router.get(
    BASE + "/logout",
    summary="End session (OIDC RP-Initiated Logout): id_token_hint, "
    "post_logout_redirect_uri (as registered), state, client_id",
    **_html,
)
async def end_session_get(ctx: Ctx) -> HandlerResult:
    """OpenID Connect RP-Initiated Logout, opened in the browser: ends the provider session of this browser
    (its cookie and the session behind it, `session.revoked` with reason `signed_out`). `id_token_hint`
    names the user; without a hint naming the signed-in user a confirmation page is shown first, so that
    a link cannot sign users out. `post_logout_redirect_uri` must be registered for the client, else an
    error page (never an open redirect); the browser is sent there with `state`, or shown a signed-out
    page. No API credential."""
    return await _end_session(ctx)


@router.post(BASE + "/logout", form=EndSessionForm, summary="End session (form post or confirmation)", **_html)
async def end_session_post(ctx: Ctx) -> HandlerResult:
    """The end-session endpoint as a form post, including the answer to its confirmation page (with the
    CSRF token): ends the provider session of this browser (`session.revoked`, reason `signed_out`) and
    sends the browser to the registered `post_logout_redirect_uri` with `state`, or shows a signed-out
    page. No API credential."""
    return await _end_session(ctx)
