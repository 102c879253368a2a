"""What a session records about the client: address, agent, device type and country."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Any

from identity.http.clientinfo import client_ip, user_agent
from identity.state import STATE

#: Country headers set by common edge proxies; believed only from IDENTITY_TRUSTED_PROXIES.
COUNTRY_HEADERS = ("CF-IPCountry", "CloudFront-Viewer-Country", "X-Vercel-IP-Country", "X-Country-Code")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_BOT = re.compile(r"bot|crawl|spider|slurp|headless|preview", re.I)
_TABLET = re.compile(r"ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))", re.I)
_MOBILE = re.compile(r"mobile|iphone|ipod|android|blackberry|opera mini|iemobile|windows phone", re.I)
_DESKTOP = re.compile(r"windows nt|macintosh|mac os x|x11|linux|cros", re.I)


@dataclass(frozen=True)
class ClientInfo:
    ip_address: str | None = None
    user_agent: str | None = None
    country: str | None = None
    device_type: str | None = None


def device_type(agent: str | None) -> str | None:
    """mobile, tablet, desktop, bot or other (None without a User-Agent)."""
    if not agent:
        return None
    if _BOT.search(agent):
        return "bot"
    if _TABLET.search(agent):
        return "tablet"
    if _MOBILE.search(agent):
        return "mobile"
    if _DESKTOP.search(agent):
        return "desktop"
    return "other"


#: (name, pattern) in the order they must be tried: Edge and Opera also say Chrome, Chrome also
#: says Safari. A label for people reading their own session list, not a fingerprint.
_BROWSERS = (
    ("Edge", re.compile(r"Edg(e|A|iOS)?/", re.I)),
    ("Opera", re.compile(r"OPR/|Opera", re.I)),
    ("Samsung Internet", re.compile(r"SamsungBrowser/", re.I)),
    ("Firefox", re.compile(r"Firefox/|FxiOS/", re.I)),
    ("Chrome", re.compile(r"Chrome/|CriOS/|Chromium/", re.I)),
    ("Safari", re.compile(r"Safari/", re.I)),
)
_SYSTEMS = (
    ("iOS", re.compile(r"iPhone|iPad|iPod", re.I)),
    ("Android", re.compile(r"Android", re.I)),
    ("Windows", re.compile(r"Windows", re.I)),
    ("macOS", re.compile(r"Macintosh|Mac OS X", re.I)),
    ("ChromeOS", re.compile(r"CrOS", re.I)),
    ("Linux", re.compile(r"Linux|X11", re.I)),
)


def browser_and_os(agent: str | None) -> tuple[str | None, str | None]:
    """The browser's and the operating system's common names read from a User-Agent, each None
    when not recognised."""
    if not agent:
        return None, None
    browser = next((name for name, pattern in _BROWSERS if pattern.search(agent)), None)
    system = next((name for name, pattern in _SYSTEMS if pattern.search(agent)), None)
    return browser, system


def _from_trusted_proxy(request: Any) -> bool:
    proxies = request.app[STATE].settings.trusted_proxies
    if not proxies or not request.remote:
        return False
    try:
        peer = ipaddress.ip_address(request.remote)
    except ValueError:
        return False
    return any(peer in net for net in proxies)


def country(request: Any) -> str | None:
    if not _from_trusted_proxy(request):
        return None
    for header in COUNTRY_HEADERS:
        value: str = request.headers.get(header, "").strip().upper()
        if _COUNTRY.match(value) and value not in ("XX", "T1"):  # XX/T1: unknown, Tor
            return value
    return None


def client_info(request: Any) -> ClientInfo:
    agent = user_agent(request)
    return ClientInfo(
        ip_address=client_ip(request),
        user_agent=agent,
        country=country(request),
        device_type=device_type(agent),
    )
