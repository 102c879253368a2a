"""IDENTITY_EVENT_LOOP (docs/configuration.md): the service on uvloop's loop (the default where
installed) or on asyncio's, the token endpoints answering the same on either."""

from __future__ import annotations

import asyncio
import base64
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from identity.config import Settings, uvloop_available
from identity.console.settings_view import effective
from identity.runner import run_in_loop
from tests.support.api import STRONG_PASSWORD
from tests.support.database import admin_exec, with_db

MASTER = "mk_live_" + "e" * 40


def test_the_setting_is_uvloop_where_installed_unless_asyncio_is_named() -> None:
    assert uvloop_available()  # a pinned dependency on this platform
    assert Settings.from_env({}).event_loop == "uvloop" == Settings().event_loop
    assert Settings.from_env({"IDENTITY_EVENT_LOOP": ""}).event_loop == "uvloop"
    assert Settings.from_env({"IDENTITY_EVENT_LOOP": " AsyncIO "}).event_loop == "asyncio"
    assert Settings.from_env({"IDENTITY_EVENT_LOOP": " UVLoop "}).event_loop == "uvloop"
    with pytest.raises(SystemExit, match="IDENTITY_EVENT_LOOP"):
        Settings.from_env({"IDENTITY_EVENT_LOOP": "trio"})


def test_identity_config_shows_the_default_loop() -> None:
    rows = {row["variable"]: row for row in effective(Settings.from_env({}), {})}
    assert rows["IDENTITY_EVENT_LOOP"] == {"variable": "IDENTITY_EVENT_LOOP", "value": "uvloop", "source": "default"}
    rows = {row["variable"]: row for row in effective(Settings.from_env({}), {"IDENTITY_EVENT_LOOP": "asyncio"})}
    assert rows["IDENTITY_EVENT_LOOP"]["source"] == "environment"


def test_run_in_loop_runs_on_the_loop_named() -> None:
    async def which() -> str:
        return type(asyncio.get_running_loop()).__module__

    assert run_in_loop(Settings(), which()).startswith("uvloop")
    assert run_in_loop(Settings(event_loop="asyncio"), which()).startswith("asyncio")


@pytest.fixture
async def fresh_dsn(server_dsn: str):
    name = f"identity_loop_{os.getpid()}_{int(time.time() * 1000) % 100000}"
    await admin_exec(server_dsn, f'CREATE DATABASE "{name}"')
    yield with_db(server_dsn, name)
    await admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.parametrize(("variable", "loop"), [(None, "uvloop"), ("asyncio", "asyncio")])
async def test_serve_answers_token_requests_and_stops_cleanly_on_either_loop(
    tmp_path: Path, fresh_dsn: str, variable: str | None, loop: str
) -> None:
    """`identity serve` with IDENTITY_EVENT_LOOP unset runs on uvloop; set to asyncio, on asyncio's."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env.update(
        PYTHONPATH=str(Path(__file__).resolve().parents[1]),
        IDENTITY_DATA_DIR=str(tmp_path / "data"),
        IDENTITY_DATABASE_URL=fresh_dsn,
        IDENTITY_MASTER_KEY=MASTER,
    )
    if variable is not None:
        env["IDENTITY_EVENT_LOOP"] = variable
    proc = subprocess.Popen(
        [sys.executable, "-m", "identity.cli", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as s:
            deadline = time.monotonic() + 90
            while True:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else "exited"
                try:
                    async with s.get(base + "/health") as r:
                        if r.status == 200:
                            break
                except aiohttp.ClientError:
                    pass
                assert time.monotonic() < deadline, "the service did not become healthy"
                await asyncio.sleep(0.1)
            async with s.post(
                base + "/v1/tenants",
                headers={"Authorization": f"Bearer {MASTER}"},
                json={"name": "loop", "auth_config": {"email_verification_required": False}},
            ) as r:
                tenant = await r.json()
                assert r.status == 201, tenant
            tid = tenant["id"]
            async with s.post(
                base + "/v1/clients",
                headers={"Authorization": f"Bearer {tenant['secret_key']}", "X-Tenant-ID": tid},
                json={"name": "m2m", "type": "machine", "redirect_uris": [], "scopes": ["reports:read"]},
            ) as r:
                client = await r.json()
                assert r.status == 201, client
            basic = base64.b64encode(f"{client['client_id']}:{client['client_secret']}".encode()).decode()
            async with s.post(
                f"{base}/oauth/{tid}/token",
                headers={"Authorization": f"Basic {basic}"},
                data={"grant_type": "client_credentials", "scope": "reports:read"},
            ) as r:
                body = await r.json()
                assert r.status == 200, body
                assert body["token_type"] == "Bearer" and body["access_token"].count(".") == 2
            public = {"Authorization": f"Bearer {tenant['publishable_key']}", "X-Tenant-ID": tid}
            async with s.post(
                base + "/v1/auth/sign-up",
                headers=public,
                json={"email": "loop@example.com", "password": STRONG_PASSWORD},
            ) as r:
                created = await r.json()
                assert r.status == 201, created
            token = created["session"]["refresh_token"]
            for _ in range(3):  # unhinted, then hinted rotations
                async with s.post(base + "/v1/auth/token/refresh", headers=public, json={"refresh_token": token}) as r:
                    pair = await r.json()
                    assert r.status == 200, pair
                token = pair["refresh_token"]
        proc.send_signal(signal.SIGTERM)
        out, err = await asyncio.to_thread(proc.communicate, timeout=60)
        assert proc.returncode == 0, err
        listening = [line for line in (out + err).splitlines() if "api_listening" in line]
        assert listening and f"event_loop={loop}" in listening[0].replace('"', "").replace(": ", "="), listening
    finally:
        if proc.poll() is None:
            proc.kill()
