"""SQL for tenants (control plane)."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.db.keysets import Keyset, read_page
from identity.principals import Tenant
from identity.tenants.records import TenantColumns, TenantRecord

# user_count: the per-(status, role) counts kept by sql/009, exact without counting rows.
COLUMNS = """t.id, t.name, t.slug, t.status, t.plan, t.auth_config, t.public_metadata,
             t.private_metadata, t.rate_limits, t.created_at, t.updated_at,
             t.bot_protection_secret IS NOT NULL AS has_bot_secret,
             (SELECT coalesce(sum(c.n), 0) FROM user_counts c WHERE c.tenant_id = t.id)::bigint AS user_count,
             (SELECT count(*) FROM organizations o WHERE o.tenant_id = t.id) AS org_count"""


async def insert(conn: asyncpg.Connection, values: TenantColumns) -> TenantRecord:
    cols = ", ".join(values)
    params = ", ".join(f"${i}" for i in range(1, len(values) + 1))
    row = await conn.fetchrow(
        f"WITH t AS (INSERT INTO tenants ({cols}) VALUES ({params}) RETURNING *) SELECT {COLUMNS} FROM t",
        *values.values(),
    )
    return TenantRecord.of(row)


async def principal_tenant(conn: Any, id_or_slug: str) -> Tenant | None:
    """What a request's principal carries of its tenant (the tenant cache keeps these)."""
    column = "id" if id_or_slug.startswith("tnt_") else "slug"
    row = await conn.fetchrow(f"SELECT id, status, plan, auth_config FROM tenants WHERE {column} = $1", id_or_slug)
    return None if row is None else Tenant(row["id"], row["status"], row["plan"], row["auth_config"])


async def status_and_config(conn: Any, tenant_id: str) -> asyncpg.Record | None:
    """The tenant's status and auth_config read fresh (not from the tenant cache)."""
    return await conn.fetchrow("SELECT status, auth_config FROM tenants WHERE id = $1", tenant_id)


async def slug_exists(conn: Any, slug: str) -> bool:
    return bool(await conn.fetchval("SELECT 1 FROM tenants WHERE slug = $1", slug))


async def get(conn: Any, id_or_slug: str, *, for_update: bool = False) -> TenantRecord | None:
    column = "id" if id_or_slug.startswith("tnt_") else "slug"
    lock = " FOR UPDATE" if for_update else ""
    return TenantRecord.maybe(
        await conn.fetchrow(f"SELECT {COLUMNS} FROM tenants t WHERE t.{column} = $1{lock}", id_or_slug)
    )


async def list_page(
    conn: Any, page: Keyset, *, q: str | None, status: str | None, plan: str | None
) -> tuple[list[TenantRecord], int]:
    pattern = None
    if q:
        pattern = "%" + q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {COLUMNS} FROM tenants t",
        count="SELECT count(*) FROM tenants t",
        where="""($1::text IS NULL OR t.name ILIKE $1 OR t.slug ILIKE $1)
                 AND ($2::text IS NULL OR t.status = $2)
                 AND ($3::text IS NULL OR t.plan = $3)""",
        args=(pattern, status, plan),
        id_column="t.id",
    )
    return TenantRecord.all(rows), total


async def update(conn: asyncpg.Connection, tenant_id: str, changes: TenantColumns) -> TenantRecord:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=2))
    row = await conn.fetchrow(
        f"""WITH t AS (UPDATE tenants SET {sets}, updated_at = now() WHERE id = $1 RETURNING *)
            SELECT {COLUMNS} FROM t""",
        tenant_id,
        *changes.values(),
    )
    return TenantRecord.of(row)


async def delete(conn: asyncpg.Connection, tenant_id: str) -> None:
    # Every tenant-owned table references tenants with ON DELETE CASCADE.
    await conn.execute("DELETE FROM tenants WHERE id = $1", tenant_id)


async def sessions_created_30d(pool: Any, tenant_id: str) -> int:
    """Sign-in sessions (not impersonations) created over the last 30 days."""
    count: int = await pool.fetchval(
        """SELECT count(*) FROM sessions WHERE tenant_id = $1 AND impersonated_by IS NULL
             AND created_at > now() - interval '30 days'""",
        tenant_id,
    )
    return count
