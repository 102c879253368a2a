"""Helpers for the user-management, admin and audit-log tests."""

from __future__ import annotations

import uuid
from typing import Any

from identity.state import state
from tests.support.api import STRONG_PASSWORD


def new_email(prefix: str = "user") -> str:
    """A fresh address no other test uses."""
    return f"{prefix}-{uuid.uuid4().hex[:10]}@example.com"


async def create_user(tenant: Any, **body: Any) -> dict[str, Any]:
    """POST /v1/users; asserts 201."""
    body.setdefault("email", new_email())
    status, created, _ = await tenant.secret("POST", "/v1/users", json=body)
    assert status == 201, created
    return created


async def signed_in(tenant: Any, **body: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A verified user with a password, and a session of theirs (sign-in)."""
    user = await create_user(tenant, password=STRONG_PASSWORD, email_verified=True, **body)
    status, result, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": user["email"], "password": STRONG_PASSWORD}
    )
    assert status == 200, result
    return user, result["session"]


async def audit_entries(app: Any, tenant_id: str, action: str | None = None) -> list[dict[str, Any]]:
    rows = await state(app).pool.fetch(
        """SELECT action, actor, resource_type, resource_id, ip_address, user_agent, metadata
           FROM audit_log WHERE tenant_id = $1 AND ($2::text IS NULL OR action = $2) ORDER BY id""",
        tenant_id,
        action,
    )
    return [dict(r) for r in rows]


async def me_status(api: Any, tenant: Any, token: str) -> int:
    return (await api.call("GET", "/v1/auth/me", token=token, tenant=tenant.id))[0]


async def scoped_key(tenant: Any, *scopes: str) -> str:
    status, body, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "scoped", "type": "secret", "scopes": list(scopes)}
    )
    assert status == 201, body
    return body["key"]
