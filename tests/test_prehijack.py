"""Account pre-hijacking: someone signs up with another person's address before they do.

The attacker's credentials (a password, sessions, a provider account they linked) must stop
working once the address's owner proves it by a flow that signs them in (magic link, password
reset, a provider that vouches for the address), and a session handed out before the address
was proven ends when it is proven (identity/auth/email_proof.py, docs/auth.md). Every first
proof, the verification link's included, unlinks provider accounts that do not vouch for the
address; a proof that signs in also removes the second factors enrolled before it. The emailed
verification link's GET changes nothing: its page asks to confirm with a POST.
"""

from __future__ import annotations

import dataclasses
import re
import uuid
from typing import Any

import httpx2 as httpx
import pytest

from identity.ids import new_id
from identity.state import state
from tests.support.api import STRONG_PASSWORD, assert_error
from tests.support.connections import connection, idp, make_connection, sign_in_with, start_url, upstream_user  # noqa: F401 (fixtures)
from tests.support.mail import emails_of, token_in
from tests.support.mfa import enroll_totp, wait_for_fresh_step
from tests.support.oauth import (  # noqa: F401 (fixtures)
    Browser,
    api,
    browser,
    parse_page,
    port,
)
from tests.support.records import events

ORIGIN = "https://app.example.com"
LINK_TARGET = f"{ORIGIN}/auth/callback"
ATTACKER_PASSWORD = "attacker chose this one 77"


@pytest.fixture
def settings(settings, port, smtp_sink):  # noqa: F811 (the live server's address and a real SMTP sink)
    return dataclasses.replace(settings, public_url=f"http://127.0.0.1:{port}", smtp_url=smtp_sink.url)


@pytest.fixture
async def base(api, port: int) -> str:  # noqa: F811
    return f"http://127.0.0.1:{port}"


@pytest.fixture
async def tenant(make_tenant):
    # Email verification required (the default); links may only point at the app's origin.
    return await make_tenant(name="The app", auth_config={"allowed_origins": [ORIGIN]})


def _address() -> str:
    return f"victim-{uuid.uuid4().hex[:10]}@example.com"


async def _attacker_signs_up(tenant, email: str) -> dict[str, Any]:
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": ATTACKER_PASSWORD}
    )
    assert status == 201, body
    assert body["user"]["email_verified"] is False
    return body


async def _sign_in(tenant, email: str, password: str) -> tuple[int, Any]:
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})
    return status, body


async def _assert_session_dead(api, tenant, session: dict[str, Any]) -> None:  # noqa: F811
    status, body, _ = await api.call("GET", "/v1/auth/me", token=session["access_token"], tenant=tenant.id)
    assert status == 401, body
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": session["refresh_token"]}
    )
    assert_error(body, "invalid_token", 401)


async def _assert_session_alive(api, tenant, session: dict[str, Any]) -> None:  # noqa: F811
    status, body, _ = await api.call("GET", "/v1/auth/me", token=session["access_token"], tenant=tenant.id)
    assert status == 200, body


async def _assert_password_refused_like_a_wrong_one(tenant, email: str, password: str) -> None:
    """No enumeration: the discarded password gets exactly the answer of a wrong password."""
    status, body = await _sign_in(tenant, email, password)
    assert_error(body, "invalid_credentials", 401)
    other = _address()
    status, _, _ = await tenant.secret(
        "POST", "/v1/users", json={"email": other, "password": STRONG_PASSWORD, "email_verified": True}
    )
    assert status == 201
    _, wrong = await _sign_in(tenant, other, password)
    assert wrong["error"]["message"] == body["error"]["message"]
    assert {k for k in wrong["error"] if k != "request_id"} == {k for k in body["error"] if k != "request_id"}


async def _magic_link(tenant, email: str) -> None:
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": LINK_TARGET}
    )
    assert status == 200 and body == {"sent": True}


async def _reset_token(app, tenant, email: str) -> str:
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/password/forgot", json={"email": email, "redirect_url": LINK_TARGET}
    )
    assert status == 200 and body == {"sent": True}
    mail = [m for m in await emails_of(app, tenant.id, "password_reset") if m["to"] == email][-1]
    return token_in(mail["variables"]["reset_url"])


# -- magic link --------------------------------------------------------------------------------


