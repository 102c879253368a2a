"""Sign-in with external providers, end to end on this machine: tenant `idp`'s OpenID Connect
provider (issue H) is the `oidc` connection of tenant `app`. A browser walks start → the
provider's hosted sign-in page → our callback → the app's redirect_url with a one-time token,
which is exchanged for {user, session}."""

from __future__ import annotations

from typing import Any

import pytest

from identity.state import state
from tests.support.api import STRONG_PASSWORD, assert_error
from tests.support.connections import (  # noqa: F401 (fixtures)
    APP_REDIRECT,
    connection,
    exchange,
    follow_callback,
    idp,
    make_connection,
    sign_in_with,
    start_url,
    tenant,
    to_callback,
    upstream_user,
)
from tests.support.oauth import (  # noqa: F401 (fixtures)
    Browser,
    api,
    base,
    browser,
    port,
    settings,
)
from tests.support.records import events


async def audit_of(app: Any, tenant_id: str, action: str) -> list[Any]:
    return await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = $2", tenant_id, action
    )


# -- the whole flow ------------------------------------------------------------------------------


async def test_sign_up_then_sign_in_through_another_tenants_provider(app, api, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    assert set(query) == {"token"}
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body
    user, session = body["user"], body["session"]
    assert body["new_user"] is True and body["identity_id"].startswith("oac_")
    assert user["email"] == person["email"] and user["email_verified"] is True
    assert user["name"] == "Grace Hopper" and "private_metadata" not in user
    assert session["access_token"] and session["refresh_token"].startswith("rft_")

    status, me, _ = await api.call("GET", "/v1/auth/me", token=session["access_token"], tenant=tenant.id)
    assert status == 200 and me["id"] == user["id"]

    # The identity, for the backend and for the user.
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/identities")
    assert status == 200, listed
    assert listed["pagination"]["total"] == 1
    identity = listed["data"][0]
    assert identity["provider"] == "oidc" and identity["connection_id"] == connection["id"]
    assert identity["provider_user_id"] == person["id"]  # the upstream's sub
    assert identity["email"] == person["email"] and identity["email_verified"] is True
    status, mine, _ = await api.call("GET", "/v1/me/identities", token=session["access_token"], tenant=tenant.id)
    assert status == 200 and mine["data"] == listed["data"]

    connected = await events(app, tenant.id, "oauth.connected")
    assert connected == [
        {
            "id": identity["id"],
            "user_id": user["id"],
            "provider": "oidc",
            "provider_user_id": person["id"],
            "email": person["email"],
            "connected_at": connected[0]["connected_at"],
            "connection_id": connection["id"],
        }
    ]
    assert len(await events(app, tenant.id, "user.created")) == 1
    assert len(await audit_of(app, tenant.id, "oauth.connected")) == 1

    # Signing in again (the provider remembers the browser: no form) finds the same user.
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), None)
    status, again = await exchange(tenant, query["token"])
    assert status == 200, again
    assert again["user"]["id"] == user["id"] and again["new_user"] is False
    assert again["identity_id"] == identity["id"]
    assert again["session"]["id"] != session["id"]
    assert len(await events(app, tenant.id, "oauth.connected")) == 1
    assert len(await events(app, tenant.id, "user.created")) == 1


async def test_exchange_token_is_single_use_and_short_lived(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    # Stored hashed only.
    rows = await state(app).pool.fetch("SELECT token_hash FROM oauth_tickets WHERE tenant_id = $1", tenant.id)
    assert rows and all(r["token_hash"] != query["token"] for r in rows)
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body
    status, body = await exchange(tenant, query["token"])
    assert status == 401
    assert_error(body, "invalid_token", 401)
    status, body = await exchange(tenant, "not-a-token")
    assert_error(body, "invalid_token", 401)

    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), None)
    await state(app).pool.execute(
        "UPDATE oauth_tickets SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND used_at IS NULL",
        tenant.id,
    )
    status, body = await exchange(tenant, query["token"])
    assert_error(body, "token_expired", 401)
    # Another tenant's publishable key cannot exchange it either.


async def test_token_of_one_tenant_is_unknown_to_another(app, base, idp, tenant, connection, browser, make_tenant):
    other = await make_tenant()
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body = await exchange(other, query["token"])
    assert_error(body, "invalid_token", 401)
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body


