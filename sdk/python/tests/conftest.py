"""The SDK's tests run against the real service: `identity web` in a subprocess
(tests/support/live_server.py), one per test session, and a new tenant per test."""

from __future__ import annotations

import os
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests

# As tests/conftest.py does, before either imports them (whichever conftest pytest loads first).
pytest.register_assert_rewrite("tests.support")

from tests.support.api import MASTER_KEY, STRONG_PASSWORD  # noqa: E402
from tests.support.database import database_dsn, server_dsn  # noqa: E402, F401 - fixtures
from tests.support.live_server import LiveServer  # noqa: E402

SDK = Path(__file__).resolve().parents[1]
REPO = SDK.parents[1]
PASSWORD = STRONG_PASSWORD


@dataclass
class SdkTenant:
    id: str
    secret_key: str
    publishable_key: str


@pytest.fixture(scope="session")
def service(database_dsn: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:  # noqa: F811
    server = LiveServer(database_dsn, tmp_path_factory.mktemp("sdk-service")).start()
    try:
        yield server
    finally:
        server.stop()


def new_tenant(service: LiveServer, **auth_config: object) -> SdkTenant:
    body = {"name": f"SDK {uuid.uuid4().hex[:8]}", "auth_config": {"email_verification_required": False, **auth_config}}
    response = service.call("POST", "/v1/tenants", token=MASTER_KEY, json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return SdkTenant(created["id"], created["secret_key"], created["publishable_key"])


@pytest.fixture
def tenant(service: LiveServer) -> SdkTenant:
    return new_tenant(service)


@dataclass
class SignedIn:
    user_id: str
    session_id: str
    access_token: str
    refresh_token: str
    email: str


def sign_up(service: LiveServer, tenant: SdkTenant, email: str | None = None) -> SignedIn:
    email = email or f"u-{uuid.uuid4().hex[:10]}@example.com"
    response = service.call(
        "POST",
        "/v1/auth/sign-up",
        token=tenant.publishable_key,
        tenant=tenant.id,
        json={"email": email, "password": PASSWORD},
    )
    assert response.status_code == 201, response.text
    body = response.json()
    session = body["session"]
    return SignedIn(body["user"]["id"], session["id"], session["access_token"], session["refresh_token"], email)


def log_count(service: LiveServer, route: str) -> int:
    """Requests the service answered on `route` (its access log: one JSON line per request)."""
    return sum(1 for line in service.log_lines() if f'"route": "{route}"' in line or f'"route":"{route}"' in line)


def quiet(service: LiveServer) -> None:
    """Wait until every request answered so far is in the access log (a marker request shows up)."""
    marker = f"/log-marker-{uuid.uuid4().hex}"  # a 404, written with its path
    service.http.get(service.url + marker, timeout=5)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not any(marker in line for line in service.log_lines()):
        time.sleep(0.02)


def require_tool(ok: bool, what: str) -> None:
    """A missing tool fails in CI and skips elsewhere (the project's rule)."""
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is needed for this test in CI")
        pytest.skip(f"{what} is not available")


PYTHON = sys.executable
__all__ = [
    "PASSWORD",
    "PYTHON",
    "REPO",
    "SDK",
    "SdkTenant",
    "SignedIn",
    "log_count",
    "new_tenant",
    "quiet",
    "require_tool",
    "requests",
    "sign_up",
]
