"""Applies procrastinate's schema, then sql/NNN_*.sql in order, once each, under an advisory lock."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

import asyncpg
import structlog

log = structlog.get_logger(__name__)

# Any fixed number works; it only has to be the same in every process that migrates.
_LOCK_ID = 0x1D3_2024
_NAME = re.compile(r"^(\d{3,})_[a-z0-9_]+\.sql$")


def sql_dir() -> Path:
    """The copy installed inside the package (identity/sql), or sql/ of a checkout
    (editable installs map identity.sql to it without copying)."""
    installed = Path(__file__).resolve().parents[1] / "sql"
    if installed.is_dir():
        return installed
    return Path(__file__).resolve().parents[2] / "sql"


def migration_files() -> list[Path]:
    files = [p for p in sql_dir().iterdir() if _NAME.match(p.name)]
    return sorted(files, key=lambda p: int(_NAME.match(p.name).group(1)))  # type: ignore[union-attr]


def _procrastinate_schema() -> tuple[str, str]:
    import procrastinate
    from procrastinate.schema import SchemaManager

    return f"procrastinate-{procrastinate.__version__}", SchemaManager.get_schema()


async def migrate(dsn: str, on_step: Callable[[str, int, int], None] | None = None) -> list[str]:
    """Apply what is missing; returns the names applied now. Safe to run from many processes.
    on_step(name, done, total) is called before each file (the CLI's progress bar)."""
    conn = await asyncpg.connect(dsn)
    applied_now: list[str] = []
    try:
        await conn.execute("SELECT pg_advisory_lock($1)", _LOCK_ID)
        try:
            await conn.execute(
                """CREATE TABLE IF NOT EXISTS schema_migrations (
                       name text PRIMARY KEY,
                       checksum text NOT NULL,
                       applied_at timestamptz NOT NULL DEFAULT now())"""
            )
            done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
            steps: list[tuple[str, str]] = []
            if not any(name.startswith("procrastinate-") for name in done):
                steps.append(_procrastinate_schema())
            for path in migration_files():
                if path.name not in done:
                    steps.append((path.name, path.read_text()))
            for done_count, (name, text) in enumerate(steps):
                if on_step is not None:
                    on_step(name, done_count, len(steps))
                async with conn.transaction():
                    await conn.execute(text)
                    await conn.execute(
                        "INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)",
                        name,
                        hashlib.sha256(text.encode()).hexdigest(),
                    )
                applied_now.append(name)
                log.info("migration_applied", migration=name)
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1)", _LOCK_ID)
    finally:
        await conn.close()
    return applied_now


async def pending(dsn: str) -> list[str]:
    """The schema files not applied to the database yet (all of them on an empty database)."""
    conn = await asyncpg.connect(dsn)
    try:
        if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
            return [p.name for p in migration_files()]
        done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
    finally:
        await conn.close()
    return [p.name for p in migration_files() if p.name not in done]