async def test_verified_provider_email_links_the_existing_verified_account(
    app, base, idp, tenant, connection, browser, sign_up
):
    person = await upstream_user(app, idp)
    status, existing, _ = await tenant.secret(
        "POST", "/v1/users", json={"email": person["email"], "password": STRONG_PASSWORD, "email_verified": True}
    )
    assert status == 201, existing
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body
    assert body["user"]["id"] == existing["id"] and body["new_user"] is False
    assert len(await events(app, tenant.id, "oauth.connected")) == 1


async def test_unverified_provider_email_never_links_an_existing_account(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp, verified=False)
    status, existing, _ = await tenant.secret(
        "POST", "/v1/users", json={"email": person["email"], "password": STRONG_PASSWORD, "email_verified": True}
    )
    assert status == 201, existing
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    assert query["error"] == "unverified_email", query
    assert person["email"] in query["error_description"] and "token" not in query
    count = await state(app).pool.fetchval("SELECT count(*) FROM oauth_identities WHERE tenant_id = $1", tenant.id)
    assert count == 0
    assert await events(app, tenant.id, "oauth.connected") == []


async def test_existing_account_with_unverified_email_is_not_taken_over(app, base, idp, tenant, connection, browser):
    # Someone registered the address here without proving it: a verified provider account
    # with that address must not be joined to it (pre-account takeover).
    person = await upstream_user(app, idp)
    status, existing, _ = await tenant.secret(
        "POST", "/v1/users", json={"email": person["email"], "password": STRONG_PASSWORD, "email_verified": False}
    )
    assert status == 201, existing
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    assert query["error"] == "account_email_not_verified", query


async def test_unverified_provider_email_signs_up_an_unverified_user(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp, verified=False)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body
    assert body["user"]["email_verified"] is False and body["new_user"] is True
    rows = await state(app).pool.fetch("SELECT payload FROM outbox WHERE tenant_id = $1 AND topic = 'email'", tenant.id)
    assert "verification" in [r["payload"]["template"] for r in rows]


async def test_sign_up_disabled(app, base, idp, make_tenant, browser):
    closed = await make_tenant(auth_config={"sign_up_enabled": False})
    connection = await make_connection(closed, base, idp)
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, closed.id, connection["id"]), person)
    assert query["error"] == "sign_up_disabled", query
    assert await state(app).pool.fetchval("SELECT count(*) FROM users WHERE tenant_id = $1", closed.id) == 0


async def test_provider_error_is_passed_to_the_app(app, base, idp, tenant, browser):
    # A third-party client at the provider shows a consent page; denying it comes back as
    # error=access_denied.
    connection = await make_connection(tenant, base, idp, client={"first_party": False})
    person = await upstream_user(app, idp)
    resp = await browser.http.get(start_url(base, tenant.id, connection["id"]))
    step = await browser._follow(resp)
    step = await browser.submit({"email": person["email"], "password": person["password"]})
    assert not isinstance(step, str) and "consent" in step.text.lower()
    location = await browser.submit(button=("decision", "deny"))
    assert isinstance(location, str) and location.startswith(APP_REDIRECT), location
    from tests.support.oauth import query_of

    query = query_of(location)
    assert query["error"] == "access_denied" and "token" not in query


# -- state, replay, browser binding --------------------------------------------------------------


