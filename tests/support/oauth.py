"""Helpers for the OAuth tests: a browser-like walk through the hosted pages (forms, hidden
fields, cookies, redirects) with httpx, and authlib clients against the test server."""

from __future__ import annotations

import dataclasses
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx2 as httpx
import pytest

from tests.support.api import Api, free_port

#: The redirect URI of the test clients: never fetched, the walk stops at the redirect.
REDIRECT = "http://127.0.0.1:9/callback"


class Form(HTMLParser):
    """The forms of a page: action, method and fields (inputs and submit buttons)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(
                {"action": a.get("action", ""), "method": a.get("method", "get").upper(), "fields": {}, "buttons": []}
            )
        elif tag == "input" and self.forms and a.get("name"):
            self.forms[-1]["fields"][a["name"]] = a.get("value", "")
        elif tag == "button" and self.forms and a.get("name"):
            self.forms[-1]["buttons"].append((a["name"], a.get("value", "")))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_page(html: str) -> Form:
    parser = Form()
    parser.feed(html)
    return parser


class Browser:
    """Follows the hosted pages like a browser: keeps cookies, fills forms, follows redirects
    on our server and stops at the first redirect to anywhere else (the client's redirect URI)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.AsyncClient(base_url=base, follow_redirects=False, timeout=10)
        self.page: httpx.Response | None = None

    async def close(self) -> None:
        await self.http.aclose()

    async def _follow(self, resp: httpx.Response) -> httpx.Response | str:
        """Our pages until a response that is not a redirect to us; returns the page, or the
        Location of a redirect that leaves the server."""
        while resp.status_code in (301, 302, 303):
            location = urljoin(str(resp.url), resp.headers["location"])
            if not location.startswith(self.base):
                return location
            resp = await self.http.get(location)
        self.page = resp
        return resp

    async def open(self, url: str) -> httpx.Response | str:
        return await self._follow(await self.http.get(url))

    async def submit(
        self, fields: dict[str, str] | None = None, button: tuple[str, str] | None = None, index: int = 0
    ) -> httpx.Response | str:
        assert self.page is not None
        form = parse_page(self.page.text).forms[index]
        data = dict(form["fields"])
        data.update(fields or {})
        if button is not None:
            data[button[0]] = button[1]
        url = urljoin(str(self.page.url), form["action"])
        return await self._follow(await self.http.post(url, data=data))


def query_of(location: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


# ---- serving the app at its public URL ----
# OAuth needs the issuer (IDENTITY_PUBLIC_URL) to be the address the test server listens on,
# as in production. A test module imports these three fixtures to get that:
#     from tests.support.oauth import api, port, settings  # noqa: F401


@pytest.fixture
def port() -> int:
    return free_port()


@pytest.fixture
def settings(settings, port):
    return dataclasses.replace(settings, public_url=f"http://127.0.0.1:{port}")


@pytest.fixture
async def api(aiohttp_client: Any, app: Any, port: int):
    return Api(await aiohttp_client(app, server_kwargs={"port": port}))


# ---- the OAuth tests' tenant, its discovery document, clients and a browser ----


@pytest.fixture
async def tenant(make_tenant):
    return await make_tenant(auth_config={"email_verification_required": False})


@pytest.fixture
async def base(api: Api, port: int) -> str:
    return f"http://127.0.0.1:{port}"


@pytest.fixture
async def meta(tenant, base) -> dict[str, Any]:
    async with httpx.AsyncClient() as http:
        resp = await http.get(f"{base}/oauth/{tenant.id}/.well-known/openid-configuration")
    assert resp.status_code == 200
    return resp.json()


@pytest.fixture
async def browser(base):
    b = Browser(base)
    yield b
    await b.close()


async def make_client(tenant, **body: Any) -> dict[str, Any]:
    body.setdefault("name", "Test app")
    body.setdefault("type", "spa")
    body.setdefault("redirect_uris", [REDIRECT] if body["type"] != "machine" else [])
    status, created, _ = await tenant.secret("POST", "/v1/clients", json=body)
    assert status == 201, created
    return created
