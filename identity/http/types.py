"""Base declarations for request and response bodies (msgspec structs).

The same declarations validate input and produce the schemas in /openapi.json.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, TypeVar

import msgspec
from msgspec import UNSET, Meta, UnsetType

__all__ = [
    "UNSET",
    "Body",
    "Model",
    "derived",
    "Query",
    "UnsetType",
    "Meta",
    "Name",
    "ShortText",
    "Url",
    "Metadata",
    "JsonObject",
    "Limit",
    "EMAIL_RE",
]


class Body(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A request body: unknown fields are refused so that typos fail loudly."""


class Query(msgspec.Struct, kw_only=True):
    """Query-string parameters; strings are converted to the declared types."""


class Model(msgspec.Struct, kw_only=True):
    """A response body."""


M = TypeVar("M", bound=Model)


def derived(model: type[M], source: Model, **extra: Any) -> M:
    """A variant of a resource's answer (its summary, its answer at creation with the secret
    shown once) built from the one presenter's answer: the fields of `model` that `source` has,
    plus `extra`; so a field is mapped from the record in one place only."""
    return model(**{f: getattr(source, f) for f in model.__struct_fields__ if f not in extra}, **extra)


Name = Annotated[str, Meta(min_length=1, max_length=200)]
#: Tenant and organization slugs (identity/slugs.py). Never a '_', so a path segment starting
#: with an id prefix (tnt_, org_) is always an id.
Slug = Annotated[str, Meta(min_length=1, max_length=63, pattern=r"^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$")]
ShortText = Annotated[str, Meta(max_length=1000)]
Url = Annotated[str, Meta(min_length=1, max_length=2048)]
Metadata = Annotated[dict[str, Any], Meta(description="Free-form JSON object")]
#: A JSON object whose keys are open by design: free-form metadata as stored and answered, an
#: event's data, a webhook or outbox payload. (Metadata is the same type with its description,
#: for request bodies; a response keeps this plain one, so /openapi.json shows no description.)
JsonObject = dict[str, Any]
Limit = Annotated[int, Meta(ge=1, le=100)]

_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
EMAIL_RE = re.compile(rf"^[^@\s\x00-\x1f\x7f]{{1,64}}@{_LABEL}(?:\.{_LABEL})+$")


class Pagination(Model):
    total: int
    limit: int
    has_more: bool
    next_cursor: str | None
