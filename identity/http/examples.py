"""Examples for /openapi.json, made from the schemas themselves.

A field's own example (msgspec `Meta(examples=[...])`) wins; otherwise a value is made that
satisfies the field's schema (enum, bounds, length, pattern), named after the field where the
name says what it holds. tests/test_openapi_document.py checks every example against its schema.
"""

from __future__ import annotations

import re
from typing import Any

_REF = "#/components/schemas/"
#: Strings tried, in order, against a field's pattern when it has no example of its own.
_PATTERN_SAMPLES = ("acme", "user.created", "+14155552671", "15m", "ABCDE12345", "smtp.example.com", "value")
_TIME = "2026-01-15T09:30:00Z"
#: identity/ids.py prefixes by what a field's name says it identifies.
_ID_PREFIXES = {
    "user": "usr",
    "tenant": "tnt",
    "organization": "org",
    "org": "org",
    "session": "ses",
    "client": "cli",
    "connection": "con",
    "delivery": "del",
    "factor": "fac",
    "invitation": "inv",
    "membership": "mem",
    "webhook": "wh",
    "key": "key",
    "api_key": "key",
    "event": "evt",
    "actor": "usr",
    "resource": "usr",
    "identity": "idn",
}


def _named(name: str, owner: str = "") -> str | None:
    n = name.lower()
    if "email" in n:
        return "ada@example.com"
    if n.endswith("_at") or n in ("from", "to", "since", "until"):
        return _TIME
    if "url" in n or "uri" in n or n in ("origin", "issuer", "location"):
        return "https://app.example.com/callback"
    if n == "password" or n.endswith("_password"):
        return "correct-horse-battery-9"
    if n.endswith("token") or n == "cursor":
        return "eyJhbGciOiJFUzI1NiJ9.e30.c2lnbmF0dXJl" if "access" in n or "id_token" in n else "tok_8f2k1q9x"
    if n == "id" or n.endswith("_id"):
        kind = (
            n.removesuffix("_id")
            if n != "id"
            else next((k for k in sorted(_ID_PREFIXES, key=len, reverse=True) if k in owner.lower()), "user")
        )
        prefix = _ID_PREFIXES.get(kind, kind[:3])
        return f"{prefix}_01jd8x3k9m2q7r4t6v8w0y2z4a"
    if n in ("name", "first_name", "last_name", "display_name"):
        return {"first_name": "Ada", "last_name": "Lovelace"}.get(n, "Ada Lovelace")
    return None


def _string(schema: dict[str, Any], name: str, owner: str) -> str:
    lo, hi = int(schema.get("minLength", 0)), int(schema.get("maxLength", 10**9))
    pattern = schema.get("pattern")
    candidates = [c for c in (_named(name, owner),) if c] + ([] if not pattern else list(_PATTERN_SAMPLES))
    if schema.get("format") == "email":
        candidates.insert(0, "ada@example.com")
    for value in candidates or ["example"]:
        if pattern and not re.search(pattern, value):
            continue
        if lo <= len(value) <= hi:
            return str(value)
    if pattern:
        return _PATTERN_SAMPLES[-1]
    return ("example" * (lo // 7 + 1))[: max(lo, min(hi, 7))]


def _number(schema: dict[str, Any], integer: bool) -> int | float:
    lo = schema.get(
        "minimum", schema.get("exclusiveMinimum", 0) + (1 if integer else 0.5) if "exclusiveMinimum" in schema else None
    )
    hi = schema.get("maximum")
    value: int | float = lo if lo is not None else 1
    if hi is not None and value > hi:
        value = hi
    return int(value) if integer else value


def of(schema: Any, components: dict[str, Any], name: str = "", depth: int = 0, owner: str = "") -> Any:
    """A value valid under `schema` (refs resolved in `components`); `owner` is the schema that
    holds the field called `name`."""
    if not isinstance(schema, dict):
        return None
    if "examples" in schema and schema["examples"]:
        return schema["examples"][0]
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith(_REF):
        return of(components[ref[len(_REF) :]], components, name, depth + 1, owner)
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"] or schema[key]
            return of(options[0], components, name, depth, owner)
    if "default" in schema and schema["default"] is not None and depth > 0:
        return schema["default"]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "string":
        return _string(schema, name, owner)
    if kind == "integer":
        return _number(schema, True)
    if kind == "number":
        return _number(schema, False)
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    if kind == "array":
        if depth > 8 or schema.get("maxItems") == 0:
            return []
        item = of(schema.get("items", {}), components, name.removesuffix("s"), depth + 1, owner)
        return [item] * max(1, schema.get("minItems", 1)) if item is not None else []
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        if depth > 8:
            return {k: None for k in schema.get("required", [])} if not props else {}
        title = schema.get("title", owner)
        out = {k: of(v, components, k, depth + 1, title) for k, v in props.items()}
        extra = schema.get("additionalProperties")
        if not props and isinstance(extra, dict) and schema.get("maxProperties", 1) > 0:
            out["key"] = of(extra, components, "key", depth + 1)
        return out
    return None
