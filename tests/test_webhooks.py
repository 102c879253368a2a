"""Webhooks v1: administration, events from operations, signed delivery to real receivers,
retries, pause, filtering, test deliveries, SSRF policy."""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import hashlib
import hmac
import socket
import time

import pytest
import standardwebhooks

from identity.state import state
from tests.support.api import assert_error
from tests.support.mail import token_in
from tests.support.webhook_receiver import Receiver, json_of, receiver  # noqa: F401 (fixtures)
from tests.support.webhooks import make_webhook, wait_delivery

ALL_KINDS = [
    "user.created",
    "user.updated",
    "user.deleted",
    "user.disabled",
    "user.password_changed",
    "session.created",
    "session.revoked",
    "mfa.enrolled",
    "mfa.removed",
    "mfa.verified",
    "org.created",
    "org.deleted",
    "org.member.added",
    "org.member.removed",
    "org.invitation.sent",
    "org.invitation.accepted",
    "oauth.connected",
    "oauth.disconnected",
]


def hex_sig(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def standard_sig_ok(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """An independent Standard Webhooks verifier (the Standard Webhooks recipe, written out)."""
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        hmac.compare_digest(part.split(",", 1)[1], expected)
        for part in headers["webhook-signature"].split(" ")
        if part.startswith("v1,")
    )


# -- administration --------------------------------------------------------------------------


async def test_create_get_list_patch_delete(tenant, app):
    created = await make_webhook(
        tenant,
        "https://hooks.example.com/identity",
        ["user.created", "session.created", "user.created"],
        description="CRM sync",
    )
    assert created["id"].startswith("wh_")
    assert created["signing_secret"].startswith("whsec_")
    assert len(base64.b64decode(created["signing_secret"][6:])) == 24
    assert created["status"] == "active" and created["enabled"] is True
    assert created["events"] == ["user.created", "session.created"]  # duplicates dropped

    status, got, _ = await tenant.secret("GET", f"/v1/webhooks/{created['id']}")
    assert status == 200
    assert "signing_secret" not in got and got["description"] == "CRM sync"
    assert got["last_triggered_at"] is None

    status, listed, _ = await tenant.secret("GET", "/v1/webhooks")
    assert status == 200 and [w["id"] for w in listed["data"]] == [created["id"]]
    assert listed["pagination"] == {"total": 1, "limit": 20, "has_more": False, "next_cursor": None}
    assert all("signing_secret" not in w for w in listed["data"])

    status, patched, _ = await tenant.secret(
        "PATCH", f"/v1/webhooks/{created['id']}", json={"enabled": False, "events": ["*"]}
    )
    assert status == 200 and patched["status"] == "disabled" and patched["events"] == ["*"]
    assert "signing_secret" not in patched

    # The secret is stored sealed, never in clear.
    sealed = await state(app).pool.fetchval(
        "SELECT secret FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2", tenant.id, created["id"]
    )
    assert sealed.startswith("v1:") and created["signing_secret"] not in sealed

    status, _, _ = await tenant.secret("DELETE", f"/v1/webhooks/{created['id']}")
    assert status == 204
    status, body, _ = await tenant.secret("GET", f"/v1/webhooks/{created['id']}")
    assert status == 404
    assert_error(body, "webhook_not_found", 404)

    actions = [
        r["action"]
        for r in await state(app).pool.fetch(
            "SELECT action FROM audit_log WHERE tenant_id = $1 AND resource_type = 'webhook' ORDER BY id", tenant.id
        )
    ]
    assert actions == ["webhook.created", "webhook.paused", "webhook.deleted"]


async def test_list_pagination_and_isolation(tenant, make_tenant):
    ids = [(await make_webhook(tenant, f"https://h{i}.example.com/x"))["id"] for i in range(3)]
    status, first, _ = await tenant.secret("GET", "/v1/webhooks?limit=2")
    assert status == 200 and [w["id"] for w in first["data"]] == ids[::-1][:2]
    assert first["pagination"]["has_more"] is True
    cursor = first["pagination"]["next_cursor"]
    status, second, _ = await tenant.secret("GET", f"/v1/webhooks?limit=2&cursor={cursor}")
    assert [w["id"] for w in second["data"]] == [ids[0]]
    other = await make_tenant()
    status, body, _ = await other.secret("GET", f"/v1/webhooks/{ids[0]}")
    assert status == 404
    assert_error(body, "webhook_not_found")
    status, body, _ = await other.secret("GET", "/v1/webhooks")
    assert body["data"] == []


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"events": ["*"]}, "url"),
        ({"url": "https://ok.example.com"}, "events"),
        ({"url": "ftp://example.com/x", "events": ["*"]}, "url"),
        ({"url": "not a url", "events": ["*"]}, "url"),
        ({"url": "https://", "events": ["*"]}, "url"),
        ({"url": "https://ok.example.com", "events": []}, "events"),
        ({"url": "https://ok.example.com", "events": ["user.exploded"]}, "events"),
        ({"url": "https://ok.example.com", "events": ["*", "user.created"]}, "events"),
        ({"url": "https://ok.example.com", "events": "user.created"}, "events"),
        ({"url": "https://ok.example.com", "events": ["*"], "enabled": "yes"}, "enabled"),
        ({"url": "https://ok.example.com", "events": ["*"], "secret": "x"}, "secret"),
        ({"url": "https://ok.example.com", "events": ["*"], "description": 5}, "description"),
    ],
)
async def test_create_validation(tenant, payload, field):
    status, body, _ = await tenant.secret("POST", "/v1/webhooks", json=payload)
    assert status == 422, body
    assert_error(body, "validation_error", 422)
    assert body["error"]["details"][0]["field"] == field


