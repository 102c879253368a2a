"""The client's address and agent, believing X-Forwarded-For only from trusted proxies."""

from __future__ import annotations

import ipaddress

from aiohttp import web

from identity.state import STATE

_Networks = tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]


#: id(proxies) -> (proxies, address -> trusted). Kept: every request asks it of the same few
#: proxy and client addresses, and parsing one was a few per cent of a cheap request's CPU.
#: Keyed by the tuple's identity (the settings hold it): hashing a tuple of networks, as an
#: lru_cache key does, runs ipaddress's Python __hash__ for each network on every call.
_KNOWN: dict[int, tuple[_Networks, dict[str, bool]]] = {}
_MAX_ADDRESSES = 4096


def _trusted(hop: str, proxies: _Networks) -> bool:
    """Whether the address is one of the trusted proxies (ValueError if it is no address)."""
    entry = _KNOWN.get(id(proxies))
    if entry is None or entry[0] is not proxies:
        if len(_KNOWN) >= 16:  # settings are made once per process (more in tests)
            _KNOWN.clear()
        entry = _KNOWN[id(proxies)] = (proxies, {})
    known = entry[1]
    trusted = known.get(hop)
    if trusted is None:
        addr = ipaddress.ip_address(hop)
        trusted = any(addr in net for net in proxies)
        if len(known) >= _MAX_ADDRESSES:
            known.clear()
        known[hop] = trusted
    return trusted


def client_ip(request: web.Request) -> str | None:
    peer = request.remote
    proxies = request.app[STATE].settings.trusted_proxies
    if not peer or not proxies:
        return peer
    try:
        hops = [peer]
        forwarded = request.headers.get("X-Forwarded-For", "")
        hops = [h.strip() for h in forwarded.split(",") if h.strip()] + [peer]
        # Walk from the nearest hop back; the first address not a trusted proxy is the client.
        for hop in reversed(hops):
            if not _trusted(hop, proxies):
                return hop
        return hops[0]
    except ValueError:
        return peer


def address_bucket(address: str, ipv6_prefix: int) -> str:
    """What a client address is counted as: an IPv4 address itself (also when written as
    IPv4-mapped IPv6, ::ffff:a.b.c.d), an IPv6 address by its network of `ipv6_prefix` bits,
    because one subscriber gets a whole /64 (or more) and could take a fresh address for each
    request."""
    try:
        addr = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(addr, ipaddress.IPv4Address):
        return str(addr)
    if addr.ipv4_mapped is not None:
        return str(addr.ipv4_mapped)
    shift = 128 - ipv6_prefix
    return str(ipaddress.IPv6Network(((int(addr) >> shift) << shift, ipv6_prefix)))


def client_key(request: web.Request) -> str:
    """The one subject every per-address rate limit counts the client by: "ip:" and the
    address's bucket (address_bucket)."""
    address = client_ip(request)
    if not address:
        return "ip:-"
    return "ip:" + address_bucket(address, request.app[STATE].settings.rate_limit_ipv6_prefix)


def user_agent(request: web.Request) -> str | None:
    agent = request.headers.get("User-Agent")
    return agent[:512] if agent else None
