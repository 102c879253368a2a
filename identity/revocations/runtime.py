"""The feed's lifetime in the app: the hub is made and subscribed before the listener starts,
and closed when the server starts shutting down, so open streams end at once instead of
holding the graceful stop for its whole grace."""

from __future__ import annotations

from aiohttp import web

from identity.revocations.feed import Hub
from identity.state import state

_KEY = "revocations"


def hub_of(app: web.Application) -> Hub:
    return state(app).extras[_KEY]


async def start(app: web.Application) -> None:
    st = state(app)
    hub = Hub(st.pool, st.listener)
    hub.subscribe()
    st.extras[_KEY] = hub


async def stop(app: web.Application) -> None:
    """app.on_shutdown: before aiohttp waits for the requests in flight."""
    hub = state(app).extras.get(_KEY)
    if hub is not None:
        await hub.close()
