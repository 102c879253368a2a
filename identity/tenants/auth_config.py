"""A tenant's authentication configuration: defaults, validation and merge (one place)."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, UnsetType

from identity.durations import parse_duration
from identity.http.errors import ValidationFailed

Origin = Annotated[str, Meta(min_length=1, max_length=500)]


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


_BOUNDS: dict[str, tuple[timedelta, timedelta]] = {
    "session_duration": (timedelta(minutes=5), timedelta(days=365)),
    "access_token_ttl": (timedelta(minutes=1), timedelta(hours=24)),
    "refresh_token_reuse_interval": (timedelta(0), timedelta(minutes=5)),
}


def _check(config: AuthConfig) -> None:
    for name, (low, high) in _BOUNDS.items():
        value = getattr(config, name)
        try:
            parsed = parse_duration(value)
        except ValueError as exc:
            raise ValidationFailed(f"auth_config.{name}", str(exc)) from None
        if not low <= parsed <= high:
            raise ValidationFailed(
                f"auth_config.{name}", f"must be between {low} and {high}"
            )
    for origin in config.allowed_origins:
        if origin != "*" and not origin.startswith(("http://", "https://")):
            raise ValidationFailed(
                "auth_config.allowed_origins", f"{origin!r} is not an http(s) origin"
            )


def load(stored: dict[str, Any] | None) -> AuthConfig:
    """The stored object with defaults for keys added since it was written."""
    return msgspec.convert(stored or {}, AuthConfig)


def merge(current: dict[str, Any] | None, patch: AuthConfigPatch) -> dict[str, Any]:
    merged = msgspec.to_builtins(load(current))
    for field in patch.__struct_fields__:
        value = getattr(patch, field)
        if value is not UNSET:
            merged[field] = value
    config = msgspec.convert(merged, AuthConfig)
    _check(config)
    return msgspec.to_builtins(config)


def full(patch: AuthConfigPatch | None) -> dict[str, Any]:
    return merge({}, patch or AuthConfigPatch())


def duration(config: dict[str, Any], name: str) -> timedelta:
    return parse_duration(load(config).__getattribute__(name))
