"""Tenant rows for the access-token hot path, kept for a few seconds.

A stale entry can only be TENANT_TTL_SECONDS old; what an access token is allowed to do does
not depend on the tenant's status (a suspended tenant's sessions stay valid), so a few seconds
of staleness changes nothing but the auth_config a handler sees.
"""

from __future__ import annotations

import time
from typing import Any

from identity.http.auth import Tenant
from identity.http.errors import NotFound

TENANT_TTL_SECONDS = 5.0
MAX_ENTRIES = 10_000


class TenantCache:
    def __init__(self) -> None:
        self._entries: dict[str, tuple[float, Tenant | None]] = {}

    async def get(self, pool: Any, tenant_id: str) -> Tenant:
        now = time.monotonic()
        hit = self._entries.get(tenant_id)
        if hit is None or hit[0] <= now:
            row = await pool.fetchrow(
                "SELECT id, status, plan, auth_config FROM tenants WHERE id = $1", tenant_id
            )
            tenant = Tenant(row["id"], row["status"], row["plan"], row["auth_config"]) if row else None
            if len(self._entries) >= MAX_ENTRIES:
                self._entries.clear()
            hit = (now + TENANT_TTL_SECONDS, tenant)
            self._entries[tenant_id] = hit
        if hit[1] is None:
            raise NotFound("tenant")
        return hit[1]

    def clear(self) -> None:
        self._entries.clear()
