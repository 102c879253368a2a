"""Webhook endpoints made through the API and waiting for their deliveries; the receivers
they deliver to are tests/support/webhook_receiver.py."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from identity.state import state


async def make_webhook(tenant, url: str, events: list[str] | None = None, **extra: Any) -> dict:
    status, body, _ = await tenant.secret("POST", "/v1/webhooks", json={"url": url, "events": events or ["*"], **extra})
    assert status == 201, body
    return body


async def wait_delivery(
    app, tenant_id: str, webhook_id: str, statuses: set[str], count: int = 1, timeout: float = 10.0
) -> list[Any]:
    pool = state(app).pool
    deadline = time.monotonic() + timeout
    rows: list[Any] = []
    while time.monotonic() < deadline:
        rows = await pool.fetch(
            """SELECT * FROM webhook_deliveries WHERE tenant_id = $1 AND endpoint_id = $2
               ORDER BY id""",
            tenant_id,
            webhook_id,
        )
        done = [r for r in rows if r["status"] in statuses]
        if len(done) >= count:
            return done
        await asyncio.sleep(0.03)
    raise AssertionError(f"deliveries never reached {statuses}: {[dict(r) for r in rows]}")
