"""One stream: replay what the client has not seen, `ready`, then live entries and keepalives
until the client leaves, the stream's time is up, or the process stops."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

import asyncpg
import msgspec

from identity.revocations import store
from identity.revocations.entries import KEPT, ZERO, Cursor, Entry
from identity.revocations.feed import END, SETTLE_SECONDS, Stream

Write = Callable[[bytes], Awaitable[None]]

_encoder = msgspec.json.Encoder()
READY = b"event: ready\ndata: {}\n\n"
KEEPALIVE = b": keepalive\n\n"
#: How long a replay waits for its last entries to settle (store.after) before `ready`.
REPLAY_SETTLE_SECONDS = 2.0


def event(entry: Entry) -> bytes:
    """The server-sent event of one entry (its JSON has no line breaks, so one data line)."""
    data = _encoder.encode(entry.data())
    return b"id: %s\nevent: revocation\ndata: %s\n\n" % (entry.id.encode(), data)


async def run(
    pool: asyncpg.Pool,
    tenant_id: str,
    after: Cursor | None,
    write: Write,
    stream: Stream,
    *,
    keepalive: float,
    longest: float,
) -> None:
    """Stream the tenant's feed through write, after the position given by Last-Event-ID (None: from the oldest entry a
    verifier still needs); stream has joined the hub (Hub.join) before, so that nothing
    committed during the replay is missed."""
    loop = asyncio.get_running_loop()
    ends_at = loop.time() + longest
    last = after or ZERO
    # Entries past their forget_after concern only expired tokens: not replayed.
    revoked_after = datetime.now(UTC) - KEPT
    settle_by = loop.time() + REPLAY_SETTLE_SECONDS
    while True:
        entries, unsettled = await store.after(pool, tenant_id, last, revoked_after=revoked_after)
        for entry in entries:
            await write(event(entry))
        if entries:
            last = entries[-1].cursor
        if unsettled and loop.time() < settle_by:
            # Committed, but an earlier transaction may still add one before it: in a moment.
            await asyncio.sleep(SETTLE_SECONDS)
            continue
        if unsettled or len(entries) < store.PAGE:
            break  # one still unsettled comes through the hub, after `ready`
    await write(READY)
    while not stream.ended:
        left = ends_at - loop.time()
        if left <= 0:
            return
        try:
            async with asyncio.timeout(min(keepalive, left)):
                queued = await stream.queue.get()
        except TimeoutError:
            if loop.time() < ends_at:
                await write(KEEPALIVE)
            continue
        if queued is END:
            return
        entry = queued
        if entry.cursor > last:  # the replay may have sent it already
            await write(event(entry))
            last = entry.cursor
