"""sql/schema.sql is the schema the migrations build (identity/db/schema_dump.py renders it)."""

from __future__ import annotations

import asyncio
import difflib

import asyncpg

from identity.db.migrate import migration_files, sql_dir
from identity.db.schema_dump import render
from tests.support.database import migrated_database


async def _render(dsn: str) -> str:
    conn = await asyncpg.connect(dsn)
    try:
        return await render(conn)
    finally:
        await conn.close()


def test_schema_sql_is_what_the_migrations_build(server_dsn: str) -> None:
    committed = (sql_dir() / "schema.sql").read_text()
    for dsn in migrated_database(server_dsn, "identity_schema"):
        rendered = asyncio.run(_render(dsn))
    diff = "".join(
        difflib.unified_diff(committed.splitlines(True), rendered.splitlines(True), "sql/schema.sql", "migrated")
    )
    assert not diff, "regenerate with `python -m identity.db.schema_dump`:\n" + diff[:6000]


def test_the_migration_runner_never_applies_schema_sql() -> None:
    names = [p.name for p in migration_files()]
    assert "schema.sql" not in names
    assert all(name[:3].isdigit() for name in names)
