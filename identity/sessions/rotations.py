"""Hinted refresh rotations sent to Postgres in batches (docs/performance.md, "Refresh:
rotations in batches").

A hinted refresh (identity/sessions/refresh_hints.py) has built its new pair before touching
the database; what is left is one statement that checks the hint against the rows and rotates.
Sent one by one, each such statement costs a round trip, an executor start and a commit (a WAL
flush), and on one core those, not the rows, bound the rate. So the rotations of a pool go out
one batch at a time: the rotations that arrive while a batch is in flight wait for it to end
and then go together, in one statement (identity/sessions/sql/rotate_hinted.sql) and one
commit, and each caller is answered after that commit. A lone refresh on an idle service goes
out at once in a batch of one: no timer, no added wait.

Nothing changes for a caller but the company: its row is checked and written exactly as alone,
and a row whose hint no longer holds (a stale hint, a spent token, an ended session) is left
out of the batch's writes alone, and its caller falls back to reading the rows
(identity/sessions/refresh.py). A batch never holds two rotations of one session: the later
waits for the next batch. A statement that fails on the server wrote nothing (autocommit), so
its callers fall back to the read and decide one by one; any other failure (the connection
lost: the commit's fate unknown) is raised to every caller of the batch, as it would be alone,
and the next batch goes on with a connection of its own.
"""

from __future__ import annotations

import asyncio
from collections import deque
from dataclasses import dataclass, field

import asyncpg
from prometheus_client import Histogram

from identity.sessions import store
from identity.sessions.records import HintedRotation

#: The most rotations in one statement: a bound on the statement's arrays, not a wait.
MAX_BATCH = 128

_Waiting = tuple[HintedRotation, "asyncio.Future[bool]"]


@dataclass(eq=False)
class _Lane:
    """The rotations waiting for one pool, and the task sending them (None when idle)."""

    pool: asyncpg.Pool
    waiting: deque[_Waiting] = field(default_factory=deque)
    sender: asyncio.Task[None] | None = None


BATCH_SIZE = Histogram(
    "identity_refresh_rotation_batch_size",
    "Hinted refresh rotations sent to the database together, per batch",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128),
)


def take_batch(waiting: deque[_Waiting], max_batch: int) -> list[_Waiting]:
    """The next batch from the front of `waiting`: at most max_batch rotations, one per session
    (a second rotation of a session stays in its place for the next batch), sorted by session as
    the statement locks them (its `locked` step, sql/rotate_hinted.sql, is what keeps batches and
    revocations from deadlocking; the sort only makes a batch's arrays read in that order).
    Rotations whose callers were cancelled meanwhile are dropped."""
    batch: list[_Waiting] = []
    sessions: set[tuple[str, str]] = set()
    later: list[_Waiting] = []
    while waiting and len(batch) < max_batch:
        item = waiting.popleft()
        if item[1].done():  # its caller was cancelled before the batch left: not sent
            continue
        session = (item[0].tenant_id, item[0].hint.session_id)
        if session in sessions:
            later.append(item)
        else:
            sessions.add(session)
            batch.append(item)
    waiting.extendleft(reversed(later))
    batch.sort(key=lambda item: (item[0].tenant_id, item[0].hint.session_id))
    return batch


class Rotations:
    """The batching of hinted rotations for this process, one lane per pool."""

    def __init__(self, max_batch: int = MAX_BATCH) -> None:
        self.max_batch = max_batch
        self._lanes: dict[int, _Lane] = {}

    async def rotate(self, pool: asyncpg.Pool, rotation: HintedRotation) -> bool:
        """True once the batch holding `rotation` has committed it; False when it did not
        rotate (the caller reads the rows and decides as without a hint)."""
        lane = self._lanes.get(id(pool))
        if lane is None or lane.pool is not pool:
            lane = self._lanes[id(pool)] = _Lane(pool)
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        lane.waiting.append((rotation, done))
        if lane.sender is None:
            lane.sender = asyncio.get_running_loop().create_task(self._send(lane))
        return await done

    async def _send(self, lane: _Lane) -> None:
        try:
            while batch := take_batch(lane.waiting, self.max_batch):
                BATCH_SIZE.observe(len(batch))
                try:
                    async with lane.pool.acquire() as conn:
                        rotated = await store.rotate_hinted(conn, [r for r, _ in batch])
                except asyncpg.PostgresError:
                    rotated = set()  # failed on the server, so nothing of it was written
                except Exception as exc:  # the connection lost, say: each caller fails as alone
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                    continue  # the next batch gets a connection of its own
                except BaseException:
                    for _, done in batch:
                        if not done.done():
                            done.cancel()
                    raise
                for r, done in batch:
                    if not done.done():
                        done.set_result((r.tenant_id, r.old_hash) in rotated)
        finally:
            lane.sender = None
            if lane.waiting:  # the sender died with rotations still waiting: they fail with it
                while lane.waiting:
                    _, done = lane.waiting.popleft()
                    if not done.done():
                        done.set_exception(ConnectionError("the rotation batch was not sent"))
            if self._lanes.get(id(lane.pool)) is lane:
                del self._lanes[id(lane.pool)]
