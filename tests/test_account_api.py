"""Account self-service through the API (docs/auth.md, "Account self-service"): profile, password
change and first password with re-authentication, email change proven by a code sent to the new
address, one's own sessions, leaving an organization."""

from __future__ import annotations

import uuid

from identity.state import state
from tests.support.api import STRONG_PASSWORD, assert_error
from tests.support.mail import emails_of, token_in
from tests.support.organizations import audits, new_org, new_user
from tests.support.records import events

NEW_PASSWORD = "a quite different passphrase 77"
REDIRECT = "https://app.example.com/auth/callback"


def _email() -> str:
    return f"acct-{uuid.uuid4().hex[:10]}@example.com"


async def _me(tenant, method: str, path: str, token: str, **kw):
    return await tenant.secret(method, path, token=token, **kw)


async def _verified(tenant, sign_up) -> dict:
    """A signed-up user whose address is verified (the tenant requires it to sign in again)."""
    user = await new_user(sign_up)
    status, _, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email_verified": True})
    assert status == 200
    return user


async def _sign_in(tenant, email: str, password: str):
    return await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})


async def _magic_user(app, tenant) -> dict:
    """A user who has no password, signed in just now by a magic link."""
    email = _email()
    status, _, _ = await tenant.public(
        "POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": REDIRECT, "create_if_not_exists": True}
    )
    assert status == 200
    token = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 200, body
    return {**body["user"], "access_token": body["session"]["access_token"], "session_id": body["session"]["id"]}


async def test_profile_update(app, tenant, sign_up) -> None:
    user = await new_user(sign_up)
    status, body, _ = await _me(tenant, "PATCH", "/v1/auth/me", user["access_token"], json={"name": "Ada L."})
    assert status == 200, body
    assert body["name"] == "Ada L." and "private_metadata" not in body
    status, me, _ = await _me(tenant, "GET", "/v1/auth/me", user["access_token"])
    assert me["name"] == "Ada L."
    updated = await events(app, tenant.id, "user.updated")
    assert updated[-1]["fields"] == ["name"]
    # usernames are off by default: 422, and metadata is not the user's to write
    status, body, _ = await _me(tenant, "PATCH", "/v1/auth/me", user["access_token"], json={"username": "ada"})
    assert status == 422, body
    status, body, _ = await _me(
        tenant, "PATCH", "/v1/auth/me", user["access_token"], json={"public_metadata": {"plan": "pro"}}
    )
    assert status == 422, body


async def test_password_change_with_current_password(app, tenant, sign_up) -> None:
    user = await _verified(tenant, sign_up)
    other = await _sign_in(tenant, user["email"], STRONG_PASSWORD)
    assert other[0] == 200
    path = "/v1/auth/password"
    status, body, _ = await _me(tenant, "POST", path, user["access_token"], json={"new_password": NEW_PASSWORD})
    assert status == 422 and body["error"]["code"] == "incorrect_password"
    assert body["error"]["details"][0]["field"] == "current_password"
    status, body, _ = await _me(
        tenant, "POST", path, user["access_token"], json={"current_password": "wrong one", "new_password": NEW_PASSWORD}
    )
    assert_error(body, "incorrect_password", 422)
    status, body, _ = await _me(
        tenant, "POST", path, user["access_token"], json={"current_password": STRONG_PASSWORD, "new_password": "short"}
    )
    assert_error(body, "password_too_weak", 422)
    status, body, _ = await _me(
        tenant,
        "POST",
        path,
        user["access_token"],
        json={"current_password": STRONG_PASSWORD, "new_password": NEW_PASSWORD},
    )
    assert status == 200, body
    assert body["sessions_revoked"] == 1 and body["user"]["id"] == user["id"]
    # the other session ended, this one stays
    assert (await _me(tenant, "GET", "/v1/auth/me", other[1]["session"]["access_token"]))[0] == 401
    assert (await _me(tenant, "GET", "/v1/auth/me", user["access_token"]))[0] == 200
    assert (await _sign_in(tenant, user["email"], STRONG_PASSWORD))[0] == 401
    assert (await _sign_in(tenant, user["email"], NEW_PASSWORD))[0] == 200
    changed = await events(app, tenant.id, "user.password_changed")
    assert changed[-1]["reason"] == "user_changed"
    entries = await audits(app, tenant.id, "user.password_changed")
    assert len(entries) == 1 and entries[0]["resource_id"] == user["id"]