async def test_bad_input_on_every_endpoint(tenant, api):
    hook = await make_webhook(tenant, "https://ok.example.com/h")
    wid = hook["id"]
    cases = [
        (
            "POST",
            "/v1/webhooks",
            {"data": b"{not json", "headers": {"Content-Type": "application/json"}},
            400,
            "invalid_json",
        ),
        ("PATCH", f"/v1/webhooks/{wid}", {"json": {"events": ["nope"]}}, 422, "validation_error"),
        ("PATCH", f"/v1/webhooks/{wid}", {"json": {"url": "gopher://x"}}, 422, "validation_error"),
        ("PATCH", f"/v1/webhooks/{wid}", {"json": {"colour": "red"}}, 422, "validation_error"),
        ("PATCH", "/v1/webhooks/wh_missing", {"json": {"enabled": False}}, 404, "webhook_not_found"),
        ("DELETE", "/v1/webhooks/wh_missing", {}, 404, "webhook_not_found"),
        ("POST", f"/v1/webhooks/{wid}/test", {"json": {"event": "user.exploded"}}, 422, "validation_error"),
        ("POST", f"/v1/webhooks/{wid}/test", {"json": {"event": 3}}, 422, "validation_error"),
        ("POST", "/v1/webhooks/wh_missing/test", {}, 404, "webhook_not_found"),
        ("GET", f"/v1/webhooks/{wid}/deliveries?status=lost", {}, 422, "validation_error"),
        ("GET", f"/v1/webhooks/{wid}/deliveries?limit=101", {}, 422, "validation_error"),
        ("GET", f"/v1/webhooks/{wid}/deliveries?limit=0", {}, 422, "validation_error"),
        ("GET", f"/v1/webhooks/{wid}/deliveries?cursor=%%%", {}, 422, "validation_error"),
        ("GET", "/v1/webhooks/wh_missing/deliveries", {}, 404, "webhook_not_found"),
        ("POST", "/v1/webhooks/deliveries/del_missing/retry", {}, 404, "delivery_not_found"),
        ("GET", "/v1/webhooks?limit=abc", {}, 422, "validation_error"),
    ]
    for method, path, kwargs, status, code in cases:
        got, body, _ = await tenant.secret(method, path, **kwargs)
        assert got == status, (method, path, body)
        assert_error(body, code, status)
    # Credentials and scopes.
    got, body, _ = await api.call("GET", "/v1/webhooks", tenant=tenant.id)
    assert got == 401 and body["error"]["code"] == "unauthenticated"
    got, body, _ = await tenant.secret("GET", "/v1/webhooks", token=tenant.pk)
    assert got == 403 and body["error"]["code"] == "forbidden"
    got, body, _ = await api.call("GET", "/v1/webhooks", token=tenant.sk)
    assert got == 400 and body["error"]["code"] == "tenant_header_required"
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "ro", "type": "secret", "scopes": ["webhooks:read"]}
    )
    assert status == 201
    got, _, _ = await tenant.secret("GET", "/v1/webhooks", token=key["key"])
    assert got == 200
    got, body, _ = await tenant.secret(
        "POST", "/v1/webhooks", token=key["key"], json={"url": "https://x.example.com", "events": ["*"]}
    )
    assert got == 403 and body["error"]["code"] == "insufficient_scope"


