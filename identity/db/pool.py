"""The asyncpg pool, and the DSN the service runs on."""

from __future__ import annotations

import json

import asyncpg

from identity.config import Settings


def resolve_dsn(settings: Settings) -> str:
    """IDENTITY_DATABASE_URL, or the embedded server when it is unset."""
    if settings.database_url:
        return settings.database_url
    from identity.db.embedded import start_embedded

    return start_embedded(settings.data_dir)


async def _init_connection(conn: asyncpg.Connection) -> None:
    # jsonb in and out as Python objects; the encoder is compact to keep rows small.
    await conn.set_type_codec(
        "jsonb",
        encoder=lambda v: json.dumps(v, separators=(",", ":")),
        decoder=json.loads,
        schema="pg_catalog",
    )
    await conn.set_type_codec(
        "json", encoder=json.dumps, decoder=json.loads, schema="pg_catalog"
    )


async def create_pool(dsn: str, min_size: int = 2, max_size: int = 20) -> asyncpg.Pool:
    return await asyncpg.create_pool(
        dsn,
        min_size=min_size,
        max_size=max_size,
        init=_init_connection,
        command_timeout=30,
        max_inactive_connection_lifetime=300,
    )
