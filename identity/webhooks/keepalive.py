"""Kept-alive HTTP connections for webhook deliveries: one aiohttp session per destination in
a worker process, so consecutive deliveries to a receiver reuse a connection (and its TLS
session) instead of opening one per attempt.

The address policy (identity/outbound) still vets the URL before every attempt;
a refused answer never gets here. A destination is the URL's scheme, host (as aiohttp keys its
pool on it; also the TLS server name) and port, together with the addresses vetted at this
attempt. Its session connects to those addresses only, for that host only (a pinned
resolver), so every connection in its pool was opened to a vetted address of that very
destination. When an attempt's vetting yields other addresses, the session is retired — no new
request goes to it, requests running on it finish, then it closes — and a fresh one is opened
for the new addresses: a name that changes its answer never rides a connection opened for the
old one.

    http = HttpConnections()                       # in a running event loop
    async with http.session(url, pinned) as s:     # pinned: outbound.http.vet(url, ...)'s answer
        ...s.post(...)
    await http.discard(url, pinned)                # a pooled connection turned out stale
    await http.close()                             # the worker stops
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import aiohttp
from aiohttp.abc import ResolveResult
from yarl import URL

from identity.outbound.http import open_session
from identity.webhooks.transport import tracing

#: An idle connection is closed after this long (and so is an idle destination's session).
KEEPALIVE_SECONDS = 30.0
#: Destinations kept at once; beyond, the least recently used idle one is closed.
MAX_DESTINATIONS = 256
#: Idle sessions are looked for at most this often.
SWEEP_EVERY = 1.0

Key = tuple[str, str, int]


def _key(url: str) -> Key:
    parsed = URL(url)
    return parsed.scheme, parsed.raw_host or "", parsed.port or 0


def _addresses(pinned: list[ResolveResult]) -> tuple[str, ...]:
    return tuple(sorted({a["host"] for a in pinned}))


@dataclass(eq=False)
class _Destination:
    addresses: tuple[str, ...]
    session: aiohttp.ClientSession
    in_use: int = 0
    last_used: float = field(default_factory=time.monotonic)
    retired: bool = False


class HttpConnections:
    """The kept-alive sessions of one process, bound to the event loop it was created in."""

    def __init__(self, keepalive: float = KEEPALIVE_SECONDS, max_destinations: int = MAX_DESTINATIONS) -> None:
        self.loop = asyncio.get_running_loop()
        self.keepalive = keepalive
        self.max_destinations = max_destinations
        self._current: dict[Key, _Destination] = {}
        self._busy_retired: set[_Destination] = set()  # closed when their last request ends
        self._swept = time.monotonic()
        self._closed = False

    @contextlib.asynccontextmanager
    async def session(self, url: str, pinned: list[ResolveResult]) -> AsyncIterator[aiohttp.ClientSession]:
        """The session for this URL and these vetted addresses, for one request."""
        if self._closed:
            raise RuntimeError("the webhook HTTP connections are closed")
        # Bookkeeping first, without awaiting, so concurrent requests see a consistent map.
        to_close = self._sweep()
        key, addresses = _key(url), _addresses(pinned)
        dest = self._current.get(key)
        if dest is not None and dest.addresses != addresses:
            to_close += self._retire(key)
            dest = None
        if dest is None:
            dest = _Destination(
                addresses, open_session(pinned, host=key[1], keepalive=self.keepalive, trace_configs=[tracing()])
            )
            self._current[key] = dest
        dest.in_use += 1
        try:
            await _close(to_close)
            yield dest.session
        finally:
            dest.in_use -= 1
            dest.last_used = time.monotonic()
            if dest.retired and dest.in_use == 0:
                self._busy_retired.discard(dest)
                await dest.session.close()

    async def discard(self, url: str, pinned: list[ResolveResult]) -> None:
        """Stop reusing this destination's connections (one was found closed by the receiver;
        the others likely are too). Requests running on them finish."""
        key = _key(url)
        dest = self._current.get(key)
        if dest is not None and dest.addresses == _addresses(pinned):
            await _close(self._retire(key))

    async def close(self) -> None:
        self._closed = True
        sessions = [d.session for d in [*self._current.values(), *self._busy_retired]]
        self._current.clear()
        self._busy_retired.clear()
        await _close(sessions)

    def _retire(self, key: Key) -> list[aiohttp.ClientSession]:
        """Take the destination out of use; returns its session when it can close now."""
        dest = self._current.pop(key)
        dest.retired = True
        if dest.in_use:
            self._busy_retired.add(dest)
            return []
        return [dest.session]

    def _sweep(self) -> list[aiohttp.ClientSession]:
        """Idle destinations past the keep-alive (their connections are already closed), and
        the least recently used idle ones beyond MAX_DESTINATIONS."""
        now = time.monotonic()
        full = len(self._current) >= self.max_destinations
        if not full and now - self._swept < SWEEP_EVERY:
            return []
        self._swept = now
        idle = sorted((d.last_used, k) for k, d in self._current.items() if not d.in_use)
        excess = len(self._current) - self.max_destinations + 1  # room for one more
        out: list[aiohttp.ClientSession] = []
        for i, (last_used, key) in enumerate(idle):
            if i < excess or now - last_used > self.keepalive:
                out += self._retire(key)
        return out


async def _close(sessions: list[aiohttp.ClientSession]) -> None:
    for session in sessions:
        await session.close()
