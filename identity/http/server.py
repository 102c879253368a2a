"""How the HTTP listener meets its clients: deadlines for slow and idle connections, headroom
for file descriptors, and quiet logs for what a hostile client can provoke.

aiohttp alone keeps a connection that sends part of a request head for its keep-alive time
(an hour by default) and one that sends part of a body for ever; each holds a descriptor, and
once the process runs out, accept() fails in a tight loop (asyncio logs each failure with a
traceback: ~70,000 lines in 20 s were seen) and /health stops answering. So:

- every connection is wrapped in a Guard: a request head must be complete within
  `http_header_timeout` of its first byte, and a kept-alive connection with no request is
  closed after `http_idle_timeout` (a connection that sends nothing counts as idle);
- the body is read within `http_body_timeout` of the head (identity/http/bodies.py: 408);
- past `max_connections` (from the descriptor limit, raised to its hard limit at start), a new
  connection closes the oldest one that is idle or still sending its head, so slow clients
  cannot starve the others; requests being answered are never cut;
- accept() failures and requests refused by the HTTP parser are logged at most once per
  interval, as a warning without a traceback.

docs/configuration.md lists the settings.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import structlog
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

log = structlog.get_logger("identity.http.server")

ACCEPT_BACKLOG = 128  # aiohttp's default listen backlog
#: Descriptors kept back from client connections: the database pool, the LISTEN connection,
#: outbound calls (webhooks, SMTP, captcha, providers), Redis, log files; and one accept burst
#: (asyncio accepts up to the backlog at once, before any of them can evict an older one).
DESCRIPTOR_RESERVE = 128 + ACCEPT_BACKLOG
#: After a body timeout (or a refused body), how long aiohttp keeps reading and discarding the
#: rest before closing; its default is 10 s.
LINGERING_SECONDS = 2.0
#: The most lines one kind of refused connection writes per interval.
LOG_INTERVAL_SECONDS = 10.0


@dataclass(frozen=True)
class Limits:
    header_timeout: float
    idle_timeout: float
    max_connections: int


def raise_descriptor_limit() -> int:
    """Raise this process's soft descriptor limit to its hard limit; returns the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


def limits_of(settings: Any, descriptors: int) -> Limits:
    """The listener's limits; at most as many connections as the descriptors leave room for."""
    room = max(16, descriptors - DESCRIPTOR_RESERVE - settings.db_pool_max)
    return Limits(
        header_timeout=settings.http_header_timeout,
        idle_timeout=settings.http_idle_timeout,
        max_connections=min(room, settings.http_max_connections or room),
    )


class Once:
    """At most one line per `interval` seconds for one kind of event; the next line says how
    many were left out."""

    def __init__(self, interval: float = LOG_INTERVAL_SECONDS) -> None:
        self.interval = interval
        self._next = 0.0
        self.suppressed = 0

    def due(self) -> bool:
        now = time.monotonic()
        if now < self._next:
            self.suppressed += 1
            return False
        self._next = now + self.interval
        return True

    def take_suppressed(self) -> int:
        count, self.suppressed = self.suppressed, 0
        return count


class Guard(asyncio.Protocol):
    """Wraps aiohttp's protocol for one connection and closes it when it is too slow. The
    request middleware tells it when a request's head has arrived (started) and when its
    answer is done (ended); in between nothing is timed here (the body has its own deadline,
    and a request being answered is never cut)."""

    IDLE, HEAD, BUSY = "idle", "head", "busy"

    def __init__(self, inner: asyncio.Protocol, guards: Guards) -> None:
        self.inner = inner
        self.guards = guards
        self.phase = self.IDLE
        self.transport: asyncio.Transport | None = None
        self._timer: asyncio.TimerHandle | None = None

    # -- asyncio.Protocol, passed on to aiohttp --
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.guards.opened(self)
        self._arm(self.guards.limits.idle_timeout)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.phase == self.IDLE and data:
            self.phase = self.HEAD
            self._arm(self.guards.limits.header_timeout)
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.guards.closed(self)
        self.inner.connection_lost(exc)

    # -- signals from the request middleware --
    def started(self) -> None:
        self.phase = self.BUSY
        self._disarm()

    def ended(self) -> None:
        self.phase = self.IDLE
        if self.transport is not None and not self.transport.is_closing():
            self._arm(self.guards.limits.idle_timeout)

    # -- deadlines --
    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._timer = asyncio.get_running_loop().call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expired(self) -> None:
        self._timer = None
        if self.phase == self.HEAD:  # an idle connection closing is routine: not logged
            self.guards.note("http_head_timed_out", seconds=self.guards.limits.header_timeout)
        if self.phase != self.BUSY:
            self.close()

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


