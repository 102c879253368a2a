"""Runs the API and/or the workers in one process, and stops them cleanly on SIGTERM/SIGINT:
the listener closes first, requests in flight finish, running jobs finish, then the pool closes."""

from __future__ import annotations

import asyncio
import gc
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

import structlog
from aiohttp import web

from identity import tracing
from identity.config import Settings
from identity.crypto import SecretBox
from identity.db.pool import create_pool
from identity.http import server

log = structlog.get_logger("identity.runner")
T = TypeVar("T")

SHUTDOWN_GRACE_SECONDS = 25


def run_in_loop(settings: Settings, main: Coroutine[Any, Any, T]) -> T:
    """asyncio.run(main) on the event loop IDENTITY_EVENT_LOOP names (uvloop unless set to
    asyncio, where uvloop is installed). uvloop runs the same asyncio code on libuv: about a
    quarter fewer Python calls per token request, and less CPU (docs/performance.md, "Token
    endpoints per request"). The listener accepts connections itself (identity/http/listener.py), so
    both loops treat clients alike."""
    if settings.event_loop == "uvloop":
        import uvloop

        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            return runner.run(main)
    return asyncio.run(main)


async def run(settings: Settings, dsn: str, *, api: bool, worker: bool, host: str, port: int) -> None:
    from identity.app import create_app
    from workers import run as worker_run

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    tracing.configure(settings.otlp_endpoint)  # off (and nothing imported) when unset
    pool = await create_pool(dsn, settings.db_pool_min, settings.db_pool_max)
    app = runner = None
    handle = None
    metrics_runner = None
    worker_ended = False
    try:
        if api:
            app = create_app(settings, dsn=dsn, pool=pool)
            # Slow and idle clients, descriptors, refused requests: identity/http/server.py.
            limits = server.limits_of(settings, server.raise_descriptor_limit())
            server.quiet_refused_requests()
            runner = web.AppRunner(
                app,
                handle_signals=False,
                access_log=None,
                shutdown_timeout=SHUTDOWN_GRACE_SECONDS,
                keepalive_timeout=settings.http_idle_timeout,
                lingering_time=server.LINGERING_SECONDS,
            )
            await runner.setup()
            site = server.GuardedSite(runner, host, port, limits, reuse_port=True)
            await site.start()
            log.info(
                "api_listening",
                host=host,
                port=port,
                max_connections=limits.max_connections,
                event_loop=type(loop).__module__.split(".")[0],
            )
        if worker:
            handle = await worker_run.start(
                pool=pool,
                settings=settings,
                box=SecretBox.load_or_create(settings.secret_key, settings.data_dir),
                dsn=dsn,
                concurrency=10,
                shutdown_grace=SHUTDOWN_GRACE_SECONDS,
            )
        if settings.metrics_addr is not None:
            from identity.http import metrics_listener
            from identity.wiring import metrics_refreshers

            metrics_runner = await metrics_listener.start(
                *settings.metrics_addr, pool=pool, app=app, refreshers=metrics_refreshers()
            )
        # Everything loaded so far lives as long as the process: keep it out of the collector's
        # scans, so a full collection under load is short (a tail-latency pause otherwise).
        gc.collect()
        gc.freeze()
        waiters: list[asyncio.Task[object]] = [asyncio.create_task(stop.wait())]
        if handle is not None:
            waiters.append(handle.task)
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        # The worker restarts itself (workers.run.WorkerHandle): its task ending means it broke.
        if handle is not None and handle.task.done():
            worker_ended = True
            failure = None if handle.task.cancelled() else handle.task.exception()
            log.error("worker_ended", exc_info=failure)
        waiters[0].cancel()
        log.info("shutting_down", worker_ended=worker_ended)
    finally:
        if metrics_runner is not None:
            await metrics_runner.cleanup()
        if runner is not None:
            await runner.cleanup()  # stops accepting, lets in-flight requests finish
        if handle is not None:
            await handle.stop()  # procrastinate stops fetching and waits for running jobs
            await worker_run.close_app(handle.proc_app)
        await pool.close()
        await asyncio.to_thread(tracing.shutdown)  # sends the spans still batched
        log.info("stopped")
    if worker_ended:
        raise SystemExit(1)  # so that a supervisor restarts the process
