"""Kept-alive webhook connections (identity/webhooks/keepalive.py): deliveries to one receiver
share a connection; a connection is reused only for the addresses it was opened to; a stale
pooled connection costs no attempt; receivers that close connections still get everything;
the worker's shutdown closes them. Receivers are real HTTP servers counting connections."""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any

import pytest
from aiohttp import web

from identity.events.emit import emit
from identity.outbound.http import PinnedResolver, open_session
from identity.state import state
from identity.webhooks import transport
from identity.webhooks.keepalive import HttpConnections
from tests.support.webhook_receiver import Receiver
from tests.support.webhooks import make_webhook, wait_delivery


class PeerReceiver(Receiver):
    """The aiohttp receiver of the webhook tests, also noting the client port of every request
    (one port = one TCP connection); close_each answers with `Connection: close`."""

    def __init__(self, close_each: bool = False) -> None:
        super().__init__()
        self.close_each = close_each
        self.peers: list[int] = []

    async def _handle(self, request: web.Request) -> web.Response:
        self.peers.append(request.transport.get_extra_info("peername")[1])  # type: ignore[union-attr]
        response = await super()._handle(request)
        if self.close_each:
            response.force_close()
        return response


class RawReceiver:
    """An HTTP/1.1 receiver on asyncio streams, to decide what happens to each connection.

    decide(connection_index, request_index_on_it) -> "answer" (200, keep the connection),
    "answer_and_close" (200 without `Connection: close`, then close), "truncate" (200 with a
    body cut short, then close) or "drop" (read the request, close without an answer).
    """

    def __init__(self, decide: Any = None, host: str = "127.0.0.1", port: int = 0) -> None:
        self.decide = decide or (lambda conn, nth: "answer")
        self.host, self.port = host, port
        self.connections: list[list[bytes]] = []  # the request bodies, per connection
        self.closed_by_client = 0
        self.answered = 0
        self._writers: list[asyncio.StreamWriter] = []
        self._server: asyncio.Server | None = None

    async def start(self) -> RawReceiver:
        self._server = await asyncio.start_server(self._serve, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.close()
        await self._server.wait_closed()

    def url(self, host: str | None = None) -> str:
        return f"http://{host or self.host}:{self.port}/hook"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.append(writer)
        index = len(self.connections)
        self.connections.append([])
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.IncompleteReadError:
                    self.closed_by_client += 1
                    return
                length = 0
                for line in head.decode("latin-1").split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value)
                body = await reader.readexactly(length)
                what = self.decide(index, len(self.connections[index]))
                self.connections[index].append(body)
                if what == "drop":
                    return
                if what == "truncate":  # promises 100 bytes, sends 2, closes
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nok")
                else:
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                await writer.drain()
                self.answered += 1
                if what in ("answer_and_close", "truncate"):
                    return
        except ConnectionError:
            return
        finally:
            writer.close()

    async def wait_closed_by_client(self, count: int, timeout: float = 5.0) -> None:
        deadline = time.monotonic() + timeout
        while self.closed_by_client < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{count} connection(s) never closed by the client; {self.closed_by_client} were")
            await asyncio.sleep(0.02)


@pytest.fixture
async def http():
    connections = HttpConnections()
    try:
        yield connections
    finally:
        await connections.close()


async def emit_one(app: Any, tenant_id: str, i: int) -> str:
    async with state(app).pool.acquire() as conn, conn.transaction():
        return await emit(conn, tenant_id, "user.updated", {"id": f"usr_{i}", "email": "k@x.co"})


def pinned_to(ip: str, port: int) -> list[Any]:
    return [
        {
            "hostname": "rebind.test",
            "host": ip,
            "port": port,
            "family": socket.AF_INET,
            "proto": 6,
            "flags": socket.AI_NUMERICHOST | socket.AI_NUMERICSERV,
        }
    ]


async def post(http: HttpConnections, url: str, pinned: list[Any]) -> int:
    async with http.session(url, pinned) as session, session.post(url, data=b"{}") as resp:
        await resp.read()
        return resp.status


