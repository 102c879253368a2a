"""Metrics an SRE reads (docs/metrics.md): sign-in and sign-up outcomes by error code, the
backlog gauges (outbox, job queues, webhook deliveries) that read 0 when empty, delivery latency
of failures, and who may read /metrics (a token on the API port, or a listener of its own).

Every test here runs on a database of its own, so that "empty" means empty.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from identity.app import create_app
from identity.backlog import BACKLOG, JOB_QUEUES
from identity.config import Settings
from identity.http import metrics_listener
from identity.state import state
from tests.support.api import METRICS_TOKEN, STRONG_PASSWORD, Api, assert_error, free_port, scrape
from tests.support.database import migrated_database
from tests.support.webhook_receiver import Receiver


@pytest.fixture
def database_dsn(server_dsn: str) -> Iterator[str]:
    """A freshly migrated database for each test (overrides the session-wide one)."""
    yield from migrated_database(server_dsn, "identity_metrics")


@pytest.fixture(autouse=True)
def _uncached() -> None:
    BACKLOG.expire()  # each test reads its own database, not the last one's cached figures


def samples(text: str) -> dict[tuple[str, frozenset], float]:
    """{(sample name, labels): value} of a Prometheus text exposition."""
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, frozenset(s.labels.items()))] = s.value
    return out


def value(text: str, name: str, **labels: str) -> float | None:
    return samples(text).get((name, frozenset(labels.items())))


async def fresh_scrape(api: Api) -> str:
    BACKLOG.expire()
    return await scrape(api)


# -- sign-in and sign-up outcomes --------------------------------------------------------------


async def test_sign_in_refusals_that_share_a_status_count_under_their_own_codes(api, tenant, sign_up):
    def outcome(text: str, operation: str, code: str) -> float:
        found = value(text, "identity_auth_outcomes_total", operation=operation, code=code)
        assert found is not None, f"no series for {operation} {code}"
        return found

    before = await scrape(api)
    # Every declared code is a series from the start (rates are defined before the first one).
    for code in ("ok", "email_not_verified", "account_locked", "invalid_credentials", "other"):
        outcome(before, "sign_in", code)

    # Not verified (the default auth_config requires it): 403 email_not_verified.
    user = await sign_up()
    email = user["user"]["email"]
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert_error(body, "email_not_verified", 403)

    # Ten wrong passwords lock the account: 401 x9, then 403 account_locked, and the right
    # password is refused as locked too.
    locked = (await sign_up())["user"]["email"]
    for _ in range(10):
        status, body, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": locked, "password": "wrong password 1"}
        )
    assert_error(body, "account_locked", 403)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": locked, "password": STRONG_PASSWORD}
    )
    assert_error(body, "account_locked", 403)

    # Refused before the handler runs: a body without a password.
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email})
    assert status == 422

    # Sign-up: created, then the same email again.
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert_error(body, "email_already_exists", 409)

    after = await scrape(api)

    def delta(operation: str, code: str) -> float:
        return outcome(after, operation, code) - outcome(before, operation, code)

    assert delta("sign_in", "email_not_verified") == 1
    assert delta("sign_in", "account_locked") == 2
    assert delta("sign_in", "invalid_credentials") == 9
    assert delta("sign_in", "validation_error") == 1
    assert delta("sign_in", "ok") == 0
    assert delta("sign_up", "ok") == 2
    assert delta("sign_up", "email_already_exists") == 1


async def test_sign_in_with_an_unknown_publishable_key_counts_as_unauthenticated(api, tenant):
    before = await scrape(api)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", token="pk_test_" + "x" * 40, json={"email": "a@example.com", "password": "x" * 12}
    )
    assert status == 401
    after = await scrape(api)
    name = "identity_auth_outcomes_total"
    assert (
        value(after, name, operation="sign_in", code="unauthenticated")
        - value(before, name, operation="sign_in", code="unauthenticated")
    ) == 1


# -- backlog gauges ----------------------------------------------------------------------------


async def test_empty_queues_read_zero(api):
    text = await fresh_scrape(api)
    for topic in ("email", "sms"):
        for status in ("queued", "processing", "failed"):
            assert value(text, "identity_outbox_depth", topic=topic, status=status) == 0
        assert value(text, "identity_outbox_oldest_due_seconds", topic=topic) == 0
    for queue in JOB_QUEUES:
        for status in ("todo", "doing"):
            assert value(text, "identity_job_queue_depth", queue=queue, status=status) == 0
        assert value(text, "identity_job_queue_oldest_due_seconds", queue=queue) == 0
    for state_ in ("active", "paused"):
        assert value(text, "identity_webhook_deliveries_pending", state=state_) == 0
    for name in (
        "identity_webhook_deliveries_due",
        "identity_webhook_deliveries_pending_webhooks",
        "identity_webhook_deliveries_oldest_pending_seconds",
    ):
        assert value(text, name) == 0, name


async def test_queued_work_shows_in_depth_and_age(api, app, sign_up):
    await sign_up()  # queues a verification email: an outbox row and its job; no worker runs
    pool = state(app).pool
    await pool.execute("UPDATE outbox SET next_attempt_at = now() - interval '90 seconds'")
    text = await fresh_scrape(api)
    assert value(text, "identity_outbox_depth", topic="email", status="queued") == 1
    assert value(text, "identity_outbox_oldest_due_seconds", topic="email") >= 90
    assert value(text, "identity_job_queue_depth", queue="outbox", status="todo") == 1
    assert value(text, "identity_job_queue_depth", queue="webhooks", status="todo") == 0
    assert value(text, "identity_job_queue_oldest_due_seconds", queue="outbox") >= 0


async def test_gauges_are_read_once_per_cache_window(api, app, sign_up):
    first = await fresh_scrape(api)
    assert value(first, "identity_outbox_depth", topic="email", status="queued") == 0
    taken = BACKLOG.taken_at
    await sign_up()
    # Within the window every scrape, however many at once, answers from the same read.
    texts = await asyncio.gather(*(scrape(api) for _ in range(5)))
    assert BACKLOG.taken_at == taken
    for text in texts:
        assert value(text, "identity_outbox_depth", topic="email", status="queued") == 0
    again = await fresh_scrape(api)
    assert value(again, "identity_outbox_depth", topic="email", status="queued") == 1


async def test_every_worker_queue_is_reported() -> None:
    import workers.run  # noqa: F401 - imports every task module, as a worker does
    from workers.app import app as proc_app

    # procrastinate's own "builtin" tasks are never deferred by this service.
    queues = {task.queue for task in proc_app.tasks.values() if task.queue != "builtin"}
    assert queues == set(JOB_QUEUES)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # Retries far off: a failed delivery stays pending while the test looks at it.
    return dataclasses.replace(settings, webhook_retry_schedule=(60.0, 60.0, 60.0, 60.0, 60.0))


async def test_failing_receiver_shows_in_latency_and_pending(api, app, tenant, worker, sign_up):
    from identity.webhooks.delivery import LATENCY

    receiver = await Receiver().start()
    try:
        receiver.default = 500
        status, hook, _ = await tenant.secret(
            "POST", "/v1/webhooks", json={"url": receiver.url, "events": ["user.created"]}
        )
        assert status == 201, hook
        failed_before = LATENCY.labels("failed")._sum.get(), _count(LATENCY, "failed")
        await sign_up()
        pool = state(app).pool
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            row = await pool.fetchrow("SELECT attempts, status FROM webhook_deliveries WHERE tenant_id = $1", tenant.id)
            if row is not None and row["attempts"] == 1 and row["status"] == "pending":
                break
            await asyncio.sleep(0.05)
        assert row is not None and row["attempts"] == 1 and row["status"] == "pending", row
        await asyncio.sleep(0.3)  # the attempt's counters follow its commit
        text = await fresh_scrape(api)
    finally:
        await receiver.stop()
    assert _count(LATENCY, "failed") - failed_before[1] == 1
    assert value(text, "identity_webhook_delivery_latency_seconds_count", outcome="failed") >= 1
    assert value(text, "identity_webhook_deliveries_pending", state="active") == 1
    assert value(text, "identity_webhook_deliveries_pending", state="paused") == 0
    assert value(text, "identity_webhook_deliveries_due") == 0  # waiting for its retry
    assert value(text, "identity_webhook_deliveries_pending_webhooks") == 1
    assert value(text, "identity_webhook_deliveries_oldest_pending_seconds") > 0

    # Paused by the tenant: held, not owed; the age no longer counts it.
    status, _, _ = await tenant.secret("PATCH", f"/v1/webhooks/{hook['id']}", json={"enabled": False})
    assert status == 200
    paused = await fresh_scrape(api)
    assert value(paused, "identity_webhook_deliveries_pending", state="active") == 0
    assert value(paused, "identity_webhook_deliveries_pending", state="paused") == 1
    assert value(paused, "identity_webhook_deliveries_oldest_pending_seconds") == 0


def _count(histogram: Any, outcome: str) -> float:
    for metric in histogram.collect():
        for s in metric.samples:
            if s.name.endswith("_count") and s.labels.get("outcome") == outcome:
                return s.value
    return 0.0


# -- who may read /metrics ---------------------------------------------------------------------


async def test_metrics_on_the_api_port_needs_the_token(api):
    status, body, resp = await api.call("GET", "/metrics")
    assert_error(body, "unauthenticated", 401)
    assert resp.headers["WWW-Authenticate"].startswith("Bearer")
    status, body, _ = await api.call("GET", "/metrics", token=METRICS_TOKEN[:-1] + "x")
    assert_error(body, "unauthenticated", 401)
    status, body, _ = await api.call("GET", "/metrics", headers={"Authorization": f"Basic {METRICS_TOKEN}"})
    assert_error(body, "unauthenticated", 401)
    status, text, _ = await api.call("GET", "/metrics", token=METRICS_TOKEN)
    assert status == 200 and "identity_http_requests_total" in text


async def test_metrics_on_the_api_port_is_closed_without_a_token(aiohttp_client, settings, database_dsn):
    app = create_app(dataclasses.replace(settings, metrics_token=None), dsn=database_dsn)
    api = Api(await aiohttp_client(app))
    for token in (None, METRICS_TOKEN):
        status, body, _ = await api.call("GET", "/metrics", token=token)
        assert_error(body, "not_found", 404)


async def test_the_metrics_listener_serves_metrics_without_a_token(app, api):
    port = free_port()
    runner = await metrics_listener.start("127.0.0.1", port, pool=state(app).pool, app=app)
    try:
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/metrics") as resp:
            assert resp.status == 200
            text = await resp.text()
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/health") as resp:
            assert resp.status == 404  # only /metrics there
    finally:
        await runner.cleanup()
    assert value(text, "identity_outbox_depth", topic="email", status="queued") == 0
    assert "identity_auth_outcomes_total" in text


def test_metrics_settings_are_checked_at_start() -> None:
    assert Settings.from_env({"IDENTITY_METRICS_ADDR": "127.0.0.1:9464"}).metrics_addr == ("127.0.0.1", 9464)
    assert Settings.from_env({"IDENTITY_METRICS_ADDR": "[::1]:9464"}).metrics_addr == ("::1", 9464)
    assert Settings.from_env({}).metrics_addr is None
    for bad in ("9464", "127.0.0.1", "127.0.0.1:0", "host:99999", ":9464"):
        with pytest.raises(SystemExit, match="IDENTITY_METRICS_ADDR"):
            Settings.from_env({"IDENTITY_METRICS_ADDR": bad})
    with pytest.raises(SystemExit, match="IDENTITY_METRICS_TOKEN"):
        Settings.from_env({"IDENTITY_METRICS_TOKEN": "short"}).validate()
    Settings.from_env({"IDENTITY_METRICS_TOKEN": "t" * 24}).validate()
