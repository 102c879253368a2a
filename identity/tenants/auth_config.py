"""A tenant's authentication configuration: defaults, validation and merge (one place)."""

from __future__ import annotations

import base64
import binascii
from datetime import timedelta
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, UnsetType

from identity.durations import parse_duration
from identity.http.errors import ValidationFailed
from identity.http.redirects import as_origin
from identity.outbound.addresses import AddressRefused
from identity.outbound.http import check_url

#: An AuthConfig as tenants.auth_config stores it (msgspec.to_builtins of one) and
#: Tenant.auth_config carries it through the tenant cache; load() reads it back typed.
StoredAuthConfig = dict[str, Any]

Origin = Annotated[str, Meta(min_length=1, max_length=500)]
Provider = Literal["turnstile", "hcaptcha", "recaptcha"]
VerifyUrl = Annotated[str, Meta(min_length=1, max_length=2048)]
SiteKey = Annotated[str, Meta(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_.-]+$")]
#: The languages the hosted pages have catalogues for (identity/hosted/locales/).
HOSTED_LANGUAGES = ("en", "fr")
Language = Literal["en", "fr"]
Color = Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$", description="A colour as #rrggbb.", examples=["#2449c9"])]
DisplayName = Annotated[str, Meta(min_length=1, max_length=100)]
#: A data: URL of a PNG, JPEG or WebP image of at most 100 KB (base64 makes it 4/3 longer).
LogoUrl = Annotated[
    str,
    Meta(
        min_length=1,
        max_length=140_000,
        examples=[
            "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
        ],
    ),
]
LOGO_MAX_BYTES = 100 * 1024
_LOGO_TYPES = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff", "image/webp": b"RIFF"}


class BotProtection(msgspec.Struct, kw_only=True):
    """Captcha on sign-in and sign-up. The provider secret is stored apart, encrypted, and
    never returned; verify_url overrides the provider's siteverify address."""

    enabled: bool = False
    provider: Provider = "turnstile"
    verify_url: VerifyUrl | None = None
    #: Public; hosted pages (the OAuth sign-in) render the provider's widget with it.
    site_key: SiteKey | None = None


class BotProtectionPatch(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    enabled: bool | UnsetType = UNSET
    provider: Provider | UnsetType = UNSET
    verify_url: VerifyUrl | None | UnsetType = UNSET
    site_key: SiteKey | None | UnsetType = UNSET
    secret: Annotated[str, Meta(min_length=1, max_length=1000)] | UnsetType = UNSET


class Branding(msgspec.Struct, kw_only=True):
    """How the hosted pages look for this tenant (docs/hosted-pages.md, "Branding and texts")."""

    #: Shown in the pages' header; the tenant's name when unset.
    display_name: DisplayName | None = None
    #: A data: URL (PNG, JPEG or WebP, at most 100 KB), served at /oauth/{tenant_id}/branding/logo.
    logo: LogoUrl | None = None
    primary_color: Color | None = None
    background_color: Color | None = None
    #: The languages the pages are offered in (the switcher's), and the one used when the
    #: browser asks for none of them.
    languages: list[Language] = msgspec.field(default_factory=lambda: ["en", "fr"])
    default_language: Language = "en"


class BrandingPatch(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    display_name: DisplayName | None | UnsetType = UNSET
    logo: LogoUrl | None | UnsetType = UNSET
    primary_color: Color | None | UnsetType = UNSET
    background_color: Color | None | UnsetType = UNSET
    languages: list[Language] | UnsetType = UNSET
    default_language: Language | UnsetType = UNSET


class AuthConfig(msgspec.Struct, kw_only=True):
    """Stored and returned whole; PATCH merges an AuthConfigPatch into it."""

    allowed_origins: list[Origin] = []
    session_duration: str = "30d"
    access_token_ttl: str = "1h"
    mfa_required: bool = False
    password_min_length: Annotated[int, Meta(ge=8, le=128)] = 8
    password_require_uppercase: bool = False
    password_require_number: bool = False
    password_require_symbol: bool = False
    email_verification_required: bool = True
    sign_up_enabled: bool = True
    username_enabled: bool = False
    refresh_token_reuse_interval: str = "10s"
    bot_protection: BotProtection = msgspec.field(default_factory=BotProtection)
    branding: Branding = msgspec.field(default_factory=Branding)


class AuthConfigPatch(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    allowed_origins: list[Origin] | UnsetType = UNSET
    session_duration: str | UnsetType = UNSET
    access_token_ttl: str | UnsetType = UNSET
    mfa_required: bool | UnsetType = UNSET
    password_min_length: Annotated[int, Meta(ge=8, le=128)] | UnsetType = UNSET
    password_require_uppercase: bool | UnsetType = UNSET
    password_require_number: bool | UnsetType = UNSET
    password_require_symbol: bool | UnsetType = UNSET
    email_verification_required: bool | UnsetType = UNSET
    sign_up_enabled: bool | UnsetType = UNSET
    username_enabled: bool | UnsetType = UNSET
    refresh_token_reuse_interval: str | UnsetType = UNSET
    bot_protection: BotProtectionPatch | UnsetType = UNSET
    branding: BrandingPatch | UnsetType = UNSET


def logo_bytes(data_url: str) -> tuple[str, bytes] | None:
    """(content type, bytes) of a stored logo; None when it is not an accepted image."""
    head, comma, payload = data_url.partition(",")
    if not comma or not head.startswith("data:") or not head.endswith(";base64"):
        return None
    content_type = head[len("data:") : -len(";base64")].lower()
    magic = _LOGO_TYPES.get(content_type)
    if magic is None:
        return None
    try:
        raw = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(raw) > LOGO_MAX_BYTES or not raw.startswith(magic):
        return None
    if content_type == "image/webp" and raw[8:12] != b"WEBP":
        return None
    return content_type, raw


def _check_branding(branding: Branding) -> None:
    if branding.logo is not None and logo_bytes(branding.logo) is None:
        raise ValidationFailed(
            "auth_config.branding.logo",
            "must be a data: URL (base64) of a PNG, JPEG or WebP image of at most 100 KB",
        )
    if not branding.languages or len(set(branding.languages)) != len(branding.languages):
        raise ValidationFailed("auth_config.branding.languages", "must name each offered language once")
    if branding.default_language not in branding.languages:
        raise ValidationFailed("auth_config.branding.default_language", "must be one of the languages offered")


_BOUNDS: dict[str, tuple[timedelta, timedelta]] = {
    "session_duration": (timedelta(minutes=5), timedelta(days=365)),
    "access_token_ttl": (timedelta(minutes=1), timedelta(hours=24)),
    "refresh_token_reuse_interval": (timedelta(0), timedelta(minutes=5)),
}


def _check(config: AuthConfig, allow_http: bool) -> None:
    for name, (low, high) in _BOUNDS.items():
        value = getattr(config, name)
        try:
            parsed = parse_duration(value)
        except ValueError as exc:
            raise ValidationFailed(f"auth_config.{name}", str(exc)) from None
        if not low <= parsed <= high:
            raise ValidationFailed(f"auth_config.{name}", f"must be between {low} and {high}")
    url = config.bot_protection.verify_url
    if url is not None and not url.startswith(("http://", "https://")):
        raise ValidationFailed("auth_config.bot_protection.verify_url", "must be an http(s) URL")
    if url is not None:
        try:  # the outbound policy's static part; the whole of it runs at every verification
            check_url(url, allow_http)
        except AddressRefused as exc:
            raise ValidationFailed("auth_config.bot_protection.verify_url", str(exc)) from None
    _check_branding(config.branding)
    for origin in config.allowed_origins:
        # An entry that is not an origin would silently match nothing (CORS and redirects
        # compare origins exactly), so it is refused here.
        if origin != "*" and as_origin(origin) is None:
            raise ValidationFailed(
                "auth_config.allowed_origins", f"{origin!r} is not an http(s) origin (scheme://host[:port])"
            )


def load(stored: StoredAuthConfig | None) -> AuthConfig:
    """The stored object with defaults for keys added since it was written."""
    return msgspec.convert(stored or {}, AuthConfig)


def merge(
    current: StoredAuthConfig | None,
    patch: AuthConfigPatch,
    *,
    has_bot_secret: bool = False,
    allow_http: bool,
) -> StoredAuthConfig:
    """Merge a patch into the stored config. A bot_protection.secret in the patch is not part
    of the result: the caller stores it encrypted (see bot_secret). allow_http:
    IDENTITY_WEBHOOK_ALLOW_HTTP, for the verify_url the service will call."""
    merged = msgspec.to_builtins(load(current))
    for field in patch.__struct_fields__:
        value = getattr(patch, field)
        if value is UNSET:
            continue
        if field == "branding":
            for key in value.__struct_fields__:
                item = getattr(value, key)
                if item is not UNSET:
                    merged["branding"][key] = item
        elif field == "bot_protection":
            for key in value.__struct_fields__:
                item = getattr(value, key)
                if item is not UNSET and key != "secret":
                    merged["bot_protection"][key] = item
            has_bot_secret = has_bot_secret or value.secret is not UNSET
        else:
            merged[field] = msgspec.to_builtins(value)
    if merged["bot_protection"]["enabled"] and not has_bot_secret:
        raise ValidationFailed("auth_config.bot_protection.secret", "is required to enable bot protection")
    config = msgspec.convert(merged, AuthConfig)
    _check(config, allow_http)
    # Stored serialised (lower case, no default port, no trailing slash), as a browser sends an
    # Origin header, so CORS and redirects compare like with like.
    config.allowed_origins = list(dict.fromkeys(o if o == "*" else as_origin(o) or o for o in config.allowed_origins))
    stored: StoredAuthConfig = msgspec.to_builtins(config)
    return stored


def full(patch: AuthConfigPatch | None, *, allow_http: bool) -> StoredAuthConfig:
    return merge({}, patch or AuthConfigPatch(), allow_http=allow_http)


def bot_secret(patch: AuthConfigPatch | UnsetType | None) -> str | None:
    """The provider secret carried by a patch, if any (to be stored encrypted)."""
    if patch is None or patch is UNSET or patch.bot_protection is UNSET:
        return None
    secret = patch.bot_protection.secret
    return None if secret is UNSET else secret


def duration(config: StoredAuthConfig, name: str) -> timedelta:
    """A duration setting of a stored config. The stored string when there is one (a plain str
    field: what load() would give), else the default load() fills in. Not load() every time:
    every token request asks, and converting the whole config was a few per cent of its CPU."""
    stored = config.get(name) if config else None
    return parse_duration(stored if isinstance(stored, str) else load(config).__getattribute__(name))
