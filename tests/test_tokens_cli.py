"""`identity keys rotate-signing`, run for real."""

from __future__ import annotations

import subprocess
import sys

import asyncpg


async def test_rotate_signing_command(database_dsn: str, tmp_path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "IDENTITY_DATABASE_URL": database_dsn,
        "IDENTITY_DATA_DIR": str(tmp_path),
        "IDENTITY_SECRET_KEY": "test-secret-key",
    }
    conn = await asyncpg.connect(database_dsn)
    try:
        before = {r["id"] for r in await conn.fetch("SELECT id FROM signing_keys")}
        proc = subprocess.run(
            [sys.executable, "-m", "identity.cli", "keys", "rotate-signing"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        kid = proc.stdout.strip().splitlines()[-1].split()[0]  # logs may precede it
        assert kid.startswith("jwk_") and kid not in before
        rows = {r["id"]: r for r in await conn.fetch("SELECT * FROM signing_keys")}
        assert rows[kid]["retired_at"] is None
        for old in before:
            assert rows[old]["retired_at"] is not None or rows[old]["activates_at"] > rows[kid]["activates_at"]
        proc = subprocess.run(
            [sys.executable, "-m", "identity.cli", "keys", "rotate-signing", "--activate-in", "bogus"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode != 0
    finally:
        await conn.close()
