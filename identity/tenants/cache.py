"""Tenant rows for the access-token hot path.

A tenant's entry is dropped when the database notifies identity_credentials for it (the triggers
of sql/013_credential_notify.sql fire on every change to a tenant, whoever makes it), so
suspending a tenant or changing its auth_config is seen within the notification's delivery time.
TENANT_TTL_SECONDS stays as the safety net: it bounds staleness when a notification is lost
(the LISTEN connection dropped), and while the connection is down this cache, unlike the key and
session caches, still keeps rows for that long: what an access token is allowed to do does not
depend on the tenant's status (a suspended tenant's sessions stay valid), so a few seconds of
staleness changes nothing but the auth_config a handler sees.
"""

from __future__ import annotations

import time
from typing import Any

from identity.db.listener import Listener
from identity.http import key_cache
from identity.http.errors import TENANT_NOT_FOUND
from identity.principals import Tenant
from identity.tenants import store as tenants

TENANT_TTL_SECONDS = 5.0
MAX_ENTRIES = 10_000


class TenantCache:
    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self._entries: dict[str, tuple[float, Tenant | None]] = {}
        listener.subscribe(key_cache.CHANNEL, self._on_payload, self.clear)

    async def get(self, pool: Any, tenant_id: str) -> Tenant:
        found = await self.find(pool, tenant_id)
        if found is None:
            raise TENANT_NOT_FOUND()
        return found

    async def find(self, pool: Any, tenant_id: str) -> Tenant | None:
        """The tenant, or None when there is none (a page of an emailed link whose tenant was
        deleted since takes the service's own look)."""
        now = time.monotonic()
        hit = self._entries.get(tenant_id)
        if hit is None or hit[0] <= now:
            version = self.listener.version
            tenant = await tenants.principal_tenant(pool, tenant_id)
            hit = (now + TENANT_TTL_SECONDS, tenant)
            # A notification that came in during the read may be about this row: do not keep it.
            if self.listener.version == version:
                if len(self._entries) >= MAX_ENTRIES:
                    self._entries.clear()
                self._entries[tenant_id] = hit
        return hit[1]

    def forget_tenant(self, tenant_id: str) -> None:
        self._entries.pop(tenant_id, None)

    def clear(self) -> None:
        self._entries.clear()

    def _on_payload(self, payload: str) -> None:
        if payload == "*":
            self.clear()
        else:
            self.forget_tenant(payload)
