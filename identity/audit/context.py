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

    async def record_many(
        self,
        conn: asyncpg.Connection,
        tenant_id: str,
        action: str,
        resource_type: str,
        resource_ids: list[str],
        *,
        metadata: dict[str, Any] | None = None,
        metadata_each: list[dict[str, Any]] | None = None,
    ) -> list[str]:
        """One entry per resource, in one statement (store.record_many)."""
        return await store.record_many(
            conn,
            tenant_id=tenant_id,
            action=action,
            actor=self.actor,
            resource_type=resource_type,
            resource_ids=resource_ids,
            ip_address=self.ip_address,
            user_agent=self.user_agent,
            metadata=metadata,
            metadata_each=metadata_each,
        )


def from_ctx(ctx: Any) -> AuditContext:
    """Build from a route's Ctx (kept loose to avoid an import cycle with identity.http)."""
    return AuditContext(actor=ctx.principal.actor(), ip_address=ctx.ip, user_agent=ctx.user_agent)


def impersonated(principal: Any) -> bool:
    """Whether the credential is an impersonation token (an access token with an act claim)."""
    act = (getattr(principal, "claims", None) or {}).get("act")
    return isinstance(act, dict) and bool(act.get("sub"))


def when_required(ctx: Any) -> AuditContext | None:
    """The audit context for a state change made by this request's credential, or None when the
    rule does not ask for an entry: every change made with a secret key, the master key, an
    operator credential or an impersonation token is recorded; a user acting for themselves
    with their own access token is not (their events and sessions record that)."""
    principal = ctx.principal
    if principal is None:
        return None
    if principal.kind == "access_token" and not impersonated(principal):
        return None
    return from_ctx(ctx)
