"""The database an operator command works on, found the same way from any directory.

IDENTITY_DATABASE_URL when set; otherwise the embedded server under IDENTITY_DATA_DIR
(default ./.identity). Only the service commands and `migrate` may create the embedded
database (identity/db/embedded.py); every other command stops with a message naming where it
looked. An embedded server that a short command had to start is stopped when it ends, so no
Postgres is left running behind an `identity users find`; one that was running already (a
`serve` beside it) is left alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from identity.config import Settings
from identity.db import embedded
from identity.db.migrate import pending
from identity.db.pool import resolve_dsn


@contextmanager
def opened(settings: Settings, *, create: bool, check_schema: bool = True) -> Iterator[str]:
    """Yield the DSN; create=False refuses to make a new embedded database. check_schema:
    refuse a database whose schema is behind this version (`identity migrate` first) rather
    than migrate it from an operator command."""
    is_embedded = settings.database_url is None
    was_running = is_embedded and embedded.is_running(settings.data_dir)
    try:
        dsn = resolve_dsn(settings, create=create)
        if check_schema:
            missing = asyncio.run(pending(dsn))
            if missing:
                raise SystemExit(
                    f"the database's schema is behind this version ({len(missing)} file(s) not "
                    f"applied, from {missing[0]}); run `identity migrate` first"
                )
        yield dsn
    finally:
        if is_embedded and not was_running:
            embedded.stop_embedded(settings.data_dir)
