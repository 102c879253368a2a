"""The `identity` command, run for real as a subprocess."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import asyncpg
import pytest

from tests.support.database import admin_exec, with_db

IDENTITY = [sys.executable, "-m", "identity.cli"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    env["IDENTITY_DATA_DIR"] = str(tmp_path / "data")
    env.update(extra)
    return env


async def _wait_healthy(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read() if proc.stderr else "exited"
            try:
                async with session.get(f"http://127.0.0.1:{port}/health") as resp:
                    if resp.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise AssertionError("service did not become healthy")


def _stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err


@pytest.fixture
async def fresh_dsn(server_dsn: str):
    name = f"identity_cli_{os.getpid()}_{int(time.time() * 1000) % 100000}"
    await admin_exec(server_dsn, f'CREATE DATABASE "{name}"')
    yield with_db(server_dsn, name)
    await admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _popen(cmd: list[str], env: dict[str, str]) -> subprocess.Popen:
    # A new session: no controlling terminal, as under a service manager or in a container.
    return subprocess.Popen(
        cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )


def _shown_secret(stderr: str) -> str:
    """The secret of the 0600 file that stderr names (never the secret itself)."""
    match = re.search(r"written to (\S+) \(mode 0600\)", stderr)
    assert match, stderr
    path = Path(match.group(1))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    return path.read_text().strip()


async def test_migrate_and_keys_master(tmp_path: Path, fresh_dsn: str) -> None:
    env = _env(tmp_path, IDENTITY_DATABASE_URL=fresh_dsn)
    subprocess.run([*IDENTITY, "migrate"], env=env, check=True, capture_output=True, timeout=120)
    done = subprocess.run(
        [*IDENTITY, "keys", "master", "--secret-file", str(tmp_path / "mk")],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,
    )
    assert "mk_live_" not in done.stdout + done.stderr
    key = _shown_secret(done.stderr)
    assert re.fullmatch(r"mk_live_[0-9A-Za-z]{32,}", key)
    conn = await asyncpg.connect(fresh_dsn)
    try:
        rows = await conn.fetch("SELECT * FROM master_keys")
        assert len(rows) == 1 and all(key not in str(v) for v in dict(rows[0]).values())
    finally:
        await conn.close()


async def test_serve_on_embedded_postgres_survives_restart_and_stops_cleanly(tmp_path: Path) -> None:
    port = _free_port()
    env = _env(tmp_path)  # no IDENTITY_DATABASE_URL: the embedded Postgres under the data dir
    cmd = [*IDENTITY, "serve", "--port", str(port)]
    proc = _popen(cmd, env)
    try:
        await _wait_healthy(port, proc)
        # The first start created a master key and showed it once: no terminal, so in a file.
        code, out, err = await asyncio.to_thread(_stop, proc)
        assert code == 0, err
        master = _shown_secret(err)

        proc = _popen(cmd, env)
        await _wait_healthy(port, proc)
        base = f"http://127.0.0.1:{port}"
        headers = {"Authorization": f"Bearer {master}"}
        async with aiohttp.ClientSession(headers=headers) as session:
            async with session.post(f"{base}/v1/tenants", json={"name": "Persisted"}) as resp:
                assert resp.status == 201
                tenant_id = (await resp.json())["id"]

            # Requests in flight when SIGTERM arrives still get whole responses.
            async def create(i: int) -> int | None:
                try:
                    async with session.post(f"{base}/v1/tenants", json={"name": f"t{i}"}) as resp:
                        await resp.read()
                        return resp.status
                except aiohttp.ClientConnectorError:
                    return None  # arrived after the listener closed: refused, not cut off

            tasks = [asyncio.create_task(create(i)) for i in range(40)]
            await asyncio.sleep(0.05)
            proc.send_signal(signal.SIGTERM)
            statuses = await asyncio.gather(*tasks)
            assert all(s in (201, None) for s in statuses), statuses
            assert any(s == 201 for s in statuses)
        out, err = await asyncio.to_thread(proc.communicate, timeout=60)
        assert proc.returncode == 0, err
        assert "master key" not in err  # no second master key on a later start

        # Third start: the embedded database was reused, the tenant is still there.
        proc = _popen(cmd, env)
        await _wait_healthy(port, proc)
        async with aiohttp.ClientSession(headers=headers) as session:
            async with session.get(f"http://127.0.0.1:{port}/v1/tenants/{tenant_id}") as resp:
                assert resp.status == 200
        code, out, err = await asyncio.to_thread(_stop, proc)
        assert code == 0, err

        # serve leaves the embedded server running (web and worker share it); `db stop` stops it.
        pgdata = tmp_path / "data" / "pgdata"
        assert _postgres_running(pgdata)
        done = subprocess.run([*IDENTITY, "db", "stop"], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0 and "stopped" in done.stdout, done.stderr
        assert not _postgres_running(pgdata)
        # A short command from another directory finds it through IDENTITY_DATA_DIR, starts it,
        # and stops it again when it ends.
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        done = subprocess.run(
            [*IDENTITY, "tenants", "show", tenant_id, "--json"],
            env=env,
            cwd=elsewhere,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["name"] == "Persisted"
        assert not _postgres_running(pgdata)
        assert not (elsewhere / ".identity").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
        # Stop the embedded server this test started.
        pgdata = tmp_path / "data" / "pgdata"
        if (pgdata / "postmaster.pid").exists():
            pid = int((pgdata / "postmaster.pid").read_text().split()[0])
            try:
                os.kill(pid, signal.SIGINT)
            except ProcessLookupError:
                pass


def _postgres_running(pgdata: Path) -> bool:
    pid_file = pgdata / "postmaster.pid"
    if not pid_file.exists():
        return False
    try:
        os.kill(int(pid_file.read_text().split()[0]), 0)
    except ProcessLookupError:
        return False
    return True


async def test_serve_logs_json_lines_only_and_shows_the_master_key_outside_the_logs(
    tmp_path: Path, fresh_dsn: str
) -> None:
    """stdout is the JSON log stream (one object per line); the first start's master key goes
    to no log stream, stdout or stderr: without a terminal, to a 0600 file that stderr names."""
    port = _free_port()
    env = _env(tmp_path, IDENTITY_DATABASE_URL=fresh_dsn)
    proc = _popen([*IDENTITY, "serve", "--port", str(port)], env)
    try:
        await _wait_healthy(port, proc)
        code, out, err = await asyncio.to_thread(_stop, proc)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert code == 0, err
    lines = out.splitlines()
    assert any(json.loads(line).get("event") == "master_key_created" for line in lines)
    for line in lines:
        assert isinstance(json.loads(line), dict), line
    assert "mk_live_" not in out and "mk_live_" not in err
    master = _shown_secret(err)
    assert master.startswith("mk_live_")
    conn = await asyncpg.connect(fresh_dsn)
    try:
        from identity.crypto import sha256_hex

        assert (
            await conn.fetchval(
                "SELECT count(*) FROM master_keys WHERE key_hash = $1 AND revoked_at IS NULL", sha256_hex(master)
            )
            == 1
        )
    finally:
        await conn.close()
