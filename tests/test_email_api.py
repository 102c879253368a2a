"""The /v1/email endpoints: configuration (the SMTP password never leaves), the config test,
templates (list, get, put, delete, preview) and the 4xx answers to bad input."""

from __future__ import annotations

import dataclasses
import logging
import uuid
from typing import Any

import pytest

from identity.email.queue import queue_email
from identity.state import state
from tests.support.api import assert_error, free_port

PASSWORD = "s3cr3t-Pa55word-" + uuid.uuid4().hex


def smtp_config(sink: Any, **extra: Any) -> dict[str, Any]:
    return {
        "provider": "smtp",
        "from_name": "Acme",
        "from_email": "no-reply@acme.example",
        "smtp": {"host": sink.host, "port": sink.port, "username": "acme", "password": PASSWORD, "tls": False, **extra},
    }


async def test_default_config(tenant) -> None:
    status, body, _ = await tenant.secret("GET", "/v1/email/config")
    assert status == 200
    assert body == {
        "provider": "service",
        "from_name": None,
        "from_email": None,
        "reply_to": None,
        "smtp": None,
        "updated_at": None,
    }


async def test_smtp_password_is_never_returned_nor_logged(app, tenant, smtp_sink, worker, capfd, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    status, body, _ = await tenant.secret("PUT", "/v1/email/config", json=smtp_config(smtp_sink))
    assert status == 200, body
    assert body["provider"] == "smtp" and body["smtp"]["password_set"] is True
    assert body["smtp"] == {
        "host": "127.0.0.1",
        "port": smtp_sink.port,
        "username": "acme",
        "tls": False,
        "ssl": False,
        "password_set": True,
    }
    status, got, raw = await tenant.secret("GET", "/v1/email/config")
    assert got == body and PASSWORD not in (await raw.text())
    stored = await state(app).pool.fetchval("SELECT smtp_password FROM email_configs WHERE tenant_id = $1", tenant.id)
    assert stored.startswith("v1:") and PASSWORD not in stored

    # The config test sends a real message through the tenant's server, logging in with it.
    to = f"test-{uuid.uuid4().hex[:8]}@example.com"
    status, result, raw = await tenant.secret("POST", "/v1/email/config/test", json={"to": to})
    assert status == 200, result
    assert result["sent"] is True and result["delivery"] == "sent" and result["provider"] == "smtp"
    assert result["message_id"].startswith("<ems_") and result["duration_ms"] >= 0
    [msg] = await smtp_sink.wait_for(to)
    assert msg["Message-ID"] == result["message_id"]
    assert ("acme", PASSWORD) in smtp_sink.logins

    # Queued emails go the same way.
    st = state(app)
    to2 = f"queued-{uuid.uuid4().hex[:8]}@example.com"
    async with st.pool.acquire() as conn, conn.transaction():
        outbox_id = await queue_email(
            conn, st.box, tenant_id=tenant.id, template="mfa_otp", to=to2, variables={"code": "424242"}
        )
    [msg] = await smtp_sink.wait_for(to2)
    assert str(msg["From"]) == "Acme <no-reply@acme.example>"
    await worker.wait_outbox(tenant.id, outbox_id)

    # PUT again without the password keeps it for the same server.
    again = smtp_config(smtp_sink)
    del again["smtp"]["password"]
    status, body, raw = await tenant.secret("PUT", "/v1/email/config", json=again)
    assert status == 200 and body["smtp"]["password_set"] is True
    status, audit, _ = await tenant.secret("GET", "/v1/audit-logs")
    out, err = capfd.readouterr()
    for text in (out, err, caplog.text, str(audit)):
        assert PASSWORD not in text
    assert "email_sent" in out + err + caplog.text  # the log does name the messages


async def test_config_test_failure_answers_sent_false(tenant) -> None:
    dead = {"host": "127.0.0.1", "port": free_port(), "tls": False}
    status, _, _ = await tenant.secret("PUT", "/v1/email/config", json={"provider": "smtp", "smtp": dead})
    assert status == 200
    status, result, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "someone@example.com"})
    assert status == 200
    assert result["sent"] is False and result["delivery"] == "failed"
    assert result["message_id"] is None and "connect" in result["error"]


