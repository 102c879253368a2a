"""The `identity` command, run for real as a subprocess."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import asyncpg
import pytest

from tests.conftest import _admin_exec, _with_db

IDENTITY = [sys.executable, "-m", "identity.cli"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
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
    await _admin_exec(server_dsn, f'CREATE DATABASE "{name}"')
    yield _with_db(server_dsn, name)
    await _admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def test_migrate_and_keys_master(tmp_path: Path, fresh_dsn: str) -> None:
    env = _env(tmp_path, IDENTITY_DATABASE_URL=fresh_dsn)
    subprocess.run([*IDENTITY, "migrate"], env=env, check=True, capture_output=True, timeout=120)
    out = subprocess.run([*IDENTITY, "keys", "master"], env=env, check=True, capture_output=True,
                         text=True, timeout=120).stdout
    key = out.strip().splitlines()[-1]
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
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        await _wait_healthy(port, proc)
        # The first start created a master key and printed it once.
        code, out, err = await asyncio.to_thread(_stop, proc)
        assert code == 0, err
        match = re.search(r"mk_live_[0-9A-Za-z]{32,}", err)
        assert match, err
        master = match.group(0)

        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
        assert "mk_live_" not in err  # no second master key on a later start

        # Third start: the embedded database was reused, the tenant is still there.
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        await _wait_healthy(port, proc)
        async with aiohttp.ClientSession(headers=headers) as session:
            async with session.get(f"http://127.0.0.1:{port}/v1/tenants/{tenant_id}") as resp:
                assert resp.status == 200
        code, out, err = await asyncio.to_thread(_stop, proc)
        assert code == 0, err
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
