"""The provider side of a connection: built-in providers' endpoints, OIDC discovery and JWKS
(fetched and cached), the authorization URL, the code exchange, ID token validation and the
profile (userinfo, GitHub's /user and /user/emails, generic field mapping).

Every outbound call goes through `fetch`, a request of the one outbound path (identity/outbound:
no private addresses, https only, unless IDENTITY_WEBHOOK_ALLOW_HTTP; resolved once and pinned;
explicit timeouts, no redirects followed, a bounded body). Nothing here touches the database:
callers never hold a transaction across it.
"""

from __future__ import annotations

import asyncio
import base64
import time
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import jwt
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import load_pem_private_key

from identity import jsontext, tracing
from identity.connections.records import ConnectionRecord, Profile
from identity.outbound import http as outbound
from identity.outbound.addresses import AddressRefused

TIMEOUT_SECONDS = 10.0
MAX_BODY = 1024 * 1024
DISCOVERY_TTL = 3600.0
JWKS_TTL = 3600.0
#: A token naming an unknown kid makes the JWKS be fetched again, at most this often.
JWKS_REFETCH_SECONDS = 30.0
CLOCK_SKEW = 60
#: ID token algorithms accepted: asymmetric only (never "none" or an HMAC keyed by anything a
#: provider publishes).
ASYMMETRIC_ALGS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"]
APPLE_AUDIENCE = "https://appleid.apple.com"
USER_AGENT = "identity-service (connections)"


class FlowError(Exception):
    """Something the callback answers as `error` + `error_description` on the redirect."""

    def __init__(self, code: str, description: str) -> None:
        super().__init__(description)
        self.code = code
        self.description = description


@dataclass(frozen=True)
class Builtin:
    name: str
    scopes: tuple[str, ...]
    auth_method: str
    discovery_url: str | None = None
    authorization_url: str | None = None
    token_url: str | None = None
    userinfo_url: str | None = None
    emails_url: str | None = None


BUILTIN: dict[str, Builtin] = {
    "google": Builtin(
        "Google",
        ("openid", "email", "profile"),
        "client_secret_basic",
        discovery_url="https://accounts.google.com/.well-known/openid-configuration",
    ),
    # "common" accepts work, school and personal accounts; point discovery_url at
    # login.microsoftonline.com/<tenant>/v2.0/... to accept one directory only.
    "microsoft": Builtin(
        "Microsoft",
        ("openid", "email", "profile"),
        "client_secret_post",
        discovery_url="https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration",
    ),
    "apple": Builtin(
        "Apple",
        ("openid", "email", "name"),
        "client_secret_post",
        discovery_url="https://appleid.apple.com/.well-known/openid-configuration",
    ),
    "github": Builtin(
        "GitHub",
        ("read:user", "user:email"),
        "client_secret_post",
        authorization_url="https://github.com/login/oauth/authorize",
        token_url="https://github.com/login/oauth/access_token",
        userinfo_url="https://api.github.com/user",
        emails_url="https://api.github.com/user/emails",
    ),
    "oidc": Builtin("OpenID Connect", ("openid", "email", "profile"), "client_secret_basic"),
    "oauth2": Builtin("OAuth 2.0", (), "client_secret_basic"),
}
OIDC_PROVIDERS = frozenset({"google", "microsoft", "apple", "oidc"})
DEFAULT_MAPPING = {
    "id": "sub",
    "email": "email",
    "email_verified": "email_verified",
    "name": "name",
    "picture": "picture",
}


@dataclass
class Endpoints:
    """A connection's effective endpoints (overrides, else discovery, else built-in)."""

    authorization_url: str
    token_url: str
    userinfo_url: str | None = None
    jwks_url: str | None = None
    emails_url: str | None = None
    issuer: str | None = None
    #: RFC 9207: the provider sends `iss` on the authorization response; then it must be there.
    iss_parameter: bool = False
    id_token_algs: list[str] = field(default_factory=lambda: list(ASYMMETRIC_ALGS))


T = TypeVar("T")

#: A provider's JSON object (discovery document, token answer, ID token claims): its members
#: differ by provider and are read by key, each checked where it is read.
ProviderJson = dict[str, Any]


@dataclass
class _Cached(Generic[T]):
    value: T
    fetched_at: float


class ProviderCache:
    """Discovery documents and JWK sets per URL, for the app's lifetime (app[PROVIDERS])."""

    def __init__(self) -> None:
        self.discovery: dict[str, _Cached[ProviderJson]] = {}
        self.jwks: dict[str, _Cached[jwt.PyJWKSet]] = {}
        self.locks: dict[str, asyncio.Lock] = {}

    def lock(self, url: str) -> asyncio.Lock:
        # One fetch per URL at a time: a burst of sign-ins does not fetch a cold JWKS N times.
        return self.locks.setdefault(url, asyncio.Lock())


