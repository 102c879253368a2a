"""SQL for email configuration, template overrides and the message log. Every statement
filters on tenant_id except the operator listing, which may span tenants."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import asyncpg

from identity.db.records import Record
from identity.email.schemas import Provider

_CONFIG_COLUMNS = """provider, from_name, from_email, reply_to, smtp_host, smtp_port, smtp_username,
    smtp_password, smtp_tls, smtp_ssl, updated_at"""
_TEMPLATE_COLUMNS = "template, subject, body_html, body_text, updated_at"


class ConfigRecord(Record, frozen=True):
    """A tenant's email configuration (smtp_password sealed with the master key)."""

    provider: Provider
    from_name: str | None
    from_email: str | None
    reply_to: str | None
    smtp_host: str | None
    smtp_port: int | None
    smtp_username: str | None
    smtp_password: str | None
    smtp_tls: bool
    smtp_ssl: bool
    updated_at: datetime


class TemplateRecord(Record, frozen=True):
    """A tenant's override of one email template."""

    template: str
    subject: str
    body_html: str
    body_text: str
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SendingContext:
    """What sending one message needs (sending_context)."""

    app_name: str
    override: TemplateRecord | None
    config: ConfigRecord | None


async def get_config(conn: Any, tenant_id: str) -> ConfigRecord | None:
    row = await conn.fetchrow(f"SELECT {_CONFIG_COLUMNS} FROM email_configs WHERE tenant_id = $1", tenant_id)
    return ConfigRecord.maybe(row)


async def upsert_config(conn: Any, tenant_id: str, values: dict[str, Any]) -> ConfigRecord:
    cols = list(values)
    params = ", ".join(f"${i}" for i in range(2, len(cols) + 2))
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in cols)
    row = await conn.fetchrow(
        f"""INSERT INTO email_configs (tenant_id, {", ".join(cols)}) VALUES ($1, {params})
            ON CONFLICT (tenant_id) DO UPDATE SET {updates}, updated_at = now()
            RETURNING {_CONFIG_COLUMNS}""",
        tenant_id,
        *values.values(),
    )
    return ConfigRecord.of(row)


async def get_template(conn: Any, tenant_id: str, template: str) -> TemplateRecord | None:
    row = await conn.fetchrow(
        f"SELECT {_TEMPLATE_COLUMNS} FROM email_templates WHERE tenant_id = $1 AND template = $2",
        tenant_id,
        template,
    )
    return TemplateRecord.maybe(row)


async def list_templates(conn: Any, tenant_id: str) -> dict[str, TemplateRecord]:
    rows = await conn.fetch(f"SELECT {_TEMPLATE_COLUMNS} FROM email_templates WHERE tenant_id = $1", tenant_id)
    return {r.template: r for r in TemplateRecord.all(rows)}


async def put_template(
    conn: Any, tenant_id: str, template: str, subject: str, body_html: str, body_text: str
) -> TemplateRecord:
    row = await conn.fetchrow(
        f"""INSERT INTO email_templates (tenant_id, template, subject, body_html, body_text)
            VALUES ($1, $2, $3, $4, $5)
            ON CONFLICT (tenant_id, template) DO UPDATE SET subject = EXCLUDED.subject,
                body_html = EXCLUDED.body_html, body_text = EXCLUDED.body_text, updated_at = now()
            RETURNING {_TEMPLATE_COLUMNS}""",
        tenant_id,
        template,
        subject,
        body_html,
        body_text,
    )
    return TemplateRecord.of(row)


async def delete_template(conn: Any, tenant_id: str, template: str) -> None:
    await conn.execute("DELETE FROM email_templates WHERE tenant_id = $1 AND template = $2", tenant_id, template)


async def record_message(
    conn: Any,
    *,
    tenant_id: str,
    record_id: str,
    message_id: str,
    template: str | None,
    to: str,
    provider: str,
    delivery: str,
    content: str | None,
) -> None:
    # A retry after a send whose bookkeeping was lost updates the same entry.
    await conn.execute(
        """INSERT INTO email_messages (tenant_id, id, message_id, template, to_address, provider,
                                       delivery, content)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (tenant_id, id) DO UPDATE SET delivery = EXCLUDED.delivery,
               content = EXCLUDED.content, provider = EXCLUDED.provider, created_at = now()""",
        tenant_id,
        record_id,
        message_id,
        template,
        to,
        provider,
        delivery,
        content,
    )


async def list_messages(
    conn: Any, *, tenant_id: str | None = None, to: str | None = None, limit: int = 20
) -> list[asyncpg.Record]:
    """Operator listing: the log joined with the outbox row's state when there is one."""
    rows: list[asyncpg.Record] = await conn.fetch(
        """SELECT m.tenant_id, m.id, m.message_id, m.template, m.to_address, m.provider,
                  m.delivery, m.content, m.created_at
           FROM email_messages m
           WHERE ($1::text IS NULL OR m.tenant_id = $1) AND ($2::text IS NULL OR m.to_address = $2)
           ORDER BY m.created_at DESC, m.id DESC LIMIT $3""",
        tenant_id,
        to,
        limit,
    )
    return rows


async def sending_context(conn: Any, tenant_id: str, template: str) -> SendingContext | None:
    """What sending one message needs, in one round trip: the tenant's name (app_name), its
    override of `template` and its email configuration. None when the tenant is gone."""
    row = await conn.fetchrow(
        """SELECT t.name AS app_name,
                  tpl.template, tpl.subject, tpl.body_html, tpl.body_text, tpl.updated_at AS template_updated_at,
                  c.provider, c.from_name, c.from_email, c.reply_to, c.smtp_host, c.smtp_port,
                  c.smtp_username, c.smtp_password, c.smtp_tls, c.smtp_ssl, c.updated_at
           FROM tenants t
           LEFT JOIN email_templates tpl ON tpl.tenant_id = t.id AND tpl.template = $2
           LEFT JOIN email_configs c ON c.tenant_id = t.id
           WHERE t.id = $1 AND t.status <> 'deleted'""",
        tenant_id,
        template,
    )
    if row is None:
        return None
    # A missing override or configuration reads as NULLs; their NOT NULL columns tell.
    override = None
    if row["template"] is not None:
        override = TemplateRecord(
            template=row["template"],
            subject=row["subject"],
            body_html=row["body_html"],
            body_text=row["body_text"],
            updated_at=row["template_updated_at"],
        )
    config = None
    if row["provider"] is not None:
        config = ConfigRecord(**{name: row[name] for name in ConfigRecord.__struct_fields__})
    return SendingContext(app_name=row["app_name"], override=override, config=config)


async def tenant_name(conn: Any, tenant_id: str) -> str | None:
    name: str | None = await conn.fetchval("SELECT name FROM tenants WHERE id = $1 AND status <> 'deleted'", tenant_id)
    return name
