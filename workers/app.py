"""The procrastinate app. Jobs live in the same Postgres as everything else."""

from __future__ import annotations

import select
from typing import Any

import procrastinate
import psycopg
import psycopg_pool

app = procrastinate.App(
    connector=procrastinate.PsycopgConnector(),
    import_paths=["workers.tasks", "workers.periodic", "workers.webhooks"],
)


async def _autocommit(conn: Any) -> None:
    # Through configure, not kwargs: procrastinate opens its LISTEN connection with the pool's
    # kwargs plus autocommit=True, and a second autocommit there is a TypeError.
    await conn.set_autocommit(True)


async def check_lent(conn: Any) -> None:
    """The pool's check before it lends a connection. psycopg's own check is a round trip every
    time: three per job (the fetch, the finish, the fetch that finds the queue empty). A
    connection that the server closed (a restart, pg_terminate_backend, an idle timeout) has
    something to read, its FATAL message or the end of the stream, while a live idle one in
    autocommit has nothing; so only a readable one pays for the round trip (and is replaced if
    it fails). A connection that dies after the check fails its query either way."""
    if conn.closed or conn.broken:
        raise psycopg.OperationalError("the connection is closed")  # the pool replaces it
    poller = select.poll()
    poller.register(conn.pgconn.socket, select.POLLIN)
    if poller.poll(0):
        await psycopg_pool.AsyncConnectionPool.check_connection(conn)


def _pool(**kwargs: Any) -> psycopg_pool.AsyncConnectionPool:
    # procrastinate passes psycopg's round-trip check; ours replaces it (see check_lent).
    return psycopg_pool.AsyncConnectionPool(**{**kwargs, "check": check_lent})


def configured(dsn: str, max_size: int = 10, db_wait: float = 30.0) -> procrastinate.App:
    """The app bound to a database (call open_async() on it).

    The connector is swapped on this one app rather than copied with with_connector(): tasks
    keep a reference to the app they were declared on, and the periodic deferrer defers
    through it, so a copy would leave periodic jobs on an unopened connector.
    """
    # Autocommit: every query procrastinate makes is one statement (a stored function), so the
    # psycopg default (BEGIN before it, COMMIT when the pool takes the connection back) only added
    # two round trips to each. With check_lent for the pool's check, a job's fetch and finish
    # are two round trips; they were eight.
    # db_wait is the pool's getconn timeout (psycopg's default is 30 s).
    connector = procrastinate.PsycopgConnector(
        conninfo=dsn, min_size=1, max_size=max_size, timeout=db_wait, configure=_autocommit, pool_factory=_pool
    )
    app.connector = connector
    app.job_manager.connector = connector
    return app