# -- SSRF ------------------------------------------------------------------------------------


def _private_name() -> str | None:
    """A host name of this machine that resolves only to non-public addresses."""
    import ipaddress

    from identity.outbound.addresses import is_public

    name = socket.gethostname()
    try:
        infos = socket.getaddrinfo(name, 443, type=socket.SOCK_STREAM)
    except OSError:
        return None
    addrs = {ipaddress.ip_address(i[4][0].split("%")[0]) for i in infos}
    if addrs and not any(is_public(a) for a in addrs) and name.lower() not in ("localhost",):
        return name
    return None


async def test_name_resolving_to_private_address_refused_at_send_time(
    tenant, app, worker, receiver, database_dsn, monkeypatch
):
    """The API allowed the URL (allow_http in this app), the worker does not: the check at
    send time resolves the name, finds a private address and refuses without connecting."""
    name = _private_name()
    if name is None:
        # This machine's name resolves publicly: make DNS answer a private address for a name
        # of our own (the resolver is the outside system here, not our code).
        name = "internal-only.test"
        real = socket.getaddrinfo

        def resolve(host, *args, **kwargs):
            if host == name:
                return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("10.0.0.5", args[0] if args else 443))]
            return real(host, *args, **kwargs)

        monkeypatch.setattr(socket, "getaddrinfo", resolve)
    from workers import run

    await worker.stop()
    st = state(app)
    strict = dataclasses.replace(st.settings, webhook_allow_http=False)
    from tests.support.workers import TEST_POLICY

    handle = await run.start(
        pool=st.pool,
        settings=strict,
        box=st.box,
        dsn=database_dsn,
        policy=TEST_POLICY,
        concurrency=2,
        name="strict-worker",
    )
    worker.handles.append(handle)
    hook = await make_webhook(tenant, f"https://{name}:{receiver.port}/hook", ["user.created"])
    from identity.events.emit import emit

    async with st.pool.acquire() as conn, conn.transaction():
        await emit(conn, tenant.id, "user.created", {"id": "usr_x", "email": "x@example.com"})
    # Short schedule: six refused attempts, then failed.
    rows = await wait_delivery(app, tenant.id, hook["id"], {"failed"}, timeout=15)
    assert rows[0]["attempts"] == 6
    assert "address refused" in rows[0]["last_error"]
    assert "private" in rows[0]["last_error"]
    assert receiver.requests == []


async def test_pinned_resolver_connects_to_the_vetted_address(receiver):
    """The connector connects to the addresses vetted before the request, whatever DNS says
    by then (the defence against DNS rebinding): a name that does not resolve at all reaches
    the receiver through the pinned 127.0.0.1."""
    import aiohttp

    from identity.outbound.http import PinnedResolver

    pinned = [
        {
            "hostname": "rebind.invalid",
            "host": "127.0.0.1",
            "port": receiver.port,
            "family": socket.AF_INET,
            "proto": 6,
            "flags": socket.AI_NUMERICHOST | socket.AI_NUMERICSERV,
        }
    ]
    async with aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(resolver=PinnedResolver(pinned), use_dns_cache=False)
    ) as session:
        async with session.post(f"http://rebind.invalid:{receiver.port}/hook", data=b"{}") as resp:
            assert resp.status == 200
    assert receiver.requests[0].headers["host"] == f"rebind.invalid:{receiver.port}"


# -- delivery --------------------------------------------------------------------------------


