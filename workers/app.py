"""The procrastinate app. Jobs live in the same Postgres as everything else."""

from __future__ import annotations

from typing import Any

import procrastinate

app = procrastinate.App(
    connector=procrastinate.PsycopgConnector(),
    import_paths=["workers.tasks", "workers.periodic", "workers.webhooks"],
)


async def _autocommit(conn: Any) -> None:
    # Through configure, not kwargs: procrastinate opens its LISTEN connection with the pool's
    # kwargs plus autocommit=True, and a second autocommit there is a TypeError.
    await conn.set_autocommit(True)


def configured(dsn: str, max_size: int = 10) -> procrastinate.App:
    """The app bound to a database (call open_async() on it).

    The connector is swapped on this one app rather than copied with with_connector(): tasks
    keep a reference to the app they were declared on, and the periodic deferrer defers
    through it, so a copy would leave periodic jobs on an unopened connector.
    """
    # Autocommit: every query procrastinate makes is one statement (a stored function), so the
    # psycopg default (BEGIN before it, COMMIT when the pool takes the connection back) only added
    # two round trips to each; a job's fetch and finish made eight, now four.
    connector = procrastinate.PsycopgConnector(conninfo=dsn, min_size=1, max_size=max_size,
                                               configure=_autocommit)
    app.connector = connector
    app.job_manager.connector = connector
    return app
