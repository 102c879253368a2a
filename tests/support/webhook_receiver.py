"""A real HTTP receiver for webhook tests and the benchmark: an aiohttp server on a free
127.0.0.1 port that records every request and answers as told.

    receiver = Receiver(); await receiver.start(); ...; await receiver.stop()
    receiver.url                       http://127.0.0.1:<port>/hook
    receiver.statuses = [500, 500]     answer these first, then receiver.default (200)
    receiver.hold() / release()        keep requests waiting (a slow receiver) until released
    receiver.held                      how many requests are waiting right now
    await receiver.wait_for(n)         until n requests were answered 2xx
    receiver.requests                  every request: Hit(headers, body, status, at)
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import pytest
from aiohttp import web


@dataclass
class Hit:
    headers: dict[str, str]
    body: bytes
    status: int
    at: float

    @property
    def id(self) -> str:
        return self.headers.get("webhook-id", "")


class Receiver:
    def __init__(self, path: str = "/hook") -> None:
        self.path = path
        self.requests: list[Hit] = []
        self.statuses: list[int] = []
        self.default = 200
        self.held = 0
        self._release = asyncio.Event()
        self._release.set()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.arrivals: list[tuple[str, float]] = []  # (webhook-id, perf_counter) of 2xx answers

    async def _handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        if not self._release.is_set():
            self.held += 1
            try:
                await self._release.wait()
            finally:
                self.held -= 1
        status = self.statuses.pop(0) if self.statuses else self.default
        hit = Hit({k.lower(): v for k, v in request.headers.items()}, body, status, time.monotonic())
        self.requests.append(hit)
        if 200 <= status < 300:
            self.arrivals.append((hit.id, time.perf_counter()))
        if 300 <= status < 400:
            return web.Response(status=status, headers={"Location": "http://127.0.0.1:9/x"})
        return web.Response(status=status, text="ok" if status < 300 else "nope")

    async def start(self) -> Receiver:
        app = web.Application()
        app.router.add_post(self.path, self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        self._release.set()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.path}"

    def hold(self) -> None:
        self._release.clear()

    def release(self) -> None:
        self._release.set()

    def ok(self) -> list[Hit]:
        return [r for r in self.requests if 200 <= r.status < 300]

    async def wait_for(self, count: int, timeout: float = 10.0, ok: bool = True) -> list[Hit]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.ok() if ok else list(self.requests)
            if len(got) >= count:
                return got
            await asyncio.sleep(0.02)
        got = self.ok() if ok else list(self.requests)
        raise AssertionError(f"expected {count} requests, got {len(got)}: {[(r.status, r.id) for r in self.requests]}")

    async def wait_held(self, count: int = 1, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while self.held < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"{count} request(s) never arrived to be held")
            await asyncio.sleep(0.01)


def json_of(hit: Hit) -> Any:
    import json

    return json.loads(hit.body)


@pytest.fixture
async def receiver():
    """A running Receiver, stopped after the test."""
    r = await Receiver().start()
    try:
        yield r
    finally:
        await r.stop()
