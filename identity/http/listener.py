"""Our own accept loop: the listening sockets of `identity serve|web` (and of the /metrics
listener), accepted the same way on asyncio's event loop and on uvloop's (IDENTITY_EVENT_LOOP).
identity/http/server.py wraps each connection in its Guard."""

from __future__ import annotations

import asyncio
import errno
import socket
import time
from collections.abc import Callable

import structlog
from aiohttp import web

log = structlog.get_logger("identity.http.server")

ACCEPT_BACKLOG = 128  # aiohttp's default listen backlog
#: Out of descriptors (or of kernel memory), accept() is tried again this much later, as
#: asyncio's own accept loop does; the connections wait in the listen backlog meanwhile.
ACCEPT_RETRY_SECONDS = 1.0
_OUT_OF_RESOURCES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
#: At close, the most connections taken from the backlog: bounded, as a client flood must not
#: keep a stopping listener accepting.
DRAIN_LIMIT = 4 * ACCEPT_BACKLOG
#: The most lines one kind of refused connection writes per interval.
LOG_INTERVAL_SECONDS = 10.0


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


class ListeningSite(web.TCPSite):
    """aiohttp's TCPSite, its connections accepted by a Listener (the same on either loop)."""

    def protocol_factory(self, server: web.Server) -> Callable[[], asyncio.BaseProtocol]:
        return server

    async def start(self) -> None:
        server = self._runner.server
        assert server is not None
        self._runner._reg_site(self)  # what BaseSite.start does
        loop = asyncio.get_running_loop()
        sockets = await bind(loop, self._host, self._port, reuse_port=bool(self._reuse_port))
        listener = Listener(loop, sockets, self.protocol_factory(server))
        await listener.start_serving()
        self._server = listener
        self._bound_port = sockets[0].getsockname()[1] if sockets else self._port  # as TCPSite.start


async def bind(
    loop: asyncio.AbstractEventLoop, host: str | None, port: int, *, reuse_port: bool
) -> list[socket.socket]:
    """Listening sockets for `host` (each of its addresses) and `port`, as loop.create_server
    makes them: SO_REUSEADDR, IPv6 sockets IPv6-only, non-blocking."""
    infos = await loop.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in dict.fromkeys(infos):
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if reuse_port and hasattr(socket, "SO_REUSEPORT"):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(ACCEPT_BACKLOG)
            sock.setblocking(False)
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    return sockets


class Listener(asyncio.AbstractServer):
    """Our own accept loop over listening sockets, so that the service behaves the same on
    asyncio's loop and on uvloop's. Out of descriptors, asyncio stops accepting for a second and
    leaves the connections waiting in the backlog, but reports each failure with a traceback;
    uvloop (libuv) accepts every waiting connection and closes it at once, answering nobody and
    logging nothing, and closes the listener for good, silently, when libuv's spare descriptor
    could not be taken back. Here, on either loop: no accept() for ACCEPT_RETRY_SECONDS, the
    connections wait in the backlog, one warning line per interval. Connections are accepted in
    bursts of at most the backlog, each handed to the loop as a transport
    (loop.connect_accepted_socket); requests on an open connection do not pass through here."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        sockets: list[socket.socket],
        protocol_factory: Callable[[], asyncio.BaseProtocol],
    ) -> None:
        self._loop = loop
        self._sockets = sockets
        self._factory = protocol_factory
        self._serving = False
        self._closed = False
        self._retries: dict[socket.socket, asyncio.TimerHandle] = {}
        self._connecting: set[asyncio.Task[None]] = set()
        self._once = Once()
        #: accept() calls that failed, for tests: without the pause, a busy loop counts thousands
        self.failures = 0

    @property
    def sockets(self) -> tuple[socket.socket, ...]:
        return () if self._closed else tuple(self._sockets)

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def is_serving(self) -> bool:
        return self._serving

    async def start_serving(self) -> None:
        if self._serving or self._closed:
            return
        self._serving = True
        for sock in self._sockets:
            self._loop.add_reader(sock.fileno(), self._accept, sock)

    async def serve_forever(self) -> None:
        raise NotImplementedError("the service starts its listener with start_serving()")

    def close(self) -> None:
        """Stop accepting. The connections still waiting in the backlog are accepted first:
        closing a listening socket resets them, and their clients (whose connect() had
        succeeded, and who may have sent a whole request) would see the server hang up without
        an answer. Accepted connections stay open; the site's stop lets their first request
        arrive before aiohttp's shutdown closes the idle ones (identity/http/server.py)."""
        if self._closed:
            return
        self._closed, self._serving = True, False
        for retry in self._retries.values():
            retry.cancel()
        self._retries.clear()
        for sock in self._sockets:
            self._loop.remove_reader(sock.fileno())
            while self._accept(sock) and len(self._connecting) < DRAIN_LIMIT:
                pass
            sock.close()

    async def wait_closed(self) -> None:
        if self._connecting:
            await asyncio.wait(self._connecting)

    def _accept(self, sock: socket.socket) -> bool:
        """One burst of accepts; True when the burst ended with connections still waiting."""
        for _ in range(ACCEPT_BACKLOG):  # one burst; DESCRIPTOR_RESERVE allows for it
            try:
                conn, _ = sock.accept()
            except (BlockingIOError, InterruptedError):
                return False
            except ConnectionAbortedError:
                continue  # the client left while waiting in the backlog
            except OSError as exc:
                if not self._closed:
                    self._failed(sock, exc)
                return False
            conn.setblocking(False)
            task = self._loop.create_task(self._connect(conn))
            self._connecting.add(task)
            task.add_done_callback(self._connecting.discard)
        return True

    async def _connect(self, conn: socket.socket) -> None:
        try:
            await self._loop.connect_accepted_socket(self._factory, conn)
        except OSError:  # the client left before its transport was set up
            conn.close()

    def _failed(self, sock: socket.socket, exc: OSError) -> None:
        """Out of descriptors (or any other accept() failure): a warning at most once per
        interval, and no accept() on this socket until ACCEPT_RETRY_SECONDS later: trying again
        at once would fail again at once, a busy loop."""
        self.failures += 1
        if self._once.due():
            log.warning(
                "http_accept_failed",
                error=str(exc),
                out_of_resources=exc.errno in _OUT_OF_RESOURCES,
                retry_seconds=ACCEPT_RETRY_SECONDS,
                left_out=self._once.take_suppressed(),
            )
        self._loop.remove_reader(sock.fileno())
        self._retries[sock] = self._loop.call_later(ACCEPT_RETRY_SECONDS, self._resume, sock)

    def _resume(self, sock: socket.socket) -> None:
        self._retries.pop(sock, None)
        if not self._closed:
            self._loop.add_reader(sock.fileno(), self._accept, sock)
