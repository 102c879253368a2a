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
        # one line per key family, after any logs: "<kid> <alg> (signs from ...)"
        printed = {line.split()[1]: line.split()[0] for line in proc.stdout.strip().splitlines()[-2:]}
        assert set(printed) == {"ES256", "RS256"}
        rows = {r["id"]: r for r in await conn.fetch("SELECT * FROM signing_keys")}
        for alg, kid in printed.items():
            assert kid.startswith("jwk_") and kid not in before
            assert rows[kid]["retired_at"] is None and rows[kid]["algorithm"] == alg
        for old in before:
            assert rows[old]["retired_at"] is not None or rows[old]["activates_at"] > rows[kid]["activates_at"]
        proc = subprocess.run(
            [sys.executable, "-m", "identity.cli", "keys", "rotate-signing", "--algorithm", "RS256"],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        kid, alg = proc.stdout.strip().splitlines()[-1].split()[:2]
        assert alg == "RS256"
        assert await conn.fetchval("SELECT retired_at FROM signing_keys WHERE id = $1", printed["RS256"])
        assert await conn.fetchval("SELECT retired_at FROM signing_keys WHERE id = $1", printed["ES256"]) is None
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
