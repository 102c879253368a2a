"""The /metrics answer, and who may have it (docs/metrics.md).

On the API port /metrics is closed unless IDENTITY_METRICS_TOKEN is set: it answers 404 as an
unknown path would, and with a token only `Authorization: Bearer <token>` opens it. The
listener of its own (IDENTITY_METRICS_ADDR, identity/http/metrics_listener.py) serves it
without a token: bind it to an address only the scraper reaches.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from identity.http.errors import NOT_FOUND, UNAUTHENTICATED
from identity.http.metrics import POOL_IDLE, POOL_MAX, POOL_SIZE


def authorise(request: web.Request, token: str | None) -> None:
    """Raise unless the request may read /metrics on the API port."""
    if token is None:
        raise NOT_FOUND("No such path.")
    scheme, _, presented = request.headers.get("Authorization", "").partition(" ")
    # Digests of equal length: the comparison takes the same time whatever was presented.
    expected = hashlib.sha256(token.encode()).digest()
    given = hashlib.sha256(presented.strip().encode()).digest()
    if scheme.lower() != "bearer" or not hmac.compare_digest(given, expected):
        raise UNAUTHENTICATED(
            "Send the metrics token as 'Authorization: Bearer <token>'.",
            headers={"WWW-Authenticate": 'Bearer realm="metrics"'},
        )


async def respond(pool: Any, refreshers: tuple[Any, ...] = ()) -> web.Response:
    """Prometheus' text format of every series of this process; the database gauges are read
    (or taken from their short cache) first: each refresher is awaited with the pool (the
    backlog gauges, identity/wiring.py metrics_refreshers)."""
    if pool is not None:
        POOL_SIZE.set(pool.get_size())
        POOL_IDLE.set(pool.get_idle_size())
        POOL_MAX.set(pool.get_max_size())
        for refresh in refreshers:
            await refresh(pool)
    response = web.Response(body=generate_latest())
    response.content_type = CONTENT_TYPE_LATEST.split(";")[0]
    response.charset = "utf-8"
    return response