async def test_replayed_callback_is_refused(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    callback = await to_callback(browser, start_url(base, tenant.id, connection["id"]), person)
    status, _, query = await follow_callback(browser, callback)
    assert status == 302 and "token" in query
    status, location, query = await follow_callback(browser, callback)
    assert status == 302 and location.startswith(APP_REDIRECT)
    assert query["error"] == "invalid_state" and "token" not in query


async def test_tampered_or_missing_state_shows_a_page_never_a_redirect(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    callback = await to_callback(browser, start_url(base, tenant.id, connection["id"]), person)
    tampered = callback.replace("state=", "state=x")
    status, page, _ = await follow_callback(browser, tampered)
    assert status == 400 and "Start signing in again" in page
    no_state = f"{base}/v1/oauth/{tenant.id}/callback?code=abc"
    status, page, _ = await follow_callback(browser, no_state)
    assert status == 400
    # The untouched callback still works afterwards.
    status, _, query = await follow_callback(browser, callback)
    assert status == 302 and "token" in query


async def test_callback_in_another_browser_is_refused(app, base, idp, tenant, connection, browser):
    # Login CSRF: a victim's browser handed the attacker's callback URL has no binding cookie.
    person = await upstream_user(app, idp)
    callback = await to_callback(browser, start_url(base, tenant.id, connection["id"]), person)
    victim = Browser(base)
    try:
        status, location, query = await follow_callback(victim, callback)
    finally:
        await victim.close()
    assert status == 302 and query["error"] == "invalid_state" and "token" not in query
    assert "another browser" in query["error_description"]


# -- start ---------------------------------------------------------------------------------------


async def test_start_redirects_to_the_provider_with_state_pkce_and_nonce(base, idp, tenant, connection, browser):
    resp = await browser.http.get(start_url(base, tenant.id, connection["id"]))
    assert resp.status_code == 302
    from tests.support.oauth import query_of

    params = query_of(resp.headers["location"])
    assert resp.headers["location"].startswith(f"{base}/oauth/{idp.id}/authorize?")
    assert params["response_type"] == "code" and params["client_id"] == connection["client_id"]
    assert params["redirect_uri"] == connection["callback_url"] == f"{base}/v1/oauth/{tenant.id}/callback"
    assert params["code_challenge_method"] == "S256" and len(params["code_challenge"]) == 43
    assert params["state"] and params["nonce"] and params["scope"] == "openid email profile"
    cookie = resp.headers["set-cookie"]
    assert "HttpOnly" in cookie and f"Path=/v1/oauth/{tenant.id}/callback" in cookie


async def test_start_refuses_bad_redirect_urls_with_a_page(base, tenant, connection, browser, make_tenant):
    for bad in ("", "javascript:alert(1)", "/relative", "https://user:pw@app.example.com/x"):
        resp = await browser.http.get(start_url(base, tenant.id, connection["id"], bad))
        assert resp.status_code == 400, (bad, resp.text)
        assert "text/html" in resp.headers["content-type"] and "location" not in resp.headers
    # With allowed_origins, only those origins.
    strict = await make_tenant(auth_config={"allowed_origins": ["https://good.example.com"]})
    idp2 = await make_tenant()
    conn2 = await make_connection(strict, base, idp2)
    resp = await browser.http.get(start_url(base, strict.id, conn2["id"], "https://evil.example.com/x"))
    assert resp.status_code == 400 and "location" not in resp.headers
    resp = await browser.http.get(start_url(base, strict.id, conn2["id"], "https://good.example.com/x"))
    assert resp.status_code == 302
    # Unknown tenant or connection: a page.
    resp = await browser.http.get(start_url(base, "tnt_nope", connection["id"]))
    assert resp.status_code == 404 and "location" not in resp.headers
    resp = await browser.http.get(start_url(base, tenant.id, "con_nope"))
    assert resp.status_code == 404 and "location" not in resp.headers


async def test_disabled_connection(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    # Disabled between start and callback: the callback refuses.
    callback = await to_callback(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body, _ = await tenant.secret("PATCH", f"/v1/connections/{connection['id']}", json={"enabled": False})
    assert status == 200 and body["enabled"] is False
    status, _, query = await follow_callback(browser, callback)
    assert query["error"] == "connection_disabled"
    # And start refuses at once, to the app's redirect_url.
    resp = await browser.http.get(start_url(base, tenant.id, connection["id"]))
    assert resp.status_code == 302
    assert resp.headers["location"].startswith(APP_REDIRECT) and "error=connection_disabled" in resp.headers["location"]
    # Not offered to frontends.
    status, listed, _ = await tenant.public("GET", "/v1/auth/oauth/connections")
    assert status == 200 and listed["data"] == []


# -- linking and disconnecting -------------------------------------------------------------------


async def _signed_in(tenant, sign_up) -> dict[str, Any]:
    """A signed-in password user whose address is verified (linking needs it: tests/test_prehijack.py);
    marked verified by the backend, which ends no session."""
    created = await sign_up(on=tenant)
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{created['user']['id']}", json={"email_verified": True})
    assert status == 200, body
    return created


async def test_link_to_the_signed_in_user_then_disconnect(app, api, base, idp, tenant, connection, browser, sign_up):
    me = await _signed_in(tenant, sign_up)  # a password user with another address
    access = me["session"]["access_token"]
    person = await upstream_user(app, idp)
    status, link, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=access,
        tenant=tenant.id,
        json={"connection_id": connection["id"], "redirect_url": APP_REDIRECT},
    )
    assert status == 201, link
    assert "link_token=" in link["url"] and link["expires_at"]
    query = await sign_in_with(browser, link["url"], person)
    assert set(query) == {"link_token"}, query  # nothing linked yet: the app completes it
    status, mine, _ = await api.call("GET", "/v1/me/identities", token=access, tenant=tenant.id)
    assert mine["data"] == []
    status, linked, _ = await api.call(
        "POST", "/v1/me/identities/link/complete", token=access, tenant=tenant.id, json={"token": query["link_token"]}
    )
    assert status == 200 and linked["id"].startswith("oac_"), linked
    query = {"identity_id": linked["id"]}
    status, mine, _ = await api.call("GET", "/v1/me/identities", token=access, tenant=tenant.id)
    assert [i["id"] for i in mine["data"]] == [query["identity_id"]]
    assert mine["data"][0]["email"] == person["email"] and mine["data"][0]["user_id"] == me["user"]["id"]
    # The link ticket is single use.
    resp = await browser.http.get(link["url"])
    assert resp.status_code == 400 and "location" not in resp.headers

    # Signing in with the provider now signs in as the linked user.
    other_browser = Browser(base)
    try:
        query2 = await sign_in_with(other_browser, start_url(base, tenant.id, connection["id"]), person)
    finally:
        await other_browser.close()
    status, body = await exchange(tenant, query2["token"])
    assert status == 200 and body["user"]["id"] == me["user"]["id"]

    # The user has a password: disconnecting is allowed.
    status, body, _ = await api.call(
        "DELETE", f"/v1/me/identities/{query['identity_id']}", token=access, tenant=tenant.id
    )
    assert status == 204, body
    assert (await events(app, tenant.id, "oauth.disconnected"))[0] == {
        "id": query["identity_id"],
        "user_id": me["user"]["id"],
        "provider": "oidc",
        "connection_id": connection["id"],
        "disconnected_at": (await events(app, tenant.id, "oauth.disconnected"))[0]["disconnected_at"],
    }
    assert len(await audit_of(app, tenant.id, "oauth.disconnected")) == 1
    status, body, _ = await api.call(
        "DELETE", f"/v1/me/identities/{query['identity_id']}", token=access, tenant=tenant.id
    )
    assert_error(body, "identity_not_found", 404)


async def test_a_provider_account_links_to_one_user_only(app, api, base, idp, tenant, connection, browser, sign_up):
    person = await upstream_user(app, idp)
    first = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    assert (await exchange(tenant, first["token"]))[0] == 200
    me = await _signed_in(tenant, sign_up)
    status, link, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=me["session"]["access_token"],
        tenant=tenant.id,
        json={"connection_id": connection["id"], "redirect_url": APP_REDIRECT},
    )
    assert status == 201
    query = await sign_in_with(browser, link["url"], None)
    assert query["error"] == "identity_already_linked", query


async def test_the_last_way_to_sign_in_cannot_be_disconnected(app, api, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body = await exchange(tenant, query["token"])
    user, access, identity_id = body["user"], body["session"]["access_token"], body["identity_id"]
    # Created through the provider: no password, one identity.
    status, err, _ = await api.call("DELETE", f"/v1/me/identities/{identity_id}", token=access, tenant=tenant.id)
    assert_error(err, "last_sign_in_method", 409)
    status, err, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}/identities/{identity_id}")
    assert_error(err, "last_sign_in_method", 409)

    # A second connection (another client at the provider), linked: now one may go.
    second = await make_connection(tenant, base, idp, name="Second")
    status, link, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=access,
        tenant=tenant.id,
        json={"connection_id": second["id"], "redirect_url": APP_REDIRECT},
    )
    assert status == 201, link
    query = await sign_in_with(browser, link["url"], None)
    status, completed, _ = await api.call(
        "POST", "/v1/me/identities/link/complete", token=access, tenant=tenant.id, json={"token": query["link_token"]}
    )
    assert status == 200, completed
    linked = {"identity_id": completed["id"]}
    # An identity whose connection is disabled is not a way in.
    await tenant.secret("PATCH", f"/v1/connections/{second['id']}", json={"enabled": False})
    status, err, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}/identities/{identity_id}")
    assert_error(err, "last_sign_in_method", 409)
    await tenant.secret("PATCH", f"/v1/connections/{second['id']}", json={"enabled": True})
    status, err, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}/identities/{identity_id}")
    assert status == 204, err
    status, err, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}/identities/{linked['identity_id']}")
    assert_error(err, "last_sign_in_method", 409)
    assert len(await audit_of(app, tenant.id, "oauth.disconnected")) == 1
    # The connection someone signed in with cannot be deleted; the other one now can.
    status, err, _ = await tenant.secret("DELETE", f"/v1/connections/{second['id']}")
    assert_error(err, "connection_in_use", 409)
    status, err, _ = await tenant.secret("DELETE", f"/v1/connections/{connection['id']}")
    assert status == 204, err


