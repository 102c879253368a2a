"""Request and response declarations of /v1/hosted/texts (a tenant's wording of its pages)."""

from __future__ import annotations

from typing import Annotated

from identity.http.types import Body, Meta, Model

TextValue = Annotated[str, Meta(min_length=1, max_length=2000)]


class HostedTexts(Model):
    """One language's texts: the tenant's overrides, and the default of every key."""

    language: str
    overrides: dict[str, str]
    defaults: dict[str, str]


class PutHostedTexts(Body):
    #: key -> text; replaces every override of the language (an empty object removes them all).
    texts: Annotated[dict[str, TextValue], Meta(max_length=1000)]
