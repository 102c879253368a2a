"""The process's side of the feed: one reader per tenant with streams open, woken through the
process's LISTEN connection (channel identity_revocations, payload the tenant id or '*').

A wake-up costs one query per tenant however many of its streams are open: the reader reads
the entries after the newest it has passed on and hands them to every stream of the tenant.
A stream joins the reader first and then replays from its own position, so an entry is either
in its replay or passed on afterwards (and one seen twice is sent once: streams send only
entries after the last they sent).

A stream is authorised when it opens, and stays authorised only while its key does: the reader
also follows the process's credential notifications (channel identity_credentials, sent by
Postgres when a tenant's keys or the tenant change, key_cache.CHANNEL) and then reads, in one
query, which of its streams' keys are still live; the streams of a revoked, expired or
re-scoped key, or of a deleted tenant, end at once. A key revoked with a grace (rotation) or
expiring is checked again when that instant comes, without a notification. Each join checks
too, so a key revoked between the stream's authentication and its join is not missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

import structlog

from identity.db.pool import DatabaseUnavailable
from identity.http.key_cache import CHANNEL as CREDENTIALS_CHANNEL
from identity.principals import SECRET, Principal
from identity.revocations import store
from identity.revocations.entries import Cursor, Entry

log = structlog.get_logger("identity.revocations")

CHANNEL = "identity_revocations"
#: An entry whose transaction may still be preceded by an uncommitted one is read again this
#: soon (store.after's `settled`).
SETTLE_SECONDS = 0.02
#: The longest pause between such reads while the earlier transaction stays open.
SETTLE_MAX_SECONDS = 1.0
#: While the LISTEN connection is down, readers poll this often instead.
POLL_SECONDS = 2.0
#: After a failed read (the database restarting), the next try.
RETRY_SECONDS = 1.0
#: Entries a stream may have waiting (its client reading slowly); past it the stream ends and
#: its client resumes with Last-Event-ID, so a stalled client holds no unbounded memory.
QUEUE_LIMIT = 10_000

#: Streams one tenant may hold open in one process. A stream is a request being answered, which
#: the slow-client guard never evicts: without a cap, one tenant's secret key could hold every
#: connection the process has. A backend needs one stream per process.
MAX_STREAMS_PER_TENANT = 100

#: How long a new stream waits for its tenant's reader to find its place (database down: 503).
JOIN_SECONDS = 10.0

#: The scope a stream's key must still hold (the route's).
SCOPE = "sessions:read"

#: Put in a stream's queue when it must end (shutdown, overflow, its key no longer valid).
END = None


class TooManyStreams(Exception):
    """The tenant already holds MAX_STREAMS_PER_TENANT streams in this process."""


class FeedClosed(Exception):
    """The hub is closed (the process is shutting down): no new stream is taken."""


class Stream:
    """One open stream's inbox."""

    def __init__(self, tenant_id: str, key_id: str) -> None:
        self.tenant_id = tenant_id
        #: the API key that opened it: the stream ends when that key stops being valid
        self.key_id = key_id
        self.queue: asyncio.Queue[Entry | None] = asyncio.Queue()
        #: set when the stream must end now, whatever is still queued
        self.ended = False

    def offer(self, entry: Entry) -> None:
        if self.ended:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.end()  # too far behind: end it, its client resumes from where it got to
            return
        self.queue.put_nowait(entry)

    def end(self) -> None:
        self.ended = True
        self.queue.put_nowait(END)


