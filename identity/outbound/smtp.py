"""Outbound SMTP: one conversation with a vetted address, within a bounded time.

The host is resolved once and vetted (identity/outbound/addresses.py); the socket is connected
to a vetted address by this module and handed to aiosmtplib, which keeps the host name for
TLS (implicit or STARTTLS): the certificate is still verified against the name the tenant
gave. aiosmtplib bounds each reply line (8 KiB) and reply (32 KiB).
"""

from __future__ import annotations

import asyncio
import socket
from email.message import EmailMessage

import aiosmtplib

from identity.outbound.addresses import AddressRefused, vet_host
from identity.outbound.failures import describe


class PermanentSmtpError(Exception):
    """The server refused the message for good (5xx on every recipient)."""


async def _connect(host: str, port: int, allow_private: bool) -> socket.socket:
    """A TCP connection to the first vetted address that accepts one."""
    loop = asyncio.get_running_loop()
    failure: OSError | None = None
    for address in await vet_host(host, port, allow_private):
        sock = socket.socket(address.family, socket.SOCK_STREAM)
        sock.setblocking(False)
        try:
            await loop.sock_connect(sock, (address.ip, port))
        except OSError as exc:
            sock.close()
            failure = exc
            continue
        except BaseException:
            sock.close()
            raise
        return sock
    assert failure is not None  # vet_host never answers with no address
    raise failure


async def send(
    message: EmailMessage,
    *,
    host: str,
    port: int,
    username: str | None,
    password: str | None,
    use_tls: bool,
    start_tls: bool,
    allow_private: bool,
    time_limit: float,
) -> None:
    """Connect, optionally upgrade and log in, send, quit; all within `time_limit` seconds.
    allow_private: IDENTITY_WEBHOOK_ALLOW_HTTP for a tenant's server, True for the operator's
    relay. Raises PermanentSmtpError when retrying cannot help; AddressRefused, aiosmtplib's
    errors, OSError or TimeoutError when it may."""
    async with asyncio.timeout(time_limit):
        local_name = await _local_hostname()
        sock = await _connect(host, port, allow_private)
        try:
            client = aiosmtplib.SMTP(
                hostname=host,
                sock=sock,
                username=username or None,
                password=password if username else None,
                use_tls=use_tls,
                start_tls=start_tls,
                timeout=time_limit,
                local_hostname=local_name,
            )
        except BaseException:
            sock.close()
            raise
        # From connect() on, the socket belongs to the client's transport, which closes it
        # (after a TLS shutdown, when there was TLS): it is not closed under it here.
        try:
            await client.connect()
            try:
                await client.send_message(message)
            except aiosmtplib.SMTPRecipientsRefused as exc:
                codes = [e.code for e in exc.recipients]
                if codes and all(500 <= c < 600 for c in codes):
                    raise PermanentSmtpError(describe_error(exc)) from None
                raise
            await client.quit()
        finally:
            client.close()


_fqdn: list[str] = []


async def _local_hostname() -> str:
    """This machine's name for EHLO (what aiosmtplib would look up per connection), looked up
    once, before the socket is handed over: nothing awaits between handing and connecting."""
    if not _fqdn:
        _fqdn.append(await asyncio.get_running_loop().run_in_executor(None, socket.getfqdn))
    return _fqdn[0]


def _code(exc: aiosmtplib.SMTPResponseException) -> str:
    return f" (SMTP {exc.code})" if 200 <= exc.code <= 599 else ""


def describe_error(exc: BaseException) -> str:
    """A short account of a failed conversation: the stage that failed and the reply code, never
    the server's text (a banner or reply could be anything the far end wants echoed)."""
    if isinstance(exc, AddressRefused):
        return describe(exc)
    if isinstance(exc, PermanentSmtpError):
        return str(exc)
    if isinstance(exc, aiosmtplib.SMTPResponseException) and not 200 <= exc.code <= 599:
        return "the server did not speak SMTP"
    if isinstance(exc, aiosmtplib.SMTPAuthenticationError):
        return "authentication failed" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPConnectResponseError):
        return "the server refused the connection" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPHeloError):
        return "the server refused the greeting (EHLO/HELO)" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPSenderRefused):
        return "the server refused the sender" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPRecipientRefused):
        return "the server refused the recipient" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPRecipientsRefused):
        codes = [e.code for e in exc.recipients]
        return "the server refused the recipient" + (f" (SMTP {codes[0]})" if codes else "")
    if isinstance(exc, aiosmtplib.SMTPDataError):
        return "the server refused the message" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        return "the server refused a command" + _code(exc)
    if isinstance(exc, aiosmtplib.SMTPTimeoutError | TimeoutError):
        return "timed out talking to the SMTP server"
    if isinstance(exc, aiosmtplib.SMTPNotSupported) or (
        isinstance(exc, aiosmtplib.SMTPException) and "STARTTLS" in str(exc)
    ):
        return "the server does not offer STARTTLS"
    if isinstance(exc, aiosmtplib.SMTPServerDisconnected):
        return "the server closed the connection (did it speak SMTP?)"
    if isinstance(exc, aiosmtplib.SMTPConnectError):
        # aiosmtplib's text names the address; what it wraps says what happened.
        return describe_error(exc.__cause__) if exc.__cause__ is not None else "could not connect"
    if isinstance(exc, aiosmtplib.SMTPException):
        return "the server did not speak SMTP"
    return describe(exc)
