"""Slugs of tenants and organizations: made from a name, or given and checked."""

from __future__ import annotations

import re
import unicodedata

from identity.http.errors import ValidationFailed

#: "slug" would make /v1/tenants/slug/... and /v1/organizations/slug/... ambiguous: those are the
#: by-slug lookups, next to /v1/<collection>/:id/stats, /members and so on.
RESERVED = frozenset({"slug"})


def slugify(name: str, kind: str) -> str:
    """A slug from a display name: ASCII, lowercase, hyphens, at most 48 characters; `kind`
    ("tenant", "org") when nothing is left of the name, or after a reserved word."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"[^a-z0-9]+", "-", text).strip("-")
    text = text[:48].strip("-") or kind
    return f"{text}-{kind}" if text in RESERVED else text


def explicit(slug: str) -> str:
    """A slug the caller gave (its shape is checked by the schema's Slug type)."""
    if slug in RESERVED:
        raise ValidationFailed("slug", f"'{slug}' is reserved")
    return slug
