"""SMTP delivery through aiosmtplib, and parsing of IDENTITY_SMTP_URL (docs/configuration.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import aiosmtplib

SEND_TIMEOUT = 30.0


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    username: str | None = None
    # repr=False: a target may be logged or shown in a traceback without its password.
    password: str | None = field(default=None, repr=False)
    start_tls: bool = False  # upgrade with STARTTLS after connecting (fails if unsupported)
    use_tls: bool = False    # implicit TLS from the first byte (port 465)

    def describe(self) -> str:
        mode = "smtps" if self.use_tls else "smtp+starttls" if self.start_tls else "smtp"
        return f"{mode}://{self.host}:{self.port}"


_SCHEMES = {
    "smtp": (False, False, 25),
    "smtp+starttls": (True, False, 587),
    "smtps": (False, True, 465),
}


def parse_smtp_url(url: str) -> SmtpTarget:
    """smtp://[user:pass@]host:port (plain), smtp+starttls://..., smtps://... (implicit TLS)."""
    parts = urlsplit(url)
    if parts.scheme not in _SCHEMES or not parts.hostname:
        raise ValueError("IDENTITY_SMTP_URL must be smtp://, smtp+starttls:// or smtps://host[:port]")
    start_tls, use_tls, port = _SCHEMES[parts.scheme]
    return SmtpTarget(
        host=parts.hostname,
        port=parts.port or port,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        start_tls=start_tls,
        use_tls=use_tls,
    )


class PermanentSmtpError(Exception):
    """The server refused the message for good (5xx on the recipient)."""


async def send(target: SmtpTarget, message: EmailMessage, time_limit: float = SEND_TIMEOUT) -> None:
    """One SMTP conversation. Raises PermanentSmtpError when retrying cannot help, other
    exceptions (connection refused, timeouts, 4xx) when it may."""
    try:
        await aiosmtplib.send(
            message,
            hostname=target.host,
            port=target.port,
            username=target.username or None,
            password=target.password if target.username else None,
            use_tls=target.use_tls,
            start_tls=target.start_tls,
            timeout=time_limit,
        )
    except aiosmtplib.SMTPRecipientsRefused as exc:
        codes = [e.code for e in exc.recipients]
        if codes and all(500 <= c < 600 for c in codes):
            raise PermanentSmtpError(f"recipient refused: {exc.recipients[0].code} "
                                     f"{exc.recipients[0].message}") from None
        raise


def describe_error(exc: BaseException) -> str:
    """A short, secret-free description for last_error and the config-test answer."""
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        return f"SMTP {exc.code}: {exc.message}"[:500]
    if isinstance(exc, TimeoutError):
        return "timed out talking to the SMTP server"
    if isinstance(exc, ConnectionRefusedError | aiosmtplib.SMTPConnectError):
        return f"could not connect to the SMTP server: {exc}"[:500]
    return f"{type(exc).__name__}: {exc}"[:500]