async def test_password_change_may_keep_other_sessions(tenant, sign_up) -> None:
    user = await _verified(tenant, sign_up)
    other = await _sign_in(tenant, user["email"], STRONG_PASSWORD)
    status, body, _ = await _me(
        tenant,
        "POST",
        "/v1/auth/password",
        user["access_token"],
        json={"current_password": STRONG_PASSWORD, "new_password": NEW_PASSWORD, "sign_out_other_sessions": False},
    )
    assert status == 200 and body["sessions_revoked"] == 0
    assert (await _me(tenant, "GET", "/v1/auth/me", other[1]["session"]["access_token"]))[0] == 200


async def test_first_password_needs_a_recent_sign_in(app, tenant) -> None:
    user = await _magic_user(app, tenant)
    await state(app).pool.execute(
        "UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        user["session_id"],
    )
    body = {"new_password": NEW_PASSWORD}
    status, answer, _ = await _me(tenant, "POST", "/v1/auth/password", user["access_token"], json=body)
    assert_error(answer, "reauthentication_required", 403)
    fresh = await _magic_user_again(app, tenant, user["email"])
    status, answer, _ = await _me(tenant, "POST", "/v1/auth/password", fresh, json=body)
    assert status == 200, answer
    assert (await _sign_in(tenant, user["email"], NEW_PASSWORD))[0] == 200
    assert (await events(app, tenant.id, "user.password_changed"))[-1]["reason"] == "user_set"


async def _magic_user_again(app, tenant, email: str) -> str:
    await tenant.public("POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": REDIRECT})
    token = token_in((await emails_of(app, tenant.id, "magic_link"))[-1]["variables"]["magic_link_url"])
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 200, body
    return str(body["session"]["access_token"])


async def test_email_change_is_proven_by_the_new_address(app, tenant, sign_up) -> None:
    user = await _verified(tenant, sign_up)
    old, new = user["email"], _email()
    token = user["access_token"]
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email", token, json={"email": new, "password": "nope"})
    assert_error(body, "incorrect_password", 422)
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email", token, json={"email": old, "password": "x"})
    assert status == 422
    status, body, _ = await _me(
        tenant, "POST", "/v1/auth/email", token, json={"email": new.upper(), "password": STRONG_PASSWORD}
    )
    assert status == 202, body
    assert body["sent"] is True and body["email"] == new
    mail = (await emails_of(app, tenant.id, "email_change"))[-1]
    assert mail["to"] == new and mail["variables"]["new_email"] == new
    code = mail["variables"]["code"]
    assert len(code) == 6 and code.isdigit()
    # nothing changed yet
    status, me, _ = await _me(tenant, "GET", "/v1/auth/me", token)
    assert me["email"] == old
    wrong = "000000" if code != "000000" else "111111"
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email/verify", token, json={"code": wrong})
    assert status == 422 and body["error"]["details"][0]["field"] == "code"
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email/verify", token, json={"code": f"{code[:3]} {code[3:]}"})
    assert status == 200, body
    assert body["user"]["email"] == new and body["user"]["email_verified"] is True
    notice = (await emails_of(app, tenant.id, "email_changed"))[-1]
    assert notice["to"] == old and notice["variables"]["new_email"] == new
    assert (await _sign_in(tenant, new, STRONG_PASSWORD))[0] == 200
    assert (await _sign_in(tenant, old, STRONG_PASSWORD))[0] == 401
    assert (await events(app, tenant.id, "user.updated"))[-1]["fields"] == ["email", "email_verified"]
    entries = await audits(app, tenant.id, "user.email_changed")
    assert len(entries) == 1
    # the code is spent
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email/verify", token, json={"code": code})
    assert status == 422


