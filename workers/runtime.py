"""What tasks need at run time (the asyncpg pool, settings, the outbox policy), set by the
process that runs them."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import procrastinate

from identity.config import Settings
from identity.crypto import SecretBox
from identity.durations import parse_duration

DEFAULT_RETRY_SCHEDULE = "10s,1m,5m,30m,2h,6h"


def _seconds(text: str) -> float:
    return parse_duration(text.strip()).total_seconds()


@dataclass(frozen=True)
class Policy:
    """How the outbox retries and recovers. Read from the environment by from_env();
    tests build one with short delays.

    retry_schedule  delays before the 2nd, 3rd, ... attempt; attempts = len(schedule) + 1
    job_timeout     longest a handler may run (an SMTP conversation, a webhook POST)
    lease           how long a claimed row stays 'processing' before another worker may take it;
                    longer than job_timeout, so a live worker is never overtaken
    stalled_after   a worker whose heartbeat is older than this is dead; its jobs are retried
    sweep_grace     a queued row this late past its next_attempt_at (with no pending job) is
                    re-deferred by the sweeper
    poll_interval   how often an idle worker looks for jobs that became due (retries scheduled
                    for later); new jobs wake it at once through LISTEN/NOTIFY
    db_wait         how long a job-queue query waits for a database connection before it fails
                    (psycopg's default is 30 s): with Postgres down, a worker's stop waits for
                    connections twice (its aborted jobs' outcomes, its unregistering), so
                    about this long twice, past the jobs' grace
    restart_after   a worker that stopped by itself (procrastinate stops when its database
                    connection is lost), or failed on a lost connection, is started again after
                    this, then twice as long each time up to RESTART_MAX_SECONDS, until it stays
                    up; any other failure ends it (and `identity serve`/`worker` exits 1)
    """

    retry_schedule: tuple[float, ...] = (10, 60, 300, 1800, 7200, 21600)
    job_timeout: float = 60.0
    lease: float = 90.0
    stalled_after: float = 30.0
    sweep_grace: float = 30.0
    poll_interval: float = 1.0
    db_wait: float = 10.0
    restart_after: float = 1.0

    @property
    def max_attempts(self) -> int:
        return len(self.retry_schedule) + 1

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Policy:
        env = dict(os.environ if env is None else env)
        schedule = env.get("IDENTITY_OUTBOX_RETRY_SCHEDULE") or DEFAULT_RETRY_SCHEDULE
        timeout = _seconds(env.get("IDENTITY_OUTBOX_JOB_TIMEOUT") or "60s")
        lease = env.get("IDENTITY_OUTBOX_LEASE")
        return cls(
            retry_schedule=tuple(_seconds(s) for s in schedule.split(",") if s.strip()),
            job_timeout=timeout,
            lease=_seconds(lease) if lease else timeout * 1.5,
            stalled_after=_seconds(env.get("IDENTITY_WORKER_STALLED_AFTER") or "30s"),
            sweep_grace=_seconds(env.get("IDENTITY_OUTBOX_SWEEP_GRACE") or "30s"),
        )


@dataclass
class Runtime:
    pool: asyncpg.Pool
    settings: Settings
    box: SecretBox
    policy: Policy = field(default_factory=Policy)
    #: The opened procrastinate app, for tasks that defer or inspect jobs (recovery).
    proc_app: procrastinate.App | None = None
    #: Outbox topic -> the handler that performs its rows (identity/wiring.py outbox_handlers).
    handlers: dict[str, Handler] = field(default_factory=dict)


#: `async def handler(rt, item)`: performs one outbox row (workers/tasks.py says what item holds).
Handler = Callable[[Runtime, Any], Awaitable[Any]]


current: Runtime | None = None


def get() -> Runtime:
    if current is None:
        raise RuntimeError("the worker runtime is not started")
    return current
