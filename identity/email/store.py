"""SQL for email configuration, template overrides and the message log. Every statement
filters on tenant_id except the operator listing, which may span tenants."""

from __future__ import annotations

from typing import Any

import asyncpg


async def get_config(conn: Any, tenant_id: str) -> asyncpg.Record | None:
    return await conn.fetchrow("SELECT * FROM email_configs WHERE tenant_id = $1", tenant_id)


async def upsert_config(conn: Any, tenant_id: str, values: dict[str, Any]) -> asyncpg.Record:
    cols = list(values)
    params = ", ".join(f"${i}" for i in range(2, len(cols) + 2))
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in cols)
    return await conn.fetchrow(
        f"""INSERT INTO email_configs (tenant_id, {", ".join(cols)}) VALUES ($1, {params})
            ON CONFLICT (tenant_id) DO UPDATE SET {updates}, updated_at = now()
            RETURNING *""",
        tenant_id,
        *values.values(),
    )


async def get_template(conn: Any, tenant_id: str, template: str) -> asyncpg.Record | None:
    return await conn.fetchrow(
        "SELECT * FROM email_templates WHERE tenant_id = $1 AND template = $2",
        tenant_id,
        template,
    )


async def list_templates(conn: Any, tenant_id: str) -> dict[str, asyncpg.Record]:
    rows = await conn.fetch("SELECT * FROM email_templates WHERE tenant_id = $1", tenant_id)
    return {r["template"]: r for r in rows}


async def put_template(
    conn: Any, tenant_id: str, template: str, subject: str, body_html: str, body_text: str
) -> asyncpg.Record:
    return await conn.fetchrow(
        """INSERT INTO email_templates (tenant_id, template, subject, body_html, body_text)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (tenant_id, template) DO UPDATE SET subject = EXCLUDED.subject,
               body_html = EXCLUDED.body_html, body_text = EXCLUDED.body_text, updated_at = now()
           RETURNING *""",
        tenant_id,
        template,
        subject,
        body_html,
        body_text,
    )


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


async def sending_context(conn: Any, tenant_id: str, template: str) -> asyncpg.Record | None:
    """What sending one message needs, in one round trip: the tenant's name (app_name), its
    override of `template` (subject, body_html, body_text when has_template), and its email
    configuration (the columns of email_configs, all NULL without one). None when the tenant
    is gone."""
    return await conn.fetchrow(
        """SELECT t.name AS app_name,
                  tpl.tenant_id IS NOT NULL AS has_template, tpl.subject, tpl.body_html,
                  tpl.body_text,
                  c.provider, c.from_name, c.from_email, c.reply_to, c.smtp_host, c.smtp_port,
                  c.smtp_username, c.smtp_password, c.smtp_tls, c.smtp_ssl
           FROM tenants t
           LEFT JOIN email_templates tpl ON tpl.tenant_id = t.id AND tpl.template = $2
           LEFT JOIN email_configs c ON c.tenant_id = t.id
           WHERE t.id = $1 AND t.status <> 'deleted'""",
        tenant_id,
        template,
    )


async def tenant_name(conn: Any, tenant_id: str) -> str | None:
    name: str | None = await conn.fetchval("SELECT name FROM tenants WHERE id = $1 AND status <> 'deleted'", tenant_id)
    return name
