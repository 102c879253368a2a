"""The one outbound path (identity/outbound): every destination a tenant can aim — captcha
verify_url, SMTP host, social provider endpoints, webhook URLs — refuses inside addresses in
every spelling, at save time and again when connecting; failures never echo the far end's
bytes; and no other module opens connections of its own."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import dataclasses
import ipaddress
import uuid
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from identity.connections import providers
from identity.outbound import http as outbound
from identity.outbound.addresses import AddressRefused, is_public, literal, vet_host
from identity.state import state
from tests.support.api import MASTER_KEY, STRONG_PASSWORD, assert_error, create_tenant

#: Hosts that are, or resolve to, inside addresses: odd IPv4 spellings of 127.0.0.1 and 0.0.0.0,
#: IPv6 forms carrying a private IPv4 address, site-local, local-use NAT64, Teredo, localhost.
REFUSED_HOSTS = [
    "127.1",
    "2130706433",
    "0",
    "0x7f000001",
    "0x7f.1",
    "017700000001",
    "127.0.0.1.",
    "[::ffff:127.0.0.1]",
    "[::127.0.0.1]",
    "[fec0::1]",
    "[64:ff9b::7f00:1]",
    "[64:ff9b::a00:5]",
    "[64:ff9b:1::808:808]",
    "[2002:7f00:1::]",
    "[2002:a00:1::1]",
    "[2001::1]",
    "localhost",
]


def _strict(app: Any) -> None:
    """IDENTITY_WEBHOOK_ALLOW_HTTP off (the production default) for this app from now on."""
    st = state(app)
    st.settings = dataclasses.replace(st.settings, webhook_allow_http=False)


# -- the policy ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["127.1", "2130706433", "0x7f000001", "0x7f.1", "017700000001", "0177.0.0.1", "127.0.1"]
)
def test_odd_ipv4_spellings_are_read_as_the_address_they_are(host: str) -> None:
    assert literal(host) == ipaddress.ip_address("127.0.0.1")
    assert literal("0") == ipaddress.ip_address("0.0.0.0")
    assert literal("1.65536") == ipaddress.ip_address("1.1.0.0")
    assert literal("0x") == ipaddress.ip_address("0.0.0.0")  # inet_aton reads it so too
    for name in ("mail.example.com", "1.2.3.4.5", "256.1", "1.256.1.1", "08.1", "1e2"):
        assert literal(name) is None, name


def test_embedded_forms_are_judged_by_what_they_carry() -> None:
    public = ["8.8.8.8", "2606:4700:4700::1111", "64:ff9b::808:808", "2002:808:808::1", "::ffff:8.8.8.8"]
    refused = [
        "fec0::1",
        "feff::1",
        "64:ff9b::7f00:1",
        "64:ff9b::a00:1",
        "64:ff9b:1::808:808",
        "2002:7f00:1::",
        "2002:c0a8:101::1",
        "::127.0.0.1",
        "::8.8.8.8",
        "2001::1",
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",
        "::ffff:169.254.169.254",
        "100::1",
        "2001:db8::1",
    ]
    assert [a for a in public if not is_public(ipaddress.ip_address(a))] == []
    assert [a for a in refused if is_public(ipaddress.ip_address(a))] == []


@pytest.mark.parametrize("host", REFUSED_HOSTS)
async def test_vetting_refuses_every_inside_form(host: str) -> None:
    with pytest.raises(AddressRefused):
        await vet_host(host.strip("[]"), 443, allow_private=False)
    with pytest.raises(AddressRefused):
        await outbound.vet(f"https://{host}/x", allow_http=False)


async def test_a_name_is_resolved_once_and_the_connection_pinned_to_that_answer(monkeypatch) -> None:
    """A name that answers a public address at the check and a private one afterwards (DNS
    rebinding) is asked once: the connection goes to the checked address."""
    import socket

    asked: list[str] = []
    real = socket.getaddrinfo

    def resolve(host, *args, **kwargs):
        if host == "rebind.test":
            asked.append(host)
            ip = "192.0.2.10" if len(asked) > 1 else "93.184.215.14"  # then a refused one
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, 443))]
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    pinned = await outbound.vet("https://rebind.test/x", allow_http=False)
    assert [a["host"] for a in pinned] == ["93.184.215.14"] and asked == ["rebind.test"]
    resolver = outbound.PinnedResolver(pinned, "rebind.test")
    assert [a["host"] for a in await resolver.resolve("rebind.test", 443)] == ["93.184.215.14"]
    assert asked == ["rebind.test"]


# -- webhooks ------------------------------------------------------------------------------------


@pytest.mark.parametrize("host", REFUSED_HOSTS)
async def test_webhook_urls_refuse_every_inside_form(app, tenant, host: str) -> None:
    _strict(app)
    status, body, _ = await tenant.secret("POST", "/v1/webhooks", json={"url": f"https://{host}/hook", "events": ["*"]})
    assert status == 422, (host, body)
    assert body["error"]["details"][0]["field"] == "url"


# -- captcha -------------------------------------------------------------------------------------


@pytest.fixture
async def verifier(aiohttp_server):
    """A real siteverify endpoint that records what reaches it."""
    seen: list[dict] = []

    async def siteverify(request: web.Request) -> web.Response:
        seen.append(dict(await request.post()))
        return web.json_response({"success": True})

    async def redirect(request: web.Request) -> web.Response:
        raise web.HTTPFound("/siteverify")

    async def huge(request: web.Request) -> web.Response:
        return web.json_response({"success": True, "pad": "x" * 200_000})

    async def nested(request: web.Request) -> web.Response:
        # 20,000 deep in 40 kB (within the answer's bound): past any JSON decoder's recursion.
        return web.Response(body=b"[" * 20_000 + b"]" * 20_000, content_type="application/json")

    server_app = web.Application()
    server_app.router.add_post("/siteverify", siteverify)
    server_app.router.add_post("/redirect", redirect)
    server_app.router.add_post("/huge", huge)
    server_app.router.add_post("/nested", nested)
    server = await aiohttp_server(server_app)
    server.seen = seen
    return server


def _bot_protection(url: str) -> dict[str, Any]:
    return {
        "email_verification_required": False,
        "bot_protection": {"enabled": True, "verify_url": url, "secret": "s3cret"},
    }


@pytest.mark.parametrize(
    "host", ["127.1", "2130706433", "0", "[::ffff:127.0.0.1]", "[fec0::1]", "[64:ff9b::7f00:1]", "localhost"]
)
async def test_captcha_verify_url_refused_at_save(app, api, host: str) -> None:
    _strict(app)
    status, body, _ = await api.call(
        "POST",
        "/v1/tenants",
        token=MASTER_KEY,
        json={"name": f"T {uuid.uuid4().hex[:6]}", "auth_config": _bot_protection(f"https://{host}/siteverify")},
    )
    assert status == 422, body
    assert body["error"]["details"][0]["field"] == "auth_config.bot_protection.verify_url"


async def test_captcha_verifier_inside_is_never_called(app, api, verifier) -> None:
    """Saved while private addresses were allowed; with the policy on, sign-in fails closed and
    the verifier receives nothing (the secret and the token never leave)."""
    t = await create_tenant(api, auth_config=_bot_protection(str(verifier.make_url("/siteverify"))))
    user = {"email": f"c-{uuid.uuid4().hex[:6]}@example.com", "password": STRONG_PASSWORD, "captcha_token": "good"}
    status, _, _ = await t.public("POST", "/v1/auth/sign-up", json=user)
    assert status == 201 and len(verifier.seen) == 1
    _strict(app)
    status, body, _ = await t.public("POST", "/v1/auth/sign-in", json=user)
    assert_error(body, "captcha_unavailable", 503)
    assert "address policy" in body["error"]["message"]
    assert len(verifier.seen) == 1


@pytest.mark.parametrize("path", ["/redirect", "/huge", "/nested"])
async def test_captcha_redirects_are_not_followed_and_answers_are_bounded(api, verifier, path) -> None:
    t = await create_tenant(api, auth_config=_bot_protection(str(verifier.make_url(path))))
    status, body, _ = await t.public(
        "POST",
        "/v1/auth/sign-in",
        json={"email": "a@example.com", "password": STRONG_PASSWORD, "captcha_token": "good"},
    )
    assert_error(body, "captcha_unavailable", 503)
    assert verifier.seen == []  # the redirect's target was not asked


# -- social providers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host", ["127.1", "2130706433", "[::ffff:127.0.0.1]", "[fec0::1]", "[2002:7f00:1::]", "localhost"]
)
async def test_provider_endpoints_refused_at_save(app, tenant, host: str) -> None:
    _strict(app)
    status, body, _ = await tenant.secret(
        "POST",
        "/v1/connections",
        json={
            "provider": "oidc",
            "client_id": "c",
            "client_secret": "s" * 20,
            "endpoints": {"discovery_url": f"https://{host}/.well-known/openid-configuration"},
        },
    )
    assert status == 422, body
    assert body["error"]["details"][0]["field"] == "endpoints.discovery_url"


async def test_provider_fetch_to_an_inside_address_sends_nothing(aiohttp_server) -> None:
    hits: list[str] = []

    async def discovery(request: web.Request) -> web.Response:
        hits.append(request.path)
        return web.json_response({})

    server_app = web.Application()
    server_app.router.add_get("/.well-known/openid-configuration", discovery)
    server = await aiohttp_server(server_app)
    url = str(server.make_url("/.well-known/openid-configuration"))
    with pytest.raises(providers.FlowError) as refused:
        await providers.fetch("GET", url, allow_http=False, what="discovery")
    assert refused.value.code == "provider_unavailable" and hits == []
    status, _, _ = await providers.fetch("GET", url, allow_http=True, what="discovery")
    assert status == 200 and len(hits) == 1


# -- SMTP ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "127.1",
        "2130706433",
        "0",
        "0x7f000001",
        "017700000001",
        "[::ffff:127.0.0.1]",
        "[::127.0.0.1]",
        "[fec0::1]",
        "[64:ff9b::7f00:1]",
        "[2002:7f00:1::]",
        "localhost",
    ],
)
async def test_smtp_host_refused_at_save(app, tenant, host: str) -> None:
    _strict(app)
    status, body, _ = await tenant.secret(
        "PUT", "/v1/email/config", json={"provider": "smtp", "smtp": {"host": host, "port": 25}}
    )
    assert status == 422, (host, body)
    assert body["error"]["details"][0]["field"] == "smtp.host"


async def _use_smtp(tenant: Any, host: str, port: int) -> None:
    status, body, _ = await tenant.secret(
        "PUT",
        "/v1/email/config",
        json={
            "provider": "smtp",
            "from_email": "noreply@example.com",
            "smtp": {"host": host, "port": port, "tls": False},
        },
    )
    assert status == 200, body


@pytest.mark.parametrize("host", ["127.0.0.1", "127.1", "2130706433", "localhost"])
async def test_smtp_host_refused_at_send(app, tenant, smtp_sink, host: str) -> None:
    """Saved while private addresses were allowed (or a name that turned private since): the
    send vets again and connects nowhere."""
    await _use_smtp(tenant, host, smtp_sink.port)
    _strict(app)
    status, body, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "ops@example.com"})
    assert status == 200 and body["sent"] is False, body
    assert body["error"].startswith("address refused"), body
    assert smtp_sink.messages == []


async def test_smtp_name_resolving_inside_refused_at_save_and_send(app, tenant, smtp_sink, monkeypatch) -> None:
    """A name (not a literal) whose DNS answer is loopback: refused when saved, and refused at
    send time when it turned inside after it was saved."""
    import socket

    real = socket.getaddrinfo

    def resolve(host, *args, **kwargs):
        if host == "mail.inside.test":
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", smtp_sink.port))]
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", resolve)
    await _use_smtp(tenant, "mail.inside.test", smtp_sink.port)  # private addresses allowed
    _strict(app)
    status, body, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "ops@example.com"})
    assert status == 200 and body["sent"] is False, body
    assert body["error"] == (
        "address refused: host mail.inside.test resolves to a private, loopback or reserved address"
    ), body
    status, body, _ = await tenant.secret(
        "PUT",
        "/v1/email/config",
        json={"provider": "smtp", "smtp": {"host": "mail.inside.test", "port": smtp_sink.port}},
    )
    assert status == 422 and body["error"]["details"][0]["field"] == "smtp.host", body
    assert smtp_sink.messages == []


class _Liar:
    """A TCP server on 127.0.0.1 that greets with `greeting` (an SSH banner, an SMTP refusal)
    and records nothing else."""

    def __init__(self, greeting: bytes) -> None:
        self.greeting = greeting
        self.connections = 0

    async def __aenter__(self) -> _Liar:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.server.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        with contextlib.suppress(ConnectionError):
            writer.write(self.greeting)
            await writer.drain()
            await reader.read(1024)  # until the client hangs up (or says QUIT)
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


@pytest.mark.parametrize(
    "greeting, expected",
    [
        (b"SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13 inside-secret\r\n", "the server did not speak SMTP"),
        (b"554 5.3.2 inside-secret service unavailable\r\n", "the server refused the connection (SMTP 554)"),
    ],
)
async def test_smtp_config_test_never_echoes_the_far_end(tenant, greeting: bytes, expected: str) -> None:
    async with _Liar(greeting) as liar:
        await _use_smtp(tenant, "127.0.0.1", liar.port)
        status, body, _ = await tenant.secret("POST", "/v1/email/config/test", json={"to": "ops@example.com"})
    assert status == 200 and body["sent"] is False, body
    assert liar.connections == 1
    assert body["error"] == expected, body
    assert "inside-secret" not in str(body) and "SSH" not in str(body)


# -- one vetted path -----------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
#: Modules that open network connections of their own. Every outbound connection goes through
#: identity/outbound; the database (asyncpg, the operator's DSN) is not looked for here.
FORBIDDEN_MODULES = {
    "aiosmtplib",
    "smtplib",
    "requests",
    "httpx",
    "urllib.request",
    "urllib3",
    "http.client",
    "socket",
    "ssl",
}
FORBIDDEN_NAMES = {
    "ClientSession",
    "TCPConnector",
    "request",
    "open_connection",
    "create_connection",
    "sock_connect",
    "getaddrinfo",
}
#: "file: offence": why it may stay outside identity/outbound (none opens a connection to a peer).
ALLOWED: dict[str, str] = {
    "identity/http/listener.py: import socket": "the service's own listening sockets (bind, accept)",
    "identity/http/listener.py: loop.getaddrinfo()": "the address to listen on (IDENTITY_HOST), not a peer's",
}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [f"import {a.name}" for a in node.names if a.name in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module in FORBIDDEN_MODULES:
                out.append(f"from {module} import ...")
            elif module == "aiohttp":
                out += [f"from aiohttp import {a.name}" for a in node.names if a.name in FORBIDDEN_NAMES]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, base = node.func.attr, node.func.value
            # aiohttp.ClientSession(), loop.create_connection(), asyncio.open_connection() ...;
            # a session's own .request() on a session handed out by identity/outbound is fine.
            if name in FORBIDDEN_NAMES and (name != "request" or (isinstance(base, ast.Name) and base.id == "aiohttp")):
                out.append(f"{ast.unparse(node.func)}()")
    return out


def test_outbound_connections_are_opened_in_identity_outbound_only() -> None:
    found = {}
    for folder in ("identity", "workers"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith("identity/outbound/"):
                continue
            offences = [o for o in _offences(path) if f"{rel}: {o}" not in ALLOWED]
            if offences:
                found[rel] = offences
    assert found == {}, found
    # The scan does see what it looks for:
    assert _offences(ROOT / "identity/outbound/http.py") and _offences(ROOT / "identity/outbound/smtp.py")
