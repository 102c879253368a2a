"""How the HTTP listener meets its clients: deadlines for slow and idle connections, headroom
for file descriptors, and quiet logs for what a hostile client can provoke.

aiohttp alone keeps a connection that sends part of a request head for its keep-alive time
(an hour by default) and one that sends part of a body for ever; each holds a descriptor, and
once the process runs out, accept() fails in a tight loop (asyncio logs each failure with a
traceback: ~70,000 lines in 20 s were seen) and /health stops answering. So:

- every connection is wrapped in a Guard: a request head must be complete within
  `http_header_timeout` of its first byte, and a kept-alive connection with no request is
  closed after `http_idle_timeout` (a connection that sends nothing counts as idle);
- the body must have arrived within `http_body_timeout` of the end of the head: a handler
  reading it then answers 408 (identity/http/bodies.py), and a connection still sending it
  shortly after is closed whether or not its handler reads;
- past `max_connections` (from the descriptor limit, raised to its hard limit at start), a new
  connection closes the oldest one that is idle or still sending its head or its body, so slow
  clients cannot starve the others; a request whose body has arrived (its handler running) is
  never cut. A slow body counts as slow as a slow head: otherwise an attacker that sends whole
  heads and partial bodies holds every connection, reconnecting as each deadline ends them;
- with `max_connections_per_address`, one client address (IPv6 by its prefix, as rate limits
  count it) holds at most that many: past it, its own oldest evictable connection is closed;
- the listener accepts connections itself (identity/http/listener.py), the same on asyncio's
  loop and on uvloop's: out of descriptors, accept() is tried again a second later while the
  connections wait in the backlog (no busy loop, nobody cut off without an answer);
- accept() failures and requests refused by the HTTP parser are logged at most once per
  interval, as a warning without a traceback.

docs/configuration.md lists the settings.
"""

from __future__ import annotations

import asyncio
import logging
import resource
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import structlog
from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from identity.http.clientinfo import address_bucket
from identity.http.listener import ACCEPT_BACKLOG, ListeningSite, Once

log = structlog.get_logger("identity.http.server")

#: Descriptors kept back from client connections: the database pool, the LISTEN connection,
#: outbound calls (webhooks, SMTP, captcha, providers), Redis, log files; and one accept burst
#: (asyncio accepts up to the backlog at once, before any of them can evict an older one).
DESCRIPTOR_RESERVE = 128 + ACCEPT_BACKLOG
#: After a body timeout (or a refused body), how long aiohttp keeps reading and discarding the
#: rest before closing; its default is 10 s.
LINGERING_SECONDS = 2.0
#: A body still arriving this long after its deadline closes the connection: the handler reading
#: it has answered 408 at the deadline itself; this ends one whose handler does not read.
BODY_GRACE_SECONDS = 1.0
#: At shutdown, how long the last connections may take to send their request head
#: (Guards.settle).
SETTLE_SECONDS = 1.0
#: When each request's head arrived (loop time): its body's deadline counts from there.
HEAD_ARRIVED: web.RequestKey[float] = web.RequestKey("head_arrived", float)


@dataclass(frozen=True)
class Limits:
    header_timeout: float
    idle_timeout: float
    max_connections: int
    body_timeout: float = 30.0
    #: 0: no cap per client address
    max_connections_per_address: int = 0
    ipv6_prefix: int = 64


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
        body_timeout=settings.http_body_timeout,
        max_connections_per_address=settings.http_max_connections_per_address or 0,
        ipv6_prefix=settings.rate_limit_ipv6_prefix,
    )


