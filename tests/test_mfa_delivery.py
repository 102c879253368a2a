"""Codes leave through the outbox and a real worker: SMS to a real HTTP gateway started here
(IDENTITY_SMS_GATEWAY_URL), email OTP to a real SMTP server (aiosmtpd), then verified."""

from __future__ import annotations

import asyncio
import dataclasses
import re
from typing import Any

import pytest
import structlog.testing
from aiohttp import web

from tests.support.api import free_port
from tests.support.mail import WAIT_SECONDS
from tests.support.mfa import challenge_of, claims, make_tenant_for_mfa, new_user, outbox_messages

PHONE = "+447700900123"


class SmsGateway:
    """An HTTP server on 127.0.0.1 that records the JSON it is sent; `fail_next` answers 503
    to that many requests first, `refuse` answers 400 to everything."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/messages"
        self.received: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.fail_next = 0
        self.refuse = False
        self._runner: web.AppRunner | None = None

    async def _handle(self, request: web.Request) -> web.Response:
        if self.fail_next:
            self.fail_next -= 1
            return web.json_response({"error": "busy"}, status=503)
        if self.refuse:
            return web.json_response({"error": "invalid number"}, status=400)
        self.received.append(await request.json())
        self.headers.append(dict(request.headers))
        return web.json_response({"id": f"msg_{len(self.received)}"}, status=202)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_post("/messages", self._handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def wait_for(self, count: int = 1, timeout: float = WAIT_SECONDS) -> list[dict[str, Any]]:
        deadline = asyncio.get_running_loop().time() + timeout
        while asyncio.get_running_loop().time() < deadline:
            if len(self.received) >= count:
                return self.received
            await asyncio.sleep(0.02)
        raise AssertionError(f"{count} SMS did not arrive; got {len(self.received)}")


@pytest.fixture
async def sms_gateway():
    gateway = SmsGateway()
    await gateway.start()
    try:
        yield gateway
    finally:
        await gateway.stop()


@pytest.fixture
def settings(settings, sms_gateway, smtp_sink):
    return dataclasses.replace(settings, sms_gateway_url=sms_gateway.url, smtp_url=smtp_sink.url)


async def test_sms_codes_reach_the_gateway_and_sign_in(make_tenant, app, worker, sms_gateway) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "sms", "phone_number": PHONE}
    )
    assert status == 201
    [enrollment] = await sms_gateway.wait_for(1)
    assert set(enrollment) == {"to", "body", "tenant_id"}
    assert enrollment["to"] == PHONE and enrollment["tenant_id"] == tenant.id
    code = re.search(r"\b(\d{6})\b", enrollment["body"]).group(1)
    assert tenant.created["name"] in enrollment["body"]
    status, factor, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors/{body['factor_id']}/confirm", json={"code": code}
    )
    assert status == 200 and factor["status"] == "active"

    challenge = await challenge_of(tenant, user["email"])
    assert challenge["sent_to"] == "+********0123"
    received = await sms_gateway.wait_for(2)
    code = re.search(r"\b(\d{6})\b", received[1]["body"]).group(1)
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": code, "factor_type": "sms"},
    )
    assert status == 200, done
    assert claims(done["session"]["access_token"])["mfa_verified"] is True
    # the gateway may deduplicate on the outbox id
    [first_row, second_row] = await outbox_messages(app, tenant.id, "sms")
    assert [h["Idempotency-Key"] for h in sms_gateway.headers] == [first_row["id"], second_row["id"]]
    for row in (first_row, second_row):
        done_row = await worker.wait_outbox(tenant.id, row["id"])
        assert done_row["attempts"] == 1


async def test_gateway_errors_are_retried_or_abandoned(make_tenant, app, worker, sms_gateway) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    sms_gateway.fail_next = 1
    await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "sms", "phone_number": PHONE})
    [row] = await outbox_messages(app, tenant.id, "sms")
    sent = await worker.wait_outbox(tenant.id, row["id"])
    assert sent["attempts"] == 2 and len(await sms_gateway.wait_for(1)) == 1
    sms_gateway.refuse = True
    await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "sms", "phone_number": PHONE})
    rows = await outbox_messages(app, tenant.id, "sms")
    abandoned = await worker.wait_outbox(tenant.id, rows[-1]["id"], {"abandoned"})
    assert "400" in abandoned["last_error"] and abandoned["attempts"] == 1


async def test_email_otp_arrives_by_smtp_and_signs_in(make_tenant, app, worker, smtp_sink) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "email_otp"})
    assert status == 201

    def code_in(msg) -> str:
        text = msg.get_body(preferencelist=("plain",)).get_content()
        assert "expires in 10 minutes" in text
        return re.search(r"\b(\d{6})\b", text).group(1)

    async def otp_messages(count: int) -> list:
        deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
        while asyncio.get_running_loop().time() < deadline:
            found = [m for m in smtp_sink.to(user["email"]) if "verification code" in m["Subject"]]
            if len(found) >= count:
                return found
            await asyncio.sleep(0.02)
        raise AssertionError("the mfa_otp email did not arrive")

    [msg] = await otp_messages(1)
    assert msg["Subject"] == f"Your {tenant.created['name']} verification code"
    status, factor, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors/{body['factor_id']}/confirm", json={"code": code_in(msg)}
    )
    assert status == 200, factor
    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "email_otp"
    messages = await otp_messages(2)
    status, tokens, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": body["factor_id"], "code": code_in(messages[1])},
    )
    assert status == 200, tokens
    assert claims(tokens["access_token"])["mfa_verified"] is True


async def test_without_a_gateway_the_code_is_logged(app, tenant) -> None:
    """IDENTITY_SMS_GATEWAY_URL unset: the worker logs the message (docs/configuration.md)."""
    from identity.state import state
    from workers import runtime
    from workers.sms import handle

    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        from identity.mfa.sms import queue_sms

        outbox_id = await queue_sms(conn, st.box, tenant_id=tenant.id, to=PHONE, body="123456 is your code")
    row = await st.pool.fetchrow("SELECT payload FROM outbox WHERE id = $1", outbox_id)
    rt = runtime.Runtime(pool=st.pool, settings=dataclasses.replace(st.settings, sms_gateway_url=None), box=st.box)
    with structlog.testing.capture_logs() as logs:
        outcome = await handle(
            rt,
            {"tenant_id": tenant.id, "outbox_id": outbox_id, "topic": "sms", "payload": row["payload"], "attempts": 1},
        )
    assert outcome == "logged"
    [entry] = [e for e in logs if e["event"] == "sms_not_sent"]
    assert entry["to"] == PHONE and entry["body"] == "123456 is your code"