async def test_link_ticket_rules(app, api, base, idp, tenant, connection, sign_up, make_tenant):
    me = await _signed_in(tenant, sign_up)
    access = me["session"]["access_token"]

    async def link(body: dict[str, Any]) -> tuple[int, Any]:
        status, out, _ = await api.call("POST", "/v1/me/identities/link", token=access, tenant=tenant.id, json=body)
        return status, out

    status, body = await link({"connection_id": "con_nope", "redirect_url": APP_REDIRECT})
    assert_error(body, "connection_not_found", 404)
    status, body = await link({"connection_id": connection["id"], "redirect_url": "javascript:alert(1)"})
    assert_error(body, "validation_error", 422)
    status, body = await link({"connection_id": connection["id"]})
    assert_error(body, "validation_error", 422)
    status, body = await link({"connection_id": connection["id"], "redirect_url": APP_REDIRECT, "x": 1})
    assert_error(body, "validation_error", 422)
    await tenant.secret("PATCH", f"/v1/connections/{connection['id']}", json={"enabled": False})
    status, body = await link({"connection_id": connection["id"], "redirect_url": APP_REDIRECT})
    assert_error(body, "connection_disabled", 409)
    # Secret and publishable keys are not a signed-in user.
    status, body, _ = await tenant.secret(
        "POST", "/v1/me/identities/link", json={"connection_id": connection["id"], "redirect_url": APP_REDIRECT}
    )
    assert_error(body, "forbidden", 403)
    status, body, _ = await api.call("GET", "/v1/me/identities", tenant=tenant.id)
    assert_error(body, "unauthenticated", 401)


