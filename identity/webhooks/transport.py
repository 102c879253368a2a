"""Sending one webhook request, and the address policy (SSRF) applied before it.

Policy (docs/webhooks.md, "Addresses"): unless IDENTITY_WEBHOOK_ALLOW_HTTP is on, a webhook URL
must be https and its host must be, or resolve only to, public unicast addresses — never
private, loopback, link-local, multicast, shared (100.64/10), reserved or unspecified ones,
IPv4-mapped IPv6 forms included. The URL is checked when a webhook is created or changed, and
again at every attempt: the host is resolved, the answers are vetted, and the connection is
made to the vetted addresses only (a pinned resolver), so a name that changes its answer
between the check and the connection (DNS rebinding) cannot reach a refused address.
Redirects are not followed: a 3xx answer is a failed attempt.

Workers send through kept-alive connections (identity/webhooks/keepalive.py), reused only for
the same scheme, host, port and vetted addresses; the synchronous test delivery of the API opens
one connection per request.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

if TYPE_CHECKING:
    from identity.webhooks.keepalive import HttpConnections

TIMEOUT_SECONDS = 30.0
MAX_ERROR_BODY = 300
#: The rest of an answer's body is read (up to this much) so that its connection can be
#: reused; a longer body closes the connection instead.
MAX_DRAINED_BODY = 64 * 1024
MAX_DRAIN_SECONDS = 1.0


class AddressRefused(Exception):
    """The URL is not allowed by the address policy."""


IP = ipaddress.IPv4Address | ipaddress.IPv6Address


def is_public(ip: IP) -> bool:
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped or ip.sixtofour
        if mapped is not None:
            return is_public(mapped)
        if ip.teredo is not None:
            return False
    if ip.is_multicast or ip.is_unspecified or ip.is_loopback or ip.is_link_local:
        return False
    if ip.is_private or ip.is_reserved:
        return False
    return ip.is_global


def _literal(host: str) -> IP | None:
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


def check_url(url: str, allow_http: bool) -> tuple[str, int]:
    """Static part of the policy: scheme, host, and an IP-literal host's address. Returns
    (host, port). Raises AddressRefused with a message meant for the API caller."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise AddressRefused(f"is not a valid URL ({exc})") from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise AddressRefused("must be an https:// URL")
    if scheme == "http" and not allow_http:
        raise AddressRefused("must use https:// (http:// needs IDENTITY_WEBHOOK_ALLOW_HTTP)")
    host = parts.hostname
    if not host:
        raise AddressRefused("has no host")
    if any(c.isspace() for c in url):
        raise AddressRefused("must not contain spaces")
    if parts.fragment:
        raise AddressRefused("must not have a #fragment")
    literal = _literal(host)
    if literal is not None and not allow_http and not is_public(literal):
        raise AddressRefused("points to a private, loopback or reserved address")
    if not allow_http and host.rstrip(".").lower() in ("localhost", "localhost.localdomain"):
        raise AddressRefused("points to a private, loopback or reserved address")
    return host, port or (443 if scheme == "https" else 80)


async def _resolve(host: str, port: int) -> list[ResolveResult]:
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    out: list[ResolveResult] = []
    seen: set[str] = set()
    for family, _, proto, _, address in infos:
        if family not in (socket.AF_INET, socket.AF_INET6) or address[0] in seen:
            continue
        seen.add(address[0])
        out.append(ResolveResult(hostname=host, host=address[0], port=port, family=family,
                                 proto=proto, flags=socket.AI_NUMERICHOST | socket.AI_NUMERICSERV))
    return out


async def vet(url: str, allow_http: bool) -> list[ResolveResult] | None:
    """The full policy, at send time (and at creation): returns the addresses to connect to
    (None for an IP literal, or when private addresses are allowed and resolution is left to
    the connector). Raises AddressRefused."""
    host, port = check_url(url, allow_http)
    if allow_http or _literal(host) is not None:
        return None
    try:
        answers = await _resolve(host, port)
    except OSError as exc:
        raise AddressRefused(f"host {host} does not resolve ({exc})") from None
    allowed = [a for a in answers if is_public(ipaddress.ip_address(a["host"].split("%", 1)[0]))]
    if not allowed or len(allowed) != len(answers):
        # A name with any private answer is refused outright: otherwise a receiver could mix
        # answers and hope the connector picks the private one.
        raise AddressRefused(f"host {host} resolves to a private, loopback or reserved address")
    return allowed


async def check_at_creation(url: str, allow_http: bool) -> None:
    """What create/patch enforce: the static checks, and for a name that resolves now, that
    it resolves to public addresses only. A name that does not resolve yet is accepted (the
    check runs again before every attempt)."""
    try:
        await vet(url, allow_http)
    except AddressRefused as exc:
        if "does not resolve" in str(exc):
            return
        raise


class PinnedResolver(AbstractResolver):
    """Answers with addresses vetted before the request: the connector connects to exactly
    those (TLS still verifies the certificate against the URL's host name). Given a host, it
    answers for that host name only (a kept-alive session serves one destination)."""

    def __init__(self, answers: list[ResolveResult], host: str | None = None) -> None:
        self.answers = answers
        self.host = host

    async def resolve(self, host: str, port: int = 0,
                      family: socket.AddressFamily = socket.AF_INET) -> list[ResolveResult]:
        if self.host is not None and host != self.host:
            raise OSError(f"{host} is not the host these addresses were vetted for")
        return [{**a, "hostname": host, "port": port or a["port"]} for a in self.answers]  # type: ignore[typeddict-item]

    async def close(self) -> None:
        return None


