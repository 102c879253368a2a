"""Reading what a request left behind, straight from the database (no API of ours in between)."""

from __future__ import annotations

from typing import Any

from identity.state import state


async def events(app: Any, tenant_id: str, type_: str) -> list[dict[str, Any]]:
    """The data of the tenant's events of one type, oldest first."""
    rows = await state(app).pool.fetch(
        "SELECT data FROM events WHERE tenant_id = $1 AND type = $2 ORDER BY created_at, id",
        tenant_id,
        type_,
    )
    return [r["data"] for r in rows]