async def test_mfa_still_applies_to_provider_sign_ins(app, base, idp, tenant, connection, browser):
    from tests.support.mfa import enroll_totp

    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body
    await enroll_totp(tenant, body["user"]["id"])
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), None)
    sessions_before = await state(app).pool.fetchval("SELECT count(*) FROM sessions WHERE tenant_id = $1", tenant.id)
    status, body = await exchange(tenant, query["token"])
    assert status == 403, body
    assert_error(body, "mfa_required", 403)
    assert body["error"]["mfa_challenge"]["challenge_id"]
    assert (
        await state(app).pool.fetchval("SELECT count(*) FROM sessions WHERE tenant_id = $1", tenant.id)
        == sessions_before
    )
    status, body = await exchange(tenant, query["token"])  # spent with the challenge
    assert_error(body, "invalid_token", 401)


# -- where the flow may send the browser, and linking from the browser that asked ----------------


@pytest.mark.parametrize("origins", [[], ["*"], ["https://app.example.com"]])
async def test_start_with_a_foreign_redirect_never_reaches_the_provider(base, idp, make_tenant, browser, origins):
    app_tenant = await make_tenant(auth_config={"allowed_origins": origins})
    conn = await make_connection(app_tenant, base, idp)
    for bad in (
        "https://evil.example/steal",
        "https://app.example.com.evil.com/x",
        "http://app.example.com/x",
        "https://evil.com/https://app.example.com",
        "https://app.example.com@evil.com/x",
        "https://evil.com\\@app.example.com/x",
        "https://app.example.com:444/x",
    ):
        resp = await browser.http.get(start_url(base, app_tenant.id, conn["id"], bad))
        assert resp.status_code == 400 and "location" not in resp.headers, (origins, bad)
        assert "text/html" in resp.headers["content-type"]
    resp = await browser.http.get(start_url(base, app_tenant.id, conn["id"], APP_REDIRECT))
    assert resp.status_code == (302 if origins == ["https://app.example.com"] else 400)


async def _link_started(api, tenant, connection, access) -> dict[str, Any]:
    status, link, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=access,
        tenant=tenant.id,
        json={"connection_id": connection["id"], "redirect_url": APP_REDIRECT},
    )
    assert status == 201, link
    return link


