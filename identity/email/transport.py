"""SMTP targets, parsing of IDENTITY_SMTP_URL (docs/configuration.md), and sending through the
outbound path (identity/outbound/smtp.py: the host resolved once and vetted, the socket connected
to the vetted address, the certificate verified against the host name)."""

from __future__ import annotations

from dataclasses import dataclass, field
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from identity import tracing
from identity.outbound import smtp as outbound_smtp
from identity.outbound.smtp import PermanentSmtpError

__all__ = ["PermanentSmtpError", "SmtpTarget", "describe_error", "parse_smtp_url", "send"]

SEND_TIMEOUT = 30.0


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    username: str | None = None
    # repr=False: a target may be logged or shown in a traceback without its password.
    password: str | None = field(default=None, repr=False)
    start_tls: bool = False  # upgrade with STARTTLS after connecting (fails if unsupported)
    use_tls: bool = False  # implicit TLS from the first byte (port 465)
    #: Private addresses allowed: the operator's relay (IDENTITY_SMTP_URL), or any server while
    #: IDENTITY_WEBHOOK_ALLOW_HTTP is on. A tenant's server must be public otherwise.
    allow_private: bool = False

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
        allow_private=True,  # the operator's own relay
    )


async def send(target: SmtpTarget, message: EmailMessage, time_limit: float = SEND_TIMEOUT) -> None:
    """One SMTP conversation. Raises PermanentSmtpError when retrying cannot help, other
    exceptions (connection refused, timeouts, 4xx) when it may."""
    with tracing.span(
        "smtp send", kind="client", attributes={"server.address": target.host, "server.port": target.port}
    ):
        await outbound_smtp.send(
            message,
            host=target.host,
            port=target.port,
            username=target.username,
            password=target.password,
            use_tls=target.use_tls,
            start_tls=target.start_tls,
            allow_private=target.allow_private,
            time_limit=time_limit,
        )


def describe_error(exc: BaseException) -> str:
    """A short, secret-free description for last_error and the config-test answer: the stage
    that failed and the reply code, never the server's own text."""
    return outbound_smtp.describe_error(exc)
