"""The listener of its own that serves /metrics (IDENTITY_METRICS_ADDR), in `identity serve`,
`web` and `worker` alike: only /metrics, no token (docs/metrics.md)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import structlog
from aiohttp import web

from identity.http.exposition import respond
from identity.http.listener import ListeningSite

log = structlog.get_logger("identity.metrics")


async def start(
    host: str, port: int, pool: Any, app: Any = None, refreshers: Sequence[Callable[[Any], Awaitable[None]]] = ()
) -> web.AppRunner:
    """Serve /metrics on host:port until the returned runner is cleaned up. `app`: the API's
    application, whose metrics refreshers run; without one, `refreshers` run."""
    from identity.state import STATE

    async def metrics(request: web.Request) -> web.Response:
        run = tuple(app[STATE].metrics_refreshers) if app is not None else tuple(refreshers)
        return await respond(pool, run)

    listener = web.Application()
    listener.router.add_get("/metrics", metrics)
    runner = web.AppRunner(listener, handle_signals=False, access_log=None)
    await runner.setup()
    await ListeningSite(runner, host, port).start()  # accepts as the API's listener does
    log.info("metrics_listening", host=host, port=port)
    return runner