async def test_event_delivered_signed_and_verifiable(tenant, app, worker, receiver, sign_up):
    hook = await make_webhook(tenant, receiver.url, ["user.created"])
    secret = hook["signing_secret"]
    user = await sign_up(email="jane@example.com", name="Jane")
    hits = await receiver.wait_for(1)
    hit = hits[0]
    payload = json_of(hit)
    assert payload["type"] == "user.created" and payload["id"].startswith("evt_")
    assert payload["tenant_id"] == tenant.id
    assert payload["created_at"].endswith("Z")
    assert payload["data"]["id"] == user["user"]["id"]
    assert payload["data"]["email"] == "jane@example.com"
    assert payload["data"]["name"] == "Jane"
    assert {"id", "email", "name", "created_at"} <= set(payload["data"])
    assert hit.headers["content-type"] == "application/json"
    # Service-Signature: lowercase hex HMAC-SHA256 of the raw body with the signing secret.
    assert hmac.compare_digest(hit.headers["service-signature"], hex_sig(secret, hit.body))
    assert hit.headers["service-signature"] == hit.headers["service-signature"].lower()
    assert hex_sig("whsec_wrong", hit.body) != hit.headers["service-signature"]
    # Standard Webhooks: id is the event id; the signature verifies independently...
    assert hit.headers["webhook-id"] == payload["id"]
    assert abs(int(hit.headers["webhook-timestamp"]) - time.time()) < 30
    assert standard_sig_ok(secret, hit.headers, hit.body)
    # ...and with the standardwebhooks library, which also refuses a tampered body.
    verified = standardwebhooks.Webhook(secret).verify(hit.body, hit.headers)
    assert verified["id"] == payload["id"]
    with pytest.raises(standardwebhooks.webhooks.WebhookVerificationError):
        standardwebhooks.Webhook(secret).verify(hit.body + b" ", hit.headers)
    # The event row is the one delivered.
    evt = await state(app).pool.fetchrow(
        "SELECT * FROM events WHERE tenant_id = $1 AND id = $2", tenant.id, payload["id"]
    )
    assert evt["type"] == "user.created"
    # The delivery record.
    rows = await wait_delivery(app, tenant.id, hook["id"], {"delivered"})
    status, listed, _ = await tenant.secret("GET", f"/v1/webhooks/{hook['id']}/deliveries")
    assert status == 200
    [d] = listed["data"]
    assert d["id"] == rows[0]["id"] and d["id"].startswith("del_")
    assert d["status"] == "delivered" and d["http_status"] == 200 and d["attempts"] == 1
    assert d["event"] == "user.created" and d["event_id"] == payload["id"]
    assert d["webhook_id"] == hook["id"] and isinstance(d["duration_ms"], int)
    assert listed["pagination"]["total"] == 1
    status, got, _ = await tenant.secret("GET", f"/v1/webhooks/{hook['id']}")
    assert got["last_triggered_at"] is not None


async def test_filtering_by_kind(tenant, app, worker, sign_up):
    only_sessions, everything, users_only = Receiver(), Receiver(), Receiver()
    for r in (only_sessions, everything, users_only):
        await r.start()
    try:
        a = await make_webhook(tenant, only_sessions.url, ["session.created"])
        await make_webhook(tenant, everything.url, ["*"])
        await make_webhook(tenant, users_only.url, ["user.updated", "user.deleted"])
        await sign_up()  # user.created and session.created
        await everything.wait_for(2)
        await only_sessions.wait_for(1)
        await asyncio.sleep(0.3)
        assert [json_of(h)["type"] for h in only_sessions.requests] == ["session.created"]
        assert sorted(json_of(h)["type"] for h in everything.requests) == ["session.created", "user.created"]
        assert users_only.requests == []
        # Nothing was written for the endpoint that did not subscribe.
        n = await state(app).pool.fetchval("SELECT count(*) FROM webhook_deliveries WHERE tenant_id = $1", tenant.id)
        assert n == 3
        assert a["id"]
    finally:
        for r in (only_sessions, everything, users_only):
            await r.stop()


async def test_no_webhook_no_delivery_rows(tenant, app, sign_up):
    await sign_up()
    n = await state(app).pool.fetchval("SELECT count(*) FROM webhook_deliveries WHERE tenant_id = $1", tenant.id)
    assert n == 0


