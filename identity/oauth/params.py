"""The authorization request (RFC 6749 §4.1.1, RFC 7636, OIDC Core §3.1.2.1), validated in the
order that keeps redirects safe: the client and its redirect URI first (errors shown on a page,
never redirected: no open redirect), everything else after (errors sent to the redirect URI,
with state unchanged and iss, RFC 9207)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from identity.clients import store as clients
from identity.clients.store import ClientRecord
from identity.http.validation import unstorable

#: Parameters of the authorization request carried through the hosted forms as hidden fields.
CARRIED = (
    "client_id",
    "redirect_uri",
    "response_type",
    "scope",
    "state",
    "nonce",
    "code_challenge",
    "code_challenge_method",
    "prompt",
    "max_age",
    "response_mode",
    "login_hint",
)
MAX_PARAM = 2048
OIDC_SCOPES = ("openid", "email", "profile", "offline_access")
_PKCE = re.compile(r"^[A-Za-z0-9._~-]{43,128}$")
#: create: OpenID Connect "Initiating User Registration": the hosted sign-up page instead.
_PROMPTS = {"none", "login", "consent", "select_account", "create"}


class PageError(Exception):
    """Shown to the user on an error page; the redirect URI is not (yet) trusted. key: the
    catalogue texts `<key>.title` and `<key>.message` of the hosted pages (oauth_error.* in
    identity/hosted/locales/<lang>/errors.json), values their placeholders."""

    def __init__(self, key: str, **values: str) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


class RedirectError(Exception):
    """Sent back to the client's (validated) redirect URI as error=...&state=..."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.location = ""


@dataclass
class AuthRequest:
    client: ClientRecord
    redirect_uri: str
    state: str | None
    iss: str
    scopes: list[str] = field(default_factory=list)
    nonce: str | None = None
    code_challenge: str | None = None
    prompts: set[str] = field(default_factory=set)
    max_age: int | None = None
    login_hint: str = ""
    raw: dict[str, str] = field(default_factory=dict)

    def hidden(self) -> dict[str, str]:
        """The original parameters, for the forms of the hosted pages."""
        return {k: v for k, v in self.raw.items() if k in CARRIED}


def with_params(uri: str, params: dict[str, str | None]) -> str:
    """The URI with params added to its query (keeping what the registered URI carries)."""
    parts = urlsplit(uri)
    extra = urlencode({k: v for k, v in params.items() if v is not None})
    query = f"{parts.query}&{extra}" if parts.query else extra
    return urlunsplit(parts._replace(query=query))


def error_redirect(req: AuthRequest, error: str, description: str) -> str:
    return with_params(
        req.redirect_uri, {"error": error, "error_description": description, "state": req.state, "iss": req.iss}
    )


def _first_values(params: Any) -> tuple[dict[str, str], list[str]]:
    """One value per parameter and the names sent more than once (an error, RFC 6749 §3.1)."""
    raw: dict[str, str] = {}
    repeated: list[str] = []
    for key in dict.fromkeys(params.keys()):
        values = [v for v in params.getall(key) if isinstance(v, str)]
        if not values:
            continue
        raw[key] = values[0]
        if len(values) > 1:
            repeated.append(key)
    return raw, repeated


