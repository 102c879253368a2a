"""SQL for captcha verification (identity/http/captcha.py): the tenant's sealed provider secret,
a column of tenants that only the captcha check reads; kept beside it because identity/http/ sits
below identity/tenants/ in the package order and may not import its store."""

from __future__ import annotations

from typing import Any


async def sealed_secret(conn: Any, tenant_id: str) -> str | None:
    """The provider secret, sealed with the master key (associated data: the tenant id)."""
    sealed: str | None = await conn.fetchval("SELECT bot_protection_secret FROM tenants WHERE id = $1", tenant_id)
    return sealed