async def test_magic_link_ends_the_password_and_sessions_set_before_the_proof(app, api, tenant, worker, smtp_sink):  # noqa: F811
    victim = _address()
    attacker = await _attacker_signs_up(tenant, victim)

    # The owner of the inbox signs in with the link the real SMTP server received.
    await _magic_link(tenant, victim)
    arrived = await smtp_sink.wait_for(victim, count=2)  # the sign-up's verification, then the link
    [message] = [m for m in arrived if "sign-in link" in str(m["Subject"])]
    url = re.search(re.escape(LINK_TARGET) + r"\S*", message.get_body(("plain",)).get_content()).group(0)
    status, signed_in, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token_in(url)})
    assert status == 200, signed_in
    assert signed_in["user"]["id"] == attacker["user"]["id"] and signed_in["user"]["email_verified"] is True

    # The attacker's password, access token and refresh token are all dead ...
    await _assert_password_refused_like_a_wrong_one(tenant, victim, ATTACKER_PASSWORD)
    await _assert_session_dead(api, tenant, attacker["session"])
    # ... and the owner's session is not.
    await _assert_session_alive(api, tenant, signed_in["session"])

    revoked = await events(app, tenant.id, "session.revoked")
    assert [(e["ids"], e["reason"]) for e in revoked] == [([attacker["session"]["id"]], "email_verified")]
    assert await events(app, tenant.id, "user.password_changed") == [
        {"id": attacker["user"]["id"], "email": victim, "reason": "email_proven"}
    ]
    audit = await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = 'user.credentials_discarded'", tenant.id
    )
    assert len(audit) == 1 and audit[0]["metadata"]["via"] == "magic_link"
    assert audit[0]["metadata"]["password_discarded"] is True and audit[0]["metadata"]["sessions_revoked"] == 1

    # The owner sets a password through a reset; a later magic link changes nothing any more.
    token = await _reset_token(app, tenant, victim)
    mine = "the owner's own password 31"
    status, body, _ = await tenant.public("POST", "/v1/auth/password/reset", json={"token": token, "password": mine})
    assert status == 200, body
    assert (await _sign_in(tenant, victim, mine))[0] == 200
    await _magic_link(tenant, victim)
    token = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
    assert (await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token}))[0] == 200
    assert (await _sign_in(tenant, victim, mine))[0] == 200


async def _link_victims_provider_account(app, idp, connection, attacker) -> dict[str, Any]:  # noqa: F811
    """The victim's provider account, vouching for the address, linked to the attacker's
    account (as a link flow finished in the victim's browser would; written directly here)."""
    person = await upstream_user(app, idp, verified=True, email=attacker["user"]["email"])
    await state(app).pool.execute(
        """INSERT INTO oauth_identities (tenant_id, id, user_id, connection_id, provider, provider_user_id,
                                         email, email_verified)
           VALUES ($1, $2, $3, $4, 'oidc', $5, $6, false)""",
        connection["tenant_id"],
        new_id("oac"),
        attacker["user"]["id"],
        connection["id"],
        person["id"],
        attacker["user"]["email"],
    )
    return person


async def _factors(tenant, user_id: str) -> list[dict[str, Any]]:
    status, body, _ = await tenant.secret("GET", f"/v1/users/{user_id}/mfa/factors")
    assert status == 200, body
    return body["data"]


@pytest.mark.parametrize("proof", ["magic_link", "password_reset", "provider"])
async def test_factors_enrolled_before_a_signing_in_proof_are_removed(
    app, api, base, idp, tenant, connection, browser, proof
):  # noqa: F811
    # The attacker's sign-up enrolls a second factor (through the tenant's backend); the owner's
    # proof must not ask for it, and it must not stay on the account.
    victim = _address()
    attacker = await _attacker_signs_up(tenant, victim)
    user_id = attacker["user"]["id"]
    wait_for_fresh_step()
    totp_id, _ = await enroll_totp(tenant, user_id)
    status, backup, _ = await tenant.secret("POST", f"/v1/users/{user_id}/mfa/backup-codes/generate")
    assert status == 200, backup
    assert len(await _factors(tenant, user_id)) == 2

    if proof == "magic_link":
        await _magic_link(tenant, victim)
        token = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
        status, owner, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    elif proof == "password_reset":
        token = await _reset_token(app, tenant, victim)
        status, owner, _ = await tenant.public(
            "POST", "/v1/auth/password/reset", json={"token": token, "password": "the owner's own password 31"}
        )
    else:
        person = await _link_victims_provider_account(app, idp, connection, attacker)
        query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
        status, owner, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    # Signed straight in: no challenge for the attacker's factor.
    assert status == 200, owner
    assert owner["user"]["id"] == user_id and owner["user"]["email_verified"] is True
    assert owner["user"]["mfa_enabled"] is False

    assert await _factors(tenant, user_id) == []
    removed = await events(app, tenant.id, "mfa.removed")
    assert sorted(e["type"] for e in removed) == ["backup_codes", "totp"]
    assert {e["user_id"] for e in removed} == {user_id}
    audit = await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = 'mfa.factor.removed'", tenant.id
    )
    assert sorted(a["metadata"]["type"] for a in audit) == ["backup_codes", "totp"]
    assert all(a["actor"]["id"] == user_id for a in audit)
    [discarded] = await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = 'user.credentials_discarded'", tenant.id
    )
    assert discarded["metadata"]["via"] == proof
    assert totp_id in discarded["metadata"]["factors_removed"]
    await _assert_session_dead(api, tenant, attacker["session"])
    await _assert_session_alive(api, tenant, owner["session"])