PROVIDERS: web.AppKey[ProviderCache] = web.AppKey("connections_providers", ProviderCache)


# -- HTTP ----------------------------------------------------------------------------------------


def check_url(url: str, allow_http: bool) -> None:
    """The static address policy (raises AddressRefused with a caller-facing text)."""
    outbound.check_url(url, allow_http)


async def fetch(
    method: str,
    url: str,
    *,
    allow_http: bool,
    headers: dict[str, str] | None = None,
    data: dict[str, str] | None = None,
    what: str,
) -> tuple[int, bytes, str]:
    """One outbound call: (status, body, content type). Raises FlowError('provider_unavailable')
    for refused addresses, network errors, timeouts and oversized answers."""
    hdrs = {"User-Agent": USER_AGENT, **(headers or {})}
    try:
        # No traceparent goes out: the provider is a third party, not part of this trace.
        with tracing.span(
            f"provider {what}",
            kind="client",
            attributes={"http.request.method": method, "url.full": url.split("?", 1)[0]},
        ):
            answer = await outbound.request(
                method, url, allow_http=allow_http, timeout=TIMEOUT_SECONDS, max_body=MAX_BODY, headers=hdrs, data=data
            )
    except AddressRefused as exc:
        raise FlowError("provider_unavailable", f"The provider's {what} address is refused: {exc}.") from None
    except outbound.OutboundError as exc:
        raise FlowError("provider_unavailable", f"The provider's {what} endpoint could not be used ({exc}).") from None
    return answer.status, answer.body, answer.content_type


def _json_object(body: bytes, what: str) -> ProviderJson:
    try:
        value = jsontext.loads(body)
    except ValueError:
        raise FlowError("provider_error", f"The provider's {what} answer is not JSON.") from None
    if not isinstance(value, dict):
        raise FlowError("provider_error", f"The provider's {what} answer is not a JSON object.")
    return value


# -- endpoints -----------------------------------------------------------------------------------


async def _discovery(cache: ProviderCache, url: str, allow_http: bool) -> ProviderJson:
    hit = cache.discovery.get(url)
    if hit is not None and time.monotonic() - hit.fetched_at < DISCOVERY_TTL:
        return hit.value
    async with cache.lock(url):
        hit = cache.discovery.get(url)
        if hit is not None and time.monotonic() - hit.fetched_at < DISCOVERY_TTL:
            return hit.value
        status, body, _ = await fetch(
            "GET", url, allow_http=allow_http, what="discovery", headers={"Accept": "application/json"}
        )
        if status != 200:
            raise FlowError("provider_unavailable", f"The provider's discovery document answered HTTP {status}.")
        doc = _json_object(body, "discovery")
        for key in ("issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"):
            if not isinstance(doc.get(key), str) or not doc[key]:
                raise FlowError("provider_error", f"The provider's discovery document has no {key}.")
        cache.discovery[url] = _Cached(doc, time.monotonic())
        return doc


def _strict_issuer(discovery_url: str, issuer: str) -> bool:
    """OIDC Discovery §4.3: the issuer is the discovery URL without /.well-known/... (except for
    Microsoft's multi-tenant documents, whose issuer is a template, checked per token)."""
    suffix = "/.well-known/openid-configuration"
    return discovery_url.endswith(suffix) and "{tenantid}" not in issuer