class Guard(asyncio.Protocol):
    """Wraps aiohttp's protocol for one connection and closes it when it is too slow. The
    request middleware tells it when a request's head has arrived (started) and when its
    answer is done (ended). In between, the connection is in BODY until the request's body has
    fully arrived (timed, and evictable), then BUSY: a request being answered is never cut."""

    IDLE, HEAD, BODY, BUSY = "idle", "head", "body", "busy"

    def __init__(self, inner: asyncio.Protocol, guards: Guards) -> None:
        self.inner = inner
        self.guards = guards
        self.phase = self.IDLE
        self.transport: asyncio.Transport | None = None
        self.address = ""
        self._timer: asyncio.TimerHandle | None = None
        self._body: Any = None  # the request's payload stream while in BODY
        self.heard = False  # any byte received yet
        self.opened_at = 0.0  # loop time of connection_made

    # -- asyncio.Protocol, passed on to aiohttp --
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.opened_at = asyncio.get_running_loop().time()
        self.guards.opened(self)
        self._arm(self.guards.limits.idle_timeout)
        self.inner.connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if self.phase == self.IDLE and data:
            self.phase, self.heard = self.HEAD, True
            self._arm(self.guards.limits.header_timeout)
            self.guards.progressed()
        self.inner.data_received(data)
        if self.phase == self.BODY and self._body.is_eof():  # the last byte of the body
            self._busy()

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.guards.closed(self)
        self.guards.progressed()
        self.inner.connection_lost(exc)

    # -- signals from the request middleware --
    def started(self, body: Any) -> None:
        """The head has arrived; `body` is the request's payload stream (aiohttp's
        StreamReader: is_eof() once the whole body has been received)."""
        self.guards.progressed()
        if body.is_eof():
            self._busy()
            return
        self.phase, self._body = self.BODY, body
        self._arm(self.guards.limits.body_timeout + BODY_GRACE_SECONDS)

    def _busy(self) -> None:
        self.phase, self._body = self.BUSY, None
        self._disarm()

    def ended(self) -> None:
        self.phase, self._body = self.IDLE, None
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
        elif self.phase == self.BODY:
            self.guards.note("http_body_timed_out", seconds=self.guards.limits.body_timeout)
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
        #: the open guards of each client address (bucket), oldest first; kept only with a cap
        self.by_address: dict[str, OrderedDict[Guard, None]] = {}
        self._once: dict[str, Once] = {}
        self._progress: asyncio.Event | None = None  # set while settling

    def __call__(self) -> Guard:
        return Guard(self.server(), self)

    def opened(self, guard: Guard) -> None:
        self.open[guard] = None
        per_address = self.limits.max_connections_per_address
        if per_address:
            guard.address = self._address_of(guard)
            same = self.by_address.setdefault(guard.address, OrderedDict())
            same[guard] = None
            if len(same) > per_address:
                self.note("http_address_connections_at_limit", limit=per_address)
                self._evict(same, guard)
        if guard in self.open and len(self.open) > self.limits.max_connections:
            self.note("http_connections_at_limit", limit=self.limits.max_connections)
            self._evict(self.open, guard)

    def _evict(self, among: OrderedDict[Guard, None], new: Guard) -> None:
        """Close the oldest of `among` that is not answering a request (the new one if all are)."""
        victim = next((g for g in among if g.phase != Guard.BUSY and g is not new), new)
        # Out of the count at once: its descriptor is freed a moment later, and the same burst
        # of accepts must not pick it again.
        self.closed(victim)
        victim.close()

    def _address_of(self, guard: Guard) -> str:
        peer = guard.transport.get_extra_info("peername") if guard.transport is not None else None
        host = peer[0] if isinstance(peer, tuple) and peer else ""
        return address_bucket(str(host), self.limits.ipv6_prefix) if host else "-"

    def closed(self, guard: Guard) -> None:
        self.open.pop(guard, None)
        same = self.by_address.get(guard.address)
        if same is not None:
            same.pop(guard, None)
            if not same:
                del self.by_address[guard.address]

    async def settle(self, seconds: float = SETTLE_SECONDS) -> None:
        """At shutdown, before aiohttp closes every connection not answering a request: wait
        (at most `seconds`) until no connection is part-way through a request head and none
        opened within `seconds` is still silent. A client whose connect() succeeded just before
        the listener closed gets its request answered instead of a hang-up; the loop turns at
        least once, so requests already in the socket buffers are read."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        self._progress = asyncio.Event()

        def waiting() -> bool:
            recent = loop.time() - seconds
            return any(g.phase == Guard.HEAD or (not g.heard and g.opened_at > recent) for g in self.open)

        await asyncio.sleep(0)
        try:
            while waiting() and (left := deadline - loop.time()) > 0:
                self._progress.clear()
                try:
                    await asyncio.wait_for(self._progress.wait(), left)
                except TimeoutError:
                    return
        finally:
            self._progress = None

    def progressed(self) -> None:
        """A connection received bytes, began or ended a request, or closed (for settle)."""
        if self._progress is not None:
            self._progress.set()

    def note(self, event: str, **fields: Any) -> None:
        once = self._once.setdefault(event, Once())
        if once.due():
            log.warning(event, left_out=once.take_suppressed(), **fields)


def started(request: web.Request) -> Guard | None:
    """Called by the middleware once a request's head has arrived: notes the time (the body's
    deadline counts from it) and tells the connection's guard, if any; returns the guard."""
    request[HEAD_ARRIVED] = asyncio.get_running_loop().time()
    transport = request.transport
    guard = transport.get_protocol() if transport is not None else None
    if isinstance(guard, Guard):
        guard.started(request.content)
        return guard
    return None


class GuardedSite(ListeningSite):
    """A ListeningSite with each connection wrapped in a Guard."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, limits: Limits, **kwargs: Any) -> None:
        super().__init__(runner, host, port, **kwargs)
        self.limits = limits

        self.guards: Guards | None = None

    def protocol_factory(self, server: web.Server) -> Callable[[], asyncio.BaseProtocol]:
        self.guards = Guards(server, self.limits)
        return self.guards

    async def stop(self) -> None:
        """Stop accepting (the backlog is accepted first: identity/http/listener.py), then let
        the last connections' requests arrive before the runner's shutdown closes idle ones."""
        listener = self._server
        await super().stop()
        if listener is not None:
            await listener.wait_closed()
        if self.guards is not None:
            await self.guards.settle()


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
        record.msg, record.args = (
            "http_request_refused: %s (%d more left out)",
            (exc.message, self.once.take_suppressed()),
        )
        record.exc_info, record.exc_text = None, None
        return True


_refused_filter = RefusedRequestFilter()


def quiet_refused_requests() -> None:
    server_log = logging.getLogger("aiohttp.server")
    if _refused_filter not in server_log.filters:
        server_log.addFilter(_refused_filter)