class _TenantReader:
    def __init__(self, hub: Hub, tenant_id: str) -> None:
        self.hub = hub
        self.tenant_id = tenant_id
        self.streams: set[Stream] = set()
        self.cursor: Cursor | None = None
        self.wake = asyncio.Event()
        #: set (with wake) when the streams' keys must be checked again
        self.check_keys = False
        self._recheck_at: asyncio.TimerHandle | None = None
        self.ready = asyncio.Event()
        self.task = asyncio.create_task(self._run(), name=f"revocations:{tenant_id}")

    async def _run(self) -> None:
        while True:
            try:
                if self.cursor is None:
                    self.cursor = await store.head(self.hub.pool, self.tenant_id)
                    self.ready.set()
                    continue
                timeout = None if self.hub.listening() else POLL_SECONDS
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), timeout)
                self.wake.clear()
                if self.check_keys:
                    self.check_keys = False
                    await self._end_invalid_streams()
                await self._read()
            except asyncio.CancelledError:
                raise
            except Exception:  # the database may be restarting: try again, streams stay open
                log.warning("revocations_read_failed", tenant_id=self.tenant_id, exc_info=True)
                await asyncio.sleep(RETRY_SECONDS)
                self.wake.set()

    async def _read(self) -> None:
        assert self.cursor is not None
        pause = SETTLE_SECONDS
        while True:
            entries, unsettled = await store.after(self.hub.pool, self.tenant_id, self.cursor)
            for entry in entries:
                for stream in list(self.streams):
                    stream.offer(entry)
            if entries:
                self.cursor = entries[-1].cursor
            if unsettled:
                # Usually a transaction that ends within milliseconds; a long one (a migration)
                # is waited for at a slowing pace rather than 50 reads a second.
                await asyncio.sleep(pause)
                pause = min(pause * 2, SETTLE_MAX_SECONDS)
                continue
            if len(entries) < store.PAGE:
                return

    def recheck(self) -> None:
        self.check_keys = True
        self.wake.set()

    async def _end_invalid_streams(self) -> None:
        """One query for every stream of the tenant: end those whose key is no longer valid."""
        key_ids = sorted({stream.key_id for stream in self.streams})
        if not key_ids:
            return
        try:
            live = await store.live_keys(self.hub.pool, self.tenant_id, key_ids)
        except BaseException:
            self.check_keys = True  # not known: check again with the retry
            raise
        loop = asyncio.get_running_loop()
        now = time.time()
        valid = {key.id for key in live if Principal(kind=SECRET, scopes=key.scopes).has_scope(SCOPE)}
        for stream in list(self.streams):
            if stream.key_id not in valid:
                stream.end()  # its handler returns and leaves the hub
        # A key with a revocation or expiry ahead dies without a notification: look again then.
        ahead = [key.dies_at for key in live if key.id in valid and key.dies_at is not None]
        if self._recheck_at is not None:
            self._recheck_at.cancel()
            self._recheck_at = None
        if ahead:
            self._recheck_at = loop.call_later(max(min(ahead) - now, 0.0) + 0.01, self.recheck)

    def cancel(self) -> None:
        if self._recheck_at is not None:
            self._recheck_at.cancel()
        self.task.cancel()


class Hub:
    """Every tenant reader of one process (app[REVOCATIONS], identity/revocations/runtime.py)."""

    def __init__(self, pool: Any, listener: Any) -> None:
        self.pool = pool
        self.listener = listener
        self.readers: dict[str, _TenantReader] = {}
        self.closed = False

    def listening(self) -> bool:
        return bool(self.listener is not None and self.listener.listening)

    def subscribe(self) -> None:
        """Before the listener starts (it issues its LISTENs on connect)."""
        if self.listener is not None:
            self.listener.subscribe(CHANNEL, self._on_payload, self._wake_all)
            self.listener.subscribe(CREDENTIALS_CHANNEL, self._on_credentials, self._recheck_all)

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self._wake_all()
            return
        reader = self.readers.get(payload)
        if reader is not None:
            reader.wake.set()

    def _on_credentials(self, payload: str) -> None:
        if payload == "*":
            self._recheck_all()
            return
        reader = self.readers.get(payload)
        if reader is not None:
            reader.recheck()

    def _recheck_all(self) -> None:
        # Also on every (re)connect of the listener: a key revoked meanwhile was not announced.
        for reader in self.readers.values():
            reader.recheck()

    def _wake_all(self) -> None:
        # Also on every (re)connect of the listener: a notification may have been missed.
        for reader in self.readers.values():
            reader.wake.set()

    async def join(self, tenant_id: str, key_id: str) -> Stream:
        """A new stream of the tenant, opened with the API key key_id; entries read from now on
        are offered to it, and it ends when that key stops being valid."""
        if self.closed:
            raise FeedClosed("the revocation feed is closed")
        reader = self.readers.get(tenant_id)
        if reader is None:
            reader = self.readers[tenant_id] = _TenantReader(self, tenant_id)
        elif len(reader.streams) >= MAX_STREAMS_PER_TENANT:
            raise TooManyStreams(tenant_id)
        stream = Stream(tenant_id, key_id)
        reader.streams.add(stream)
        # The key was read before the stream joined: a revocation committed in between is seen here.
        reader.recheck()
        try:
            async with asyncio.timeout(JOIN_SECONDS):
                await reader.ready.wait()
        except TimeoutError:
            self.leave(stream)
            raise DatabaseUnavailable("the revocation feed cannot read the database") from None
        except BaseException:
            self.leave(stream)
            raise
        return stream

    def leave(self, stream: Stream) -> None:
        reader = self.readers.get(stream.tenant_id)
        if reader is None:
            return
        reader.streams.discard(stream)
        if not reader.streams:  # nobody left to read for
            del self.readers[stream.tenant_id]
            reader.cancel()

    async def close(self) -> None:
        """At shutdown: every stream ends (its handler returns) and the readers stop."""
        self.closed = True
        readers, self.readers = list(self.readers.values()), {}
        for reader in readers:
            for stream in reader.streams:
                stream.end()
            reader.cancel()
        for reader in readers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader.task