async def test_retries_on_schedule_then_failed_then_manual_retry(tenant, app, worker, receiver, sign_up):
    receiver.default = 500
    hook = await make_webhook(tenant, receiver.url, ["user.created"])
    await sign_up()
    [row] = await wait_delivery(app, tenant.id, hook["id"], {"failed"}, timeout=15)
    assert row["attempts"] == 6  # the first attempt and five retries
    assert row["http_status"] == 500 and "HTTP 500" in row["last_error"]
    assert len(receiver.requests) == 6
    ids = {h.id for h in receiver.requests}
    assert len(ids) == 1  # webhook-id is stable across retries
    gaps = [b.at - a.at for a, b in zip(receiver.requests, receiver.requests[1:], strict=False)]
    assert all(g >= 0.18 for g in gaps), gaps  # 0.2 s schedule in the test settings
    attempts = await state(app).pool.fetch(
        "SELECT * FROM webhook_attempts WHERE tenant_id = $1 AND delivery_id = $2 ORDER BY attempt",
        tenant.id,
        row["id"],
    )
    assert [a["attempt"] for a in attempts] == [1, 2, 3, 4, 5, 6]
    assert {a["outcome"] for a in attempts} == {"failed"}
    assert all(a["http_status"] == 500 and a["duration_ms"] is not None for a in attempts)

    status, failed, _ = await tenant.secret("GET", f"/v1/webhooks/{hook['id']}/deliveries?status=failed")
    assert [d["id"] for d in failed["data"]] == [row["id"]]
    status, pending, _ = await tenant.secret("GET", f"/v1/webhooks/{hook['id']}/deliveries?status=delivered")
    assert pending["data"] == []

    # A manual retry: a new series; this time the receiver answers 2xx.
    receiver.default = 204
    status, body, _ = await tenant.secret("POST", f"/v1/webhooks/deliveries/{row['id']}/retry")
    assert status == 202 and body == {"delivery_id": row["id"], "status": "pending"}
    [row] = await wait_delivery(app, tenant.id, hook["id"], {"delivered"})
    assert row["attempts"] == 7 and row["http_status"] == 204
    assert receiver.requests[-1].id == receiver.requests[0].id


async def test_retry_then_success(tenant, app, worker, receiver, sign_up):
    receiver.statuses = [503, 302]  # a redirect is not followed: it is a failure
    hook = await make_webhook(tenant, receiver.url, ["user.created"])
    await sign_up()
    [row] = await wait_delivery(app, tenant.id, hook["id"], {"delivered"})
    assert row["attempts"] == 3
    assert [h.status for h in receiver.requests] == [503, 302, 200]
    attempts = await state(app).pool.fetch(
        "SELECT outcome, error FROM webhook_attempts WHERE tenant_id = $1 AND delivery_id = $2 ORDER BY attempt",
        tenant.id,
        row["id"],
    )
    assert [a["outcome"] for a in attempts] == ["failed", "failed", "delivered"]
    assert "redirects are not followed" in attempts[1]["error"]


async def test_failed_failure_after_five_retries_counts_in_metrics(tenant, app, worker, receiver, sign_up):
    from identity.webhooks.delivery import DELIVERIES, RESULTS

    before_failed = DELIVERIES.labels("failed")._value.get()
    before_final = RESULTS.labels("failed")._value.get()
    before_retry = RESULTS.labels("retry")._value.get()
    receiver.default = 400
    hook = await make_webhook(tenant, receiver.url, ["user.created"])
    await sign_up()
    await wait_delivery(app, tenant.id, hook["id"], {"failed"}, timeout=15)
    assert DELIVERIES.labels("failed")._value.get() - before_failed == 6
    assert RESULTS.labels("retry")._value.get() - before_retry == 5
    assert RESULTS.labels("failed")._value.get() - before_final == 1


async def test_pause_skips_new_events_and_holds_pending(tenant, app, worker, receiver, sign_up):
    hook = await make_webhook(tenant, receiver.url, ["user.created"])
    # A delivery that fails while the webhook is being paused is held for its retry...
    receiver.statuses = [500]
    receiver.hold()  # the first attempt waits at the receiver until the pause has committed
    await sign_up()
    await receiver.wait_held(1)
    assert receiver.held == 1
    status, _, _ = await tenant.secret("PATCH", f"/v1/webhooks/{hook['id']}", json={"enabled": False})
    assert status == 200
    receiver.release()
    await receiver.wait_for(1, ok=False)
    # ...and an event while paused gets no delivery at all.
    await sign_up()
    await asyncio.sleep(1.0)  # several retry delays
    assert len(receiver.requests) == 1
    rows = await state(app).pool.fetch("SELECT status FROM webhook_deliveries WHERE tenant_id = $1", tenant.id)
    assert [r["status"] for r in rows] == ["pending"]
    # Resuming delivers the held one.
    status, _, _ = await tenant.secret("PATCH", f"/v1/webhooks/{hook['id']}", json={"enabled": True})
    [row] = await wait_delivery(app, tenant.id, hook["id"], {"delivered"})
    assert row["attempts"] == 2
    assert len(receiver.ok()) == 1


