"""Request and response declarations for API keys."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal, get_args

import msgspec

from identity.http.types import UNSET, Body, Limit, Meta, Model, Name, Pagination, Query, UnsetType

Scope = Literal[
    "*",
    "users:read",
    "users:write",
    "sessions:read",
    "sessions:write",
    "organizations:read",
    "organizations:write",
    "webhooks:read",
    "webhooks:write",
    "audit-logs:read",
]
SCOPES: tuple[str, ...] = get_args(Scope)
KeyType = Literal["publishable", "secret"]
Duration = Annotated[str, Meta(pattern=r"^\s*\d{1,9}\s*(ms|s|m|h|d|w|y)\s*$", max_length=20)]


class CreateKey(Body):
    name: Name
    type: KeyType
    scopes: Annotated[list[Scope], Meta(min_length=1, max_length=20)] = msgspec.field(default_factory=lambda: ["*"])
    expires_in: Duration | None = None


class UpdateKey(Body):
    name: Name | UnsetType = UNSET
    scopes: Annotated[list[Scope], Meta(min_length=1, max_length=20)] | UnsetType = UNSET


class RotateKey(Body):
    id: Annotated[str, Meta(min_length=1, max_length=64)]
    grace_period: Duration = "1h"


class ListKeys(Query):
    type: KeyType | None = None
    revoked: bool = False
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class ApiKey(Model):
    id: str
    name: str
    type: KeyType
    prefix: str
    last_four: str
    scopes: list[str]
    created_at: datetime
    last_used_at: datetime | None
    expires_at: datetime | None
    revoked: bool
    revokes_at: datetime | None


class ApiKeyCreated(Model):
    id: str
    name: str
    type: KeyType
    key: str
    prefix: str
    last_four: str
    scopes: list[str]
    expires_at: datetime | None
    created_at: datetime


class ApiKeyRotated(Model):
    id: str
    key: str
    old_key_id: str
    old_key_revokes_at: datetime


class ApiKeyList(Model):
    data: list[ApiKey]
    pagination: Pagination
