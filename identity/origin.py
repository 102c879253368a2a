"""The request a piece of work belongs to: its request id and trace context.

The middleware opens an origin for each request; the outbox and the webhook fan-out store it
on the rows they write (the request_id and traceparent columns); a worker reopens it from the
row it claimed. Inside an origin every structlog line carries request_id, and work queued from
there (a job that queues more work) keeps the same request id and trace.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

import structlog

from identity import tracing

_REQUEST_ID: ContextVar[str | None] = ContextVar("origin_request_id", default=None)
_TRACEPARENT: ContextVar[str | None] = ContextVar("origin_traceparent", default=None)


@contextlib.contextmanager
def opened(request_id: str | None, traceparent: str | None = None) -> Iterator[None]:
    """Work done inside belongs to request_id (None: to no request) and, when tracing is off
    here, to the stored trace context (passed on as it is)."""
    id_token = _REQUEST_ID.set(request_id)
    tp_token = _TRACEPARENT.set(traceparent)
    try:
        if request_id is None:
            yield
        else:
            with structlog.contextvars.bound_contextvars(request_id=request_id):
                yield
    finally:
        _TRACEPARENT.reset(tp_token)
        _REQUEST_ID.reset(id_token)


def request_id() -> str | None:
    return _REQUEST_ID.get()


def traceparent() -> str | None:
    """What to store with queued work: the current span's context when tracing is on, else the
    one this origin was opened with."""
    return tracing.traceparent() or _TRACEPARENT.get()