async def test_test_delivery_is_synchronous_and_signed(tenant, app, receiver):
    hook = await make_webhook(tenant, receiver.url, ["user.created"], enabled=False)
    for kind in ALL_KINDS:
        status, body, _ = await tenant.secret("POST", f"/v1/webhooks/{hook['id']}/test", json={"event": kind})
        assert status == 200, body
        assert body["status"] == "delivered" and body["http_status"] == 200
        assert body["delivery_id"].startswith("del_") and isinstance(body["duration_ms"], int)
        hit = receiver.requests[-1]
        payload = json_of(hit)
        assert payload["type"] == kind and payload["tenant_id"] == tenant.id
        assert isinstance(payload["data"], dict) and payload["data"]
        assert hit.headers["service-signature"] == hex_sig(hook["signing_secret"], hit.body)
        assert standard_sig_ok(hook["signing_secret"], hit.headers, hit.body)
    # Default kind, empty body.
    status, body, _ = await tenant.secret("POST", f"/v1/webhooks/{hook['id']}/test")
    assert status == 200 and json_of(receiver.requests[-1])["type"] == "user.created"
    # A failing receiver: reported, not retried by itself.
    receiver.default = 500
    status, body, _ = await tenant.secret("POST", f"/v1/webhooks/{hook['id']}/test")
    assert status == 200
    assert body["status"] == "failed" and body["http_status"] == 500
    status, listed, _ = await tenant.secret("GET", f"/v1/webhooks/{hook['id']}/deliveries?limit=100")
    assert listed["pagination"]["total"] == len(ALL_KINDS) + 2
    assert all(d["test"] for d in listed["data"])
    # A dead receiver: a connection error, answered quickly.
    await receiver.stop()
    status, body, _ = await tenant.secret("POST", f"/v1/webhooks/{hook['id']}/test")
    assert status == 200 and body["status"] == "failed" and body["http_status"] is None
    assert body["error"]


async def test_deliveries_list_pagination(tenant, receiver):
    hook = await make_webhook(tenant, receiver.url)
    for _ in range(5):
        await tenant.secret("POST", f"/v1/webhooks/{hook['id']}/test")
    for order in ("desc", "asc"):
        seen: list[str] = []
        cursor = None
        while True:
            path = f"/v1/webhooks/{hook['id']}/deliveries?limit=2&order={order}" + (
                f"&cursor={cursor}" if cursor else ""
            )
            status, body, _ = await tenant.secret("GET", path)
            assert status == 200 and body["pagination"]["total"] == 5
            seen += [d["id"] for d in body["data"]]
            cursor = body["pagination"]["next_cursor"]
            if not cursor:
                break
        assert len(seen) == 5 == len(set(seen)) and seen == sorted(seen, reverse=order == "desc")


async def test_200_concurrent_events_arrive_exactly_once(tenant, app, worker, receiver):
    from identity.events.emit import emit

    await worker.start(concurrency=10)
    hook = await make_webhook(tenant, receiver.url, ["user.updated"])
    pool = state(app).pool

    async def one(i: int) -> str:
        async with pool.acquire() as conn, conn.transaction():
            return await emit(
                conn, tenant.id, "user.updated", {"id": f"usr_{i}", "email": f"u{i}@example.com", "fields": ["name"]}
            )

    emitted = await asyncio.gather(*[one(i) for i in range(200)])
    await receiver.wait_for(200, timeout=60)
    await asyncio.sleep(0.5)  # let any duplicate arrive
    ids = [h.id for h in receiver.ok()]
    assert len(ids) == len(set(ids)) == 200  # no duplicates
    assert set(ids) == set(emitted)  # none missing
    assert all(json_of(h)["id"] == h.id for h in receiver.ok())
    rows = await wait_delivery(app, tenant.id, hook["id"], {"delivered"}, count=200)
    assert all(r["attempts"] == 1 for r in rows)


