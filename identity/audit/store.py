"""Writes audit entries; call inside the transaction of the change they record."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.ids import new_id


async def record(
    conn: asyncpg.Connection,
    *,
    tenant_id: str,
    action: str,
    actor: dict[str, Any],
    resource_type: str | None = None,
    resource_id: str | None = None,
    ip_address: str | None = None,
    user_agent: str | None = None,
    metadata: dict[str, Any] | None = None,
) -> str:
    audit_id = new_id("aud")
    await conn.execute(
        """INSERT INTO audit_log (tenant_id, id, action, actor, resource_type, resource_id,
                                  ip_address, user_agent, metadata)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)""",
        tenant_id, audit_id, action, actor, resource_type, resource_id,
        ip_address, user_agent, metadata or {},
    )
    return audit_id
