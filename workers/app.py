"""The procrastinate app. Jobs live in the same Postgres as everything else."""

from __future__ import annotations

import procrastinate

app = procrastinate.App(
    connector=procrastinate.PsycopgConnector(),
    import_paths=["workers.tasks", "workers.periodic", "workers.webhooks"],
)


def configured(dsn: str, max_size: int = 10) -> procrastinate.App:
    """The app bound to a database (call open_async() on it).

    The connector is swapped on this one app rather than copied with with_connector(): tasks
    keep a reference to the app they were declared on, and the periodic deferrer defers
    through it, so a copy would leave periodic jobs on an unopened connector.
    """
    connector = procrastinate.PsycopgConnector(conninfo=dsn, min_size=1, max_size=max_size)
    app.connector = connector
    app.job_manager.connector = connector
    return app
