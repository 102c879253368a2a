"""Stopping the listener answers every request that reached it: connections still waiting in
the listen backlog when the stop begins are accepted and answered, not reset
(identity/http/listener.py Listener.close, identity/http/server.py Guards.settle)."""

from __future__ import annotations

import socket
import threading

import pytest
from aiohttp import web

from identity.config import EVENT_LOOPS, Settings
from identity.http import server
from identity.runner import run_in_loop

CLIENTS = 20


def _request(path: str) -> bytes:
    return f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{{}}".encode()


async def _serve_then_stop(clients: list[socket.socket], ready: threading.Event) -> None:
    answered: list[int] = []

    async def create(request: web.Request) -> web.Response:
        await request.read()
        answered.append(1)
        return web.json_response({"n": len(answered)}, status=201)

    app = web.Application()
    app.router.add_post("/things", create)
    runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=10)
    await runner.setup()
    limits = server.Limits(header_timeout=30, idle_timeout=30, max_connections=1000)
    site = server.GuardedSite(runner, "127.0.0.1", 0, limits)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    # Blocking connects and writes, with no await between them and the stop: the loop has not
    # run, so every connection still waits in the backlog, its whole request sent.
    for _ in range(CLIENTS):
        conn = socket.create_connection(("127.0.0.1", port), timeout=30)
        conn.sendall(_request("/things"))
        clients.append(conn)
    # One connection that never sends anything: the stop does not wait for it for ever.
    clients.append(socket.create_connection(("127.0.0.1", port), timeout=30))
    ready.set()
    await runner.cleanup()


def _read_all(conn: socket.socket) -> bytes:
    chunks = []
    while chunk := conn.recv(65536):
        chunks.append(chunk)
    conn.close()
    return b"".join(chunks)


@pytest.mark.parametrize("loop_name", EVENT_LOOPS)
def test_requests_waiting_in_the_backlog_at_stop_are_answered(loop_name: str) -> None:
    clients: list[socket.socket] = []
    ready = threading.Event()
    # A loop of its own in a thread, so that either event loop can run it.
    worker = threading.Thread(
        target=run_in_loop, args=(Settings(event_loop=loop_name), _serve_then_stop(clients, ready))
    )
    worker.start()
    worker.join(timeout=60)
    assert ready.is_set() and not worker.is_alive()
    *sent, silent = clients
    answers = [_read_all(conn) for conn in sent]
    assert all(a.startswith(b"HTTP/1.1 201 ") for a in answers), answers
    assert _read_all(silent) == b""  # closed by the stop, without an answer it never asked for
    numbers = sorted(int(a.rsplit(b'"n": ', 1)[1].rstrip(b"}")) for a in answers)
    assert numbers == list(range(1, CLIENTS + 1))


def test_the_test_really_fills_the_backlog_first() -> None:
    """Without the drain, the same stop hangs up on those clients: closing a listening socket
    resets the connections in its backlog (so the test above would fail if it broke)."""
    listening = socket.create_server(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    conn = socket.create_connection(("127.0.0.1", port), timeout=10)
    conn.sendall(_request("/things"))
    listening.close()
    with pytest.raises(ConnectionResetError):
        conn.recv(10)
    conn.close()