async def deliver_one_by_one(app: Any, tenant: Any, url: str, n: int) -> list[Any]:
    """A webhook on url, then n events, each delivered before the next is emitted; returns the
    deliveries, each asserted to have taken one attempt."""
    hook = await make_webhook(tenant, url, ["user.updated"])
    for i in range(n):
        await emit_one(app, tenant.id, i)
        await wait_delivery(app, tenant.id, hook["id"], {"delivered"}, count=i + 1)
    rows = await wait_delivery(app, tenant.id, hook["id"], {"delivered"}, count=n)
    assert all(r["attempts"] == 1 for r in rows)
    return rows


# -- through the worker ----------------------------------------------------------------------


async def test_sequential_deliveries_to_one_receiver_share_one_connection(tenant, app, worker):
    receiver = await PeerReceiver().start()
    try:
        await deliver_one_by_one(app, tenant, receiver.url, 5)
        assert len(receiver.peers) == 5
        assert len(set(receiver.peers)) == 1
    finally:
        await receiver.stop()


async def test_receiver_answering_connection_close_gets_every_delivery(tenant, app, worker):
    receiver = await PeerReceiver(close_each=True).start()
    try:
        await deliver_one_by_one(app, tenant, receiver.url, 4)
        assert len(set(receiver.peers)) == 4  # a connection each: none reused after its close
    finally:
        await receiver.stop()


async def test_receiver_closing_silently_after_each_answer_gets_every_delivery(tenant, app, worker):
    """No `Connection: close`: the receiver just closes. Whether the next delivery finds the
    pooled connection already gone or tries it and retries once, no attempt fails."""
    receiver = await RawReceiver(lambda conn, nth: "answer_and_close").start()
    try:
        await deliver_one_by_one(app, tenant, receiver.url(), 4)
        assert receiver.answered == 4
    finally:
        await receiver.stop()


async def test_stale_pooled_connection_is_retried_once_on_a_fresh_one(tenant, app, worker):
    """The receiver drops the second request of a connection unanswered (as when its
    keep-alive ran out just as the request left): the delivery goes out again, once, on a
    new connection, within the same attempt."""
    receiver = await RawReceiver(lambda conn, nth: "drop" if nth == 1 else "answer").start()
    try:
        hook = await make_webhook(tenant, receiver.url(), ["user.updated"])
        await emit_one(app, tenant.id, 1)
        await wait_delivery(app, tenant.id, hook["id"], {"delivered"}, count=1)
        await emit_one(app, tenant.id, 2)
        rows = await wait_delivery(app, tenant.id, hook["id"], {"delivered"}, count=2)
        assert [r["attempts"] for r in rows] == [1, 1]
        assert [len(c) for c in receiver.connections] == [2, 1]
        assert receiver.connections[0][1] == receiver.connections[1][0]  # the same delivery
        attempts = await state(app).pool.fetch("SELECT outcome FROM webhook_attempts WHERE tenant_id = $1", tenant.id)
        assert [a["outcome"] for a in attempts] == ["delivered", "delivered"]
    finally:
        await receiver.stop()


async def test_worker_shutdown_closes_kept_alive_connections(tenant, app, worker):
    receiver = await RawReceiver().start()
    try:
        hook = await make_webhook(tenant, receiver.url(), ["user.updated"])
        await emit_one(app, tenant.id, 1)
        await wait_delivery(app, tenant.id, hook["id"], {"delivered"})
        assert receiver.closed_by_client == 0  # kept alive
        await worker.stop()
        await receiver.wait_closed_by_client(1)
    finally:
        await receiver.stop()


# -- the transport and the pool --------------------------------------------------------------


async def test_unanswered_request_on_a_fresh_connection_is_not_sent_twice(http):
    """Only a reused connection is retried: a receiver that drops a request on a connection
    of its own gets it once per attempt, and the attempt fails."""
    receiver = await RawReceiver(lambda conn, nth: "drop").start()
    try:
        for expected in (1, 2):
            out = await transport.send(receiver.url(), {}, b"{}", allow_http=True, timeout=5, http=http)
            assert not out.delivered and out.http_status is None
            assert out.error == "connection closed by the server", out.error
            assert sum(len(c) for c in receiver.connections) == expected
    finally:
        await receiver.stop()


