"""Emails through the outbox and a real worker to a real SMTP server (aiosmtpd)."""

from __future__ import annotations

import dataclasses
import re
import uuid
from typing import Any

import pytest

from identity.email.queue import queue_email
from identity.state import state

LINKS = {
    "verification": ("verify_url", "http://127.0.0.1:3000/v1/auth/verify-email?token=vt_{n}"),
    "magic_link": ("magic_link_url", "https://app.example.com/callback?token=ml_{n}"),
    "password_reset": ("reset_url", "https://app.example.com/reset?token=pr_{n}"),
    "invitation": ("invite_url", "https://app.example.com/invite?token=iv_{n}"),
    "mfa_otp": ("code", "{digits}"),
    "welcome": ("user_name", "Grace Hopper {n}"),
    "email_code": ("code", "{digits}"),
}


@pytest.fixture
def settings(settings, smtp_sink):
    return dataclasses.replace(settings, smtp_url=smtp_sink.url)


def addr() -> str:
    return f"user-{uuid.uuid4().hex[:10]}@example.com"


async def queue(app: Any, tenant_id: str, template: str, to: str, variables: dict[str, Any]) -> str:
    st = state(app)
    async with st.pool.acquire() as conn, conn.transaction():
        return await queue_email(conn, st.box, tenant_id=tenant_id, template=template, to=to, variables=variables)


def text_and_html(msg) -> tuple[str, str]:
    text = msg.get_body(preferencelist=("plain",)).get_content()
    html = msg.get_body(preferencelist=("html",)).get_content()
    return text, html


async def test_each_builtin_arrives_with_its_link_or_code(app, tenant, worker, smtp_sink) -> None:
    sent = {}
    for template, (var, pattern) in LINKS.items():
        n = uuid.uuid4().hex[:12]
        value = pattern.format(n=n, digits=str(100000 + int(n[:5], 16) % 900000))
        variables = {var: value, "expires_in": "15 minutes"}
        if template == "invitation":
            variables.update(org_name="Analytical Engines", inviter_name="Ada", role="admin")
        to = addr()
        sent[template] = (to, value, await queue(app, tenant.id, template, to, variables))
    for template, (to, value, outbox_id) in sent.items():
        [msg] = await smtp_sink.wait_for(to)
        text, html = text_and_html(msg)
        assert value in text and value in html.replace("&amp;", "&"), template
        assert "\n" not in msg["Subject"] and msg["Subject"].strip()
        assert tenant.created["name"] in msg["Subject"] or template == "invitation"
        assert msg["Message-ID"].startswith(f"<{outbox_id}@")
        assert tenant.created["name"] in str(msg["From"])  # from_name defaults to the app name
        row = await worker.wait_outbox(tenant.id, outbox_id)
        assert row["attempts"] == 1 and row["last_error"] is None
    to, value, _ = sent["mfa_otp"]
    assert re.fullmatch(r"\d{6}", value)
    [msg] = smtp_sink.to(to)
    assert "expires in 15 minutes" in text_and_html(msg)[0]
    [msg] = smtp_sink.to(sent["invitation"][0])
    assert msg["Subject"] == "Ada invited you to join Analytical Engines"


async def test_variables_are_escaped_in_html_and_cannot_inject_headers(app, tenant, worker, smtp_sink) -> None:
    to = addr()
    await tenant.secret(
        "PUT",
        "/v1/email/templates/welcome",
        json={
            "subject": "Hello {{ user_name }}",
            "body_html": "<p>{{ user_name }}</p>",
            "body_text": "{{ user_name }}",
        },
    )
    evil = "<script>alert(1)</script>\r\nBcc: victim@example.com"
    outbox_id = await queue(app, tenant.id, "welcome", to, {"user_name": evil})
    [msg] = await smtp_sink.wait_for(to)
    text, html = text_and_html(msg)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert msg["Bcc"] is None and "\n" not in msg["Subject"] and "\r" not in msg["Subject"]
    assert msg["Subject"].startswith("Hello <script>")  # plain text subject, one line
    assert all(r == [to] for r in [[str(msg["To"])]])
    await worker.wait_outbox(tenant.id, outbox_id)
    # A recipient with a line break is refused for good, not sent and not retried.
    bad = await queue(app, tenant.id, "welcome", "x@example.com\r\nBcc: victim@example.com", {})
    row = await worker.wait_outbox(tenant.id, bad, {"abandoned"})
    assert row["attempts"] == 1 and "to" in row["last_error"]


async def test_custom_template_is_used_and_previewed(app, tenant, worker, smtp_sink) -> None:
    body = {
        "subject": "{{ app_name }}: magic for {{ user_email }}",
        "body_html": '<h1>Custom</h1><a href="{{ magic_link_url }}">go</a> {{ expires_in|upper }}',
        "body_text": "Custom: {{ magic_link_url }}",
    }
    status, tpl, _ = await tenant.secret("PUT", "/v1/email/templates/magic_link", json=body)
    assert status == 200 and tpl["customized"] is True and tpl["subject"] == body["subject"]
    status, preview, _ = await tenant.secret(
        "POST",
        "/v1/email/templates/magic_link/preview",
        json={"variables": {"magic_link_url": "https://x.example/?token=abc", "expires_in": "5m"}},
    )
    assert status == 200
    assert preview["body_text"] == "Custom: https://x.example/?token=abc"
    assert "5M" in preview["body_html"] and preview["subject"].startswith(tenant.created["name"])
    to = addr()
    await queue(app, tenant.id, "magic_link", to, {"magic_link_url": "https://x.example/?token=zz"})
    [msg] = await smtp_sink.wait_for(to)
    assert msg["Subject"] == f"{tenant.created['name']}: magic for {to}"
    assert text_and_html(msg)[0].strip() == "Custom: https://x.example/?token=zz"
    # DELETE restores the default for the next message.
    status, _, _ = await tenant.secret("DELETE", "/v1/email/templates/magic_link")
    assert status == 204
    to2 = addr()
    await queue(app, tenant.id, "magic_link", to2, {"magic_link_url": "https://x.example/?t=1"})
    [msg] = await smtp_sink.wait_for(to2)
    assert "Custom" not in text_and_html(msg)[0]


async def test_from_name_from_email_and_reply_to_are_honoured(app, tenant, worker, smtp_sink) -> None:
    status, cfg, _ = await tenant.secret(
        "PUT",
        "/v1/email/config",
        json={
            "provider": "service",
            "from_name": "Acme Support",
            "from_email": "hello@acme.example",
            "reply_to": "help@acme.example",
        },
    )
    assert status == 200, cfg
    to = addr()
    outbox_id = await queue(app, tenant.id, "welcome", to, {"user_name": "Ada"})
    [msg] = await smtp_sink.wait_for(to)
    assert str(msg["From"]) == "Acme Support <hello@acme.example>"
    assert str(msg["Reply-To"]) == "help@acme.example"
    assert msg["Message-ID"] == f"<{outbox_id}@acme.example>"
