"""The test database: a fresh database per run (or per test module that needs its own),
migrated like production, and waiting for a request under test to block on a held lock."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from identity.db.migrate import migrate


def with_db(dsn: str, name: str) -> str:
    parts = urlsplit(dsn)
    return urlunsplit(parts._replace(path="/" + name))


async def admin_exec(dsn: str, sql: str) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def migrated_database(server_dsn: str, prefix: str) -> Iterator[str]:
    """A new database on the server, migrated, dropped when the generator ends."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    asyncio.run(admin_exec(server_dsn, f'CREATE DATABASE "{name}"'))
    dsn = with_db(server_dsn, name)
    asyncio.run(migrate(dsn))
    try:
        yield dsn
    finally:
        asyncio.run(admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def wait_for_lock_waiter(conn: asyncpg.Connection) -> None:
    """Until some backend waits on a lock that conn's open transaction holds (a request under
    test has reached the row conn locked)."""
    for _ in range(200):
        if await conn.fetchval("""SELECT count(*) FROM pg_stat_activity
                                  WHERE pg_blocking_pids(pid) @> ARRAY[pg_backend_pid()]"""):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("nothing ever waited for the lock this transaction holds")
