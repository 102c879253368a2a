"""Migrations: applied once each, in order, safely from concurrent processes; schema rules."""

from __future__ import annotations

import asyncio

import asyncpg

from identity.db.migrate import migrate, migration_files

# Tables that are not owned by one tenant.
GLOBAL_TABLES = {"tenants", "master_keys", "schema_migrations", "idempotency_keys", "signing_keys", "admin_webhooks"}


async def test_concurrent_migrations_do_not_race(server_dsn: str) -> None:
    from tests.support.database import admin_exec, with_db

    name = "identity_migrate_race"
    await admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    await admin_exec(server_dsn, f'CREATE DATABASE "{name}"')
    dsn = with_db(server_dsn, name)
    try:
        results = await asyncio.gather(*[migrate(dsn) for _ in range(4)])
        applied = [n for r in results for n in r]
        expected = [p.name for p in migration_files()]
        procrastinate = [a for a in applied if a.startswith("procrastinate-")]
        assert sorted(applied) == sorted(expected + procrastinate)
        assert len(applied) == len(set(applied)) == len(expected) + 1
        assert await migrate(dsn) == []  # nothing left to apply
        conn = await asyncpg.connect(dsn)
        try:
            rows = await conn.fetch("SELECT name FROM schema_migrations ORDER BY applied_at, name")
            names = [r["name"] for r in rows]
            assert names[0].startswith("procrastinate-")
            assert names[1:] == expected  # in numeric order
        finally:
            await conn.close()
    finally:
        await admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def test_every_tenant_table_has_tenant_id_in_each_unique_key(database_dsn: str) -> None:
    conn = await asyncpg.connect(database_dsn)
    try:
        tables = [
            r["table_name"]
            for r in await conn.fetch(
                """SELECT table_name FROM information_schema.tables
               WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
                 AND table_name NOT LIKE 'procrastinate%'"""
            )
        ]
        uniques = await conn.fetch(
            """SELECT c.conrelid::regclass::text AS tbl, c.conname,
                      array_agg(a.attname::text) AS cols
               FROM pg_constraint c
               JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
               WHERE c.contype IN ('p', 'u') AND c.connamespace = 'public'::regnamespace
               GROUP BY 1, 2
               UNION ALL
               SELECT i.indrelid::regclass::text, i.indexrelid::regclass::text,
                      array_agg(a.attname::text)
               FROM pg_index i
               JOIN pg_class t ON t.oid = i.indrelid
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
               WHERE i.indisunique AND t.relnamespace = 'public'::regnamespace
                 AND t.relname NOT LIKE 'procrastinate%'
               GROUP BY 1, 2"""
        )
    finally:
        await conn.close()
    for table in tables:
        if table in GLOBAL_TABLES:
            continue
        columns_ok = any(u["tbl"] == table for u in uniques)
        assert columns_ok, f"{table} has no primary key"
    for u in uniques:
        if u["tbl"] in GLOBAL_TABLES or u["tbl"].startswith("procrastinate"):
            continue
        assert "tenant_id" in u["cols"], f"unique key {u['conname']} on {u['tbl']} lacks tenant_id"
