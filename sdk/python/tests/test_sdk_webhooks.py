"""Webhook verification on a real delivery: the service sends its test event to a receiver here,
and the SDK verifies it under both schemes; then the hostile variants of that same delivery
(tampered body, another secret, a stale or future timestamp, missing headers) are refused."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web
from identity_sdk import IdentityClient, Webhook, WebhookVerificationError, verify_webhook
from standardwebhooks import Webhook as StandardWebhook


@pytest.fixture
async def delivery(service, tenant):
    """(signing secret, body bytes, headers) of one real delivery from the service."""
    received: asyncio.Queue[tuple[bytes, dict[str, str]]] = asyncio.Queue()

    async def receive(request: web.Request) -> web.Response:
        await received.put((await request.read(), dict(request.headers)))
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/hooks", receive)
    runner = web.AppRunner(app, shutdown_timeout=0.5)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
            hook = await backend.request(
                "POST", "/v1/webhooks", json={"url": f"http://127.0.0.1:{port}/hooks", "events": ["*"]}
            )
            result = await backend.request("POST", f"/v1/webhooks/{hook['id']}/test", json={"event": "user.created"})
        assert result["status"] == "delivered", result
        body, headers = await asyncio.wait_for(received.get(), 10)
        yield hook["signing_secret"], body, headers
    finally:
        await runner.cleanup()


def test_real_delivery_verifies_under_both_schemes(delivery) -> None:
    secret, body, headers = delivery
    event = Webhook(secret).verify(body, headers)
    assert event["type"] == "user.created" and event["id"] == headers["webhook-id"]
    assert Webhook(secret).verify(body, headers, scheme="service") == event
    assert verify_webhook(secret, body.decode(), {k.upper(): v for k, v in headers.items()}) == event
    # The reference implementation agrees on the same bytes.
    assert StandardWebhook(secret).verify(body, headers) == event


def test_hostile_deliveries_are_refused(delivery) -> None:
    secret, body, headers = delivery
    tampered = body.replace(b"user.created", b"user.deleted")
    assert tampered != body
    other = "whsec_" + "A" * 32
    stamp = int(headers["webhook-timestamp"])
    for scheme in ("standard", "service"):
        with pytest.raises(WebhookVerificationError):
            Webhook(secret).verify(tampered, headers, scheme=scheme)
        with pytest.raises(WebhookVerificationError):
            Webhook(other).verify(body, headers, scheme=scheme)
        for moved in (stamp - 301, stamp + 301):  # stale (a replay) or from the future
            with pytest.raises(WebhookVerificationError, match="tolerance"):
                Webhook(secret).verify(body, headers, scheme=scheme, now=moved)
        with pytest.raises(WebhookVerificationError):
            Webhook(secret).verify(body, {k: v for k, v in headers.items() if k != "webhook-timestamp"}, scheme=scheme)
    # A signed timestamp: moving it forward to pass the tolerance breaks the Standard signature.
    with pytest.raises(WebhookVerificationError, match="no signature"):
        Webhook(secret).verify(body, {**headers, "webhook-timestamp": str(stamp + 200)}, now=stamp + 300)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, {k: v for k, v in headers.items() if k != "webhook-signature"})
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, {**headers, "webhook-signature": "v1,AAAA v2,BBBB"})
    assert Webhook(secret, tolerance=10_000).verify(body, headers, now=stamp + 5_000)["type"] == "user.created"
