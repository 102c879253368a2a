"""Builds the MIME message. Header values are single-line by construction: every one goes
through one_line() or an address check, and the SMTP policy refuses CR/LF as a last wall."""

from __future__ import annotations

import email.policy
import email.utils
from dataclasses import dataclass
from email.headerregistry import Address, BaseHeader, HeaderRegistry
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


class _KeptHeaderClasses(HeaderRegistry):
    """The stdlib registry makes a new class with type() for every header it parses (about
    10 µs each, fifteen of them per message); the class depends only on the header's name."""

    LIMIT = 64  # the names are ours, but keep the cache bounded all the same

    def __init__(self) -> None:
        super().__init__()
        self._kept: dict[str, type[BaseHeader]] = {}

    def __getitem__(self, name: str) -> type[BaseHeader]:
        key = name.lower()
        cls = self._kept.get(key)
        if cls is None:
            cls = super().__getitem__(name)
            if len(self._kept) < self.LIMIT:
                self._kept[key] = cls
        return cls


POLICY = email.policy.SMTP.clone(header_factory=_KeptHeaderClasses())


@dataclass(frozen=True)
class Envelope:
    """The checked addresses of one message."""

    sender: Address
    to: Address
    reply_to: Address | None

    def header_values(self) -> tuple[str, str | None]:
        """From and Reply-To as the message's headers show them (a stored message keeps
        these without the MIME message being built)."""
        return str(self.sender), str(self.reply_to) if self.reply_to else None


def envelope(*, from_name: str | None, from_email: str, reply_to: str | None, to: str) -> Envelope:
    """Raises InvalidAddress for any address that is not one plain mailbox."""
    return Envelope(
        sender=_address(from_name, check_address(from_email, "from_email")),
        to=_address(None, check_address(to, "to")),
        reply_to=_address(None, check_address(reply_to, "reply_to")) if reply_to else None,
    )


def build(env: Envelope, rendered: Rendered, msg_id: str) -> EmailMessage:
    msg = EmailMessage(policy=POLICY)
    msg["From"] = env.sender
    msg["To"] = env.to
    if env.reply_to:
        msg["Reply-To"] = env.reply_to
    msg["Subject"] = one_line(rendered.subject)
    msg["Date"] = email.utils.formatdate(localtime=False, usegmt=True)
    msg["Message-ID"] = msg_id
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation auto-replies
    msg.set_content(rendered.body_text)
    msg.add_alternative(rendered.body_html, subtype="html")
    return msg
