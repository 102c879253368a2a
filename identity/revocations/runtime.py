"""The feed's lifetime in the app: the hub is made with the app (identity/wiring.py), subscribed
before the listener starts, and closed when the server starts shutting down, so open streams end
at once instead of holding the graceful stop for its whole grace."""

from __future__ import annotations

from aiohttp import web

from identity.revocations.feed import Hub
from identity.state import state

REVOCATIONS: web.AppKey[Hub] = web.AppKey("revocations", Hub)


def build(app: web.Application) -> Hub:
    """The hub of this app, before startup: start() gives it the pool."""
    return Hub(None, state(app).listener)


def hub_of(app: web.Application) -> Hub:
    return app[REVOCATIONS]


async def start(app: web.Application) -> None:
    hub = app[REVOCATIONS]
    hub.pool = state(app).pool
    hub.subscribe()


async def stop(app: web.Application) -> None:
    """app.on_shutdown (before aiohttp waits for the requests in flight), and again with the
    other shutdown hooks; closing twice is harmless."""
    await app[REVOCATIONS].close()
