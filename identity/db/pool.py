"""The asyncpg pool, and the DSN the service runs on."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import asyncpg
import structlog

from identity.config import Settings

log = structlog.get_logger("identity.db.pool")


class DatabaseUnavailable(ConnectionError):
    """Raised by the service's own code when it knows the database cannot be reached (the
    revocation feed's listener not ready in time): answered 503 service_unavailable, as
    asyncpg's connection errors are (identity/http/middleware.py)."""


def resolve_dsn(settings: Settings, *, create: bool = True) -> str:
    """IDENTITY_DATABASE_URL, or the embedded server when it is unset (create=False: only an
    embedded database that exists already; identity/db/embedded.py)."""
    if settings.database_url:
        return settings.database_url
    from identity.db.embedded import start_embedded

    return start_embedded(settings.data_dir, create=create)


async def _init_connection(conn: asyncpg.Connection) -> None:
    # jsonb in and out as Python objects; the encoder is compact to keep rows small.
    await conn.set_type_codec(
        "jsonb",
        encoder=lambda v: json.dumps(v, separators=(",", ":")),
        decoder=json.loads,
        schema="pg_catalog",
    )
    await conn.set_type_codec("json", encoder=json.dumps, decoder=json.loads, schema="pg_catalog")


class PooledConnection(asyncpg.Connection):  # type: ignore[misc]  # asyncpg ships no types
    """A pool connection released without a reset round trip.

    asyncpg's default reset sends `pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`
    on every release: one extra round trip per request, about 10% of a refresh's CPU. Our pool
    connections never hold session state, so there is nothing to reset: settings are SET LOCAL,
    advisory locks are transaction-scoped, cursors live inside transactions, and LISTEN runs on
    dedicated connections (tests/test_pool.py checks the source for each). An open transaction
    is still rolled back by asyncpg before the connection goes back."""

    _after_release: list[Callable[[], None]]  # set on the first after_release()

    def get_reset_query(self) -> str:
        return ""

    def after_release(self, callback: Callable[[], None]) -> None:
        """Run callback when this connection goes back to the pool (or is closed there): its
        transaction has committed or rolled back by then, and the request has not answered yet."""
        callbacks = getattr(self, "_after_release", None)
        if callbacks is None:
            callbacks = self._after_release = []
        callbacks.append(callback)

    async def reset(self, *, timeout: float | None = None) -> None:  # noqa: ASYNC109 (asyncpg's signature)
        try:
            await super().reset(timeout=timeout)
        finally:
            self._released()

    def _cleanup(self) -> None:  # close() and terminate(): the pool's other ways of taking it back
        try:
            super()._cleanup()
        finally:
            self._released()

    def _released(self) -> None:
        callbacks = getattr(self, "_after_release", None)
        if callbacks:
            self._after_release = []
            for callback in callbacks:
                try:
                    callback()
                except Exception:  # the connection must still go back to the pool
                    log.exception("after_release_failed")


def after_release(conn: Any, callback: Callable[[], None]) -> None:
    """Run callback once conn's work is over (PooledConnection.after_release). Nothing happens on
    a connection of its own (a script's: no cache to keep honest). A pool, or a connection of a
    pool made without PooledConnection, is refused: the callback would silently never run."""
    if isinstance(conn, asyncpg.Pool):
        raise TypeError("pass the acquired connection, not the pool: its work ends at its release")
    register = getattr(conn, "after_release", None)
    if register is not None:
        register(callback)
    elif isinstance(conn, asyncpg.pool.PoolConnectionProxy):
        raise TypeError("a pool made without identity.db.pool.PooledConnection cannot run after_release")


async def ping(pool: Any) -> None:
    """One round trip: the database answers a query (the health check)."""
    await pool.fetchval("SELECT 1")


async def create_pool(dsn: str, min_size: int = 2, max_size: int = 20) -> asyncpg.Pool:
    return await asyncpg.create_pool(
        dsn,
        connection_class=PooledConnection,
        min_size=min_size,
        max_size=max_size,
        init=_init_connection,
        command_timeout=30,
        max_inactive_connection_lifetime=300,
    )
