"""Account pre-hijacking: someone signs up with another person's address before they do.

The attacker's credentials (a password, sessions, a provider account they linked) must stop
working once the address's owner proves it by a flow that signs them in (magic link, password
reset, a provider that vouches for the address), and a session handed out before the address
was proven ends when it is proven (identity/auth/email_proof.py, docs/auth.md).
"""

from __future__ import annotations

import dataclasses
import re
import uuid
from typing import Any

import pytest

from identity.ids import new_id
from identity.state import state
from tests.conftest import STRONG_PASSWORD, assert_error, emails_of, token_in
from tests.mfa_support import enroll_totp, totp_code, wait_for_fresh_step
from tests.records import events
from tests.test_connections_support import (
    make_connection,
    sign_in_with,
    start_url,
    upstream_user,
)
from tests.test_oauth_support import Browser, api, port  # noqa: F401 (fixtures)

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


@pytest.fixture
async def idp(make_tenant):
    return await make_tenant(name="Upstream provider", auth_config={"email_verification_required": False})


@pytest.fixture
async def connection(tenant, base, idp) -> dict[str, Any]:
    return await make_connection(tenant, base, idp)


@pytest.fixture
async def browser(base):
    b = Browser(base)
    yield b
    await b.close()


def _address() -> str:
    return f"victim-{uuid.uuid4().hex[:10]}@example.com"


async def _attacker_signs_up(tenant, email: str) -> dict[str, Any]:
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-up",
                                          json={"email": email, "password": ATTACKER_PASSWORD})
    assert status == 201, body
    assert body["user"]["email_verified"] is False
    return body


async def _sign_in(tenant, email: str, password: str) -> tuple[int, Any]:
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})
    return status, body


async def _assert_session_dead(api, tenant, session: dict[str, Any]) -> None:  # noqa: F811
    status, body, _ = await api.call("GET", "/v1/auth/me", token=session["access_token"], tenant=tenant.id)
    assert status == 401, body
    status, body, _ = await tenant.public("POST", "/v1/auth/token/refresh",
                                          json={"refresh_token": session["refresh_token"]})
    assert_error(body, "invalid_token", 401)


async def _assert_session_alive(api, tenant, session: dict[str, Any]) -> None:  # noqa: F811
    status, body, _ = await api.call("GET", "/v1/auth/me", token=session["access_token"], tenant=tenant.id)
    assert status == 200, body


async def _assert_password_refused_like_a_wrong_one(tenant, email: str, password: str) -> None:
    """No enumeration: the discarded password gets exactly the answer of a wrong password."""
    status, body = await _sign_in(tenant, email, password)
    assert_error(body, "invalid_credentials", 401)
    other = _address()
    status, _, _ = await tenant.secret("POST", "/v1/users", json={
        "email": other, "password": STRONG_PASSWORD, "email_verified": True})
    assert status == 201
    _, wrong = await _sign_in(tenant, other, password)
    assert wrong["error"]["message"] == body["error"]["message"]
    assert {k for k in wrong["error"] if k != "request_id"} == {k for k in body["error"] if k != "request_id"}


async def _magic_link(tenant, email: str) -> None:
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link",
                                          json={"email": email, "redirect_url": LINK_TARGET})
    assert status == 200 and body == {"sent": True}


async def _reset_token(app, tenant, email: str) -> str:
    status, body, _ = await tenant.public("POST", "/v1/auth/password/forgot",
                                          json={"email": email, "redirect_url": LINK_TARGET})
    assert status == 200 and body == {"sent": True}
    mail = [m for m in await emails_of(app, tenant.id, "password_reset") if m["to"] == email][-1]
    return token_in(mail["variables"]["reset_url"])


# -- magic link --------------------------------------------------------------------------------

async def test_magic_link_ends_the_password_and_sessions_set_before_the_proof(
        app, api, tenant, worker, smtp_sink):  # noqa: F811
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
        {"id": attacker["user"]["id"], "email": victim, "reason": "email_proven"}]
    audit = await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = 'user.credentials_discarded'", tenant.id)
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


async def test_magic_link_completed_by_a_second_factor_ends_them_too(app, api, tenant):  # noqa: F811
    # The account has a second factor (enrolled by the backend here): the proof takes effect
    # when the sign-in ends, at the MFA verification.
    victim = _address()
    attacker = await _attacker_signs_up(tenant, victim)
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, attacker["user"]["id"])
    await _magic_link(tenant, victim)
    token = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert_error(body, "mfa_required", 403)
    status, done, _ = await tenant.public("POST", "/v1/auth/mfa/verify", json={
        "challenge_id": body["error"]["mfa_challenge"]["challenge_id"], "code": totp_code(secret, 1),
        "factor_type": "totp"})
    assert status == 200, done
    assert done["user"]["email_verified"] is True
    await _assert_password_refused_like_a_wrong_one(tenant, victim, ATTACKER_PASSWORD)
    await _assert_session_dead(api, tenant, attacker["session"])
    await _assert_session_alive(api, tenant, done["session"])


# -- password reset and providers --------------------------------------------------------------

@pytest.mark.parametrize("proof", ["magic_link", "password_reset"])
async def test_a_provider_account_linked_before_the_proof_is_unlinked(
        app, api, base, idp, tenant, connection, browser, proof):  # noqa: F811
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
        status, owner, _ = await tenant.public("POST", "/v1/auth/password/reset",
                                               json={"token": token, "password": "the owner's own password 31"})
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
        app, api, base, idp, tenant, connection, browser):  # noqa: F811
    victim = _address()
    attacker = await _attacker_signs_up(tenant, victim)
    # The victim's provider account ends up linked to that account (e.g. through a link flow the
    # attacker made the victim's browser finish); written directly here, the link is not the point.
    person = await upstream_user(app, idp, verified=True, email=victim)
    await state(app).pool.execute(
        """INSERT INTO oauth_identities (tenant_id, id, user_id, connection_id, provider, provider_user_id,
                                         email, email_verified)
           VALUES ($1, $2, $3, $4, 'oidc', $5, $6, false)""",
        tenant.id, new_id("oac"), attacker["user"]["id"], connection["id"], person["id"], victim)

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

@pytest.mark.parametrize("how", ["page", "api"])
async def test_verification_ends_the_sign_up_session_and_keeps_the_password(app, api, tenant, how):  # noqa: F811
    email = _address()
    status, created, _ = await tenant.public("POST", "/v1/auth/sign-up",
                                             json={"email": email, "password": STRONG_PASSWORD})
    assert status == 201
    await _assert_session_alive(api, tenant, created["session"])
    token = token_in((await emails_of(app, tenant.id, "verification"))[-1]["variables"]["verify_url"])
    if how == "page":
        status, html, _ = await api.call("GET", f"/v1/auth/verify-email?token={token}")
        assert status == 200 and "Email verified" in html
    else:
        status, body, _ = await tenant.public("POST", "/v1/auth/verify-email", json={"token": token})
        assert status == 200 and body["user"]["email_verified"] is True

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
    status, created, _ = await tenant.public("POST", "/v1/auth/sign-up",
                                             json={"email": email, "password": STRONG_PASSWORD})
    assert status == 201
    status, body, _ = await tenant.secret("PATCH", f"/v1/users/{created['user']['id']}",
                                          json={"email_verified": True})
    assert status == 200 and body["email_verified"] is True
    await _assert_session_alive(api, tenant, created["session"])
    assert (await _sign_in(tenant, email, STRONG_PASSWORD))[0] == 200
    assert await events(app, tenant.id, "session.revoked") == []