async def endpoints(cache: ProviderCache, row: ConnectionRecord, allow_http: bool) -> Endpoints:
    provider = row.provider
    builtin = BUILTIN[provider]
    overrides = row.endpoints or {}
    if provider in OIDC_PROVIDERS:
        url = overrides.get("discovery_url") or builtin.discovery_url
        if not url:
            raise FlowError("provider_error", "The connection has no discovery_url.")
        doc = await _discovery(cache, url, allow_http)
        if _strict_issuer(url, doc["issuer"]) and url[: -len("/.well-known/openid-configuration")] != doc["issuer"]:
            raise FlowError("provider_error", "The discovery document's issuer does not match its address.")
        algs = doc.get("id_token_signing_alg_values_supported")
        allowed = [a for a in algs if a in ASYMMETRIC_ALGS] if isinstance(algs, list) else list(ASYMMETRIC_ALGS)
        found = Endpoints(
            authorization_url=overrides.get("authorization_url") or doc["authorization_endpoint"],
            token_url=overrides.get("token_url") or doc["token_endpoint"],
            userinfo_url=overrides.get("userinfo_url") or doc.get("userinfo_endpoint"),
            jwks_url=overrides.get("jwks_url") or doc["jwks_uri"],
            issuer=doc["issuer"],
            iss_parameter=doc.get("authorization_response_iss_parameter_supported") is True,
            id_token_algs=allowed or list(ASYMMETRIC_ALGS),
        )
    else:
        auth_url = overrides.get("authorization_url") or builtin.authorization_url
        token_url = overrides.get("token_url") or builtin.token_url
        if not auth_url or not token_url:
            raise FlowError("provider_error", "The connection has no authorization_url or token_url.")
        found = Endpoints(
            authorization_url=auth_url,
            token_url=token_url,
            userinfo_url=overrides.get("userinfo_url") or builtin.userinfo_url,
            emails_url=overrides.get("emails_url") or builtin.emails_url,
        )
    for url in (found.authorization_url, found.token_url, found.userinfo_url, found.jwks_url, found.emails_url):
        if url is not None:
            try:
                check_url(url, allow_http)
            except AddressRefused as exc:
                raise FlowError("provider_error", f"A provider endpoint is refused: {exc}.") from None
    return found


