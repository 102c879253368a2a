"""Where a browser may be sent with a token, a code or an error (identity/http/redirects.py):
only to an origin the tenant registered, compared exactly. An empty allowed_origins and "*"
let no token leave; look-alike addresses are refused; emailed links (as delivered to a real
SMTP server) point only at the application's registered origin or at this service."""

from __future__ import annotations

import dataclasses
import re
import uuid
from typing import Any
from urllib.parse import urlsplit

import pytest

from identity.state import state
from tests.support.api import APP_ORIGIN, MASTER_KEY, STRONG_PASSWORD, assert_error
from tests.support.mail import emails_of
from tests.support.oauth import make_client

EVIL = "https://evil.example/steal"

#: Addresses that a careless prefix, suffix or parser check would take for APP_ORIGIN's.
LOOKALIKES = [
    EVIL,
    "https://app.example.com.evil.com/cb",
    "https://evil.com/https://app.example.com/cb",
    "https://evil.com/?https://app.example.com",
    "http://app.example.com/cb",  # another scheme
    "https://app.example.com:8443/cb",  # another port
    "https://app.example.com@evil.com/cb",  # userinfo
    "https://app.example.com:443@evil.com/cb",
    "https://user:pw@app.example.com/cb",
    "https://evil.com\\@app.example.com/cb",  # a browser reads the backslash as '/'
    "https:\\\\evil.com/cb",
    "https://app.example.com\\.evil.com/cb",
    "https://app.example.com\t.evil.com/cb",  # browsers drop tabs
    "https://app.example.com%2eevil.com/cb",
    "//evil.com/cb",
    "/cb",
    "javascript:alert(1)//app.example.com",
    "https://app.exämple.com/cb",
    "ftp://app.example.com/cb",
    "https:///app.example.com",
]
#: The same origin written differently: accepted.
SAME_ORIGIN = ["https://app.example.com/cb?next=%2F", "HTTPS://App.Example.COM:443/cb", "https://app.example.com"]


@pytest.fixture
def settings(settings, smtp_sink):
    return dataclasses.replace(settings, smtp_url=smtp_sink.url)


def _email() -> str:
    return f"redir-{uuid.uuid4().hex[:10]}@example.com"


async def _user(tenant) -> str:
    email = _email()
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 201, body
    return email


async def _org(tenant) -> str:
    status, body, _ = await tenant.secret("POST", "/v1/organizations", json={"name": f"Org {uuid.uuid4().hex[:6]}"})
    assert status == 201, body
    return body["id"]


async def _outbox_count(app: Any, tenant_id: str) -> int:
    return await state(app).pool.fetchval(
        "SELECT count(*) FROM outbox WHERE tenant_id = $1 AND topic = 'email' "
        "AND payload->>'template' IN ('magic_link', 'password_reset', 'invitation')",
        tenant_id,
    )


async def _ask(tenant, flow: str, email: str, redirect: str, org_id: str | None = None) -> tuple[int, Any]:
    """One emailed-link request with redirect_url (magic link, reset, invitation)."""
    if flow == "invitation":
        status, body, _ = await tenant.secret(
            "POST", f"/v1/organizations/{org_id}/invitations", json={"email": _email(), "redirect_url": redirect}
        )
    else:
        path = {"magic_link": "/v1/auth/magic-link", "password_reset": "/v1/auth/password/forgot"}[flow]
        status, body, _ = await tenant.public("POST", path, json={"email": email, "redirect_url": redirect})
    return status, body


def _refused(status: int, body: Any) -> None:
    assert status == 422, body
    assert_error(body, "validation_error", 422)
    assert body["error"]["details"][0]["field"] == "redirect_url"


