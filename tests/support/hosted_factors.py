"""Helpers for the browser tests of second factors (tests/test_hosted_factors.py): the SMS codes
a live server queued, read from its outbox (the way tests/support/mfa.py reads them, with the
live server's IDENTITY_SECRET_KEY), and a live server whose public URL is http://localhost:PORT,
because WebAuthn refuses an IP address as relying party id and localhost is a secure context.

Playwright's sync API runs in the test's thread, so the database is read in a thread of its own
(asyncpg needs an event loop)."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import asyncpg

from identity.crypto import SecretBox
from tests.support.live_server import LiveServer

#: tests/support/live_server.py's IDENTITY_SECRET_KEY.
LIVE_SECRET_KEY = "test-secret-key"


def localhost_server(dsn: str, workdir: Path, **env: str) -> LiveServer:
    """A LiveServer (not started) whose public URL names localhost instead of 127.0.0.1."""
    server = LiveServer(dsn, workdir, **env)
    server.url = f"http://localhost:{server.port}"
    server.extra_env["IDENTITY_PUBLIC_URL"] = server.url
    return server


def _in_thread(work: Any) -> Any:
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(work())
        except BaseException as exc:  # re-raised in the caller's thread
            out["error"] = exc

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def sms_messages(dsn: str, tenant_id: str) -> list[dict[str, Any]]:
    """Every SMS the tenant's outbox holds, oldest first: {to, body}."""

    async def read() -> list[dict[str, Any]]:
        conn = await asyncpg.connect(dsn)
        try:
            rows = await conn.fetch(
                "SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'sms' ORDER BY created_at, id",
                tenant_id,
            )
        finally:
            await conn.close()
        box = SecretBox.from_text(LIVE_SECRET_KEY)
        out = []
        for row in rows:
            payload = row["payload"] if isinstance(row["payload"], dict) else json.loads(row["payload"])
            out.append(json.loads(box.decrypt(payload["message"], associated=tenant_id)))
        return out

    result: list[dict[str, Any]] = _in_thread(read)
    return result


def email_messages(dsn: str, tenant_id: str) -> list[dict[str, Any]]:
    """Every email the tenant's outbox holds, oldest first: {to, template, variables}."""

    async def read() -> list[dict[str, Any]]:
        conn = await asyncpg.connect(dsn)
        try:
            rows = await conn.fetch(
                "SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'email' ORDER BY created_at, id",
                tenant_id,
            )
        finally:
            await conn.close()
        box = SecretBox.from_text(LIVE_SECRET_KEY)
        out = []
        for row in rows:
            payload = row["payload"] if isinstance(row["payload"], dict) else json.loads(row["payload"])
            variables = json.loads(box.decrypt(payload["variables"], associated=tenant_id))
            out.append({"to": payload["to"], "template": payload["template"], "variables": variables})
        return out

    result: list[dict[str, Any]] = _in_thread(read)
    return result


def last_email_code(dsn: str, tenant_id: str, to: str) -> str:
    mails = [m for m in email_messages(dsn, tenant_id) if m["template"] == "mfa_otp" and m["to"] == to]
    assert mails, f"no mfa_otp email to {to}"
    return str(mails[-1]["variables"]["code"])


def last_sms_code(dsn: str, tenant_id: str, to: str) -> str:
    texts = [m for m in sms_messages(dsn, tenant_id) if m["to"] == to]
    assert texts, f"no SMS to {to}"
    return str(texts[-1]["body"].split()[0])


def age_sessions(dsn: str, tenant_id: str, user_id: str, minutes: int) -> None:
    """Make the user's sessions look signed in `minutes` ago (the recent sign-in rule)."""

    async def write() -> None:
        conn = await asyncpg.connect(dsn)
        try:
            await conn.execute(
                "UPDATE sessions SET created_at = now() - make_interval(mins => $3)"
                " WHERE tenant_id = $1 AND user_id = $2",
                tenant_id,
                user_id,
                minutes,
            )
        finally:
            await conn.close()

    _in_thread(write)