def authorization_url(
    ep: Endpoints, row: ConnectionRecord, *, redirect_uri: str, state: str, nonce: str, challenge: str
) -> str:
    params = {
        "response_type": "code",
        "client_id": row.client_id,
        "redirect_uri": redirect_uri,
        "state": state,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    if row.scopes:
        params["scope"] = " ".join(row.scopes)
    if row.provider in OIDC_PROVIDERS:
        params["nonce"] = nonce
    if row.provider == "apple" and set(row.scopes) & {"name", "email"}:
        params["response_mode"] = "form_post"  # Apple requires it when name or email is asked for
    parts = urlsplit(ep.authorization_url)
    query = parse_qsl(parts.query, keep_blank_values=True) + list(params.items())
    return urlunsplit(parts._replace(query=urlencode(query)))


# -- client authentication and the code exchange -------------------------------------------------


def apple_client_secret(team_id: str, key_id: str, private_key_pem: str, client_id: str) -> str:
    """Sign in with Apple's client secret: an ES256 JWT signed with the team's key."""
    now = int(time.time())
    claims = {"iss": team_id, "iat": now, "exp": now + 300, "aud": APPLE_AUDIENCE, "sub": client_id}
    return jwt.encode(claims, private_key_pem, algorithm="ES256", headers={"kid": key_id})


def check_apple_key(pem: str) -> None:
    """Raises ValueError unless pem is an EC P-256 private key (what Apple issues as .p8)."""
    key = load_pem_private_key(pem.encode(), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or key.curve.name != "secp256r1":
        raise ValueError("must be an EC P-256 private key (the .p8 file Apple gives)")


async def exchange_code(
    ep: Endpoints,
    row: ConnectionRecord,
    secret: str | None,
    *,
    code: str,
    verifier: str,
    redirect_uri: str,
    allow_http: bool,
) -> ProviderJson:
    data = {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri, "code_verifier": verifier}
    headers = {"Accept": "application/json"}
    if row.token_endpoint_auth_method == "client_secret_basic" and secret is not None:
        # RFC 6749 §2.3.1: both parts form-urlencoded before Basic encoding.
        pair = f"{quote(row.client_id, safe='')}:{quote(secret, safe='')}"
        headers["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
    else:
        data["client_id"] = row.client_id
        if secret is not None:
            data["client_secret"] = secret
    status, body, ctype = await fetch(
        "POST", ep.token_url, allow_http=allow_http, headers=headers, data=data, what="token"
    )
    if ctype == "application/x-www-form-urlencoded":  # GitHub without Accept: json, and the like
        answer: ProviderJson = dict(parse_qsl(body.decode("utf-8", "replace")))
    else:
        answer = _json_object(body, "token") if body.strip() else {}
    if status != 200 or "error" in answer:
        error = str(answer.get("error") or f"HTTP {status}")[:100]
        detail = str(answer.get("error_description") or "")[:300]
        raise FlowError(
            "provider_error", f"The provider refused the authorization code ({error}{': ' + detail if detail else ''})."
        )
    if not isinstance(answer.get("access_token"), str) and not isinstance(answer.get("id_token"), str):
        raise FlowError("provider_error", "The provider's token answer has no access_token.")
    return answer


# -- ID token ------------------------------------------------------------------------------------


async def _jwks(cache: ProviderCache, url: str, allow_http: bool, *, refresh: bool) -> jwt.PyJWKSet:
    def fresh(hit: _Cached[jwt.PyJWKSet] | None) -> bool:
        if hit is None:
            return False
        age = time.monotonic() - hit.fetched_at
        return age < JWKS_TTL and not (refresh and age > JWKS_REFETCH_SECONDS)

    if fresh(cache.jwks.get(url)):
        return cache.jwks[url].value
    async with cache.lock(url):
        if fresh(cache.jwks.get(url)):
            return cache.jwks[url].value
        status, body, _ = await fetch(
            "GET", url, allow_http=allow_http, what="JWKS", headers={"Accept": "application/json"}
        )
        if status != 200:
            raise FlowError("provider_unavailable", f"The provider's JWKS answered HTTP {status}.")
        try:
            keys = jwt.PyJWKSet.from_dict(_json_object(body, "JWKS"))
        except jwt.PyJWTError:
            raise FlowError("provider_error", "The provider's JWKS has no usable key.") from None
        cache.jwks[url] = _Cached(keys, time.monotonic())
        return keys


def _key_for(keys: jwt.PyJWKSet, kid: Any) -> Any:
    if kid is None:
        return keys.keys[0] if len(keys.keys) == 1 else None
    for key in keys.keys:
        if key.key_id == kid:
            return key
    return None


async def validate_id_token(
    cache: ProviderCache, ep: Endpoints, token: str, *, client_id: str, nonce: str, allow_http: bool
) -> ProviderJson:
    """The ID token's claims after checking signature (the provider's JWKS), alg, iss, aud,
    azp, exp, iat and nonce (OIDC Core §3.1.3.7)."""

    def bad(why: str) -> FlowError:
        return FlowError("invalid_id_token", f"The provider's ID token is not valid: {why}.")

    try:
        header = jwt.get_unverified_header(token)
        unverified = jwt.decode(token, options={"verify_signature": False})
    except jwt.PyJWTError:
        raise bad("malformed") from None
    alg = header.get("alg")
    if alg not in ep.id_token_algs:
        raise bad(f"algorithm {alg!r} is not accepted")
    assert ep.jwks_url is not None and ep.issuer is not None
    keys = await _jwks(cache, ep.jwks_url, allow_http, refresh=False)
    key = _key_for(keys, header.get("kid"))
    if key is None:  # the provider rotated its keys since they were cached
        keys = await _jwks(cache, ep.jwks_url, allow_http, refresh=True)
        key = _key_for(keys, header.get("kid"))
    if key is None:
        raise bad("its key is not in the provider's JWKS")
    issuer = ep.issuer
    if "{tenantid}" in issuer:  # Microsoft's multi-tenant issuer: the token's own directory
        tid = unverified.get("tid")
        if not isinstance(tid, str) or not tid.replace("-", "").isalnum():
            raise bad("no tid claim")
        issuer = issuer.replace("{tenantid}", tid)
    try:
        claims = jwt.decode(
            token,
            key.key,
            algorithms=[alg],
            audience=client_id,
            issuer=issuer,
            leeway=CLOCK_SKEW,
            options={"require": ["iss", "sub", "aud", "exp", "iat"]},
        )
    except jwt.ExpiredSignatureError:
        raise bad("expired") from None
    except jwt.InvalidAudienceError:
        raise bad("it was issued for another client") from None
    except jwt.InvalidIssuerError:
        raise bad("wrong issuer") from None
    except (jwt.PyJWTError, ValueError, TypeError) as exc:
        raise bad(type(exc).__name__) from None
    aud = claims["aud"]
    if isinstance(aud, list) and len(aud) > 1 and claims.get("azp") != client_id:
        raise bad("azp is not this client")
    if claims.get("nonce") != nonce:
        raise bad("the nonce does not match")
    return claims


# -- the profile ---------------------------------------------------------------------------------


def _path(data: Any, path: str | None) -> Any:
    if not path:
        return None
    for part in path.split("."):
        if not isinstance(data, dict):
            return None
        data = data.get(part)
    return data


def _truthy(value: Any) -> bool:
    # Apple sends "true"/"false" strings; most send booleans.
    return value is True or (isinstance(value, str) and value.lower() == "true")


def _text(value: Any, limit: int = 500) -> str | None:
    if isinstance(value, str) and value.strip():
        return value.strip()[:limit]
    return None


def _profile(uid: Any, email: Any, verified: Any, name: Any, picture: Any) -> Profile:
    if isinstance(uid, int) and not isinstance(uid, bool):
        uid = str(uid)
    if not isinstance(uid, str) or not uid or len(uid) > 255:
        raise FlowError("provider_error", "The provider did not name the account (no subject identifier).")
    email_text = _text(email, 320)
    pic = _text(picture, 2048)
    if pic is not None and not pic.startswith(("https://", "http://")):
        pic = None
    return Profile(
        provider_user_id=uid,
        email=email_text.lower() if email_text else None,
        email_verified=bool(email_text) and _truthy(verified),
        name=_text(name, 200),
        avatar_url=pic,
    )


async def _get_json(url: str, access_token: str, allow_http: bool, what: str, accept: str = "application/json") -> Any:
    status, body, _ = await fetch(
        "GET",
        url,
        allow_http=allow_http,
        what=what,
        headers={"Authorization": f"Bearer {access_token}", "Accept": accept},
    )
    if status != 200:
        raise FlowError("provider_error", f"The provider's {what} endpoint answered HTTP {status}.")
    try:
        return jsontext.loads(body)
    except ValueError:
        raise FlowError("provider_error", f"The provider's {what} answer is not JSON.") from None


async def profile(
    cache: ProviderCache,
    ep: Endpoints,
    row: ConnectionRecord,
    tokens: ProviderJson,
    *,
    nonce: str,
    allow_http: bool,
    apple_user: str | None = None,
) -> Profile:
    """The normalised profile {provider_user_id, email, email_verified, name, avatar_url}."""
    provider = row.provider
    access_token = tokens.get("access_token")
    if provider in OIDC_PROVIDERS:
        id_token = tokens.get("id_token")
        if not isinstance(id_token, str):
            raise FlowError("invalid_id_token", "The provider's token answer has no ID token (is 'openid' a scope?).")
        claims = await validate_id_token(
            cache, ep, id_token, client_id=row.client_id, nonce=nonce, allow_http=allow_http
        )
        if "email" not in claims and ep.userinfo_url and isinstance(access_token, str):
            info = await _get_json(ep.userinfo_url, access_token, allow_http, "userinfo")
            if isinstance(info, dict) and info.get("sub") == claims["sub"]:  # OIDC Core §5.3.2
                claims = {**info, **claims}
        name = claims.get("name")
        if not name and (claims.get("given_name") or claims.get("family_name")):
            name = " ".join(str(claims.get(k) or "") for k in ("given_name", "family_name")).strip()
        if provider == "apple" and not name and apple_user:
            name = _apple_name(apple_user)  # sent once, on the first authorization, as form data
        return _profile(claims["sub"], claims.get("email"), claims.get("email_verified"), name, claims.get("picture"))
    if not isinstance(access_token, str):
        raise FlowError("provider_error", "The provider's token answer has no access_token.")
    if not ep.userinfo_url:
        raise FlowError("provider_error", "The connection has no userinfo_url.")
    if provider == "github":
        user = await _get_json(ep.userinfo_url, access_token, allow_http, "user", accept="application/vnd.github+json")
        if not isinstance(user, dict):
            raise FlowError("provider_error", "The provider's user answer is not a JSON object.")
        email, verified = user.get("email"), False
        if ep.emails_url:
            try:
                emails = await _get_json(
                    ep.emails_url, access_token, allow_http, "emails", accept="application/vnd.github+json"
                )
            except FlowError:
                emails = None  # without the user:email scope: the public email, unverified
            if isinstance(emails, list):
                primary = next((e for e in emails if isinstance(e, dict) and e.get("primary")), None)
                if primary is not None:
                    email, verified = primary.get("email"), primary.get("verified") is True
        return _profile(user.get("id"), email, verified, user.get("name") or user.get("login"), user.get("avatar_url"))
    info = await _get_json(ep.userinfo_url, access_token, allow_http, "userinfo")
    if not isinstance(info, dict):
        raise FlowError("provider_error", "The provider's userinfo answer is not a JSON object.")
    mapping = {**DEFAULT_MAPPING, **(row.field_mapping or {})}
    return _profile(
        _path(info, mapping["id"]),
        _path(info, mapping["email"]),
        _path(info, mapping["email_verified"]),
        _path(info, mapping["name"]),
        _path(info, mapping["picture"]),
    )


def _apple_name(user_json: str) -> str | None:
    try:
        user = jsontext.loads(user_json)
    except ValueError:
        return None
    name = user.get("name") if isinstance(user, dict) else None
    if not isinstance(name, dict):
        return None
    return " ".join(str(name.get(k) or "") for k in ("firstName", "lastName")).strip() or None
