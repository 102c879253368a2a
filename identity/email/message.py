"""Builds the MIME message. Header values are single-line by construction: every one goes
through one_line() or an address check, and the SMTP policy refuses CR/LF as a last wall."""

from __future__ import annotations

import email.policy
import email.utils
from email.headerregistry import Address
from email.message import EmailMessage

from identity.email.templates import Rendered, one_line
from identity.http.types import EMAIL_RE


class InvalidAddress(ValueError):
    pass


def check_address(value: str, what: str) -> str:
    value = value.strip()
    if len(value) > 254 or not EMAIL_RE.match(value):
        raise InvalidAddress(f"{what} is not a valid email address")
    return value


def _address(display_name: str | None, addr: str) -> Address:
    local, _, domain = addr.rpartition("@")
    return Address(display_name=one_line(display_name or "", 200), username=local, domain=domain)


def message_id(record_id: str, from_email: str) -> str:
    """Stable per outbox row: retries of one row carry the same Message-ID, so a receiver
    that saw the first attempt can recognise the second."""
    domain = from_email.rpartition("@")[2] or "localhost"
    return f"<{record_id}@{domain}>"


def build(
    *,
    from_name: str | None,
    from_email: str,
    reply_to: str | None,
    to: str,
    rendered: Rendered,
    msg_id: str,
) -> EmailMessage:
    to = check_address(to, "to")
    from_email = check_address(from_email, "from_email")
    msg = EmailMessage(policy=email.policy.SMTP)
    msg["From"] = _address(from_name, from_email)
    msg["To"] = _address(None, to)
    if reply_to:
        msg["Reply-To"] = _address(None, check_address(reply_to, "reply_to"))
    msg["Subject"] = one_line(rendered.subject)
    msg["Date"] = email.utils.formatdate(localtime=False, usegmt=True)
    msg["Message-ID"] = msg_id
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation auto-replies
    msg.set_content(rendered.body_text)
    msg.add_alternative(rendered.body_html, subtype="html")
    return msg