async def test_2xx_with_a_broken_body_is_delivered(http):
    """The status decides (as before connections were kept alive): reading the rest of the
    body, to keep the connection, is best effort; a body cut short only costs the connection."""
    receiver = await RawReceiver(lambda conn, nth: "truncate").start()
    try:
        for _ in range(2):
            out = await transport.send(receiver.url(), {}, b"{}", allow_http=True, timeout=5, http=http)
            assert out.delivered and out.http_status == 200, out
        assert [len(c) for c in receiver.connections] == [1, 1]
    finally:
        await receiver.stop()


async def test_connection_reused_only_for_the_addresses_it_was_opened_to(http):
    """One name, one port, answers changing between attempts (DNS rebinding, or a receiver
    moving): each request goes to the address vetted for it, never down a connection opened
    to the previous answer."""
    first = await RawReceiver(host="127.0.0.1").start()
    second = await RawReceiver(host="127.0.0.2", port=first.port).start()
    url = f"http://rebind.test:{first.port}/hook"
    try:
        assert await post(http, url, pinned_to("127.0.0.1", first.port)) == 200
        assert await post(http, url, pinned_to("127.0.0.1", first.port)) == 200
        assert [len(c) for c in first.connections] == [2]  # same answer: same connection
        assert await post(http, url, pinned_to("127.0.0.2", first.port)) == 200
        assert [len(c) for c in second.connections] == [1]
        assert [len(c) for c in first.connections] == [2]
        await first.wait_closed_by_client(1)  # the old answer's connection is closed
        assert await post(http, url, pinned_to("127.0.0.1", first.port)) == 200
        assert [len(c) for c in first.connections] == [2, 1]  # a new connection
    finally:
        await first.stop()
        await second.stop()


async def test_kept_alive_session_sends_no_cookie_back(http):
    """A kept-alive session serves every tenant's deliveries to a host: a cookie one receiver
    sets must not travel with the next delivery (it could be another tenant's)."""
    seen: list[str | None] = []

    async def handle(request: web.Request) -> web.Response:
        seen.append(request.headers.get("Cookie"))
        response = web.Response(text="ok")
        response.set_cookie("tenant", "a")
        return response

    server = web.AppRunner(web.Application())
    server.app.router.add_post("/hook", handle)
    await server.setup()
    site = web.TCPSite(server, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    url = f"http://rebind.test:{port}/hook"
    try:
        assert await post(http, url, pinned_to("127.0.0.1", port)) == 200
        assert await post(http, url, pinned_to("127.0.0.1", port)) == 200
        assert seen == [None, None]
    finally:
        await server.cleanup()


async def test_pinned_session_answers_for_its_own_host_only():
    receiver = await RawReceiver().start()
    try:
        pinned = pinned_to("127.0.0.1", receiver.port)
        resolver = PinnedResolver(pinned, "rebind.test")
        with pytest.raises(OSError):
            await resolver.resolve("other.test", receiver.port)
        session = open_session(pinned, host="rebind.test", keepalive=30)
        async with session:
            with pytest.raises(OSError):
                await session.post(f"http://other.test:{receiver.port}/hook", data=b"{}")
        assert receiver.connections == []
    finally:
        await receiver.stop()


async def test_least_recently_used_destination_closed_beyond_the_limit():
    http = HttpConnections(max_destinations=2)
    receivers = [await RawReceiver().start() for _ in range(3)]
    try:
        for r in receivers:
            assert await post(http, r.url(), pinned_to("127.0.0.1", r.port)) == 200
        await receivers[0].wait_closed_by_client(1)
        assert [r.closed_by_client for r in receivers[1:]] == [0, 0]
        assert await post(http, receivers[2].url(), pinned_to("127.0.0.1", receivers[2].port)) == 200
        assert [len(c) for c in receivers[2].connections] == [2]  # still kept alive
    finally:
        await http.close()
        for r in receivers:
            await r.stop()


async def test_closed_connections_refuse_further_requests():
    http = HttpConnections()
    await http.close()
    with pytest.raises(RuntimeError):
        async with http.session("http://127.0.0.1:9/hook", pinned_to("127.0.0.1", 9)):
            pass
