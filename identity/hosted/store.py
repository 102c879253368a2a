"""SQL of the hosted pages: flows (hosted_flows) and a tenant's texts (hosted_texts).
Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

_FLOW_COLUMNS = "id, oauth_request, return_to, pending, browser_hash, created_at, expires_at"


async def insert_flow(
    conn: Any,
    tenant_id: str,
    flow_id: str,
    oauth_request: dict[str, str] | None,
    return_to: str | None,
    browser_hash: str,
    expires_at: datetime,
) -> asyncpg.Record:
    return await conn.fetchrow(
        f"""INSERT INTO hosted_flows (tenant_id, id, oauth_request, return_to, browser_hash, expires_at)
            VALUES ($1, $2, $3::jsonb, $4, $5, $6)
            RETURNING {_FLOW_COLUMNS}""",
        tenant_id,
        flow_id,
        oauth_request,
        return_to,
        browser_hash,
        expires_at,
    )


async def get_flow(conn: Any, tenant_id: str, flow_id: str) -> asyncpg.Record | None:
    """A live flow (not expired)."""
    return await conn.fetchrow(
        f"SELECT {_FLOW_COLUMNS} FROM hosted_flows WHERE tenant_id = $1 AND id = $2 AND expires_at > now()",
        tenant_id,
        flow_id,
    )


async def set_pending(conn: Any, tenant_id: str, flow_id: str, pending: dict[str, Any]) -> None:
    await conn.execute(
        "UPDATE hosted_flows SET pending = $3::jsonb WHERE tenant_id = $1 AND id = $2",
        tenant_id,
        flow_id,
        pending,
    )


async def delete_flow(conn: Any, tenant_id: str, flow_id: str) -> None:
    await conn.execute("DELETE FROM hosted_flows WHERE tenant_id = $1 AND id = $2", tenant_id, flow_id)


# -- texts ----------------------------------------------------------------------------------------


async def texts(conn: Any, tenant_id: str, language: str) -> dict[str, str]:
    rows = await conn.fetch(
        "SELECT key, value FROM hosted_texts WHERE tenant_id = $1 AND language = $2 ORDER BY key",
        tenant_id,
        language,
    )
    return {r["key"]: r["value"] for r in rows}


async def replace_texts(conn: Any, tenant_id: str, language: str, values: dict[str, str]) -> None:
    """The language's overrides become exactly `values` (one statement each way, no loop)."""
    await conn.execute("DELETE FROM hosted_texts WHERE tenant_id = $1 AND language = $2", tenant_id, language)
    await conn.execute(
        """INSERT INTO hosted_texts (tenant_id, language, key, value)
           SELECT $1, $2, k, v FROM unnest($3::text[], $4::text[]) AS t (k, v)""",
        tenant_id,
        language,
        list(values),
        list(values.values()),
    )


async def delete_texts(conn: Any, tenant_id: str, language: str) -> int:
    status = await conn.execute("DELETE FROM hosted_texts WHERE tenant_id = $1 AND language = $2", tenant_id, language)
    return int(status.split()[-1])
