"""`identity web` for real, in a subprocess on a free port, for tests that need a real HTTP
server outside the test's event loop (schemathesis, which speaks `requests`) or its real logs.

    server = LiveServer(database_dsn, tmp_path).start()
    server.url                 http://127.0.0.1:<port>
    server.log_lines()         every line the process wrote (structlog JSON on stdout, stderr)
    server.stop()

Credentials are the test ones of conftest (MASTER_KEY, CP_ADMIN_KEY, ADMIN_TOKEN); rate limits
are off, as in the in-process tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import requests

from tests.support.api import ADMIN_TOKEN, CP_ADMIN_KEY, MASTER_KEY, free_port


class LiveServer:
    def __init__(self, dsn: str, workdir: Path, *, command: str = "web", **env: str) -> None:
        """command: `web` (the API only) or `serve` (the API and the workers: emails are sent)."""
        self.dsn = dsn
        self.command = command
        self.workdir = Path(workdir)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra_env = env
        self.log_path = self.workdir / "server.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = requests.Session()

    def start(self, timeout: float = 90.0) -> LiveServer:
        """Start the process and poll /health until it answers 200. The first start on a new
        database makes the signing keys (RSA among them): tens of seconds on a loaded 2-core
        machine, hence the generous deadline (a poll, so a fast start returns at once)."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        env.update(
            IDENTITY_DATABASE_URL=self.dsn,
            IDENTITY_DATA_DIR=str(self.workdir / "data"),
            IDENTITY_PUBLIC_URL=self.url,
            IDENTITY_MASTER_KEY=MASTER_KEY,
            IDENTITY_CP_ADMIN_KEY=CP_ADMIN_KEY,
            IDENTITY_ADMIN_TOKEN=ADMIN_TOKEN,
            IDENTITY_SECRET_KEY="test-secret-key",
            IDENTITY_RATE_LIMITS="off",
            IDENTITY_WEBHOOK_ALLOW_HTTP="true",
            IDENTITY_DB_POOL_MIN="1",
            IDENTITY_DB_POOL_MAX="10",
        )
        env.update(self.extra_env)
        log = open(self.log_path, "wb")  # noqa: SIM115 - closed with the process
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "identity.cli", self.command, "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=str(self.workdir),
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"identity web exited with {self.proc.returncode}:\n{self.log_text()}")
            try:
                if self.http.get(self.url + "/health", timeout=2).status_code == 200:
                    return self
            except requests.RequestException:
                # Not listening yet, or too slow to answer on a loaded machine (a read timeout):
                # ask again until the deadline.
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"identity web did not answer /health within {timeout}s:\n{self.log_text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.http.close()

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def log_lines(self) -> list[str]:
        return self.log_text().splitlines()

    def call(
        self,
        method: str,
        path: str,
        *,
        token: str | None = None,
        tenant: str | None = None,
        json: Any = None,
        **kwargs: Any,
    ) -> requests.Response:
        headers = dict(kwargs.pop("headers", None) or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if tenant:
            headers["X-Tenant-ID"] = tenant
        return self.http.request(method, self.url + path, headers=headers, json=json, timeout=30, **kwargs)
