"""SQL for bot protection: the tenant's sealed provider secret (a column of tenants that only
captcha verification reads; kept here so that this package needs nothing of identity/tenants/)."""

from __future__ import annotations

from typing import Any


async def sealed_secret(conn: Any, tenant_id: str) -> str | None:
    """The provider secret, sealed with the master key (associated data: the tenant id)."""
    return await conn.fetchval("SELECT bot_protection_secret FROM tenants WHERE id = $1", tenant_id)
