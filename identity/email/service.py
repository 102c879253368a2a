"""Email configuration and template rules behind /v1/email."""

from __future__ import annotations

import time
from typing import Any

import asyncpg

from identity.audit.context import AuditContext
from identity.config import Settings
from identity.crypto import SecretBox
from identity.email import store, templates, transport
from identity.email.delivery import deliver, sender_for, source_of, template_source
from identity.email.errors import EMAIL_TEMPLATE_NOT_FOUND, INVALID_TEMPLATE
from identity.email.message import InvalidAddress
from identity.email.queue import TEMPLATES
from identity.email.schemas import (
    ConfigTest,
    ConfigTestResult,
    EmailConfig,
    Preview,
    PutConfig,
    PutTemplate,
    RenderedEmail,
    SmtpOut,
    Template,
    TemplateList,
)
from identity.email.store import ConfigRecord, TemplateRecord
from identity.email.templates import Rendered, Source, TemplateRefused
from identity.http.errors import INVALID_EMAIL, ValidationFailed
from identity.http.types import EMAIL_RE, Pagination
from identity.ids import new_id
from identity.outbound.addresses import AddressRefused, check_host_at_creation

CONFIG_TEST_TIMEOUT = 15.0


def present_config(row: ConfigRecord | None) -> EmailConfig:
    """The configuration as the API shows it: never the password, only whether one is set."""
    if row is None:
        return EmailConfig(
            provider="service", from_name=None, from_email=None, reply_to=None, smtp=None, updated_at=None
        )
    smtp = None
    if row.smtp_host:
        smtp = SmtpOut(
            host=row.smtp_host,
            port=row.smtp_port or 587,  # stored with the host (put_config): never NULL beside one
            username=row.smtp_username,
            tls=row.smtp_tls,
            ssl=row.smtp_ssl,
            password_set=row.smtp_password is not None,
        )
    return EmailConfig(
        provider=row.provider,
        from_name=row.from_name,
        from_email=row.from_email,
        reply_to=row.reply_to,
        smtp=smtp,
        updated_at=row.updated_at,
    )


def _no_line_breaks(field: str, value: str | None) -> None:
    if value is not None and any(c in value for c in "\r\n\x00"):
        raise ValidationFailed(field, "must be a single line (no CR, LF or NUL)")


def _address(field: str, value: str | None) -> str | None:
    if value is None:
        return None
    _no_line_breaks(field, value)
    value = value.strip()
    if not EMAIL_RE.match(value):
        raise INVALID_EMAIL.invalid(field, "must be an email address")
    return value


async def _host_allowed(host: str, allow_private: bool) -> None:
    """The outbound address policy at save time: refused now when it is plainly private (a
    literal in any spelling, localhost, a name resolving to a private address); checked again
    at every connection."""
    try:
        await check_host_at_creation(host, allow_private)
    except AddressRefused as exc:
        raise ValidationFailed("smtp.host", f"must be a public host ({exc})") from None


async def get_config(pool: asyncpg.Pool, tenant_id: str) -> EmailConfig:
    return present_config(await store.get_config(pool, tenant_id))


async def put_config(
    pool: asyncpg.Pool,
    box: SecretBox,
    settings: Settings,
    tenant_id: str,
    body: PutConfig,
    audit: AuditContext,
) -> EmailConfig:
    _no_line_breaks("from_name", body.from_name)
    values: dict[str, Any] = {
        "provider": body.provider,
        "from_name": body.from_name.strip() or None if body.from_name is not None else None,
        "from_email": _address("from_email", body.from_email),
        "reply_to": _address("reply_to", body.reply_to),
        "smtp_host": None,
        "smtp_port": None,
        "smtp_username": None,
        "smtp_password": None,
        "smtp_tls": True,
        "smtp_ssl": False,
    }
    if body.provider == "smtp" and body.smtp is None:
        raise ValidationFailed("smtp", "is required when provider is smtp")
    if body.smtp is not None:  # resolves the name: before the transaction, not inside it
        await _host_allowed(body.smtp.host, settings.webhook_allow_http)
    async with pool.acquire() as conn, conn.transaction():
        old = await store.get_config(conn, tenant_id)
        if body.smtp is not None:
            smtp = body.smtp
            _no_line_breaks("smtp.username", smtp.username)
            password = None
            if smtp.password is not None:
                password = box.encrypt(smtp.password, associated=tenant_id)
            elif old is not None and old.smtp_host == smtp.host and old.smtp_username == smtp.username:
                password = old.smtp_password  # unchanged server: keep the stored secret
            values.update(
                smtp_host=smtp.host,
                smtp_port=smtp.port,
                smtp_username=smtp.username,
                smtp_password=password,
                smtp_tls=smtp.tls and not smtp.ssl,
                smtp_ssl=smtp.ssl,
            )
        row = await store.upsert_config(conn, tenant_id, values)
        await audit.record(
            conn,
            tenant_id,
            "email_config.updated",
            "email_config",
            tenant_id,
            {
                "provider": body.provider,
                "smtp_host": values["smtp_host"],
                "password_changed": body.smtp is not None and body.smtp.password is not None,
            },
        )
    return present_config(row)


