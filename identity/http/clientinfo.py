"""The client's address and agent, believing X-Forwarded-For only from trusted proxies."""

from __future__ import annotations

import ipaddress

from aiohttp import web

from identity.state import STATE


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
            addr = ipaddress.ip_address(hop)
            if not any(addr in net for net in proxies):
                return hop
        return hops[0]
    except ValueError:
        return peer


def user_agent(request: web.Request) -> str | None:
    agent = request.headers.get("User-Agent")
    return agent[:512] if agent else None
