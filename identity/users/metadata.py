"""The size rules for user and organization metadata, whichever endpoint writes it.

Metadata is copied into every user.* webhook, /me answer and presented user, so every writer
(sign-up, POST/PATCH /v1/users, organizations) calls check() before anything is stored. A user's
public_metadata also rides in every access token, which travels in an Authorization header:
most servers and proxies refuse a header line longer than 8 KiB (this service's aiohttp refuses
8190 bytes), so it is measured as the token carries it (compact JSON, non-ASCII characters
escaped as \\uXXXX, as pyjwt writes it) and kept to half that, leaving room for the other claims
and the base64 expansion (a 4096-byte object makes a token of about 6 KB).
"""

from __future__ import annotations

import json

from identity.http.errors import ValidationFailed
from identity.http.types import JsonObject

#: Largest metadata object, as compact UTF-8 JSON.
METADATA_MAX_BYTES = 8192
#: Largest user public_metadata, as compact ASCII JSON (how the access token carries it).
TOKEN_METADATA_MAX_BYTES = 4096


def check(field: str, value: JsonObject, *, in_token: bool = False) -> JsonObject:
    """The value, or 422 validation_error naming the field when it is too large. in_token: the
    object is a user's public_metadata, signed into access tokens."""
    if in_token:
        if len(json.dumps(value, separators=(",", ":"))) > TOKEN_METADATA_MAX_BYTES:
            raise ValidationFailed(
                field,
                f"must be at most {TOKEN_METADATA_MAX_BYTES} bytes of JSON "
                "(non-ASCII characters count as their \\u escapes): it is "
                "carried in every access token",
            )
        return value
    if len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()) > METADATA_MAX_BYTES:
        raise ValidationFailed(field, f"must be at most {METADATA_MAX_BYTES} bytes of JSON")
    return value
