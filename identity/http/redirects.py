"""Where the service may send a browser with a token, a code or an error: the one rule.

A redirect_url (magic link, password reset, invitation, social sign-in start and link) is
accepted only when its origin is exactly one of the tenant's auth_config.allowed_origins.
Origins are compared in their serialised form (lower-case scheme and host, default port
dropped), never by prefix or suffix. "*" in allowed_origins still opens CORS to any origin but
never lets a token leave: it matches no redirect. An empty list matches nothing, so a flow
that needs an address of the application answers 422, and one that has a page of its own
(verification, invitation) uses that page. docs/api-conventions.md "Redirect addresses".

The service's own landing pages for a tenant (HOSTED_LANDINGS, under the tenant's issuer path
of IDENTITY_PUBLIC_URL) count as registered for that tenant: the hosted sign-in pages send
magic links and provider sign-ins back to themselves. Those match by origin AND exact path,
never by prefix, and only when the caller hands check_redirect the service's own address.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated, Protocol
from urllib.parse import urlsplit

from msgspec import Meta

from identity.http.errors import ValidationFailed


class HasOrigins(Protocol):
    """A tenant's auth_config (identity/tenants/auth_config.py), as far as redirects go."""

    @property
    def allowed_origins(self) -> Iterable[str]: ...


_DEFAULT_PORTS = {"http": 80, "https": 443}

#: The hosted pages (identity/hosted/) a link or a provider sign-in may land on, relative to
#: IDENTITY_PUBLIC_URL; {tenant_id} is the tenant's id.
HOSTED_LANDINGS = (
    "/oauth/{tenant_id}/magic-link/verify",
    "/oauth/{tenant_id}/connections/done",
    "/oauth/{tenant_id}/reset-password",
)


@dataclass(frozen=True)
class OwnPages:
    """The service's own address (IDENTITY_PUBLIC_URL) and the tenant whose pages count."""

    public_url: str
    tenant_id: str

    def urls(self) -> list[str]:
        base = self.public_url.rstrip("/")
        return [base + path.format(tenant_id=self.tenant_id) for path in HOSTED_LANDINGS]


def hosted_landing(public_url: str, tenant_id: str, path: str) -> str:
    """The absolute address of one of HOSTED_LANDINGS for the tenant."""
    assert path in HOSTED_LANDINGS
    return public_url.rstrip("/") + path.format(tenant_id=tenant_id)


def _is_own_page(url: str, own: OwnPages) -> bool:
    origin = origin_of(url)
    if origin is None:
        return False
    path = urlsplit(url).path
    for page in own.urls():
        if origin == origin_of(page) and path == urlsplit(page).path and "#" not in url:
            return True
    return False


#: A request field naming where the browser goes with a token (the OpenAPI description says the rule).
RedirectUrl = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=2048,
        description="An absolute http(s) URL whose origin (scheme, host, port) is exactly one of the tenant's "
        "auth_config.allowed_origins; no credentials, spaces or backslashes. An empty allowed_origins "
        "or '*' matches no redirect (422 validation_error).",
    ),
]


def origin_of(url: str) -> str | None:
    """The serialised origin (scheme://host[:port]) of an absolute http(s) URL that a browser
    reads the same way we do, or None. Refused: credentials, backslashes (browsers read them
    as '/'), whitespace and control characters (browsers drop some of them), non-ASCII, and
    anything without a host."""
    if not url.isascii() or "\\" in url or any(ord(c) <= 0x20 or ord(c) == 0x7F for c in url):
        return None
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname or not parts.netloc:
        return None
    if "@" in parts.netloc or parts.username is not None or parts.password is not None:
        return None
    host = parts.hostname.lower()
    if ":" in host:  # an IPv6 literal keeps its brackets in the origin
        host = f"[{host}]"
    if port is None or port == _DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def as_origin(entry: str) -> str | None:
    """An allowed_origins entry as a serialised origin, or None when it is not one (a path, a
    query, credentials)."""
    origin = origin_of(entry)
    if origin is None:
        return None
    parts = urlsplit(entry)
    if parts.path not in ("", "/") or parts.query or parts.fragment or "#" in entry or "?" in entry:
        return None
    return origin


def registered_origins(origins: Iterable[str]) -> set[str]:
    """The tenant's allowed_origins as serialised origins; '*' counts for nothing here."""
    return {o for o in (as_origin(entry) for entry in origins if entry != "*") if o is not None}


def check_redirect(url: str, config: HasOrigins, field: str = "redirect_url", own: OwnPages | None = None) -> str:
    """The URL unchanged when the browser may be sent there with a token; else 422 on field.
    own: the service's address and the tenant, when the flow may land on a hosted page."""
    origin = origin_of(url)
    if origin is not None and own is not None and _is_own_page(url, own):
        return url
    if origin is None:
        raise ValidationFailed(field, "must be an absolute http(s) URL without credentials, spaces or backslashes")
    allowed = registered_origins(config.allowed_origins)
    if not allowed:
        raise ValidationFailed(
            field,
            "the tenant has no allowed_origins to send a browser to; "
            "register the application's origin in auth_config.allowed_origins",
        )
    if origin not in allowed:
        raise ValidationFailed(
            field, f"its origin {origin} is not one of the tenant's allowed_origins ('*' allows no redirect)"
        )
    return url