async def test_config_test_without_relay_stores_the_message(app, tenant) -> None:
    status, result, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "dev@example.com"})
    assert status == 200
    assert result["sent"] is False and result["delivery"] == "stored"
    assert "IDENTITY_SMTP_URL" in result["error"]
    row = await state(app).pool.fetchrow("SELECT * FROM email_messages WHERE tenant_id = $1", tenant.id)
    assert row["delivery"] == "stored" and row["content"].startswith("v1:")


async def test_config_validation(tenant, smtp_sink) -> None:
    cases = [
        ({"provider": "smtp"}, "validation_error", "smtp"),
        ({"provider": "pigeon"}, "validation_error", "provider"),
        ({"provider": "service", "from_email": "not-an-address"}, "invalid_email", "from_email"),
        ({"provider": "service", "reply_to": "a@b"}, "invalid_email", "reply_to"),
        ({"provider": "service", "from_name": "Acme\r\nBcc: x@evil.example"}, "validation_error", "from_name"),
        ({"provider": "smtp", "smtp": {"host": "mail.example.com", "port": 0}}, "validation_error", "smtp.port"),
        ({"provider": "smtp", "smtp": {"host": "bad host\r\n", "port": 25}}, "validation_error", "smtp.host"),
        ({"provider": "service", "colour": "blue"}, "validation_error", "colour"),
    ]
    for body, code, field in cases:
        status, err, _ = await tenant.secret("PUT", "/v1/email/config", json=body)
        assert status == 422, (body, err)
        assert_error(err, code, 422)
        assert err["error"]["details"][0]["field"] == field, (body, err)
    status, err, _ = await tenant.secret(
        "PUT", "/v1/email/config", data=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert status == 400 and err["error"]["code"] == "invalid_json"
    for to in ("nobody", "a@b\r\nBcc: c@d.example", ""):
        status, err, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": to})
        assert status == 422, (to, err)


async def test_private_smtp_hosts_refused_unless_allowed(app, tenant, settings) -> None:
    state(app).settings = dataclasses.replace(settings, webhook_allow_http=False)
    for host in ("127.0.0.1", "10.1.2.3", "localhost"):
        status, err, _ = await tenant.secret(
            "PUT", "/v1/email/config", json={"provider": "smtp", "smtp": {"host": host}}
        )
        assert status == 422 and err["error"]["details"][0]["field"] == "smtp.host", err
    status, _, _ = await tenant.secret(
        "PUT", "/v1/email/config", json={"provider": "smtp", "smtp": {"host": "smtp.example.com"}}
    )
    assert status == 200


async def test_templates_list_get_put_delete(tenant) -> None:
    status, body, _ = await tenant.secret("GET", "/v1/email/templates")
    assert status == 200
    assert [t["id"] for t in body["data"]] == [
        "verification",
        "magic_link",
        "invitation",
        "password_reset",
        "mfa_otp",
        "welcome",
        "account_exists",
        "email_code",
        "email_change",
        "email_changed",
    ]
    assert body["pagination"]["total"] == 10 and not any(t["customized"] for t in body["data"])
    verification = body["data"][0]
    assert "{{ verify_url }}" in verification["body_html"]
    assert {"verify_url", "app_name", "user_email", "expires_in"} <= set(verification["variables"])

    new = {"subject": "Code {{ code }}", "body_html": "<b>{{ code }}</b>", "body_text": "{{ code }}"}
    status, put, _ = await tenant.secret("PUT", "/v1/email/templates/mfa_otp", json=new)
    assert status == 200 and put["customized"] and put["updated_at"]
    status, got, _ = await tenant.secret("GET", "/v1/email/templates/mfa_otp")
    assert got == put
    status, _, _ = await tenant.secret("DELETE", "/v1/email/templates/mfa_otp")
    assert status == 204
    status, got, _ = await tenant.secret("GET", "/v1/email/templates/mfa_otp")
    assert got["customized"] is False and "{{ code }}" in got["body_text"]
    status, _, _ = await tenant.secret("DELETE", "/v1/email/templates/mfa_otp")
    assert status == 204  # resetting a default is idempotent


async def test_default_preview_uses_samples_and_escapes(tenant) -> None:
    status, body, _ = await tenant.secret("POST", "/v1/email/templates/verification/preview")
    assert status == 200
    assert "sample-token" in body["body_text"] and tenant.created["name"] in body["subject"]
    status, body, _ = await tenant.secret(
        "POST",
        "/v1/email/templates/verification/preview",
        json={"variables": {"user_name": "<img src=x onerror=alert(1)>", "expires_in": 30}},
    )
    assert status == 200
    assert "<img" not in body["body_html"] and "&lt;img" in body["body_html"]
    assert "<img src=x onerror=alert(1)>" in body["body_text"]  # text is not HTML
    assert "expires in 30" in body["body_text"]


@pytest.mark.parametrize(
    "field,source,fragment",
    [
        ("body_html", "{{ ''.__class__.__mro__ }}", "getattr"),
        ("body_html", "{{ code.__class__ }}", "getattr"),
        ("body_text", "{{ cycler.__init__.__globals__ }}", "getattr"),
        ("body_html", "{% for x in range(100000) %}{{ x }}{% endfor %}", "for"),
        ("body_html", "{{ code|safe }}", "safe"),
        ("body_html", "{{ lipsum() }}", "call"),
        ("subject", "{{ unknown_thing }}", "unknown variable"),
        ("body_text", "{{ code ", "compile"),
        ("body_html", "{% if %}", "compile"),
        ("body_html", "{% include 'x' %}", "include"),
    ],
)
async def test_unsafe_or_broken_templates_are_refused(tenant, field, source, fragment) -> None:
    body = {"subject": "s", "body_html": "h", "body_text": "t", field: source}
    status, err, _ = await tenant.secret("PUT", "/v1/email/templates/mfa_otp", json=body)
    assert status == 422, err
    assert_error(err, "invalid_template", 422)
    assert err["error"]["details"][0]["field"] == field
    assert fragment in err["error"]["message"].lower(), err
    status, got, _ = await tenant.secret("GET", "/v1/email/templates/mfa_otp")
    assert got["customized"] is False


async def test_template_bad_input(tenant, make_tenant) -> None:
    for method, path, body in [
        ("GET", "/v1/email/templates/nope", None),
        ("PUT", "/v1/email/templates/nope", {"subject": "s", "body_html": "h", "body_text": "t"}),
        ("DELETE", "/v1/email/templates/nope", None),
        ("POST", "/v1/email/templates/nope/preview", {}),
    ]:
        status, err, _ = await tenant.secret(method, path, json=body)
        assert status == 404, (method, path)
        assert_error(err, "email_template_not_found", 404)
    for body in (
        {"subject": "s", "body_html": "h"},
        {"subject": "", "body_html": "h", "body_text": "t"},
        {"subject": 1, "body_html": "h", "body_text": "t"},
    ):
        status, err, _ = await tenant.secret("PUT", "/v1/email/templates/welcome", json=body)
        assert status == 422, body
    for body in ({"variables": []}, {"variables": {"code": {"a": 1}}}, {"vars": {}}):
        status, err, _ = await tenant.secret("POST", "/v1/email/templates/welcome/preview", json=body)
        assert status == 422, body
    # The secret key, of this tenant, with the '*' scope.
    status, _, _ = await tenant.api.call("GET", "/v1/email/templates", tenant=tenant.id)
    assert status == 401
    status, _, _ = await tenant.public("GET", "/v1/email/config")
    assert status == 403
    other = await make_tenant()
    status, _, _ = await tenant.api.call("GET", "/v1/email/config", token=other.sk, tenant=tenant.id)
    assert status == 401
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "ro", "type": "secret", "scopes": ["users:read"]}
    )
    status, err, _ = await tenant.secret("GET", "/v1/email/config", token=key["key"])
    assert status == 403 and err["error"]["code"] == "insufficient_scope"


async def test_email_routes_are_in_openapi(api) -> None:
    status, spec, _ = await api.call("GET", "/openapi.json")
    for path in (
        "/v1/email/config",
        "/v1/email/config/test",
        "/v1/email/templates",
        "/v1/email/templates/{template}",
        "/v1/email/templates/{template}/preview",
    ):
        assert path in spec["paths"], path