async def parse(conn: Any, tenant_id: str, issuer: str, params: Any) -> AuthRequest:
    """Validate an authorization request; PageError or RedirectError when it is not acceptable."""
    raw, repeated = _first_values(params)
    for key in ("client_id", "redirect_uri"):
        value = raw.get(key, "")
        if key in repeated or unstorable(value) or len(value) > MAX_PARAM:
            raise PageError("oauth_error.bad_parameter", parameter=key)
    client_id = raw.get("client_id", "")
    if not client_id:
        raise PageError("oauth_error.no_client")
    client = None
    if client_id.startswith("cli_") and len(client_id) <= 64:
        client = await clients.get(conn, tenant_id, client_id)
    if client is None:
        raise PageError("oauth_error.unknown_client")
    redirect_uri = raw.get("redirect_uri")
    registered = list(client.redirect_uris)
    if redirect_uri is None:
        if len(registered) != 1:
            raise PageError("oauth_error.no_redirect_uri")
        redirect_uri = registered[0]
    elif redirect_uri not in registered:  # exact match only (RFC 9700 §4.1.3)
        raise PageError("oauth_error.unregistered_redirect_uri")
    state = raw.get("state")
    if state is not None and (unstorable(state) or len(state) > MAX_PARAM):
        state = None  # not echoed: it could not be sent back unchanged anyway
    req = AuthRequest(client=client, redirect_uri=redirect_uri, state=state, iss=issuer, raw=raw)
    try:
        _finish(req, client, raw, repeated)
    except RedirectError as exc:
        # From here on, errors go back to the client's (now validated) redirect URI.
        exc.location = error_redirect(req, exc.error, exc.description)
        raise
    return req


def _finish(req: AuthRequest, client: ClientRecord, raw: dict[str, str], repeated: list[str]) -> None:
    if repeated:
        raise RedirectError("invalid_request", f"The parameter {repeated[0]} was sent more than once.")
    for key, value in raw.items():
        if unstorable(value) or len(value) > MAX_PARAM:
            raise RedirectError("invalid_request", f"The parameter {key} is not valid.")
    if "request" in raw:
        raise RedirectError("request_not_supported", "Request objects are not supported.")
    if "request_uri" in raw:
        raise RedirectError("request_uri_not_supported", "request_uri is not supported.")
    if raw.get("response_mode", "query") != "query":
        raise RedirectError("invalid_request", "Only response_mode=query is supported.")
    response_type = raw.get("response_type")
    if not response_type:
        raise RedirectError("invalid_request", "response_type is required.")
    if response_type != "code":
        raise RedirectError("unsupported_response_type", "Only response_type=code is supported.")
    grants = set(client.grant_types)
    if "authorization_code" not in grants:
        raise RedirectError("unauthorized_client", "This client may not use the authorization code grant.")
    allowed = set(client.scopes)
    if "refresh_token" in grants:
        allowed.add("offline_access")
    scope_text = raw.get("scope", "").strip()
    requested = (
        list(dict.fromkeys(scope_text.split())) if scope_text else [s for s in client.scopes if s != "offline_access"]
    )
    unknown = [s for s in requested if s not in allowed]
    if unknown:
        raise RedirectError("invalid_scope", f"Scope not allowed for this client: {' '.join(unknown)}.")
    req.scopes = requested
    # PKCE (RFC 7636), S256 only; required for public clients.
    challenge = raw.get("code_challenge")
    method = raw.get("code_challenge_method")
    if challenge is None:
        if method is not None:
            raise RedirectError("invalid_request", "code_challenge_method without code_challenge.")
        if client.type in ("spa", "native"):
            raise RedirectError("invalid_request", "PKCE is required: send code_challenge with method S256.")
    else:
        if method != "S256":
            raise RedirectError("invalid_request", "Only code_challenge_method=S256 is supported (plain is refused).")
        if not _PKCE.match(challenge) or len(challenge) != 43:
            raise RedirectError("invalid_request", "code_challenge must be a base64url SHA-256 (43 characters).")
        req.code_challenge = challenge
    prompts = set(raw.get("prompt", "").split())
    if prompts - _PROMPTS:
        raise RedirectError("invalid_request", "Unknown prompt value.")
    if "none" in prompts and len(prompts) > 1:
        raise RedirectError("invalid_request", "prompt=none cannot be combined with other values.")
    req.prompts = prompts
    if "max_age" in raw:
        if not raw["max_age"].isdigit() or len(raw["max_age"]) > 9:
            raise RedirectError("invalid_request", "max_age must be a number of seconds.")
        req.max_age = int(raw["max_age"])
    nonce = raw.get("nonce")
    if nonce is not None and (not nonce or len(nonce) > 512):
        raise RedirectError("invalid_request", "nonce must be 1 to 512 characters.")
    req.nonce = nonce
    req.login_hint = raw.get("login_hint", "")[:320]