@pytest.mark.parametrize("flow", ["magic_link", "password_reset", "invitation"])
async def test_lookalike_origins_are_refused_and_exact_ones_pass(app, make_tenant, flow) -> None:
    tenant = await make_tenant(auth_config={"allowed_origins": [APP_ORIGIN, "http://localhost:5173"]})
    email = await _user(tenant)
    org_id = await _org(tenant) if flow == "invitation" else None
    for bad in LOOKALIKES:
        status, body = await _ask(tenant, flow, email, bad, org_id)
        assert status == 422, (bad, body)
        _refused(status, body)
    assert await _outbox_count(app, tenant.id) == 0  # nothing was sent anywhere
    for good in [*SAME_ORIGIN, "http://localhost:5173/cb"]:
        status, body = await _ask(tenant, flow, email, good, org_id)
        assert status in (200, 201), (good, body)
    assert await _outbox_count(app, tenant.id) == len(SAME_ORIGIN) + 1


@pytest.mark.parametrize("origins", [[], ["*"], ["*", "https://other.example.org"]])
async def test_empty_or_star_allowed_origins_let_no_token_leave(app, api, make_tenant, origins) -> None:
    tenant = await make_tenant(auth_config={"allowed_origins": origins})
    email = await _user(tenant)
    org_id = await _org(tenant)
    for flow in ("magic_link", "password_reset", "invitation"):
        for target in (EVIL, f"{APP_ORIGIN}/cb"):
            _refused(*await _ask(tenant, flow, email, target, org_id))
    assert await _outbox_count(app, tenant.id) == 0
    # An invitation without redirect_url links to the service's own page.
    status, body, _ = await tenant.secret("POST", f"/v1/organizations/{org_id}/invitations", json={"email": _email()})
    assert status == 201, body
    [mail] = await emails_of(app, tenant.id, "invitation")
    public = state(app).settings.public_url
    assert mail["variables"]["invite_url"].startswith(f"{public}/")
    # Connecting another account: the link ticket is refused too.
    await state(app).pool.execute("UPDATE users SET email_verified = true WHERE tenant_id = $1", tenant.id)
    status, signed_in, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 200, signed_in
    status, body, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=signed_in["session"]["access_token"],
        tenant=tenant.id,
        json={"connection_id": "con_any", "redirect_url": EVIL},
    )
    _refused(status, body)


def _links(message: Any) -> list[str]:
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content().replace("&amp;", "&")
    return re.findall(r"https?://[^\s\"'<>]+", text) + re.findall(r'href="([^"]+)"', html)


async def test_delivered_emails_link_only_to_the_registered_origin_or_the_service(
    app, make_tenant, worker, smtp_sink
) -> None:
    public = urlsplit(state(app).settings.public_url)
    own = f"{public.scheme}://{public.netloc}"
    star = await make_tenant(auth_config={"allowed_origins": ["*"]})
    listed = await make_tenant(auth_config={"allowed_origins": [APP_ORIGIN]})
    victims = {}
    for tenant in (star, listed):
        email = await _user(tenant)
        victims[tenant.id] = email
        for flow in ("magic_link", "password_reset"):
            status, body = await _ask(tenant, flow, email, EVIL)
            _refused(status, body)
    # The listed tenant's own links do go out, to its registered origin.
    email = victims[listed.id]
    for flow in ("magic_link", "password_reset"):
        status, _ = await _ask(listed, flow, email, f"{APP_ORIGIN}/cb")
        assert status == 200
    invited = _email()
    status, _, _ = await listed.secret(
        "POST", f"/v1/organizations/{await _org(listed)}/invitations", json={"email": invited}
    )
    assert status == 201
    received = await smtp_sink.wait_for(email, count=3)  # verification, magic link, reset
    received += await smtp_sink.wait_for(invited)
    received += await smtp_sink.wait_for(victims[star.id])  # its verification email only
    links = [link for message in received for link in _links(message)]
    assert links and all(link.startswith((f"{APP_ORIGIN}/", f"{own}/")) for link in links), links
    assert len(smtp_sink.to(victims[star.id])) == 1
    assert not any("evil" in link for link in links)


