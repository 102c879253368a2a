"""Why an outbound connection failed, in words of the policy or the failure: never the far
end's bytes (a banner, an answer's text), which would turn a misconfigured destination into a
way of reading what answers there."""

from __future__ import annotations

import ssl

import aiohttp

from identity.outbound.addresses import AddressRefused


def _cause(exc: BaseException) -> BaseException:
    """aiohttp wraps the operating system's error; look at what it wraps."""
    return getattr(exc, "os_error", None) or exc.__cause__ or exc


def describe(exc: BaseException) -> str:
    if isinstance(exc, AddressRefused):
        return f"address refused: {exc}"
    cause = _cause(exc)
    if isinstance(exc, TimeoutError) or isinstance(cause, TimeoutError):
        return "timed out"
    if isinstance(exc, aiohttp.ClientConnectorCertificateError) or isinstance(cause, ssl.SSLCertVerificationError):
        return "TLS handshake failed: the server's certificate is not trusted for its name"
    if isinstance(exc, ssl.SSLError | aiohttp.ClientSSLError) or isinstance(cause, ssl.SSLError):
        return "TLS handshake failed"
    if isinstance(cause, ConnectionRefusedError):
        return "connection refused"
    if isinstance(exc, aiohttp.ServerDisconnectedError | ConnectionResetError) or isinstance(
        cause, ConnectionResetError
    ):
        return "connection closed by the server"
    if isinstance(exc, aiohttp.ClientResponseError | aiohttp.ClientPayloadError):
        return "the server did not answer in HTTP"
    if isinstance(exc, OSError):
        return "could not connect"
    return "connection failed"
