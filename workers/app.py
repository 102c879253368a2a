"""The procrastinate app. Jobs live in the same Postgres as everything else."""

from __future__ import annotations

import procrastinate

app = procrastinate.App(
    connector=procrastinate.PsycopgConnector(),
    import_paths=["workers.tasks"],
)


def configured(dsn: str) -> procrastinate.App:
    """The app bound to a database."""
    return app.with_connector(procrastinate.PsycopgConnector(conninfo=dsn, min_size=1, max_size=4))
