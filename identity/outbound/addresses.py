"""The address policy of every outbound connection, and resolving a host once for it.

An address is allowed only when it is globally routable unicast: never private, loopback,
link-local, site-local (fec0::/10), shared (100.64/10), multicast, reserved, documentation or
unspecified. IPv6 forms that carry an IPv4 address (IPv4-mapped, 6to4, NAT64 64:ff9b::/96) are
judged by the IPv4 address they carry; IPv4-compatible (::a.b.c.d), local-use NAT64
(64:ff9b:1::/48) and Teredo addresses are refused outright. A host written as a number in any
spelling the C resolver accepts (127.1, 2130706433, 0, 0x7f.1, 017700000001) is read as the
address it is, so it cannot slip past as a "name".

With IDENTITY_WEBHOOK_ALLOW_HTTP (development, tests) every address is allowed; destinations
the operator configures (IDENTITY_SMTP_URL, IDENTITY_SMS_GATEWAY_URL) are trusted the same way.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from dataclasses import dataclass

IP = ipaddress.IPv4Address | ipaddress.IPv6Address

_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_NAT64_LOCAL = ipaddress.ip_network("64:ff9b:1::/48")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
_SITE_LOCAL = ipaddress.ip_network("fec0::/10")
_LOCAL_NAMES = ("localhost", "localhost.localdomain")
#: One part of a numeric IPv4 host as inet_aton reads it: hex, octal or decimal.
_V4_PART = re.compile(r"^(0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$", re.IGNORECASE)


class AddressRefused(Exception):
    """The destination is not allowed; the text is meant for the API caller."""


REFUSED_TEXT = "points to a private, loopback or reserved address"


def is_public(ip: IP) -> bool:
    """True only for a globally routable unicast address (see the module's docstring)."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip in _NAT64_LOCAL or ip.teredo is not None or ip in _SITE_LOCAL:
            return False
        if ip.ipv4_mapped is not None:
            return is_public(ip.ipv4_mapped)
        if ip.sixtofour is not None:
            return is_public(ip.sixtofour)
        if ip in _NAT64:
            return is_public(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        if ip in _IPV4_COMPATIBLE:  # ::, ::1 and the deprecated ::a.b.c.d
            return False
    if ip.is_multicast or ip.is_unspecified or ip.is_loopback or ip.is_link_local:
        return False
    if ip.is_private or ip.is_reserved:
        return False
    return ip.is_global


def _loose_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """A numeric host in the forms inet_aton accepts: one to four parts, each decimal, octal
    (leading 0) or hex (0x); the last part fills the remaining bytes."""
    parts = host.split(".")
    if len(parts) > 4 or not all(_V4_PART.match(p) for p in parts):
        return None
    values = []
    for part in parts:
        if part[:2].lower() == "0x":
            values.append(int(part[2:] or "0", 16))
        elif part.startswith("0"):
            values.append(int(part, 8))
        else:
            values.append(int(part))
    *head, last = values
    if any(v > 255 for v in head) or last >= 256 ** (4 - len(head)):
        return None
    number = last
    for i, value in enumerate(head):
        number |= value << (8 * (3 - i))
    return ipaddress.IPv4Address(number)


def literal(host: str) -> IP | None:
    """The address a host names without resolution ([v6], zone ids and odd IPv4 spellings
    included), or None for a name."""
    text = host.strip("[]").split("%", 1)[0]
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        pass
    return _loose_ipv4(text[:-1] if text.endswith(".") else text)


def check_host(host: str, allow_private: bool) -> None:
    """What can be refused without resolving: an address literal that is not public, and the
    names that always mean this machine. Raises AddressRefused."""
    if allow_private:
        return
    ip = literal(host)
    if ip is not None and not is_public(ip):
        raise AddressRefused(REFUSED_TEXT)
    name = host.rstrip(".").lower()
    if name in _LOCAL_NAMES or name.endswith(".localhost"):
        raise AddressRefused(REFUSED_TEXT)


@dataclass(frozen=True)
class Address:
    """One vetted address to connect to."""

    ip: str
    family: socket.AddressFamily


async def resolve(host: str, port: int) -> list[Address]:
    """The host's addresses, once (a literal is not looked up). Raises OSError."""
    ip = literal(host)
    if ip is not None:
        return [Address(str(ip), socket.AF_INET6 if ip.version == 6 else socket.AF_INET)]
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    out: list[Address] = []
    for family, _, _, _, sockaddr in infos:
        if family in (socket.AF_INET, socket.AF_INET6):
            found = Address(str(sockaddr[0]).split("%", 1)[0], family)
            if found not in out:
                out.append(found)
    return out


async def vet_host(host: str, port: int, allow_private: bool) -> list[Address]:
    """The full policy: the addresses to connect to, resolved once; the caller connects to
    exactly these. A name with any refused answer is refused outright (a resolver could mix
    answers and hope the connection picks the private one). Raises AddressRefused."""
    check_host(host, allow_private)
    try:
        answers = await resolve(host, port)
    except OSError:
        raise AddressRefused(f"host {host} does not resolve") from None
    if not answers:
        raise AddressRefused(f"host {host} does not resolve")
    if not allow_private and not all(is_public(ipaddress.ip_address(a.ip)) for a in answers):
        raise AddressRefused(f"host {host} resolves to a private, loopback or reserved address")
    return answers


async def check_host_at_creation(host: str, allow_private: bool) -> None:
    """What saving a destination enforces: the static checks, and for a name that resolves
    now, public answers only. A name that does not resolve yet is accepted: the full check
    runs again before every connection."""
    try:
        await vet_host(host, 0, allow_private)
    except AddressRefused as exc:
        if "does not resolve" not in str(exc):
            raise