async def test_the_verification_link_keeps_the_factors(app, api, tenant):  # noqa: F811
    # The verification link signs nobody in and its normal user is the sign-up's author: the
    # factors stay, as the password does.
    email = _address()
    created = await _attacker_signs_up(tenant, email)
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, created["user"]["id"])
    token = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])
    status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token})
    assert status == 200 and body["user"]["email_verified"] is True
    assert [f["type"] for f in await _factors(tenant, created["user"]["id"])] == ["totp"]
    assert await events(app, tenant.id, "mfa.removed") == []
    status, body = await _sign_in(tenant, email, ATTACKER_PASSWORD)
    assert_error(body, "mfa_required", 403)


# -- password reset and providers --------------------------------------------------------------


@pytest.mark.parametrize("proof", ["magic_link", "password_reset"])
async def test_a_provider_account_linked_before_the_proof_is_unlinked(
    app, api, base, idp, tenant, connection, browser, proof
):  # noqa: F811
    # The attacker registers the victim's address at a provider that does not verify it, and
    # signs up here with that provider account: an account with the victim's address, unverified.
    victim = _address()
    attacker_upstream = await upstream_user(app, idp, verified=False, email=victim)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), attacker_upstream)
    status, attacker = (await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]}))[:2]
    assert status == 200 and attacker["new_user"] is True and attacker["user"]["email_verified"] is False

    # The owner of the inbox proves it.
    if proof == "magic_link":
        await _magic_link(tenant, victim)
        token = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
        status, owner, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    else:
        token = await _reset_token(app, tenant, victim)
        status, owner, _ = await tenant.public(
            "POST", "/v1/auth/password/reset", json={"token": token, "password": "the owner's own password 31"}
        )
    assert status == 200, owner
    assert owner["user"]["id"] == attacker["user"]["id"]

    await _assert_session_dead(api, tenant, attacker["session"])
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{owner['user']['id']}/identities")
    assert listed["data"] == []
    [gone] = await events(app, tenant.id, "oauth.disconnected")
    assert gone["id"] == attacker["identity_id"] and gone["user_id"] == owner["user"]["id"]

    # Signing in with the attacker's provider account no longer reaches the account.
    again = Browser(base)
    try:
        query = await sign_in_with(again, start_url(base, tenant.id, connection["id"]), attacker_upstream)
    finally:
        await again.close()
    assert query.get("error") == "unverified_email", query
    await _assert_session_alive(api, tenant, owner["session"])


async def test_a_provider_that_vouches_for_the_address_ends_the_password_and_sessions(
    app, api, base, idp, tenant, connection, browser
):  # noqa: F811
    victim = _address()
    attacker = await _attacker_signs_up(tenant, victim)
    # The victim's provider account ends up linked to that account (e.g. through a link flow the
    # attacker made the victim's browser finish); written directly here, the link is not the point.
    person = await upstream_user(app, idp, verified=True, email=victim)
    await state(app).pool.execute(
        """INSERT INTO oauth_identities (tenant_id, id, user_id, connection_id, provider, provider_user_id,
                                         email, email_verified)
           VALUES ($1, $2, $3, $4, 'oidc', $5, $6, false)""",
        tenant.id,
        new_id("oac"),
        attacker["user"]["id"],
        connection["id"],
        person["id"],
        victim,
    )

    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, owner, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    assert status == 200, owner
    assert owner["user"]["id"] == attacker["user"]["id"] and owner["user"]["email_verified"] is True

    await _assert_password_refused_like_a_wrong_one(tenant, victim, ATTACKER_PASSWORD)
    await _assert_session_dead(api, tenant, attacker["session"])
    await _assert_session_alive(api, tenant, owner["session"])
    # The provider account that proved the address stays linked.
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{owner['user']['id']}/identities")
    assert [i["email_verified"] for i in listed["data"]] == [True]


# -- the emailed verification link -------------------------------------------------------------


