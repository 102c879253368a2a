"""One LISTEN connection per process, shared by every in-memory cache that Postgres keeps honest.

Caches subscribe to a channel with two callbacks: on_payload for each notification, on_reset to
drop everything. on_reset runs on every (re)connect and on every loss, because notifications
sent while no connection listened are gone for good; `listening` is False while down, and
caches store nothing then. `version` changes on every notification and reset, so a cache can
tell whether a row it just read may have changed while it was reading (can_cache). A process
that changes rows itself delivers the same payloads to its own caches at once (changed_here).

A connection that dies silently (no FIN from a partitioned network) still looks alive; the
caches' own TTLs bound what that can cost.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import asyncpg
import structlog

from identity.db.pool import after_release

log = structlog.get_logger("identity.db.listener")

RECONNECT_SECONDS = 1.0
#: start() waits this long for the first LISTEN, so caches work from the first request.
FIRST_CONNECT_SECONDS = 5.0


def changed_here(conn: Any | None, channel: str, payloads: Iterable[str]) -> None:
    """How a process drops what it changed from its own caches without waiting for Postgres to
    deliver the notification: every listener of this process hands `payloads` to its subscribers
    of `channel`, as if they had been notified. With conn (the change's connection, inside its
    transaction) this happens now and again when conn goes back to the pool, after the commit and
    before the answer: a read made while the change was uncommitted may have kept the old state.
    Without conn the change has committed already. Each delivery moves the listeners' versions,
    so a read still in flight is not kept either (can_cache)."""
    deliver = functools.partial(_deliver_here, channel, tuple(payloads))
    deliver()
    if conn is not None:
        after_release(conn, deliver)


def _deliver_here(channel: str, payloads: tuple[str, ...]) -> None:
    for listener in list(_listeners):
        for payload in payloads:
            listener._dispatch(None, 0, channel, payload)


_listeners: weakref.WeakSet[Listener] = weakref.WeakSet()


@dataclass(frozen=True, slots=True)
class _Subscription:
    channel: str
    on_payload: Callable[[str], None]
    on_reset: Callable[[], None]


class Listener:
    def __init__(self, dsn: str | None) -> None:
        _listeners.add(self)
        self.dsn = dsn
        self._subscriptions: list[_Subscription] = []
        self._listening = False
        self._version = 0
        self._started = False
        self._ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._conn: asyncpg.Connection | None = None

    @property
    def listening(self) -> bool:
        return self._listening

    @property
    def version(self) -> int:
        """Read it before reading the database; pass it to can_cache afterwards."""
        return self._version

    def can_cache(self, version: int) -> bool:
        """May a row read after `version` was taken be cached? Only while listening and when no
        notification or reset came in meanwhile: a change committed during the read notifies
        after its commit, so it either bumped the version already or will drop the entry."""
        return self._listening and self._version == version

    def subscribe(self, channel: str, on_payload: Callable[[str], None], on_reset: Callable[[], None]) -> None:
        """Register callbacks (they run on the event loop and must not block). A channel nobody
        listened to before has to be subscribed before start(): the LISTENs are issued on connect."""
        if self._started and all(s.channel != channel for s in self._subscriptions):
            raise RuntimeError(f"subscribe to channel {channel!r} before the listener starts")
        self._subscriptions.append(_Subscription(channel, on_payload, on_reset))

    async def start(self) -> None:
        self._started = True
        if not self.dsn:
            return  # no database to listen to: caches stay off
        self._task = asyncio.create_task(self._listen_forever())
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._ready.wait(), FIRST_CONNECT_SECONDS)

    async def stop(self) -> None:
        self._listening = False
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
        await self._close()
        self._reset()

    # -- internals ------------------------------------------------------------------------------

    def _reset(self) -> None:
        self._version += 1
        for sub in list(self._subscriptions):
            try:
                sub.on_reset()
            except Exception:  # one broken cache must not keep the others stale
                log.exception("listener_reset_failed", channel=sub.channel)

    def _dispatch(self, _conn: Any, _pid: int, channel: str, payload: str) -> None:
        self._version += 1
        for sub in list(self._subscriptions):
            if sub.channel != channel:
                continue
            try:
                sub.on_payload(payload)
            except Exception:  # this cache may now be stale: empty it rather than serve it
                log.exception("listener_payload_failed", channel=channel)
                with contextlib.suppress(Exception):
                    sub.on_reset()

    def _on_lost(self, _conn: Any, lost: asyncio.Event) -> None:
        self._listening = False
        self._reset()
        lost.set()

    async def _close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None and not conn.is_closed():
            with contextlib.suppress(Exception):
                await conn.close()

    async def _listen_forever(self) -> None:
        while True:
            try:
                lost = asyncio.Event()
                self._conn = await asyncpg.connect(self.dsn)
                self._conn.add_termination_listener(functools.partial(self._on_lost, lost=lost))
                for channel in dict.fromkeys(s.channel for s in self._subscriptions):
                    await self._conn.add_listener(channel, self._dispatch)
                # Rows cached before the LISTEN took effect may have missed their notification.
                self._reset()
                self._listening = True
                self._ready.set()
                await lost.wait()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database may be restarting; keep trying, caches off meanwhile
                log.warning("listener_down", exc_info=True)
            self._listening = False
            self._reset()
            await self._close()
            await asyncio.sleep(RECONNECT_SECONDS)