async def _identities(api, tenant, access) -> list[Any]:
    status, mine, _ = await api.call("GET", "/v1/me/identities", token=access, tenant=tenant.id)
    assert status == 200, mine
    return mine["data"]


async def test_a_link_url_opened_in_another_browser_links_nothing(app, api, base, idp, tenant, connection, sign_up):
    """Account-link CSRF: the attacker starts a link and sends the URL to the victim, whose
    browser is signed in at the provider. The victim's provider account must not end up on the
    attacker's user: the flow ends with a link_token that only the attacker's own session (the
    one that asked, in the attacker's browser) could spend, and it never reaches that browser."""
    attacker = await _signed_in(tenant, sign_up)
    attacker_access = attacker["session"]["access_token"]
    link = await _link_started(api, tenant, connection, attacker_access)
    victim = await sign_up(on=tenant)  # the victim's own account at the app
    victim_person = await upstream_user(app, idp)
    victims_browser = Browser(base)
    try:
        query = await sign_in_with(victims_browser, link["url"], victim_person)
    finally:
        await victims_browser.close()
    assert "linked" not in query and "identity_id" not in query and "link_token" in query, query
    assert await _identities(api, tenant, attacker_access) == []  # nothing attached at the callback
    # The victim's app, holding the victim's session, cannot complete it.
    status, body, _ = await api.call(
        "POST",
        "/v1/me/identities/link/complete",
        tenant=tenant.id,
        token=victim["session"]["access_token"],
        json={"token": query["link_token"]},
    )
    assert_error(body, "invalid_token", 401)
    # Nor another session of the attacker (it is not the session, so not the browser, that asked).
    status, other, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": attacker["user"]["email"], "password": STRONG_PASSWORD}
    )
    assert status == 200, other
    status, body, _ = await api.call(
        "POST",
        "/v1/me/identities/link/complete",
        tenant=tenant.id,
        token=other["session"]["access_token"],
        json={"token": query["link_token"]},
    )
    assert_error(body, "invalid_token", 401)
    assert await _identities(api, tenant, attacker_access) == []
    assert await _identities(api, tenant, victim["session"]["access_token"]) == []
    assert await events(app, tenant.id, "oauth.connected") == []


async def test_a_link_is_completed_once_by_the_session_that_asked(
    app, api, base, idp, tenant, connection, browser, sign_up
):
    me = await _signed_in(tenant, sign_up)
    access = me["session"]["access_token"]
    link = await _link_started(api, tenant, connection, access)
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, link["url"], person)
    # The one-time token is not a sign-in token either.
    status, body = await exchange(tenant, query["link_token"])
    assert_error(body, "invalid_token", 401)
    status, identity, _ = await api.call(
        "POST", "/v1/me/identities/link/complete", tenant=tenant.id, token=access, json={"token": query["link_token"]}
    )
    assert status == 200 and identity["user_id"] == me["user"]["id"] and identity["email"] == person["email"]
    assert [i["id"] for i in await _identities(api, tenant, access)] == [identity["id"]]
    assert len(await events(app, tenant.id, "oauth.connected")) == 1
    assert len(await audit_of(app, tenant.id, "oauth.connected")) == 1
    status, body, _ = await api.call(
        "POST", "/v1/me/identities/link/complete", tenant=tenant.id, token=access, json={"token": query["link_token"]}
    )
    assert_error(body, "invalid_token", 401)
    for bad in ({}, {"token": ""}, {"token": "x" * 600}, {"token": 1}):
        status, body, _ = await api.call(
            "POST", "/v1/me/identities/link/complete", tenant=tenant.id, token=access, json=bad
        )
        assert 400 <= status < 500 and status != 404, (bad, body)


async def test_linking_needs_a_recent_sign_in(app, api, tenant, connection, sign_up):
    me = await _signed_in(tenant, sign_up)
    access = me["session"]["access_token"]
    await state(app).pool.execute(
        "UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        me["session"]["id"],
    )
    status, body, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=access,
        tenant=tenant.id,
        json={"connection_id": connection["id"], "redirect_url": APP_REDIRECT},
    )
    assert_error(body, "reauthentication_required", 403)
    assert await state(app).pool.fetchval("SELECT count(*) FROM oauth_tickets WHERE tenant_id = $1", tenant.id) == 0
    # A fresh sign-in may.
    status, fresh, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": me["user"]["email"], "password": STRONG_PASSWORD}
    )
    await _link_started(api, tenant, connection, fresh["session"]["access_token"])
