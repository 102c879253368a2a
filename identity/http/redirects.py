"""Where the service may send a browser with a token, a code or an error: the one rule.

A redirect_url (magic link, password reset, invitation, social sign-in start and link) is
accepted only when its origin is exactly one of the tenant's auth_config.allowed_origins.
Origins are compared in their serialised form (lower-case scheme and host, default port
dropped), never by prefix or suffix. "*" in allowed_origins still opens CORS to any origin but
never lets a token leave: it matches no redirect. An empty list matches nothing, so a flow
that needs an address of the application answers 422, and one that has a page of its own
(verification, invitation) uses that page. docs/api-conventions.md "Redirect addresses".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Protocol
from urllib.parse import urlsplit

from msgspec import Meta

from identity.http.errors import ValidationFailed


class HasOrigins(Protocol):
    """A tenant's auth_config (identity/tenants/auth_config.py), as far as redirects go."""

    @property
    def allowed_origins(self) -> Iterable[str]: ...


_DEFAULT_PORTS = {"http": 80, "https": 443}

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


def is_own_page(url: str, public_url: str, path: str) -> bool:
    """Whether url is the service's own page at path (below IDENTITY_PUBLIC_URL, any query, no
    fragment): a hosted page may receive a token without its origin being registered, since it
    is the service itself (docs/api-conventions.md, "Redirect addresses")."""
    origin = origin_of(url)
    if origin is None or origin != origin_of(public_url):
        return False
    parts = urlsplit(url)
    return not parts.fragment and "#" not in url and parts.path == urlsplit(public_url).path.rstrip("/") + path


def check_redirect(
    url: str, config: HasOrigins, field: str = "redirect_url", *, own_page: tuple[str, str] | None = None
) -> str:
    """The URL unchanged when the browser may be sent there with a token; else 422 on field.
    own_page: (public_url, path) of the service's own page for this flow, also accepted."""
    if own_page is not None and is_own_page(url, *own_page):
        return url
    origin = origin_of(url)
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
