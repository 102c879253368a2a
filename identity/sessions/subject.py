"""The user a session is made for, as the attributes this package reads of it. The user's
record lives in identity/users, which imports this package, so it is read through these
protocols; a caller that holds only the columns builds a TokenSubject."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec


class TokenUser(Protocol):
    """What an access token's claims take from its user (access.claims_for)."""

    @property
    def id(self) -> str: ...
    @property
    def role(self) -> str: ...
    @property
    def public_metadata(self) -> dict[str, Any]: ...


class SigningInUser(TokenUser, Protocol):
    """A user about to get a session: whether they may is their status."""

    @property
    def status(self) -> str: ...


class TokenSubject(msgspec.Struct, frozen=True, kw_only=True):
    """A TokenUser from the columns a statement read (a refresh token's row, a session's)."""

    id: str
    role: str
    public_metadata: dict[str, Any]