async def _verify(app, tenant, browser, how: str, email: str) -> None:
    """The owner proves the address with the emailed verification link: its page (open, then
    confirm) or the API."""
    mail = [m for m in await emails_of(app, tenant.id, "verification") if m["to"] == email][-1]
    if how == "page":
        page = await browser.open(mail["variables"]["verify_url"])
        assert page.status_code == 200, page.text
        done = await browser.submit()
        assert done.status_code == 200 and "Email verified" in done.text, done.text
    else:
        token = token_in(mail["variables"]["verify_url"])
        status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token})
        assert status == 200 and body["user"]["email_verified"] is True


async def _is_verified(tenant, user_id: str) -> bool:
    status, body, _ = await tenant.secret("GET", f"/v1/users/{user_id}")
    assert status == 200, body
    return body["email_verified"]


@pytest.mark.parametrize("how", ["page", "api"])
async def test_verification_ends_the_sign_up_session_and_keeps_the_password(app, api, tenant, browser, how):  # noqa: F811
    email = _address()
    status, created, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 201
    await _assert_session_alive(api, tenant, created["session"])
    await _verify(app, tenant, browser, how, email)

    # Whoever held the session handed out before the address was proven is signed out ...
    await _assert_session_dead(api, tenant, created["session"])
    revoked = await events(app, tenant.id, "session.revoked")
    assert [(e["ids"], e["reason"]) for e in revoked] == [([created["session"]["id"]], "email_verified")]
    # ... the password stays (the link signs nobody in), and signing in gives a working session.
    status, body = await _sign_in(tenant, email, STRONG_PASSWORD)
    assert status == 200, body
    await _assert_session_alive(api, tenant, body["session"])
    assert await events(app, tenant.id, "user.password_changed") == []


async def test_the_backend_marking_an_address_verified_ends_nothing(app, api, tenant):  # noqa: F811
    # The tenant's backend is trusted with email_verified (docs/auth.md): no session ends.
    email = _address()
    status, created, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 201
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{created['user']['id']}", json={"email_verified": True})
    assert status == 200 and body["email_verified"] is True
    await _assert_session_alive(api, tenant, created["session"])
    assert (await _sign_in(tenant, email, STRONG_PASSWORD))[0] == 200
    assert await events(app, tenant.id, "session.revoked") == []


async def test_the_verification_page_changes_nothing_until_confirmed(app, api, tenant, browser, base):  # noqa: F811
    # A mail scanner or link preview opens the link: nothing may happen until someone confirms.
    email = _address()
    created = await _attacker_signs_up(tenant, email)
    [mail] = [m for m in await emails_of(app, tenant.id, "verification") if m["to"] == email]
    url = mail["variables"]["verify_url"]
    for _ in range(2):
        page = await browser.open(url)
        assert page.status_code == 200, page.text
        text = " ".join("".join(parse_page(page.text).text).split())
        assert (
            f"Confirm that you created an account with {email} at The app. If you didn't, ignore this email."
        ) in text
        # The service's own page: not framable, nothing loaded from elsewhere, not cached.
        assert page.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
        assert "default-src 'none'" in page.headers["Content-Security-Policy"]
        assert page.headers["Cache-Control"] == "no-store"
        assert page.headers["Referrer-Policy"] == "no-referrer"
    assert await _is_verified(tenant, created["user"]["id"]) is False
    await _assert_session_alive(api, tenant, created["session"])
    assert await events(app, tenant.id, "session.revoked") == []

    # The form's POST needs the page's CSRF cookie and field (double submit): a cross-site form
    # (no cookie, or another site's Origin) changes nothing.
    form = parse_page(page.text).forms[0]
    assert form["method"] == "POST" and set(form["fields"]) == {"token", "csrf_token"}
    target = f"{base}/v1/auth/verify-email/confirm"
    async with httpx.AsyncClient() as stranger:
        refused = await stranger.post(target, data=form["fields"])
    assert refused.status_code == 400 and "Page expired" in refused.text
    refused = await browser.http.post(target, data=form["fields"], headers={"Origin": "https://evil.example"})
    assert refused.status_code == 400 and "Page expired" in refused.text
    refused = await browser.http.post(target, data={**form["fields"], "csrf_token": "x" * 43})
    assert refused.status_code == 400
    assert await _is_verified(tenant, created["user"]["id"]) is False
    await _assert_session_alive(api, tenant, created["session"])

    # The button verifies; the link then says so and does nothing more.
    done = await browser.submit()
    assert done.status_code == 200 and "Email verified" in done.text
    assert await _is_verified(tenant, created["user"]["id"]) is True
    await _assert_session_dead(api, tenant, created["session"])
    again = await browser.open(url)
    assert again.status_code == 200 and "already verified" in again.text
    assert parse_page(again.text).forms == []
    again = await browser.http.post(target, data=form["fields"])
    assert again.status_code == 200 and "already verified" in again.text


