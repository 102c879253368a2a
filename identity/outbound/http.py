"""Outbound HTTP: the URL rules, sessions pinned to vetted addresses, and one-shot requests
with a bounded time and a bounded answer.

A session built here connects only to the addresses vetted for its request (a pinned
resolver; TLS still verifies the certificate against the URL's host name), never through a
proxy from the environment, keeps no cookies and follows no redirect (a 3xx is an answer).
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

from identity.outbound.addresses import Address, AddressRefused, check_host, vet_host
from identity.outbound.failures import describe

#: What a one-shot request reads of an answer at most, unless the caller says less.
MAX_BODY = 1024 * 1024


def check_url(url: str, allow_http: bool) -> tuple[str, int]:
    """The static rules for a URL the service will call: https (http only with allow_http),
    a host, no spaces or fragment, and no private address literal. Returns (host, port)."""
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
    check_host(host, allow_http)
    return host, port or (443 if scheme == "https" else 80)


async def vet(url: str, allow_http: bool) -> list[ResolveResult]:
    """The whole policy for one request: the addresses its connection may use, resolved once.
    Raises AddressRefused."""
    host, port = check_url(url, allow_http)
    answers = await vet_host(host, port, allow_http)
    return [_result(host, port, a) for a in answers]


async def check_url_at_creation(url: str, allow_http: bool) -> None:
    """What saving a URL enforces: the static rules, and for a name that resolves now, public
    answers only (a name that does not resolve yet is checked again at every request)."""
    try:
        await vet(url, allow_http)
    except AddressRefused as exc:
        if "does not resolve" not in str(exc):
            raise


def _result(host: str, port: int, address: Address) -> ResolveResult:
    return ResolveResult(
        hostname=host,
        host=address.ip,
        port=port,
        family=address.family,
        proto=socket.IPPROTO_TCP,
        flags=socket.AI_NUMERICHOST | socket.AI_NUMERICSERV,
    )


class PinnedResolver(AbstractResolver):
    """Answers with addresses vetted before the request, so the connector connects to exactly
    those. Given a host, it answers for that host name only."""

    def __init__(self, answers: list[ResolveResult], host: str | None = None) -> None:
        self.answers = answers
        self.host = host

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if self.host is not None and host != self.host:
            raise OSError(f"{host} is not the host these addresses were vetted for")
        return [{**a, "hostname": host, "port": port or a["port"]} for a in self.answers]

    async def close(self) -> None:
        return None


def open_session(
    pinned: list[ResolveResult],
    *,
    host: str | None = None,
    keepalive: float | None = None,
    trace_configs: list[aiohttp.TraceConfig] | None = None,
) -> aiohttp.ClientSession:
    """The one way an outbound HTTP session is built: pinned to `pinned` (for `host` only,
    when given), no proxy from the environment, no DNS cache, no cookies. With `keepalive`
    (seconds) idle connections are kept that long; without, each request has its own."""
    args: dict[str, Any] = {"use_dns_cache": False, "resolver": PinnedResolver(pinned, host)}
    if keepalive is None:
        args["force_close"] = True
    else:
        # No per-host limit: callers bound their requests in flight themselves.
        args["keepalive_timeout"] = keepalive
    # No cookie jar: a kept-alive session may carry many tenants' requests to one host, and a
    # cookie set in answer to one must not travel with the next.
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(**args),
        trust_env=False,
        trace_configs=trace_configs,
        cookie_jar=aiohttp.DummyCookieJar(),
    )


class OutboundError(Exception):
    """A request that did not get an answer; the text names the policy or the failure, never
    bytes of the far end."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    content_type: str


async def read_capped(resp: aiohttp.ClientResponse, limit: int) -> bytes:
    """The answer's body, refused (OutboundError) when longer than `limit` bytes."""
    body = await resp.content.read(limit + 1)
    if len(body) > limit:
        raise OutboundError(f"the answer is larger than {limit} bytes")
    return body


async def request(
    method: str,
    url: str,
    *,
    allow_http: bool,
    timeout: float,  # noqa: ASYNC109
    max_body: int = MAX_BODY,
    headers: dict[str, str] | None = None,
    data: Any = None,
    json: Any = None,
) -> Answer:
    """One request on a connection of its own, to a vetted address, within `timeout` seconds
    in all. allow_http: IDENTITY_WEBHOOK_ALLOW_HTTP for destinations a tenant configures; True
    only for destinations the operator configures. Raises AddressRefused or OutboundError."""
    pinned = await vet(url, allow_http)
    try:
        async with (
            open_session(pinned) as session,
            session.request(
                method,
                url,
                headers=headers,
                data=data,
                json=json,
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=timeout),
            ) as resp,
        ):
            return Answer(resp.status, await read_capped(resp, max_body), resp.content_type)
    except (TimeoutError, aiohttp.ClientError, OSError) as exc:
        raise OutboundError(describe(exc)) from None
