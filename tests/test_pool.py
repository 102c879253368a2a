"""Pool connections are released without asyncpg's reset query (identity/db/pool.py), which is
only safe while no code leaves session state on them. These tests hold that line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from identity.db.pool import after_release, create_pool

SOURCE = Path(__file__).resolve().parents[1] / "identity"
FILES = {p: p.read_text() for p in SOURCE.rglob("*.py")}

# A statement that starts with SET (after a quote or a semicolon) but is not SET LOCAL; UPDATE's
# "SET col =" follows UPDATE, not a quote, so it does not match.
SESSION_SET = re.compile(r"""(^|["';]\s*)SET\s+(?!LOCAL\b)(SESSION\s+)?\w+\s*(=|TO\b)""", re.I | re.M)


def test_no_session_level_settings() -> None:
    offenders = [str(p) for p, text in FILES.items() if SESSION_SET.search(text)]
    offenders += [str(p) for p, text in FILES.items() if re.search(r"set_config\([^)]*,\s*false\s*\)", text, re.I)]
    assert offenders == [], "use SET LOCAL inside the transaction instead"


def test_no_session_advisory_locks_on_pool_connections() -> None:
    # Session-level advisory locks only on the migration's own connection.
    users = {p.name for p, text in FILES.items() if re.search(r"pg_(try_)?advisory_lock\(", text)}
    assert users <= {"migrate.py"}


def test_listen_only_on_dedicated_connections() -> None:
    for path, text in FILES.items():
        if "add_listener(" in text or re.search(r"""["';]\s*LISTEN\s""", text):
            assert "asyncpg.connect(" in text, f"{path} listens on a connection it does not own"


def test_no_server_side_cursors_outside_transactions() -> None:
    assert not [p for p, text in FILES.items() if ".cursor(" in text or "DECLARE " in text]


async def test_release_sends_nothing_and_the_connection_is_reused(database_dsn: str) -> None:
    # The backend's last statement is still our COMMIT after the release: asyncpg's reset
    # (advisory unlock, CLOSE ALL, UNLISTEN *, RESET ALL) would have been sent after it.
    import asyncpg

    pool = await create_pool(database_dsn, 1, 1)
    admin = await asyncpg.connect(database_dsn)
    try:
        async with pool.acquire() as conn, conn.transaction():
            first = conn.get_server_pid()
            await conn.execute("SET LOCAL statement_timeout = '1234ms'")
        last = await admin.fetchval("SELECT query FROM pg_stat_activity WHERE pid = $1", first)
        assert last.strip().rstrip(";").upper() == "COMMIT", last
        async with pool.acquire() as conn:
            assert conn.get_server_pid() == first
            assert await conn.fetchval("SHOW statement_timeout") != "1234ms"
            assert not conn.is_in_transaction()
    finally:
        await admin.close()
        await pool.close()


async def test_a_transaction_left_open_is_rolled_back_on_release(database_dsn: str) -> None:
    pool = await create_pool(database_dsn, 1, 1)
    try:
        conn = await pool.acquire()
        await conn.execute("BEGIN")
        await conn.execute("CREATE TEMP TABLE left_open (x int) ON COMMIT DROP")
        await pool.release(conn)  # asyncpg rolls back (and logs that it had to)
        async with pool.acquire() as again:
            assert not again.is_in_transaction()
            assert await again.fetchval("SELECT to_regclass('pg_temp.left_open')") is None
    finally:
        await pool.close()


async def test_after_release_runs_once_the_work_is_over(database_dsn: str) -> None:
    """The caches' second forget (identity/sessions/me_cache.py, identity/sessions/cache.py) runs
    when the connection goes back: after the commit (or rollback), also when the pool closes the
    connection instead of keeping it, and never on a connection that is not a pool's."""
    import asyncpg

    pool = await create_pool(database_dsn, 1, 1)
    seen: list[str] = []
    try:
        async with pool.acquire() as conn:
            async with conn.transaction():
                after_release(conn, lambda: seen.append("committed"))
                await conn.execute("SELECT 1")
            assert seen == []
        assert seen == ["committed"]
        async with pool.acquire() as conn:
            after_release(conn, lambda: seen.append("terminated"))
            conn.terminate()  # the pool finds it closed and lets it go
        assert seen == ["committed", "terminated"]
        async with pool.acquire() as conn:
            after_release(conn, lambda: seen.append("closed"))
            await pool.expire_connections()  # so the release closes it instead of keeping it
        assert seen == ["committed", "terminated", "closed"]
        async with pool.acquire() as conn:
            await conn.execute("SELECT 1")
        assert seen == ["committed", "terminated", "closed"]  # each callback ran once
    finally:
        await pool.close()
    plain = await asyncpg.connect(database_dsn)
    try:
        after_release(plain, lambda: seen.append("plain"))  # a script's own: nothing to do
    finally:
        await plain.close()
    assert seen == ["committed", "terminated", "closed"]
    with pytest.raises(TypeError):  # its work ends at no release the callback could wait for
        after_release(pool, lambda: None)
    other = await asyncpg.create_pool(database_dsn, min_size=1, max_size=1)
    try:
        async with other.acquire() as conn:
            with pytest.raises(TypeError):  # a pool without PooledConnection would never run it
                after_release(conn, lambda: None)
    finally:
        await other.close()