class _Attempt:
    """What aiohttp's request tracing tells about one request."""

    def __init__(self) -> None:
        self.reused = False  # it went out on a pooled (kept-alive) connection
        self.answered = False  # the receiver's status line arrived

    def went_stale(self, exc: BaseException) -> bool:
        """The pooled connection had been closed by the receiver (its keep-alive ran out, it
        restarted) before this request got an answer: the request most likely never reached
        it. aiohttp itself retries only idempotent methods, never a POST."""
        return (self.reused and not self.answered
                and isinstance(exc, (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError,
                                     aiohttp.ClientConnectionResetError)))


async def _on_reuse(session: aiohttp.ClientSession, ctx: Any, params: Any) -> None:
    if isinstance(ctx.trace_request_ctx, _Attempt):
        ctx.trace_request_ctx.reused = True


def open_session(pinned: list[ResolveResult] | None, *, host: str | None = None,
                 keepalive: float | None = None) -> aiohttp.ClientSession:
    """The one way a webhook session is built: connects only to the pinned addresses (when
    given, for `host` only when given), never through a proxy from the environment, no DNS
    cache, no cookies. With `keepalive` (seconds) its idle connections are kept that long for the next
    request; without, each request has its own connection."""
    args: dict[str, Any] = {"use_dns_cache": False}
    if keepalive is None:
        args["force_close"] = True
    else:
        # No per-host limit: in-flight requests are already bounded by the per-webhook cap
        # and the worker's concurrency, and a limit would make deliveries of different
        # webhooks to one receiver queue inside their worker slot and their time-out.
        args["keepalive_timeout"] = keepalive
    if pinned is not None:
        args["resolver"] = PinnedResolver(pinned, host)
    tracing = aiohttp.TraceConfig()
    tracing.on_connection_reuseconn.append(_on_reuse)
    # No cookie jar: a kept-alive session carries many tenants' deliveries to one host, and a
    # cookie set in answer to one must not travel with the next.
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(**args), trust_env=False,
                                 trace_configs=[tracing], cookie_jar=aiohttp.DummyCookieJar())


@dataclass
class Outcome:
    delivered: bool
    http_status: int | None
    duration_ms: int
    error: str | None


_RECEIVER_ERRORS = (TimeoutError, aiohttp.ClientError, OSError)


def _failure(exc: BaseException, timeout: float) -> tuple[bool, int | None, str]:
    if isinstance(exc, TimeoutError):
        return False, None, f"timed out after {timeout:g}s"
    return False, None, f"{type(exc).__name__}: {exc}"[:500]


async def _drain(resp: aiohttp.ClientResponse) -> None:
    """Read the rest of a short answer so that its connection can be reused. Best effort: a
    long, slow or broken body only costs the connection (the status decides the outcome)."""
    with contextlib.suppress(TimeoutError, aiohttp.ClientError, OSError):
        async with asyncio.timeout(MAX_DRAIN_SECONDS):
            drained = 0
            while drained < MAX_DRAINED_BODY and (chunk := await resp.content.read(16384)):
                drained += len(chunk)


async def _post(session: aiohttp.ClientSession, url: str, headers: dict[str, str], body: bytes,
                timeout: float, attempt: _Attempt,  # noqa: ASYNC109
                drain: bool = True) -> tuple[bool, int | None, str | None]:
    """One POST: (delivered, http status, reason). Raises aiohttp's errors. drain: read the rest
    of the answer so its connection can serve the next request (pointless on a closing one)."""
    async with session.post(url, data=body, headers=headers, allow_redirects=False,
                            timeout=aiohttp.ClientTimeout(total=timeout),
                            trace_request_ctx=attempt) as resp:
        attempt.answered = True
        snippet = await resp.content.read(MAX_ERROR_BODY)
        if drain:
            await _drain(resp)
        if 200 <= resp.status < 300:
            return True, resp.status, None
        text = snippet.decode("utf-8", "replace").strip()
        reason = f"HTTP {resp.status}" + (f": {text}" if text else "")
        if 300 <= resp.status < 400:
            reason = f"HTTP {resp.status} (redirects are not followed)"
        return False, resp.status, reason


async def send(url: str, headers: dict[str, str], body: bytes, *, allow_http: bool,
               timeout: float = TIMEOUT_SECONDS,  # noqa: ASYNC109
               http: HttpConnections | None = None) -> Outcome:
    """POST once. 2xx within the timeout is delivered; anything else is a failure with a
    reason. Never raises for receiver-side problems. With `http`, through its kept-alive
    connections; without, on a connection of its own."""
    started = time.perf_counter()

    def done(delivered: bool, status: int | None, error: str | None) -> Outcome:
        return Outcome(delivered, status, int((time.perf_counter() - started) * 1000), error)

    try:
        pinned = await vet(url, allow_http)
    except AddressRefused as exc:
        return done(False, None, f"address refused: url {exc}")
    attempt = _Attempt()
    try:
        if http is None:
            async with open_session(pinned) as session:
                return done(*await _post(session, url, headers, body, timeout, attempt, drain=False))
        async with http.session(url, pinned) as session:
            return done(*await _post(session, url, headers, body, timeout, attempt))
    except _RECEIVER_ERRORS as exc:
        if http is None or not attempt.went_stale(exc):
            return done(*_failure(exc, timeout))
    # Once more on a fresh connection, within what is left of the time-out. The destination's
    # other idle connections were likely closed by the same cause: they are dropped too.
    await http.discard(url, pinned)
    left = timeout - (time.perf_counter() - started)
    if left <= 0:
        return done(*_failure(TimeoutError(), timeout))
    try:
        async with http.session(url, pinned) as session:
            return done(*await _post(session, url, headers, body, left, _Attempt()))
    except _RECEIVER_ERRORS as exc:
        return done(*_failure(exc, timeout))
