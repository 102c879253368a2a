"""The request a piece of work belongs to: its request id and trace context.

The middleware opens an origin for each request; the outbox and the webhook fan-out store it
on the rows they write (the request_id and traceparent columns); a worker reopens it from the
row it claimed. Inside an origin every structlog line carries request_id, and work queued from
there (a job that queues more work) keeps the same request id and trace.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import ContextVar, Token
from typing import Any

import structlog

from identity import tracing

_REQUEST_ID: ContextVar[str | None] = ContextVar("origin_request_id", default=None)
_TRACEPARENT: ContextVar[str | None] = ContextVar("origin_traceparent", default=None)


class opened:  # noqa: N801 - used as a function: `with origin.opened(...)`
    """Work done inside belongs to request_id (None: to no request) and, when tracing is off
    here, to the stored trace context (passed on as it is).

    A class rather than a generator: every request opens one, and contextlib's machinery and
    structlog's bound_contextvars (which copies the whole context to save what it replaces)
    were a few per cent of a cheap request's CPU. The structlog variable is set and reset with
    its token, which restores what was bound before, as bound_contextvars does."""

    __slots__ = ("_request_id", "_traceparent", "_tokens")
    _tokens: tuple[Token[str | None], Token[str | None], Mapping[str, Token[Any]] | None]

    def __init__(self, request_id: str | None, traceparent: str | None = None) -> None:
        self._request_id = request_id
        self._traceparent = traceparent

    def __enter__(self) -> None:
        bound = (
            structlog.contextvars.bind_contextvars(request_id=self._request_id)
            if self._request_id is not None
            else None
        )
        self._tokens = (_REQUEST_ID.set(self._request_id), _TRACEPARENT.set(self._traceparent), bound)

    def __exit__(self, *_: object) -> None:
        id_token, tp_token, bound = self._tokens
        if bound is not None:
            structlog.contextvars.reset_contextvars(**bound)
        _TRACEPARENT.reset(tp_token)
        _REQUEST_ID.reset(id_token)


def request_id() -> str | None:
    return _REQUEST_ID.get()


def traceparent() -> str | None:
    """What to store with queued work: the current span's context when tracing is on, else the
    one this origin was opened with."""
    return tracing.traceparent() or _TRACEPARENT.get()
