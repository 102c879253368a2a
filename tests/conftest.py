"""Test fixtures: a real Postgres (the machine's via TEST_DATABASE_URL, else an embedded one),
migrated once per run into a fresh database; a fresh app per test; tenants made through the API.

Every test makes its own tenants, so tests are isolated by tenant without cleaning tables.
The helpers these fixtures are built from, and every helper tests share, live in tests/support/
(a test module imports from there, never from another test module).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Before the support modules are imported: their asserts report values as the tests' own do.
pytest.register_assert_rewrite("tests.support")

from identity.app import create_app  # noqa: E402
from identity.config import Settings  # noqa: E402
from tests.support import browser as _browser  # noqa: E402
from tests.support.api import (  # noqa: E402
    ADMIN_TOKEN,
    CP_ADMIN_KEY,
    MASTER_KEY,
    METRICS_TOKEN,
    STRONG_PASSWORD,
    Api,
    TenantHandle,
    create_tenant,
)
from tests.support.browser import browser_section  # noqa: E402, F401 - session fixture of chromium, hosted
from tests.support.database import database_dsn, server_dsn  # noqa: E402, F401 - session fixtures
from tests.support.mail import SmtpSink  # noqa: E402
from tests.support.schedule import BROWSER_MODULES, module_of, order_modules  # noqa: E402
from tests.support.workers import WorkerFixture  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "runs_last: run after every other test (it reads what they wrote)")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(
        data_dir=tmp_path,
        public_url="http://127.0.0.1:3000",
        master_key=MASTER_KEY,
        cp_admin_key=CP_ADMIN_KEY,
        admin_token=ADMIN_TOKEN,
        webhook_allow_http=True,
        webhook_retry_schedule=(0.2, 0.2, 0.2, 0.2, 0.2),
        secret_key="test-secret-key",
        db_pool_min=1,
        db_pool_max=10,
        # Every test client is 127.0.0.1; tests of rate limits turn them on themselves.
        rate_limits_enabled=False,
        metrics_token=METRICS_TOKEN,
    )


@pytest.fixture
async def app(settings: Settings, database_dsn: str):
    return create_app(settings, dsn=database_dsn)


@pytest.fixture
async def api(aiohttp_client: Any, app: Any) -> Api:
    return Api(await aiohttp_client(app))


@pytest.fixture
def make_tenant(api: Api):
    async def make(**body: Any) -> TenantHandle:
        return await create_tenant(api, **body)

    return make


@pytest.fixture
async def tenant(make_tenant) -> TenantHandle:
    return await make_tenant()


# -- authentication (issue B) -------------------------------------------------------------------


@pytest.fixture
def sign_up(tenant):
    """Sign a user up through the API in the default tenant; returns the 201 body."""

    async def make(email: str | None = None, password: str = STRONG_PASSWORD, on=None, **extra: Any):
        target = on or tenant
        body = {"email": email or f"user-{uuid.uuid4().hex[:10]}@example.com", "password": password}
        body.update(extra)
        status, created, _ = await target.public("POST", "/v1/auth/sign-up", json=body)
        assert status == 201, created
        return created

    return make


# --- Email and workers (issue C) ----------------------------------------------------------------
# Reusable by every family that sends email or registers an outbox topic:
#   smtp_sink  a real SMTP server (aiosmtpd) on a free localhost port that records messages
#              (tests/support/mail.py says how to make the service deliver to it)
#   worker     a real procrastinate worker running in this process against the test database


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    """A real SMTP server for this test (see SmtpSink)."""
    sink = SmtpSink()
    sink.start()
    try:
        yield sink
    finally:
        sink.stop()


@pytest.fixture
async def worker(api: Api, app: Any, database_dsn: str):
    """A running in-process worker (WorkerFixture) with TEST_POLICY; stopped after the test."""
    fixture = WorkerFixture(app, database_dsn)
    await fixture.start()
    try:
        yield fixture
    finally:
        await fixture.stop()


@pytest.fixture(autouse=True)
def _answered_errors_are_declared() -> Iterator[None]:
    """Every error a route answers in a test must be one that its declaration (and so
    /openapi.json) lists: a missing `errors=` entry fails the test that met it."""
    from identity.http import routing

    before = set(routing.UNDECLARED)
    yield
    new = routing.UNDECLARED - before
    routing.UNDECLARED.difference_update(new)  # reported once, by the test that met it
    if new:
        listed = ", ".join(f"{m} {p} {s} {c}" for m, p, s, c in sorted(new))
        pytest.fail(f"answered errors the route does not declare in errors=: {listed}")


# -- the browser section (tests/support/browser.py, "Sharing") ------------------------------------


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Browser modules first (sharing one chromium and one live server), then the longest
    (tests/support/schedule.py); tests marked runs_last at the very end (in one process; with
    two, tests/test_hosted_screenshots.py also waits for the other process's browser modules)."""
    config.stash[BROWSER_MODULES] = order_modules(items)
    items.sort(key=lambda item: item.get_closest_marker("runs_last") is not None)


def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """After a browser module's last test (a module runs whole in one process): its mark that
    it is done, which the screenshot check waits for."""
    module = module_of(item)
    if module in item.config.stash.get(BROWSER_MODULES, set()) and (nextitem is None or module_of(nextitem) != module):
        _browser.mark_module_done(module)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before the first test of a module that is not a browser module: close the browser
    section (chromium's driver would stop async tests; the live server's workers would take
    in-process workers' jobs)."""
    if module_of(item) not in item.config.stash.get(BROWSER_MODULES, set()):
        _browser.close_browser_section()