async def test_config(
    pool: asyncpg.Pool, box: SecretBox, settings: Settings, tenant_id: str, body: ConfigTest
) -> ConfigTestResult:
    """Send one real message through the configured provider, now. A delivery failure is an
    answer (sent: false, error), not an HTTP error: the request itself was fine."""
    to = _address("to", body.to)
    assert to is not None
    app_name = await store.tenant_name(pool, tenant_id) or "Identity"
    sender = await sender_for(pool, settings, box, tenant_id, app_name)
    rendered = Rendered(
        subject=templates.one_line(f"Test email from {app_name}"),
        body_html=f"<p>This is a test email from {_html(app_name)}. Email delivery works.</p>",
        body_text=f"This is a test email from {app_name}. Email delivery works.\n",
    )
    started = time.perf_counter()
    try:
        outcome = await deliver(
            pool,
            box,
            sender,
            tenant_id=tenant_id,
            record_id=new_id("ems"),
            template=None,
            to=to,
            rendered=rendered,
            time_limit=CONFIG_TEST_TIMEOUT,
        )
    except InvalidAddress as exc:
        raise ValidationFailed("from_email", str(exc)) from None
    except Exception as exc:  # the server's answer, without secrets
        return ConfigTestResult(
            sent=False,
            message_id=None,
            provider=sender.provider,
            delivery="failed",
            error=transport.describe_error(exc),
            duration_ms=int((time.perf_counter() - started) * 1000),
        )
    stored = outcome.delivery == "stored"
    return ConfigTestResult(
        sent=not stored,
        message_id=outcome.message_id,
        provider=sender.provider,
        delivery=outcome.delivery,
        duration_ms=outcome.duration_ms,
        error="IDENTITY_SMTP_URL is not set: the message was stored for the operator, not sent" if stored else None,
    )


def _html(text: str) -> str:
    import html

    return html.escape(text)


def _known(template: str) -> None:
    if template not in templates.VARIABLES:
        raise EMAIL_TEMPLATE_NOT_FOUND(f"No email template named {template!r}; templates are {', '.join(TEMPLATES)}.")


def present_template(template: str, row: TemplateRecord | None) -> Template:
    source = source_of(template, row)
    return Template(
        id=template,
        subject=source.subject,
        body_html=source.body_html,
        body_text=source.body_text,
        variables=templates.variables_of(template),
        customized=row is not None,
        updated_at=row.updated_at if row else None,
    )


async def list_templates(pool: asyncpg.Pool, tenant_id: str) -> TemplateList:
    rows = await store.list_templates(pool, tenant_id)
    data = [present_template(t, rows.get(t)) for t in TEMPLATES]
    return TemplateList(
        data=data, pagination=Pagination(total=len(data), limit=len(data), has_more=False, next_cursor=None)
    )


async def get_template(pool: asyncpg.Pool, tenant_id: str, template: str) -> Template:
    _known(template)
    return present_template(template, await store.get_template(pool, tenant_id, template))


async def put_template(
    pool: asyncpg.Pool, tenant_id: str, template: str, body: PutTemplate, audit: AuditContext
) -> Template:
    _known(template)
    source = Source(body.subject, body.body_html, body.body_text)
    try:
        templates.validate(template, source)  # refused now, not as a failed send later
    except TemplateRefused as exc:
        raise INVALID_TEMPLATE.invalid(exc.field, exc.message) from None
    async with pool.acquire() as conn, conn.transaction():
        row = await store.put_template(conn, tenant_id, template, source.subject, source.body_html, source.body_text)
        await audit.record(conn, tenant_id, "email_template.updated", "email_template", template)
    return present_template(template, row)


async def delete_template(pool: asyncpg.Pool, tenant_id: str, template: str, audit: AuditContext) -> None:
    _known(template)
    async with pool.acquire() as conn, conn.transaction():
        await store.delete_template(conn, tenant_id, template)
        await audit.record(conn, tenant_id, "email_template.reset", "email_template", template)


async def preview(pool: asyncpg.Pool, tenant_id: str, template: str, body: Preview) -> RenderedEmail:
    _known(template)
    app_name = await store.tenant_name(pool, tenant_id) or templates.SAMPLES["app_name"]
    values = {**templates.SAMPLES, "app_name": app_name, **body.variables}
    source = await template_source(pool, tenant_id, template)
    try:
        rendered = templates.render(source, values)
    except templates.RenderError as exc:
        raise INVALID_TEMPLATE(f"The template does not render: {exc}") from None
    return RenderedEmail(subject=rendered.subject, body_html=rendered.body_html, body_text=rendered.body_text)
