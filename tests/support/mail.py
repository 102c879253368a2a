"""Email in tests: what the outbox queued for a tenant (variables decrypted), the token in an
emailed link, and a real SMTP server that records what is delivered to it.

To make the service provider deliver to the sink, a test module overrides `settings`:

    @pytest.fixture
    def settings(settings, smtp_sink):
        return dataclasses.replace(settings, smtp_url=smtp_sink.url)
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import threading
import time
import warnings
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs, urlsplit

from identity.state import state
from tests.support.api import free_port


async def emails_of(app: Any, tenant_id: str, template: str | None = None) -> list[dict[str, Any]]:
    """The tenant's queued emails (outbox rows, topic 'email'), oldest first, variables decrypted."""
    rows = await state(app).pool.fetch(
        "SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'email' ORDER BY created_at, id", tenant_id
    )
    out = []
    for row in rows:
        payload = row["payload"]
        if template is None or payload["template"] == template:
            plain = state(app).box.decrypt(payload["variables"], associated=tenant_id)
            out.append({**payload, "variables": json.loads(plain)})
    return out


def token_in(url: str) -> str:
    """The `token` query parameter of an emailed link."""
    return parse_qs(urlsplit(url).query)["token"][0]


#: How long a test waits for mail. A worker a test starts first sends what earlier tests of its
#: process queued without one (hundreds of messages by the end of a run, about 20 a second), and
#: the test's own message comes after them: a wait that ends early is a failure, a long one costs
#: nothing when the message comes.
WAIT_SECONDS = 45.0


class SmtpSink:
    """A real SMTP server on 127.0.0.1:<port>, in its own thread, that records every message.

    url                smtp://127.0.0.1:<port>, for IDENTITY_SMTP_URL (Settings.smtp_url)
    host, port         for a tenant's `smtp` provider configuration (tls false, ssl false)
    messages           parsed messages (email.message.EmailMessage), in arrival order
    logins             (username, password) pairs of every AUTH attempt; AUTH PLAIN/LOGIN is
                       offered without TLS and accepts any credentials
    await wait_for(to=..., count=1, timeout=WAIT_SECONDS)   messages to that address, once there are count
    hold() / release() make the server stall at RCPT TO (the message never completes), to
                       catch a sender mid-conversation; held() says whether one is stalled
    """

    def __init__(self) -> None:
        from aiosmtpd.controller import Controller
        from aiosmtpd.smtp import AuthResult

        self.messages: list[EmailMessage] = []
        self.logins: list[tuple[str, str]] = []
        self._hold = threading.Event()
        self._stalled = 0
        sink = self

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                sink._stalled += 1
                try:
                    while sink._hold.is_set():
                        await asyncio.sleep(0.02)
                finally:
                    sink._stalled -= 1
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                msg = email.message_from_bytes(
                    envelope.original_content or envelope.content, policy=email.policy.default
                )
                sink.messages.append(msg)
                return "250 Message accepted for delivery"

        def authenticator(server, session, envelope, mechanism, auth_data):
            sink.logins.append((auth_data.login.decode(), auth_data.password.decode()))
            return AuthResult(success=True)

        self.port = free_port()
        self.host = "127.0.0.1"
        self.url = f"smtp://{self.host}:{self.port}"
        self._controller = Controller(
            Handler(),
            hostname=self.host,
            port=self.port,
            authenticator=authenticator,
            auth_require_tls=False,
            auth_required=False,
        )

    def start(self) -> None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self._controller.start()

    def stop(self) -> None:
        self._hold.clear()
        self._controller.stop()

    def hold(self) -> None:
        self._hold.set()

    def release(self) -> None:
        self._hold.clear()

    def held(self) -> bool:
        return self._stalled > 0

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in list(self.messages) if address.lower() in str(m["To"]).lower()]

    async def wait_for(self, to: str, count: int = 1, timeout: float = WAIT_SECONDS) -> list[EmailMessage]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.to(to)
            if len(found) >= count:
                return found
            await asyncio.sleep(0.02)
        raise AssertionError(f"{count} message(s) to {to} did not arrive; got {len(self.to(to))}")
