"""Slow, silent and malformed clients against the real listener (`identity web` in a
subprocess, tests/live_server.py): each is disconnected within its deadline, cannot take every
connection, and costs at most one log line per interval, without a traceback. Each runs on both
event loops (IDENTITY_EVENT_LOOP), as does running out of descriptors."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from aiohttp import web

from identity.config import EVENT_LOOPS
from tests.support.api import MASTER_KEY, STRONG_PASSWORD, free_port
from tests.support.live_server import LiveServer

HEADER_TIMEOUT, BODY_TIMEOUT, IDLE_TIMEOUT = 1.0, 1.0, 2.0
#: How much later than its deadline a connection may close on a busy test machine.
SLACK = 2.5


@pytest.fixture(params=EVENT_LOOPS)
def event_loop_name(request: pytest.FixtureRequest) -> str:
    """The IDENTITY_EVENT_LOOP of the service under test."""
    return str(request.param)


@pytest.fixture(scope="module", params=EVENT_LOOPS)
def server(
    request: pytest.FixtureRequest, database_dsn: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    live = LiveServer(
        database_dsn,
        tmp_path_factory.mktemp("slow"),
        IDENTITY_EVENT_LOOP=str(request.param),
        IDENTITY_HTTP_HEADER_TIMEOUT="1s",
        IDENTITY_HTTP_BODY_TIMEOUT="1s",
        IDENTITY_HTTP_IDLE_TIMEOUT="2s",
    ).start()
    try:
        yield live
    finally:
        live.stop()


def _address(live: LiveServer) -> tuple[str, int]:
    parts = urlsplit(live.url)
    return parts.hostname or "127.0.0.1", parts.port or 80


async def _closed_after(reader: asyncio.StreamReader, limit: float) -> tuple[float, bytes]:
    """Seconds until the server closes the connection, and what it sent before."""
    started, received = time.monotonic(), b""
    try:
        async with asyncio.timeout(limit):
            while chunk := await reader.read(65536):
                received += chunk
    except (ConnectionResetError, BrokenPipeError):
        pass
    except TimeoutError:  # still open at the limit
        pass
    return time.monotonic() - started, received


async def test_a_partial_head_is_cut_at_the_header_deadline_even_when_it_trickles(server: LiveServer) -> None:
    reader, writer = await asyncio.open_connection(*_address(server))
    writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\n")

    async def trickle() -> None:  # one byte every 0.2 s: never a complete head
        try:
            for _ in range(100):
                await asyncio.sleep(0.2)
                writer.write(b"X")
                await writer.drain()
        except (ConnectionError, RuntimeError):
            return

    dripping = asyncio.create_task(trickle())
    try:
        elapsed, received = await _closed_after(reader, HEADER_TIMEOUT + SLACK)
    finally:
        dripping.cancel()
        writer.close()
    assert received == b"" and HEADER_TIMEOUT * 0.9 <= elapsed < HEADER_TIMEOUT + SLACK, elapsed


async def test_a_connection_that_sends_nothing_is_closed_when_idle(server: LiveServer) -> None:
    reader, writer = await asyncio.open_connection(*_address(server))
    try:
        elapsed, received = await _closed_after(reader, IDLE_TIMEOUT + SLACK)
    finally:
        writer.close()
    assert received == b"" and IDLE_TIMEOUT * 0.9 <= elapsed < IDLE_TIMEOUT + SLACK, elapsed


async def test_a_partial_body_is_answered_408_and_closed(server: LiveServer) -> None:
    reader, writer = await asyncio.open_connection(*_address(server))
    writer.write(
        b"POST /v1/tenants HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Authorization: Bearer " + MASTER_KEY.encode() + b"\r\nContent-Length: 100\r\n\r\n"
        b'{"name": "sl'
    )
    try:
        elapsed, received = await _closed_after(reader, BODY_TIMEOUT + 2 + SLACK)
    finally:
        writer.close()
    assert received.startswith(b"HTTP/1.1 408 "), received
    envelope = json.loads(received.split(b"\r\n\r\n", 1)[1])
    assert envelope["error"]["code"] == "request_timeout"
    assert elapsed < BODY_TIMEOUT + 2 + SLACK  # the deadline, then at most 2 s of lingering


async def test_refused_requests_and_time_outs_log_little_and_no_traceback(server: LiveServer) -> None:
    before = len(server.log_lines())

    async def malformed() -> bytes:
        reader, writer = await asyncio.open_connection(*_address(server))
        writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\nNo colon in this header\r\n\r\n")
        try:
            return await asyncio.wait_for(reader.read(), 5)
        finally:
            writer.close()

    answers = [await malformed() for _ in range(30)]
    assert all(a.split(b"\r\n", 1)[0].endswith(b" 400 Bad Request") for a in answers), answers[0]
    await asyncio.sleep(0.3)
    lines = server.log_lines()[before:]
    assert "Traceback" not in "\n".join(lines)
    assert not [line for line in lines if '"level": "error"' in line], lines
    assert len(lines) <= 2, lines


async def test_slow_clients_cannot_take_every_connection(database_dsn: str, tmp_path, event_loop_name: str) -> None:
    live = LiveServer(
        database_dsn,
        tmp_path,
        IDENTITY_EVENT_LOOP=event_loop_name,
        IDENTITY_HTTP_MAX_CONNECTIONS="20",
        IDENTITY_HTTP_HEADER_TIMEOUT="60s",
        IDENTITY_HTTP_IDLE_TIMEOUT="60s",
    ).start()
    slow = []
    try:
        for _ in range(60):
            reader, writer = await asyncio.open_connection(*_address(live))
            writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\n")
            slow.append((reader, writer))
        started = time.monotonic()
        answer = await asyncio.to_thread(requests.get, live.url + "/health", timeout=5)
        assert answer.status_code == 200 and time.monotonic() - started < 3
        # The oldest slow connections made room: closed long before any deadline.
        closed = 0
        for reader, _ in slow[:40]:
            elapsed, received = await _closed_after(reader, 0.5)
            closed += received == b"" and elapsed < 0.5
        assert closed == 40, closed
    finally:
        for _, writer in slow:
            writer.close()
        live.stop()


async def test_out_of_descriptors_connections_wait_and_are_answered(event_loop_name: str) -> None:
    """A listener with no descriptor left (tests/support/descriptors.py, in its own process):
    on either loop, connections made meanwhile wait in the backlog and are all answered once
    descriptors are free again (uvloop's own accept loop closed them unanswered), accept() is
    retried once a second rather than in a busy loop, and one warning line, no traceback, says so."""
    root = Path(__file__).resolve().parents[1]
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.support.descriptors",
        event_loop_name,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    try:
        async with asyncio.timeout(30):
            port = int((await proc.stdout.readline()).split()[1])
            assert await proc.stdout.readline() == b"full\n"
            clients = [await asyncio.open_connection("127.0.0.1", port) for _ in range(10)]
            for _, writer in clients:
                writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answers = [await reader.read() for reader, _ in clients]
            for _, writer in clients:
                writer.close()
        assert all(a.startswith(b"HTTP/1.1 200 ") and a.endswith(b"ok") for a in answers), answers
        report = (await asyncio.to_thread(requests.get, f"http://127.0.0.1:{port}/report", timeout=10)).json()
        assert report["events"] == ["http_accept_failed"], report
        assert 1 <= report["failures"] <= 10, report  # about one a second while full
    finally:
        proc.kill()
        _, err = await proc.communicate()
    assert b"Traceback" not in err, err.decode()


async def _slow_bodies(
    live: LiveServer,
    path: str,
    count: int,
    source: str = "127.0.0.1",
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """`count` anonymous connections, each with a whole head and 10 of the 100 bytes it declares."""
    slow = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection(*_address(live), local_addr=(source, 0))
        writer.write(
            f"POST {path} HTTP/1.1\r\nHost: x\r\n".encode()
            + b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
            + b"grant_type"
        )
        await writer.drain()
        slow.append((reader, writer))
    return slow


async def test_slow_bodies_cannot_take_every_connection(database_dsn: str, tmp_path, event_loop_name: str) -> None:
    """A connection still sending its body is as evictable as one still sending its head: with a
    cap of 20, 40 slow bodies (each waiting in the token endpoint's read) leave /health answering,
    the oldest are closed at once, and evicting them logs no error."""
    live = LiveServer(
        database_dsn,
        tmp_path,
        IDENTITY_EVENT_LOOP=event_loop_name,
        IDENTITY_HTTP_MAX_CONNECTIONS="20",
        IDENTITY_HTTP_BODY_TIMEOUT="60s",
        IDENTITY_HTTP_HEADER_TIMEOUT="60s",
        IDENTITY_HTTP_IDLE_TIMEOUT="60s",
    ).start()
    slow: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        tenant = live.call("POST", "/v1/tenants", token=MASTER_KEY, json={"name": "Slow bodies"}).json()
        slow = await _slow_bodies(live, f"/oauth/{tenant['id']}/token", 40)
        await asyncio.sleep(0.5)  # every one of them in its handler, waiting for the rest
        for _ in range(3):
            started = time.monotonic()
            answer = await asyncio.to_thread(requests.get, live.url + "/health", timeout=5)
            assert answer.status_code == 200 and time.monotonic() - started < 3
        closed = 0
        for reader, _ in slow[:20]:
            elapsed, _ = await _closed_after(reader, 0.5)
            closed += elapsed < 0.5
        assert closed == 20, closed
        # A client that leaves in the middle of its body is routine too.
        for _, writer in await _slow_bodies(live, f"/oauth/{tenant['id']}/token", 3):
            await asyncio.sleep(0.1)
            writer.close()
        await asyncio.sleep(0.3)
        text = live.log_text()
        at = max(text.find("Traceback"), text.find('"level": "error"'))
        assert at == -1, text[max(0, at - 1500) : at + 3000]
    finally:
        for _, writer in slow:
            writer.close()
        live.stop()


async def test_one_address_cannot_take_every_connection(database_dsn: str, tmp_path, event_loop_name: str) -> None:
    """With IDENTITY_HTTP_MAX_CONNECTIONS_PER_ADDRESS=5, a sixth connection from one address
    closes that address's oldest slow one at once; connections from another address, and the
    cap of the whole listener, are not touched."""
    live = LiveServer(
        database_dsn,
        tmp_path,
        IDENTITY_EVENT_LOOP=event_loop_name,
        IDENTITY_HTTP_MAX_CONNECTIONS_PER_ADDRESS="5",
        IDENTITY_HTTP_BODY_TIMEOUT="60s",
        IDENTITY_HTTP_HEADER_TIMEOUT="60s",
        IDENTITY_HTTP_IDLE_TIMEOUT="60s",
    ).start()
    slow: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        tenant = live.call("POST", "/v1/tenants", token=MASTER_KEY, json={"name": "One address"}).json()
        path = f"/oauth/{tenant['id']}/token"
        others = await _slow_bodies(live, path, 4, source="127.0.0.1")
        attacker = await _slow_bodies(live, path, 12, source="127.0.0.2")
        slow = others + attacker
        for reader, _ in attacker[:7]:  # the oldest of the attacker's: closed at once
            elapsed, _ = await _closed_after(reader, 0.5)
            assert elapsed < 0.5
        for reader, _ in attacker[7:] + others:  # the newest five, and the other address's
            elapsed, received = await _closed_after(reader, 0.3)
            assert elapsed >= 0.3 and received == b""
    finally:
        for _, writer in slow:
            writer.close()
        live.stop()


async def test_a_request_being_answered_is_never_evicted(database_dsn: str, tmp_path, event_loop_name: str) -> None:
    """Sign-ins whose bodies have arrived, held in their handlers by a slow captcha verifier (a
    real local server), are not cut when slow bodies flood past the cap: each gets its answer."""
    arrived: list[str] = []
    release = asyncio.Event()

    async def siteverify(request: web.Request) -> web.Response:
        arrived.append((await request.post()).get("response", ""))
        await release.wait()
        return web.json_response({"success": False})

    verifier_app = web.Application()
    verifier_app.router.add_post("/siteverify", siteverify)
    runner = web.AppRunner(verifier_app)
    await runner.setup()
    verifier_port = free_port()
    await web.TCPSite(runner, "127.0.0.1", verifier_port).start()
    live = LiveServer(
        database_dsn,
        tmp_path,
        IDENTITY_EVENT_LOOP=event_loop_name,
        IDENTITY_HTTP_MAX_CONNECTIONS="20",
        IDENTITY_HTTP_BODY_TIMEOUT="60s",
        IDENTITY_HTTP_HEADER_TIMEOUT="60s",
        IDENTITY_HTTP_IDLE_TIMEOUT="60s",
    ).start()
    slow: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        tenant = live.call(
            "POST",
            "/v1/tenants",
            token=MASTER_KEY,
            json={
                "name": "Busy",
                "auth_config": {
                    "bot_protection": {
                        "enabled": True,
                        "secret": "s3cret",
                        "verify_url": f"http://127.0.0.1:{verifier_port}/siteverify",
                    }
                },
            },
        ).json()

        def sign_in(n: int) -> int:
            return requests.post(
                live.url + "/v1/auth/sign-in",
                timeout=30,
                json={"email": f"busy{n}@example.com", "password": STRONG_PASSWORD, "captcha_token": f"t{n}"},
                headers={"Authorization": f"Bearer {tenant['publishable_key']}", "X-Tenant-ID": tenant["id"]},
            ).status_code

        busy = [asyncio.create_task(asyncio.to_thread(sign_in, n)) for n in range(5)]
        async with asyncio.timeout(10):
            while len(arrived) < 5:  # every sign-in's body has arrived: its handler waits
                await asyncio.sleep(0.05)
        slow = await _slow_bodies(live, f"/oauth/{tenant['id']}/token", 40)
        answer = await asyncio.to_thread(requests.get, live.url + "/health", timeout=5)
        assert answer.status_code == 200
        release.set()
        statuses = await asyncio.gather(*busy)
        assert all(400 <= status < 500 for status in statuses), statuses  # answered: captcha refused
    finally:
        release.set()
        for _, writer in slow:
            writer.close()
        live.stop()
        await runner.cleanup()
