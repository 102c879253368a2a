"""Sending one webhook request.

The address policy is the one of every outbound connection (identity/outbound,
docs/outbound.md): the URL is checked when a webhook is created or changed, and again at every
attempt: the host is resolved, the answers are vetted, and the connection is made to the vetted
addresses only (a pinned resolver), so a name that changes its answer between the check and the
connection (DNS rebinding) cannot reach a refused address. Redirects are not followed: a 3xx
answer is a failed attempt. A failure is recorded by its status or kind, never with the
receiver's bytes.

Workers send through kept-alive connections (identity/webhooks/keepalive.py), reused only for
the same scheme, host, port and vetted addresses; the synchronous test delivery of the API opens
one connection per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp.abc import ResolveResult

from identity.outbound.addresses import AddressRefused
from identity.outbound.failures import describe
from identity.outbound.http import open_session, vet

if TYPE_CHECKING:
    from identity.webhooks.keepalive import HttpConnections

TIMEOUT_SECONDS = 30.0
#: The rest of an answer's body is read (up to this much) so that its connection can be
#: reused; a longer body closes the connection instead.
MAX_DRAINED_BODY = 64 * 1024
MAX_DRAIN_SECONDS = 1.0


class _Attempt:
    """What aiohttp's request tracing tells about one request."""

    def __init__(self) -> None:
        self.reused = False  # it went out on a pooled (kept-alive) connection
        self.answered = False  # the receiver's status line arrived

    def went_stale(self, exc: BaseException) -> bool:
        """The pooled connection had been closed by the receiver (its keep-alive ran out, it
        restarted) before this request got an answer: the request most likely never reached
        it. aiohttp itself retries only idempotent methods, never a POST."""
        return (
            self.reused
            and not self.answered
            and isinstance(
                exc, (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError, aiohttp.ClientConnectionResetError)
            )
        )


async def _on_reuse(session: aiohttp.ClientSession, ctx: Any, params: Any) -> None:
    if isinstance(ctx.trace_request_ctx, _Attempt):
        ctx.trace_request_ctx.reused = True


def _session(pinned: list[ResolveResult]) -> aiohttp.ClientSession:
    """A session of its own for one delivery (the API's synchronous test)."""
    return open_session(pinned, trace_configs=[tracing()])


def tracing() -> aiohttp.TraceConfig:
    """Tells an _Attempt whether its request went out on a reused connection."""
    config = aiohttp.TraceConfig()
    config.on_connection_reuseconn.append(_on_reuse)
    return config


@dataclass
class Outcome:
    delivered: bool
    http_status: int | None
    duration_ms: int
    error: str | None


_RECEIVER_ERRORS = (TimeoutError, aiohttp.ClientError, OSError)


def _failure(exc: BaseException, timeout: float) -> tuple[bool, int | None, str]:
    if isinstance(exc, TimeoutError):
        return False, None, f"timed out after {timeout:g}s"
    return False, None, describe(exc)


async def _drain(resp: aiohttp.ClientResponse) -> None:
    """Read the rest of a short answer so that its connection can be reused. Best effort: a
    long, slow or broken body only costs the connection (the status decides the outcome)."""
    with contextlib.suppress(TimeoutError, aiohttp.ClientError, OSError):
        async with asyncio.timeout(MAX_DRAIN_SECONDS):
            drained = 0
            while drained < MAX_DRAINED_BODY and (chunk := await resp.content.read(16384)):
                drained += len(chunk)


async def _post(
    session: aiohttp.ClientSession,
    url: str,
    headers: dict[str, str],
    body: bytes,
    timeout: float,  # noqa: ASYNC109
    attempt: _Attempt,
    drain: bool = True,
) -> tuple[bool, int | None, str | None]:
    """One POST: (delivered, http status, reason). Raises aiohttp's errors. drain: read the rest
    of the answer so its connection can serve the next request (pointless on a closing one)."""
    async with session.post(
        url,
        data=body,
        headers=headers,
        allow_redirects=False,
        timeout=aiohttp.ClientTimeout(total=timeout),
        trace_request_ctx=attempt,
    ) as resp:
        attempt.answered = True
        if drain:
            await _drain(resp)
        if 200 <= resp.status < 300:
            return True, resp.status, None
        if 300 <= resp.status < 400:
            return False, resp.status, f"HTTP {resp.status} (redirects are not followed)"
        return False, resp.status, f"HTTP {resp.status}"


async def send(
    url: str,
    headers: dict[str, str],
    body: bytes,
    *,
    allow_http: bool,
    timeout: float = TIMEOUT_SECONDS,  # noqa: ASYNC109
    http: HttpConnections | None = None,
) -> Outcome:
    """POST once. 2xx within the timeout is delivered; anything else is a failure with a
    reason. Never raises for receiver-side problems. With `http`, through its kept-alive
    connections; without, on a connection of its own."""
    started = time.perf_counter()

    def done(delivered: bool, status: int | None, error: str | None) -> Outcome:
        return Outcome(delivered, status, int((time.perf_counter() - started) * 1000), error)

    try:
        pinned = await vet(url, allow_http)
    except AddressRefused as exc:
        return done(False, None, f"address refused: url {exc}")
    attempt = _Attempt()
    try:
        if http is None:
            async with _session(pinned) as session:
                return done(*await _post(session, url, headers, body, timeout, attempt, drain=False))
        async with http.session(url, pinned) as session:
            return done(*await _post(session, url, headers, body, timeout, attempt))
    except _RECEIVER_ERRORS as exc:
        if http is None or not attempt.went_stale(exc):
            return done(*_failure(exc, timeout))
    # Once more on a fresh connection, within what is left of the time-out. The destination's
    # other idle connections were likely closed by the same cause: they are dropped too.
    await http.discard(url, pinned)
    left = timeout - (time.perf_counter() - started)
    if left <= 0:
        return done(*_failure(TimeoutError(), timeout))
    try:
        async with http.session(url, pinned) as session:
            return done(*await _post(session, url, headers, body, left, _Attempt()))
    except _RECEIVER_ERRORS as exc:
        return done(*_failure(exc, timeout))