async def test_slow_endpoint_does_not_delay_others(tenant, app, worker):
    from identity.events.emit import emit

    await worker.start(concurrency=10)
    slow, fast = Receiver(), Receiver()
    await slow.start()
    await fast.start()
    try:
        slow.hold()
        await make_webhook(tenant, slow.url, ["user.updated"])
        await make_webhook(tenant, fast.url, ["user.updated"])
        pool = state(app).pool
        for i in range(12):
            async with pool.acquire() as conn, conn.transaction():
                await emit(conn, tenant.id, "user.updated", {"id": f"usr_{i}", "email": "a@b.co"})
        started = time.monotonic()
        await fast.wait_for(12, timeout=5)
        assert time.monotonic() - started < 2.5  # long before the slow one's 3 s time-out
        from identity.webhooks.delivery import MAX_IN_FLIGHT_PER_WEBHOOK

        assert slow.held <= MAX_IN_FLIGHT_PER_WEBHOOK
    finally:
        slow.release()
        await slow.stop()
        await fast.stop()


async def test_claims_racing_for_one_webhook_keep_its_in_flight_cap(tenant, app):
    """Twelve due deliveries of one webhook claimed at once, each on its own connection: the
    cap holds (each claim counts the others' leases, so two counting at once must not both
    take the last place)."""
    from identity.events.emit import emit
    from identity.webhooks import store
    from identity.webhooks.delivery import MAX_IN_FLIGHT_PER_WEBHOOK

    hook = await make_webhook(tenant, "http://127.0.0.1:9/never", ["user.updated"])
    pool = state(app).pool
    for i in range(12):
        async with pool.acquire() as conn, conn.transaction():
            await emit(conn, tenant.id, "user.updated", {"id": f"usr_{i}", "email": "a@b.co"})
    ids = [
        r["id"]
        for r in await pool.fetch(
            "SELECT id FROM webhook_deliveries WHERE tenant_id = $1 AND endpoint_id = $2", tenant.id, hook["id"]
        )
    ]
    assert len(ids) == 12

    async def claim(delivery_id: str):
        async with pool.acquire() as conn:
            return await store.claim(conn, tenant.id, delivery_id, 60.0, MAX_IN_FLIGHT_PER_WEBHOOK)

    try:
        claimed = [r for r in await asyncio.gather(*[claim(i) for i in ids]) if r is not None]
        assert len(claimed) == MAX_IN_FLIGHT_PER_WEBHOOK
    finally:  # nothing left for a later test's worker to try
        await pool.execute(
            "UPDATE webhook_deliveries SET status = 'failed', leased_until = NULL "
            "WHERE tenant_id = $1 AND endpoint_id = $2",
            tenant.id,
            hook["id"],
        )
        await tenant.secret("DELETE", f"/v1/webhooks/{hook['id']}")


