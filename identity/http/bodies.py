"""Reading request bodies: every body the service reads goes through here, so that each one is
read within a deadline, has the media type its endpoint takes, and decodes as UTF-8 or is
refused with a 4xx in the error envelope (never a 500 from a decoder deep inside a handler).

JSON endpoints take `application/json` (charset, when given, utf-8); form endpoints (the OAuth
endpoints and the hosted pages) take `application/x-www-form-urlencoded`. An empty body needs
no Content-Type. docs/api-conventions.md states the rules.
"""

from __future__ import annotations

import asyncio
from urllib.parse import unquote

from aiohttp import web
from multidict import MultiDict, MultiDictProxy

from identity.http.errors import INCOMPLETE_BODY, INVALID_FORM, REQUEST_TIMEOUT, UNSUPPORTED_MEDIA_TYPE, ApiError
from identity.http.server import HEAD_ARRIVED
from identity.http.validation import unstorable
from identity.state import STATE

JSON_TYPE = "application/json"
FORM_TYPE = "application/x-www-form-urlencoded"
#: aiohttp's own bound on the fields of a form.
MAX_FIELDS = 1000
#: The body read_raw() read: a second read of it (the route reads a POST's body for its
#: Idempotency-Key hash, then a form handler parses it) arms no second deadline.
_RAW: web.RequestKey[bytes] = web.RequestKey("raw_body", bytes)


class UnsupportedMediaType(ApiError):
    spec = UNSUPPORTED_MEDIA_TYPE


class InvalidForm(ApiError):
    spec = INVALID_FORM


class RequestTimeout(ApiError):
    spec = REQUEST_TIMEOUT


class IncompleteBody(ApiError):
    spec = INCOMPLETE_BODY


def declared_as(request: web.Request, wanted: str) -> bool:
    """Whether the request's media type is `wanted`. A header that is exactly `wanted` (what
    clients send) needs no parsing: aiohttp copies its parsed parameters for each request."""
    return request.headers.get("Content-Type") == wanted or request.content_type == wanted


def _media_type(request: web.Request, wanted: str, raw: bytes) -> None:
    """415 unless the body is empty or declared as `wanted` (and, if a charset is named, UTF-8)."""
    if not raw:
        return
    header = request.headers.get("Content-Type")
    if header == wanted:  # no parameter, so no charset: nothing to parse
        return
    charset = (request.charset or "utf-8").lower().replace("_", "-")
    if header is None or request.content_type != wanted or charset not in ("utf-8", "utf8"):
        raise UnsupportedMediaType(f"Send the body as {wanted} (UTF-8).")


async def read_raw(request: web.Request) -> bytes:
    """The whole body, by IDENTITY_HTTP_BODY_TIMEOUT after the end of the request's head (not
    after this call: what a handler does first must not extend a slow client's time); a client
    that sends it slower gets 408 and its connection is closed (a slow body would otherwise hold
    a connection, and a descriptor, for as long as it likes). Over 1 MiB: 413 (aiohttp). A
    connection closed mid-body (the client left, or the listener evicted it for a faster one)
    is 400 for the access log, not an unexpected error with a traceback."""
    kept: bytes | None = request.get(_RAW)
    if kept is not None:
        return kept
    if not request.body_exists:
        return b""
    if request.content.is_eof():
        # The whole body has arrived already (a small one comes with its head): reading it
        # cannot wait, so it needs no deadline (a timer armed and cancelled per request).
        raw = await request.read()
        request[_RAW] = raw
        return raw
    loop = asyncio.get_running_loop()
    deadline = request.get(HEAD_ARRIVED, loop.time()) + request.app[STATE].settings.http_body_timeout
    try:
        async with asyncio.timeout_at(deadline):
            raw = await request.read()
        request[_RAW] = raw
        return raw
    except TimeoutError:
        request.protocol.close()  # no further request on this connection
        raise RequestTimeout(headers={"Connection": "close"}) from None
    except ConnectionError:  # the connection was lost while the body was awaited
        raise IncompleteBody() from None
    except RuntimeError:
        # aiohttp's words for a read that begins after the connection was lost
        if request.protocol is not None and request.protocol.connected:
            raise
        raise IncompleteBody() from None


async def read_json(request: web.Request) -> bytes:
    """The raw bytes of a JSON body (decoded later by validation.decode_body, which turns bytes
    that are not UTF-8 into 400 invalid_json); 415 for another declared media type."""
    raw = await read_raw(request)
    _media_type(request, JSON_TYPE, raw)
    return raw


async def read_form(request: web.Request) -> MultiDictProxy[str]:
    """A urlencoded form, every name and value strictly UTF-8 (also after percent-decoding) and
    storable (no NUL). Repeated names are kept; each caller decides what they mean."""
    return MultiDictProxy(MultiDict(await read_form_pairs(request)))


async def read_form_pairs(request: web.Request) -> list[tuple[str, str]]:
    """read_form()'s fields as (name, value) pairs in the order sent, for a caller that needs
    no multidict (the token endpoint)."""
    raw = await read_raw(request)
    _media_type(request, FORM_TYPE, raw)
    try:
        pairs = _parse_form(raw.decode("utf-8"))
    except ValueError:  # UnicodeDecodeError is one; so is "Max number of fields exceeded"
        raise InvalidForm() from None
    for name, value in pairs:
        if unstorable(name) or unstorable(value):
            raise InvalidForm("The request body holds a NUL character.")
    return pairs


def _parse_form(text: str) -> list[tuple[str, str]]:
    """parse_qsl(text, keep_blank_values=True, errors="strict", max_num_fields=MAX_FIELDS), the
    same pairs, the same errors: its steps, with unquote() called only for a part holding a
    "%" (unquote returns any other as it is). A token request's form was a few Python calls
    per field through parse_qsl."""
    if not text:
        return []
    if 1 + text.count("&") > MAX_FIELDS:
        raise ValueError("Max number of fields exceeded")
    pairs: list[tuple[str, str]] = []
    for field in text.split("&"):
        if not field:
            continue
        name, _, value = field.partition("=")  # no "=": a blank value, as keep_blank_values
        name, value = name.replace("+", " "), value.replace("+", " ")
        if "%" in name:
            name = unquote(name, errors="strict")
        if "%" in value:
            value = unquote(value, errors="strict")
        pairs.append((name, value))
    return pairs