@pytest.mark.parametrize("how", ["page", "api"])
async def test_the_verification_link_unlinks_provider_accounts_that_do_not_vouch(
    app, api, base, idp, tenant, connection, browser, how
):  # noqa: F811
    # The attacker signs up through a provider account that claims the victim's address without
    # verifying it; the inbox's owner then confirms the verification email.
    victim = _address()
    attacker_upstream = await upstream_user(app, idp, verified=False, email=victim)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), attacker_upstream)
    status, attacker = (await tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]}))[:2]
    assert status == 200 and attacker["new_user"] is True and attacker["user"]["email_verified"] is False

    owner_browser = Browser(base)
    try:
        await _verify(app, tenant, owner_browser, how, victim)
    finally:
        await owner_browser.close()

    user_id = attacker["user"]["id"]
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user_id}/identities")
    assert listed["data"] == []
    [gone] = await events(app, tenant.id, "oauth.disconnected")
    assert gone["id"] == attacker["identity_id"] and gone["user_id"] == user_id
    [audit] = await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = 'user.credentials_discarded'", tenant.id
    )
    assert audit["metadata"]["via"] == "verification_link"
    assert audit["metadata"]["identities_unlinked"] == [attacker["identity_id"]]
    await _assert_session_dead(api, tenant, attacker["session"])

    # The owner later resets the password: the attacker's provider account still does not
    # reach the account.
    token = await _reset_token(app, tenant, victim)
    status, owner, _ = await tenant.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "the owner's own password 31"}
    )
    assert status == 200, owner
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user_id}/identities")
    assert listed["data"] == []
    again = Browser(base)
    try:
        query = await sign_in_with(again, start_url(base, tenant.id, connection["id"]), attacker_upstream)
    finally:
        await again.close()
    assert query.get("error") == "unverified_email", query


async def test_connecting_a_provider_account_needs_a_verified_address(app, api, tenant, connection):  # noqa: F811
    # The sign-up session is recent, but the address is not proven: the account may be a
    # stranger's pre-registration, so no provider account may be attached to it yet.
    victim = _address()
    attacker = await _attacker_signs_up(tenant, victim)
    status, body, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=attacker["session"]["access_token"],
        tenant=tenant.id,
        json={"connection_id": connection["id"], "redirect_url": LINK_TARGET},
    )
    assert_error(body, "email_not_verified", 403)
    assert await state(app).pool.fetchval("SELECT count(*) FROM oauth_tickets WHERE tenant_id = $1", tenant.id) == 0

    # Once the address is proven (and the user signed in again), linking starts.
    token = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])
    assert (await tenant.public("POST", "/v1/auth/verify-email", json={"token": token}))[0] == 200
    status, signed_in = await _sign_in(tenant, victim, ATTACKER_PASSWORD)
    assert status == 200, signed_in
    status, body, _ = await api.call(
        "POST",
        "/v1/me/identities/link",
        token=signed_in["session"]["access_token"],
        tenant=tenant.id,
        json={"connection_id": connection["id"], "redirect_url": LINK_TARGET},
    )
    assert status == 201, body


@pytest.mark.parametrize("required", [True, False])
async def test_provider_sign_in_needs_a_verified_address_as_password_sign_in_does(
    app, api, base, idp, make_tenant, browser, required
):  # noqa: F811
    app_tenant = await make_tenant(
        name="The app", auth_config={"allowed_origins": [ORIGIN], "email_verification_required": required}
    )
    connection = await make_connection(app_tenant, base, idp)
    person = await upstream_user(app, idp, verified=False)
    # The sign-up through the provider gets its one session, as a password sign-up does ...
    query = await sign_in_with(browser, start_url(base, app_tenant.id, connection["id"]), person)
    status, first, _ = await app_tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    assert status == 200 and first["new_user"] is True and first["user"]["email_verified"] is False
    # ... and a later sign-in is answered as a password sign-in is.
    query = await sign_in_with(browser, start_url(base, app_tenant.id, connection["id"]), person)
    status, again, _ = await app_tenant.public("POST", "/v1/auth/oauth/exchange", json={"token": query["token"]})
    if required:
        assert_error(again, "email_not_verified", 403)
        sessions = await state(app).pool.fetchval(
            "SELECT count(*) FROM sessions WHERE tenant_id = $1 AND user_id = $2", app_tenant.id, first["user"]["id"]
        )
        assert sessions == 1
    else:
        assert status == 200 and again["new_user"] is False, again