class Guards:
    """The guards of one listener, oldest first; the protocol factory given to the loop."""

    def __init__(self, server: web.Server, limits: Limits) -> None:
        self.server = server
        self.limits = limits
        self.open: OrderedDict[Guard, None] = OrderedDict()
        self._once: dict[str, Once] = {}

    def __call__(self) -> Guard:
        return Guard(self.server(), self)

    def opened(self, guard: Guard) -> None:
        self.open[guard] = None
        if len(self.open) > self.limits.max_connections:
            self.note("http_connections_at_limit", limit=self.limits.max_connections)
            victim = next((g for g in self.open if g.phase != Guard.BUSY and g is not guard), guard)
            # Out of the count at once: its descriptor is freed a moment later, and the same
            # burst of accepts must not pick it again.
            self.open.pop(victim)
            victim.close()

    def closed(self, guard: Guard) -> None:
        self.open.pop(guard, None)

    def note(self, event: str, **fields: Any) -> None:
        once = self._once.setdefault(event, Once())
        if once.due():
            log.warning(event, left_out=once.take_suppressed(), **fields)


def started(request: web.Request) -> Guard | None:
    """Called by the middleware once a request's head has arrived; the guard, if any."""
    transport = request.transport
    guard = transport.get_protocol() if transport is not None else None
    if isinstance(guard, Guard):
        guard.started()
        return guard
    return None


class GuardedSite(web.TCPSite):
    """aiohttp's TCPSite, with each connection wrapped in a Guard."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, limits: Limits, **kwargs: Any) -> None:
        super().__init__(runner, host, port, **kwargs)
        self.limits = limits

    async def start(self) -> None:
        server = self._runner.server
        assert server is not None
        self._runner._reg_site(self)  # what BaseSite.start does
        self._server = await asyncio.get_running_loop().create_server(
            Guards(server, self.limits), self._host, self._port,
            backlog=ACCEPT_BACKLOG, reuse_address=self._reuse_address, reuse_port=self._reuse_port,
        )


_ACCEPT_FAILED = "socket.accept() out of system resource"


def quiet_accept_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Out of descriptors, asyncio retries accept() every second and logs each failure (many a
    retry) with a traceback; log it at most once per interval instead. The listener keeps
    serving: asyncio resumes accepting by itself."""
    once = Once()
    previous = loop.get_exception_handler()

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith(_ACCEPT_FAILED):
            if once.due():
                exc = context.get("exception")
                log.warning("http_accept_failed", error=str(exc), left_out=once.take_suppressed())
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handle)


class RefusedRequestFilter(logging.Filter):
    """aiohttp logs each request its HTTP parser refuses (a malformed line or header: 400) at
    error level with a traceback. That is the client's fault, not ours: one warning line
    without the traceback, at most once per interval."""

    def __init__(self) -> None:
        super().__init__()
        self.once = Once()

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if not isinstance(exc, HttpProcessingError):
            return True
        if not self.once.due():
            return False
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg, record.args = "http_request_refused: %s (%d more left out)", (
            exc.message, self.once.take_suppressed())
        record.exc_info, record.exc_text = None, None
        return True


_refused_filter = RefusedRequestFilter()


def quiet_refused_requests() -> None:
    server_log = logging.getLogger("aiohttp.server")
    if _refused_filter not in server_log.filters:
        server_log.addFilter(_refused_filter)