async def test_oauth_redirects_go_only_to_addresses_the_client_registered(api, tenant) -> None:
    """The OAuth provider's rule (exact match against the client's registration) for the
    authorization redirect and RP-initiated logout, against the same look-alikes."""
    registered = f"{APP_ORIGIN}/callback"
    bye = f"{APP_ORIGIN}/signed-out"
    client = await make_client(tenant, type="spa", redirect_uris=[registered], post_logout_redirect_uris=[bye])
    base = f"/oauth/{tenant.id}"
    candidates = [
        *LOOKALIKES,
        f"{registered}/x",
        f"{registered}?x=1",
        f"{bye}/../x",
        bye + "#f",
        f"{bye}.evil.com",
        f"{bye}@evil.com",
    ]
    for bad in candidates:
        resp = await api.client.get(
            f"{base}/logout",
            params={"client_id": client["client_id"], "post_logout_redirect_uri": bad},
            allow_redirects=False,
        )
        assert resp.status == 400 and "Location" not in resp.headers, bad
        resp = await api.client.get(
            f"{base}/authorize",
            params={
                "client_id": client["client_id"],
                "redirect_uri": bad,
                "response_type": "code",
                "scope": "openid",
                "code_challenge": "x" * 43,
                "code_challenge_method": "S256",
            },
            allow_redirects=False,
        )
        assert resp.status == 400 and "Location" not in resp.headers, bad
    # Without a client naming it, no address is registered at all.
    resp = await api.client.get(f"{base}/logout", params={"post_logout_redirect_uri": bye}, allow_redirects=False)
    assert resp.status == 400 and "Location" not in resp.headers
    resp = await api.client.get(
        f"{base}/logout",
        params={"client_id": client["client_id"], "post_logout_redirect_uri": bye, "state": "s"},
        allow_redirects=False,
    )
    assert resp.status == 302 and resp.headers["Location"] == f"{bye}?state=s"


async def test_openapi_states_the_rule_on_every_redirect_field(api) -> None:
    status, spec, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    paths = {
        "/v1/auth/magic-link": "post",
        "/v1/auth/password/forgot": "post",
        "/v1/me/identities/link": "post",
        "/v1/organizations/{id}/invitations": "post",
    }
    schemas = spec["components"]["schemas"]
    for path, method in paths.items():
        ref = spec["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        field = schemas[ref.rsplit("/", 1)[1]]["properties"]["redirect_url"]
        text = field.get("description") or next(
            (alt.get("description", "") for alt in field.get("anyOf", []) if "description" in alt), ""
        )
        assert "allowed_origins" in text and "'*'" in text, (path, field)


async def test_allowed_origins_entries_must_be_origins(api, tenant) -> None:
    """An entry with a path, a query or credentials would silently match nothing: refused."""
    for bad in (
        "https://app.example.com/path",
        "https://user@app.example.com",
        "https://app.example.com?x",
        "https://app.example.com#f",
        "app.example.com",
        "https://app.example.com\\x",
        "https://",
    ):
        status, body, _ = await api.call(
            "PATCH", f"/v1/tenants/{tenant.id}", token=MASTER_KEY, json={"auth_config": {"allowed_origins": [bad]}}
        )
        assert status == 422, (bad, body)
        assert_error(body, "validation_error", 422)
    status, body, _ = await api.call(
        "PATCH",
        f"/v1/tenants/{tenant.id}",
        token=MASTER_KEY,
        json={"auth_config": {"allowed_origins": ["*", "HTTPS://App.Example.com/", "http://localhost:5173"]}},
    )
    assert status == 200, body
    # Written in any case, it is the same origin for the redirect rule.
    status, body = await _ask(tenant, "magic_link", _email(), f"{APP_ORIGIN}/cb")
    assert status == 200, body
    status, tenant_row, _ = await api.call("GET", f"/v1/tenants/{tenant.id}", token=MASTER_KEY)
    assert tenant_row["auth_config"]["allowed_origins"] == ["*", APP_ORIGIN, "http://localhost:5173"]
    # CORS compares the browser's Origin header with the stored form.
    status, body, resp = await api.call(
        "POST",
        "/v1/auth/magic-link",
        token=tenant.pk,
        tenant=tenant.id,
        headers={"Origin": APP_ORIGIN},
        json={"email": _email(), "redirect_url": f"{APP_ORIGIN}/cb"},
    )
    assert status == 200 and resp.headers.get("Access-Control-Allow-Origin") == APP_ORIGIN, body