async def test_email_change_to_a_taken_address_and_too_many_codes(app, tenant, sign_up) -> None:
    user = await _verified(tenant, sign_up)
    taken = await new_user(sign_up)
    token = user["access_token"]
    status, body, _ = await _me(
        tenant, "POST", "/v1/auth/email", token, json={"email": taken["email"], "password": STRONG_PASSWORD}
    )
    assert status == 202, body  # the request does not tell that the address is taken
    code = (await emails_of(app, tenant.id, "email_change"))[-1]["variables"]["code"]
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email/verify", token, json={"code": code})
    assert_error(body, "email_already_exists", 409)
    new = _email()
    await _me(tenant, "POST", "/v1/auth/email", token, json={"email": new, "password": STRONG_PASSWORD})
    code = (await emails_of(app, tenant.id, "email_change"))[-1]["variables"]["code"]
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        status, _, _ = await _me(tenant, "POST", "/v1/auth/email/verify", token, json={"code": wrong})
        assert status == 422
    status, body, _ = await _me(tenant, "POST", "/v1/auth/email/verify", token, json={"code": code})
    assert status == 422  # dropped after five wrong codes
    assert (await _me(tenant, "GET", "/v1/auth/me", token))[1]["email"] == user["email"]


async def test_my_sessions_revoke_one_and_the_others(app, tenant, sign_up) -> None:
    user = await _verified(tenant, sign_up)
    _, second, _ = await _sign_in(tenant, user["email"], STRONG_PASSWORD)
    _, third, _ = await _sign_in(tenant, user["email"], STRONG_PASSWORD)
    stranger = await new_user(sign_up)
    token = user["access_token"]
    status, body, _ = await _me(tenant, "GET", "/v1/auth/sessions", token)
    assert status == 200, body
    assert body["pagination"]["total"] == 3
    current = [s for s in body["data"] if s["current"]]
    assert [s["id"] for s in current] == [user["session_id"]]
    assert {"browser", "os", "device_type", "ip_address", "last_active_at"} <= set(current[0])
    # another user's session is not found
    status, body, _ = await _me(tenant, "DELETE", f"/v1/auth/sessions/{stranger['session_id']}", token)
    assert_error(body, "session_not_found", 404)
    status, _, _ = await _me(tenant, "DELETE", f"/v1/auth/sessions/{second['session']['id']}", token)
    assert status == 204
    assert (await _me(tenant, "GET", "/v1/auth/me", second["session"]["access_token"]))[0] == 401
    revoked = await events(app, tenant.id, "session.revoked")
    assert revoked[-1]["reason"] == "revoked_by_user"
    status, body, _ = await _me(tenant, "POST", "/v1/auth/sessions/revoke-others", token)
    assert status == 200 and body == {"revoked": 1}
    assert (await _me(tenant, "GET", "/v1/auth/me", third["session"]["access_token"]))[0] == 401
    assert (await _me(tenant, "GET", "/v1/auth/me", token))[0] == 200
    assert (await _me(tenant, "GET", f"/v1/users/{stranger['id']}", stranger["access_token"]))[0] in (401, 403)


async def test_leave_organization(app, tenant, sign_up) -> None:
    owner = await new_user(sign_up)
    member = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": member["id"]})
    status, body, _ = await _me(
        tenant, "POST", "/v1/auth/organization", member["access_token"], json={"organization_id": org["id"]}
    )
    assert status == 200
    # the last owner may not leave
    status, body, _ = await _me(tenant, "DELETE", f"/v1/auth/organizations/{org['id']}", owner["access_token"])
    assert_error(body, "last_owner", 409)
    status, _, _ = await _me(tenant, "DELETE", f"/v1/auth/organizations/{org['slug']}", member["access_token"])
    assert status == 204
    status, body, _ = await _me(tenant, "DELETE", f"/v1/auth/organizations/{org['id']}", member["access_token"])
    assert_error(body, "organization_not_found", 404)
    removed = await events(app, tenant.id, "org.member.removed")
    assert removed[-1]["user_id"] == member["id"] and removed[-1]["via"] == "left"
    status, mine, _ = await _me(tenant, "GET", "/v1/auth/organizations", member["access_token"])
    assert mine["data"] == []
    org_id = await state(app).pool.fetchval(
        "SELECT org_id FROM sessions WHERE tenant_id = $1 AND id = $2", tenant.id, member["session_id"]
    )
    assert org_id is None
