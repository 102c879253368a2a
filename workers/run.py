"""Start and stop an in-process procrastinate worker over the app's pool (used by
`identity serve`/`identity worker`, the tests' `worker` fixture and ops/bench)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
import structlog

from identity.outbox.metrics import WORKER_RESTARTS
from workers import runtime, webhooks
from workers.app import app, configured
from workers.runtime import Policy

log = structlog.get_logger("workers.run")

_opened_dsn: str | None = None
#: WorkerHandle.stop: cancellations tried, and the seconds past the shutdown grace each waits.
STOP_ATTEMPTS = 3
STOP_MARGIN_SECONDS = 5.0
#: The longest wait between restarts of a worker that keeps stopping by itself.
RESTART_MAX_SECONDS = 30.0


def lost_database(exc: BaseException | None) -> bool:
    """Is exc, or what it wraps (procrastinate wraps psycopg's errors), a failed or timed-out
    database connection: something a restart outlives once Postgres is back?"""
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, (psycopg.OperationalError, OSError)):  # PoolTimeout is one too
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


class WorkerHandle:
    """One running worker, kept running: procrastinate stops a worker by itself when its
    database connection is lost (its LISTEN side task fails), and a Postgres restart must not
    stop the jobs for good, nor end `identity serve`, API and all. So a worker that stops
    without being asked, or fails on a lost database connection (lost_database), is started
    again after policy.restart_after, doubling up to RESTART_MAX_SECONDS while it keeps
    failing. Any other failure ends the task, and the process exits 1 (identity/runner.py).

    stop() cancels it: procrastinate stops fetching and lets running jobs finish (up to the
    shutdown grace), then aborts them; an aborted job's row stays 'processing' until its lease
    expires and the recovery requeues it."""

    def __init__(
        self,
        run_once: Callable[[], Awaitable[Any]],
        proc_app: Any,
        grace: float,
        restart_after: float,
        name: str,
        db_wait: float = 0.0,
    ) -> None:
        self.proc_app = proc_app
        self.grace = grace
        # With Postgres down, procrastinate's shutdown also waits for connections: once for the
        # aborted jobs' outcomes, once to unregister the worker.
        self.stop_wait = grace + 2 * db_wait + STOP_MARGIN_SECONDS
        self.name = name
        self.restarts = 0
        self._stopping = False
        self.task = asyncio.create_task(self._keep_running(run_once, restart_after), name=name)

    async def _keep_running(self, run_once: Callable[[], Awaitable[Any]], first_delay: float) -> None:
        loop = asyncio.get_running_loop()
        delay = first_delay
        while True:
            started = loop.time()
            try:
                await run_once()
                if self._stopping:  # a cancellation procrastinate swallowed (stop() below)
                    return
                log.error("worker_stopped_by_itself", name=self.name)
            except Exception as exc:
                if self._stopping:
                    return
                if not lost_database(exc):
                    raise  # a bug or a broken schema: restarting would only hide it
                log.error("worker_failed", name=self.name, exc_info=True)
            if loop.time() - started > RESTART_MAX_SECONDS:
                delay = first_delay  # it ran a good while: this is a new outage
            await asyncio.sleep(delay)
            delay = min(delay * 2, RESTART_MAX_SECONDS)
            self.restarts += 1
            WORKER_RESTARTS.inc()
            log.warning("worker_restarting", name=self.name, restarts=self.restarts)

    async def stop(self) -> None:
        self._stopping = True
        # A cancellation that lands while the worker's first query waits for a connection of
        # procrastinate's pool can be lost there (seen: cancelled in prune_stalled_workers, the
        # worker went on polling with its task "cancelling"; procrastinate issue #1591 is a
        # relative). Once the graceful shutdown has had its time, cancel again rather than wait
        # forever; a cancellation that was received is not interrupted before then.
        for _ in range(STOP_ATTEMPTS):
            self.task.cancel()
            done, _ = await asyncio.wait({self.task}, timeout=self.stop_wait)
            if done:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    self.task.result()
                return
            log.warning("worker_stop_not_acknowledged", name=self.name)
        log.error("worker_abandoned", name=self.name)


async def start(
    *,
    pool: Any,
    settings: Any,
    box: Any,
    dsn: str,
    policy: Policy | None = None,
    concurrency: int = 10,
    name: str = "identity-worker",
    shutdown_grace: float = 25.0,
    open_app: bool = True,
    handlers: dict[str, runtime.Handler] | None = None,
) -> WorkerHandle:
    """handlers: outbox topic -> handler; identity/wiring.py outbox_handlers() unless given."""
    global _opened_dsn
    from identity import wiring

    policy = policy or Policy.from_env()
    wiring.connect_events()  # a worker emits events too (webhook fan-out)
    if _opened_dsn != dsn:
        # One procrastinate app per process; several workers in one process share it.
        proc_app = configured(dsn, db_wait=policy.db_wait)
        if open_app:
            await proc_app.open_async()
        _opened_dsn = dsn
    else:
        proc_app = app
    runtime.current = runtime.Runtime(
        pool=pool,
        settings=settings,
        box=box,
        policy=policy,
        proc_app=proc_app,
        handlers=wiring.outbox_handlers() if handlers is None else handlers,
    )
    run_once = functools.partial(
        proc_app.run_worker_async,
        concurrency=concurrency,
        install_signal_handlers=False,
        shutdown_graceful_timeout=shutdown_grace,
        name=name,
        # The outbox row is the record; a succeeded job has nothing left to say.
        delete_jobs="successful",
        update_heartbeat_interval=max(0.2, policy.stalled_after / 3),
        stalled_worker_timeout=policy.stalled_after,
        # LISTEN/NOTIFY wakes the worker on commit; polling finds retries that became due.
        fetch_job_polling_interval=policy.poll_interval,
    )
    handle = WorkerHandle(run_once, proc_app, shutdown_grace, policy.restart_after, name, db_wait=policy.db_wait)
    log.info("worker_started", name=name, concurrency=concurrency)
    return handle


async def close_app(proc_app: Any = None) -> None:
    """Close the procrastinate connector, and the kept-alive webhook connections, once no
    worker of this process runs any more."""
    global _opened_dsn
    _opened_dsn = None
    await webhooks.close_http()
    with contextlib.suppress(Exception):
        await (proc_app or app).close_async()