async def test_worker_killed_mid_delivery_is_delivered_later(tenant, app, receiver, database_dsn, worker, tmp_path):
    """A separate `identity worker` process takes the delivery; the receiver holds the request;
    the process is killed (SIGKILL). After its lease expires the delivery is taken again and
    delivered: the attempt in flight is recorded as lost, not the event."""
    import os
    import signal
    import subprocess
    import sys

    from workers import runtime
    from workers import webhooks as worker_webhooks

    await worker.stop()  # only the subprocess may take the first attempt
    hook = await make_webhook(tenant, receiver.url, ["user.updated"])
    receiver.hold()
    from identity.events.emit import emit

    async with state(app).pool.acquire() as conn, conn.transaction():
        event_id = await emit(conn, tenant.id, "user.updated", {"id": "usr_k", "email": "k@x.co"})
    env = {
        **os.environ,
        "IDENTITY_DATABASE_URL": database_dsn,
        "IDENTITY_DATA_DIR": str(tmp_path),
        "IDENTITY_SECRET_KEY": "test-secret-key",
        "IDENTITY_WEBHOOK_ALLOW_HTTP": "1",
        "IDENTITY_OUTBOX_JOB_TIMEOUT": "5s",
        "IDENTITY_OUTBOX_LEASE": "6s",
        "IDENTITY_WEBHOOK_RETRY_SCHEDULE": "1s,1s,1s,1s,1s",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "identity.cli", "worker"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        await receiver.wait_held(1, timeout=30)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    receiver.release()
    row = await state(app).pool.fetchrow(
        "SELECT * FROM webhook_deliveries WHERE tenant_id = $1 AND endpoint_id = $2", tenant.id, hook["id"]
    )
    assert row["status"] == "pending" and row["attempts"] == 1 and row["leased_until"] is not None
    await worker.start()
    # Nothing is taken before the dead worker's lease expires; then the sweeper requeues it.
    pool = state(app).pool
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        await worker_webhooks.recover(runtime.get())
        status = await pool.fetchval(
            "SELECT status FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2", tenant.id, row["id"]
        )
        if status == "delivered":
            break
        await asyncio.sleep(0.2)
    [row] = await wait_delivery(app, tenant.id, hook["id"], {"delivered"})
    assert row["attempts"] == 2
    # The receiver saw the interrupted request (its sender died before the answer) and the
    # redelivery, with the same webhook-id: at least once, deduplicated by webhook-id.
    assert len(receiver.requests) == 2
    assert {h.id for h in receiver.requests} == {event_id}
    attempts = await state(app).pool.fetch(
        "SELECT outcome FROM webhook_attempts WHERE tenant_id = $1 AND delivery_id = $2 ORDER BY attempt",
        tenant.id,
        row["id"],
    )
    assert [a["outcome"] for a in attempts] == ["lost", "delivered"]


async def test_tenant_deletion_is_isolated(make_tenant, app, worker, receiver, sign_up):
    one, two = await make_tenant(), await make_tenant()
    hook = await make_webhook(one, receiver.url, ["user.created"])
    await sign_up(on=two)
    await asyncio.sleep(0.3)
    assert receiver.requests == []
    await sign_up(on=one)
    await receiver.wait_for(1)
    assert json_of(receiver.requests[0])["tenant_id"] == one.id
    assert hook


def test_unique_secret_generation():
    from identity.webhooks.signing import new_secret, standard_key

    secrets_ = {new_secret() for _ in range(100)}
    assert len(secrets_) == 100
    assert all(len(standard_key(s)) == 24 for s in secrets_)
    assert standard_key("plain-caller-secret") == b"plain-caller-secret"


async def test_emitted_events_carry_every_key_of_their_catalogue_sample(tenant, app, sign_up):
    """The catalogue (identity/webhooks/catalogue.py, docs/webhooks.md) is what receivers code
    against and what the test operation sends: each real event has at least its keys."""
    from identity.webhooks.catalogue import sample
    from tests.support.organizations import accept, email, invite, last_invite_url, new_org, new_user

    owner = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    member = await new_user(sign_up)
    assert (await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": member["id"]}))[
        0
    ] == 201
    assert (await tenant.secret("DELETE", f"/v1/organizations/{org['id']}/members/{member['id']}"))[0] == 204
    invited = email()
    assert (await invite(tenant, org["id"], email=invited, inviter_user_id=owner["id"]))[0] == 201
    joiner = await new_user(sign_up, email=invited)
    assert (await accept(tenant, token_in(await last_invite_url(app, tenant.id)), joiner["access_token"]))[0] == 200
    assert (await tenant.secret("PATCH", f"/v1/users/{member['id']}", json={"name": "M"}))[0] == 200
    assert (
        await tenant.secret(
            "POST", f"/v1/users/{member['id']}/password", json={"password": "another strong password 7"}
        )
    )[0] == 200
    assert (await tenant.secret("POST", f"/v1/users/{member['id']}/disable", json={}))[0] == 200
    assert (await tenant.secret("DELETE", f"/v1/sessions/{owner['session_id']}"))[0] == 204
    assert (await tenant.secret("DELETE", f"/v1/users/{member['id']}"))[0] == 204
    assert (await tenant.secret("DELETE", f"/v1/organizations/{org['id']}"))[0] == 204
    rows = await state(app).pool.fetch("SELECT type, data FROM events WHERE tenant_id = $1", tenant.id)
    kinds = {r["type"] for r in rows}
    assert kinds >= {
        "user.created",
        "user.updated",
        "user.deleted",
        "user.disabled",
        "user.password_changed",
        "session.created",
        "session.revoked",
        "org.created",
        "org.deleted",
        "org.member.added",
        "org.member.removed",
        "org.invitation.sent",
        "org.invitation.accepted",
    }, kinds
    for r in rows:
        expected = set(sample(r["type"]))
        if r["type"] == "session.revoked" and "ids" in r["data"]:
            expected = {"ids", "user_id", "reason", "count", "revoked_at"}  # the several-at-once shape
        assert expected <= set(r["data"]), (r["type"], expected - set(r["data"]))
