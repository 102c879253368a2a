"""Who did it and from where: the part of an audit entry every service call shares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import asyncpg

from identity.audit import store


@dataclass(frozen=True)
class AuditContext:
    actor: dict[str, Any]
    ip_address: str | None = None
    user_agent: str | None = None

    async def record(
        self,
        conn: asyncpg.Connection,
        tenant_id: str,
        action: str,
        resource_type: str | None = None,
        resource_id: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> str:
        return await store.record(
            conn,
            tenant_id=tenant_id,
            action=action,
            actor=self.actor,
            resource_type=resource_type,
            resource_id=resource_id,
            ip_address=self.ip_address,
            user_agent=self.user_agent,
            metadata=metadata,
        )


def from_ctx(ctx: Any) -> AuditContext:
    """Build from a route's Ctx (kept loose to avoid an import cycle with identity.http)."""
    return AuditContext(actor=ctx.principal.actor(), ip_address=ctx.ip, user_agent=ctx.user_agent)
