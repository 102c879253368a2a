"""Turns raw bodies and query strings into typed values, or into 400/422 errors."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any, TypeVar

import msgspec

from identity.durations import parse_duration
from identity.http.errors import INVALID_JSON, ValidationFailed

T = TypeVar("T")

_decoder = msgspec.json.Decoder()
# Postgres text and jsonb cannot hold NUL, and UTF-8 cannot encode a lone surrogate.
_UNSTORABLE = re.compile(r"[\x00\ud800-\udfff]")


def unstorable(text: str) -> bool:
    # An ASCII string holds no surrogate: a NUL is then the only question, and `in` asks it in C
    # (the regex walks the string in Python's engine; a token request asks this of 5 strings).
    if text.isascii():
        return "\x00" in text
    return _UNSTORABLE.search(text) is not None


def _check_storable(value: Any, path: str = "") -> None:
    if isinstance(value, str):
        if _UNSTORABLE.search(value):
            raise ValidationFailed(path, "contains a NUL character or an unpaired surrogate")
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if _UNSTORABLE.search(key):
                raise ValidationFailed(path, "has a key with a NUL character or an unpaired surrogate")
            _check_storable(item, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_storable(item, f"{path}[{i}]")


_AT = re.compile(r" - at `\$(.*)`$")
_FIELD = re.compile(r"field `([^`]+)`")


def _field_of(message: str) -> tuple[str, str]:
    """msgspec says "Expected `int`, got `str` - at `$.limit`"; split it into field and message."""
    path = ""
    match = _AT.search(message)
    if match:
        path = match.group(1)
        message = message[: match.start()]
    path = path.lstrip(".")
    named = _FIELD.search(message)
    if named and ("missing required" in message or "unknown field" in message):
        path = f"{path}.{named.group(1)}" if path else named.group(1)
    return path, message


#: Deepest nesting of arrays and objects a body may have: far beyond any declared body, and
#: shallow enough that nothing downstream (our checks, the jsonb codec) can run out of stack.
MAX_DEPTH = 64


def _deeper_than(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return False


def decode_body(raw: bytes, type_: type[T]) -> T:
    if not raw.strip():
        raise INVALID_JSON("The request body is empty; send a JSON object.")
    too_deep = f"The request body is nested too deeply (at most {MAX_DEPTH} levels)."
    try:
        data = _decoder.decode(raw)
    except msgspec.DecodeError as exc:
        raise INVALID_JSON(f"The request body is not valid JSON: {exc}") from None
    except UnicodeDecodeError:  # msgspec raises it, not DecodeError, for bad bytes in a string
        raise INVALID_JSON("The request body is not valid UTF-8.") from None
    except RecursionError:  # msgspec's own depth limit (found by tests/test_security.py)
        raise INVALID_JSON(too_deep) from None
    if not isinstance(data, dict):
        raise INVALID_JSON("The request body must be a JSON object.")
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and _deeper_than(data, MAX_DEPTH):
        raise INVALID_JSON(too_deep)
    if b"\\u" in raw:  # only escapes can smuggle NUL or lone surrogates into valid JSON
        _check_storable(data)
    return convert(data, type_)


def convert(data: Any, type_: type[T], *, strict: bool = True) -> T:
    try:
        return msgspec.convert(data, type_, strict=strict)
    except msgspec.ValidationError as exc:
        field, message = _field_of(str(exc))
        raise ValidationFailed(field, message) from None


def decode_query(query: Any, type_: type[T]) -> T:
    # Repeated parameters are not supported; the last one wins, as in most web frameworks.
    data = {k: query.getall(k)[-1] for k in query.keys()}
    for key, value in data.items():
        if unstorable(key) or unstorable(value):
            raise ValidationFailed(key, "contains a NUL character or an unpaired surrogate")
    return convert(data, type_, strict=False)


def duration_field(field: str, text: str, low: timedelta, high: timedelta, bounds: str) -> timedelta:
    """A duration request field within [low, high]; anything else is a 422 naming the field.
    `bounds` says the range in the duration notation (identity/durations.py), e.g. "1m and 365d"."""
    try:
        value = parse_duration(text)
    except ValueError as exc:  # not a duration, or too long to represent
        raise ValidationFailed(field, str(exc)) from None
    if not low <= value <= high:
        raise ValidationFailed(field, f"must be between {bounds}")
    return value
