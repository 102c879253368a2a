"""What the tests of the NOTIFY-kept caches share (identity/db/listener.py): waiting until the
app's listener has handled every notification committed so far, and a pool that logs statements."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

import asyncpg

from identity.app import create_app
from identity.db.pool import PooledConnection, _init_connection
from identity.state import state
from tests.support.api import Api, TenantHandle, create_tenant


async def delivered(app: Any, channel: str) -> None:
    """Return once the app's listener has dispatched every notification committed before now:
    a listener receives notifications in commit order, so a marker sent now arrives last."""
    st = state(app)
    marker = f"marker-{uuid.uuid4().hex}"
    arrived = asyncio.Event()
    st.listener.subscribe(channel, lambda p: arrived.set() if p == marker else None, lambda: None)
    await st.pool.execute("SELECT pg_notify($1, $2)", channel, marker)
    await asyncio.wait_for(arrived.wait(), 5)


async def logging_pool(dsn: str, statements: list[str]) -> asyncpg.Pool:
    """A pool whose connections are made and initialised like the app's (identity.db.pool) and whose
    every statement is appended to `statements` (asyncpg's query logger, called soon after the
    statement: await asyncio.sleep(0) before reading)."""

    def log(record: Any) -> None:
        statements.append(record.query)

    async def setup(conn: Any) -> None:  # runs on every acquire: one logger object, kept in a set
        conn.add_query_logger(log)

    return await asyncpg.create_pool(
        dsn, min_size=1, max_size=4, init=_init_connection, setup=setup, connection_class=PooledConnection
    )


@contextlib.asynccontextmanager
async def logged_tenant(
    aiohttp_client: Any, settings: Any, dsn: str, name: str
) -> AsyncIterator[tuple[Any, TenantHandle, list[str]]]:
    """An app on a logging_pool, with one new tenant: (app, tenant, the statements run)."""
    statements: list[str] = []
    pool = await logging_pool(dsn, statements)
    try:
        app = create_app(settings, dsn=dsn, pool=pool)
        yield app, await create_tenant(Api(await aiohttp_client(app)), name=name), statements
    finally:
        await pool.close()


@contextlib.asynccontextmanager
async def notifications_held(app: Any) -> AsyncIterator[None]:
    """The app's listener receives no notification until the block ends: Postgres delivers none
    to a listening connection inside a transaction, only once it ends. A slow delivery, on demand."""
    conn = state(app).listener._conn
    await conn.execute("BEGIN")
    try:
        yield
    finally:
        await conn.execute("ROLLBACK")
