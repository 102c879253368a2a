"""Sending one email: which provider, which template, then SMTP or the local store.

Used by the outbox handler (worker) and by the config-test endpoint, so both take exactly the
same path. No request handler other than the config test calls this.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urlsplit

import structlog

from identity.email import store, templates, transport
from identity.email.message import InvalidAddress, build, envelope, message_id
from identity.email.schemas import Provider
from identity.email.store import ConfigRecord, TemplateRecord
from identity.email.templates import Rendered, RenderError, Source
from identity.outbox.errors import Permanent
from workers.runtime import Runtime

log = structlog.get_logger("identity.email")


@dataclass(frozen=True)
class Sender:
    provider: Provider
    target: transport.SmtpTarget | None  # None: no relay configured, keep the message locally
    from_name: str | None
    from_email: str
    reply_to: str | None


def default_from(settings: Any) -> str:
    """no-reply@ the public host, when the tenant has not set from_email."""
    host = urlsplit(settings.public_url).hostname or ""
    if "." not in host or host.replace(".", "").isdigit():
        host = "localhost.localdomain"
    return f"no-reply@{host}"


async def sender_for(conn: Any, settings: Any, box: Any, tenant_id: str, app_name: str) -> Sender:
    return sender_from(await store.get_config(conn, tenant_id), settings, box, tenant_id, app_name)


def sender_from(cfg: ConfigRecord | None, settings: Any, box: Any, tenant_id: str, app_name: str) -> Sender:
    """cfg: the tenant's email configuration, or None."""
    from_name = (cfg.from_name if cfg else None) or app_name
    from_email = (cfg.from_email if cfg else None) or default_from(settings)
    reply_to = cfg.reply_to if cfg else None
    if cfg and cfg.provider == "smtp":
        if not cfg.smtp_host:
            raise Permanent("provider smtp has no smtp host configured")
        password = box.decrypt(cfg.smtp_password, associated=tenant_id) if cfg.smtp_password else None
        target = transport.SmtpTarget(
            host=cfg.smtp_host,
            port=cfg.smtp_port or (465 if cfg.smtp_ssl else 587),
            username=cfg.smtp_username,
            password=password,
            start_tls=cfg.smtp_tls and not cfg.smtp_ssl,
            use_tls=cfg.smtp_ssl,
            allow_private=settings.webhook_allow_http,  # the tenant's server: public only
        )
        return Sender("smtp", target, from_name, from_email, reply_to)
    relay = transport.parse_smtp_url(settings.smtp_url) if settings.smtp_url else None
    return Sender("service", relay, from_name, from_email, reply_to)


@dataclass(frozen=True)
class Outcome:
    delivery: Literal["sent", "stored"]
    message_id: str
    duration_ms: int


async def deliver(
    pool: Any,
    box: Any,
    sender: Sender,
    *,
    tenant_id: str,
    record_id: str,
    template: str | None,
    to: str,
    rendered: Rendered,
    time_limit: float = transport.SEND_TIMEOUT,
) -> Outcome:
    """Send (or, without a relay, store) one rendered message and log it. Raises
    InvalidAddress, transport.PermanentSmtpError, or a transient error."""
    msg_id = message_id(record_id, sender.from_email)
    addresses = envelope(from_name=sender.from_name, from_email=sender.from_email, reply_to=sender.reply_to, to=to)
    started = time.perf_counter()
    content = None
    if sender.target is None:
        # No relay (IDENTITY_SMTP_URL unset): keep it for `identity emails list`, sealed because
        # it holds live links and codes; the log line names it without its content. No MIME
        # message is built for it (about 0.5 ms of the stdlib's header parsing).
        from_header, reply_to_header = addresses.header_values()
        content = box.encrypt(
            json.dumps(
                {
                    "from": from_header,
                    "reply_to": reply_to_header,
                    "subject": rendered.subject,
                    "body_text": rendered.body_text,
                    "body_html": rendered.body_html,
                }
            ),
            associated=tenant_id,
        )
        delivery: Literal["sent", "stored"] = "stored"
    else:
        msg = build(addresses, rendered, msg_id)
        await transport.send(sender.target, msg, time_limit=time_limit)
        delivery = "sent"
    duration_ms = int((time.perf_counter() - started) * 1000)
    await store.record_message(
        pool,
        tenant_id=tenant_id,
        record_id=record_id,
        message_id=msg_id,
        template=template,
        to=to,
        provider=sender.provider,
        delivery=delivery,
        content=content,
    )
    log.info(
        "email_" + delivery,
        tenant_id=tenant_id,
        id=record_id,
        template=template,
        to=to,
        provider=sender.provider,
        message_id=msg_id,
        relay=sender.target.describe() if sender.target else None,
        hint=None if sender.target else "no IDENTITY_SMTP_URL: read it with `identity emails list`",
    )
    return Outcome(delivery, msg_id, duration_ms)


def source_of(template: str, override: TemplateRecord | None) -> Source:
    """The tenant's override of `template`, or the built-in template when there is none."""
    if override is None:
        return templates.default(template)
    return Source(override.subject, override.body_html, override.body_text)


async def template_source(conn: Any, tenant_id: str, template: str) -> Source:
    return source_of(template, await store.get_template(conn, tenant_id, template))


async def handle_outbox(rt: Runtime, item: dict[str, Any]) -> str:
    """The outbox handler of topic 'email' (payload written by identity.email.queue)."""
    tenant_id = item["tenant_id"]
    payload = item["payload"]
    if isinstance(payload, str):
        payload = json.loads(payload)
    template = payload.get("template")
    to = payload.get("to") or ""
    if template not in templates.VARIABLES:
        raise Permanent(f"unknown email template {template!r}")
    try:
        variables = json.loads(rt.box.decrypt(payload["variables"], associated=tenant_id))
    except Exception:
        raise Permanent("the email variables cannot be decrypted with this secret key") from None
    ctx = await store.sending_context(rt.pool, tenant_id, template)
    if ctx is None:
        raise Permanent("the tenant no longer exists")
    app_name = ctx.app_name
    values = {"app_name": app_name, "user_email": to, **variables}
    source = source_of(template, ctx.override)
    try:
        rendered = templates.render(source, values)
    except RenderError as exc:
        raise Permanent(f"template {template} does not render: {exc}") from None
    sender = sender_from(ctx.config, rt.settings, rt.box, tenant_id, app_name)
    try:
        outcome = await deliver(
            rt.pool,
            rt.box,
            sender,
            tenant_id=tenant_id,
            record_id=item["outbox_id"],
            template=template,
            to=to,
            rendered=rendered,
            time_limit=min(rt.policy.job_timeout, 60.0),
        )
    except InvalidAddress as exc:
        raise Permanent(str(exc)) from None
    except transport.PermanentSmtpError as exc:
        _count(sender.provider, "failed")
        raise Permanent(str(exc)) from None
    except Exception as exc:
        _count(sender.provider, "failed")
        raise DeliveryError(transport.describe_error(exc)) from None
    _count(sender.provider, outcome.delivery)
    return outcome.delivery


class DeliveryError(Exception):
    """A transient failure, described without secrets (becomes last_error)."""


def _count(provider: str, outcome: str) -> None:
    from identity.outbox.metrics import EMAILS

    EMAILS.labels(provider, outcome).inc()
