"""`identity emails list` and `identity outbox list|retry`: what an operator sees of the email log
and the outbox, from the command line (for local development without IDENTITY_SMTP_URL, the
stored messages' content, decrypted with the service's secret key)."""

from __future__ import annotations

import json
from typing import Any

from identity.email import store as email_store
from identity.outbox import store as outbox_store


def _when(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value else "-"


async def list_emails(pool: Any, box: Any, *, tenant_id: str | None, to: str | None, limit: int, full: bool) -> str:
    rows = await email_store.list_messages(pool, tenant_id=tenant_id, to=to, limit=limit)
    out: list[str] = []
    for r in rows:
        out.append(
            f"{_when(r['created_at'])}  {r['delivery']:<6}  {r['provider']:<7}  "
            f"{r['template'] or 'test':<14}  {r['to_address']}  {r['id']}  "
            f"tenant={r['tenant_id']}"
        )
        if r["content"]:
            content = json.loads(box.decrypt(r["content"], associated=r["tenant_id"]))
            out.append(f"    Subject: {content['subject']}")
            if full:
                out.append(f"    From: {content['from']}")
                out.append("    " + content["body_text"].replace("\n", "\n    ").rstrip())
            else:
                # Links and codes are what a developer needs from a stored message.
                lines = [ln.strip() for ln in content["body_text"].splitlines()]
                keep = [ln for ln in lines if "://" in ln or (ln.isdigit() and len(ln) == 6)]
                out.extend(f"    {ln}" for ln in keep)
    if not rows:
        out.append("no emails")
    # Failed and waiting emails are in the outbox, not the log.
    pending = await outbox_store.list_rows(pool, tenant_id=tenant_id, topic="email", limit=limit)
    waiting = [r for r in pending if r["status"] != "sent"]
    if waiting:
        out.append("")
        out.append("not delivered (outbox):")
        out.extend(_outbox_line(r) for r in waiting)
    return "\n".join(out)


def _outbox_line(r: Any) -> str:
    payload = r["payload"] or {}
    target = payload.get("to", "") if isinstance(payload, dict) else ""
    line = (
        f"{_when(r['created_at'])}  {r['status']:<10}  attempts={r['attempts']}  "
        f"next={_when(r['next_attempt_at']) if r['status'] in ('queued', 'processing') else '-'}  "
        f"{r['topic']}  {target}  {r['id']}  tenant={r['tenant_id']}"
    )
    if r["last_error"]:
        line += f"\n    last_error: {r['last_error']}"
    return line


async def list_outbox(pool: Any, *, tenant_id: str | None, topic: str | None, status: str | None, limit: int) -> str:
    rows = await outbox_store.list_rows(pool, tenant_id=tenant_id, topic=topic, status=status, limit=limit)
    return "\n".join(_outbox_line(r) for r in rows) or "no outbox rows"


async def retry(pool: Any, tenant_id: str, outbox_id: str) -> bool:
    async with pool.acquire() as conn:
        return await outbox_store.requeue(conn, tenant_id, outbox_id)
