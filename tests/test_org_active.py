"""The active organization of a session (issue G): POST /v1/auth/organization answers a new
access token naming the organization and the user's role in it; refresh carries it forward;
/v1/sessions/verify shows it; ending the membership or deleting the organization clears it."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

import jwt

from identity.sessions.access import claims_for
from identity.sessions.runtime import runtime
from identity.sessions.subject import TokenSubject
from identity.state import state
from tests.support.api import assert_error
from tests.support.organizations import new_org, new_user


def claims(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


async def set_active(tenant, access_token: str, organization_id):
    return await tenant.secret(
        "POST", "/v1/auth/organization", token=access_token, json={"organization_id": organization_id}
    )


async def refresh(tenant, refresh_token: str):
    return await tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": refresh_token})


async def verify(tenant, token: str):
    status, body, _ = await tenant.secret("POST", "/v1/sessions/verify", json={"token": token})
    assert status == 200, body
    return body


async def test_switch_refresh_and_verify(tenant, sign_up) -> None:
    user = await new_user(sign_up, metadata={"plan": "pro"})
    org = await new_org(tenant, created_by=user["id"])
    assert claims(user["access_token"])["org_id"] is None
    assert claims(user["access_token"])["org_role"] is None
    before = await verify(tenant, user["access_token"])
    assert before["org_id"] is None and before["org_role"] is None
    status, body, _ = await set_active(tenant, user["access_token"], org["id"])
    assert status == 200, body
    assert set(body) == {"session_id", "access_token", "access_token_expires_at", "org_id", "org_role"}
    assert body["session_id"] == user["session_id"] and body["org_id"] == org["id"] and body["org_role"] == "owner"
    c = claims(body["access_token"])
    assert c["org_id"] == org["id"] and c["org_role"] == "owner"
    assert c["sid"] == user["session_id"] and c["sub"] == user["id"] and c["role"] == "member"
    assert c["public_metadata"] == {"plan": "pro"} and "act" not in c
    checked = await verify(tenant, body["access_token"])
    assert checked["valid"] and checked["org_id"] == org["id"] and checked["org_role"] == "owner"
    assert checked["role"] == "member"  # the system role is unchanged
    # the new token works as a credential; the old one still works, with its old claims
    status, me, _ = await tenant.secret("GET", "/v1/auth/me", token=body["access_token"])
    assert status == 200 and me["id"] == user["id"]
    assert (await tenant.secret("GET", "/v1/auth/me", token=user["access_token"]))[0] == 200
    # refresh keeps the organization, with the member's current role
    second = await new_user(sign_up)
    await tenant.secret(
        "POST", f"/v1/organizations/{org['id']}/members", json={"user_id": second["id"], "role": "owner"}
    )
    await tenant.secret("PATCH", f"/v1/organizations/{org['id']}/members/{user['id']}", json={"role": "admin"})
    status, pair, _ = await refresh(tenant, user["refresh_token"])
    assert status == 200, pair
    c = claims(pair["access_token"])
    assert c["org_id"] == org["id"] and c["org_role"] == "admin"
    status, pair2, _ = await refresh(tenant, pair["refresh_token"])
    assert claims(pair2["access_token"])["org_id"] == org["id"]
    # by slug too, and null clears it
    status, body, _ = await set_active(tenant, pair2["access_token"], org["slug"])
    assert status == 200 and body["org_id"] == org["id"] and body["org_role"] == "admin"
    status, body, _ = await set_active(tenant, pair2["access_token"], None)
    assert status == 200 and body["org_id"] is None and body["org_role"] is None
    assert claims(body["access_token"])["org_id"] is None
    status, pair3, _ = await refresh(tenant, pair2["refresh_token"])
    assert claims(pair3["access_token"])["org_id"] is None


async def test_only_the_users_own_organizations(tenant, make_tenant, sign_up) -> None:
    user = await new_user(sign_up)
    theirs = await new_org(tenant)
    for target in (theirs["id"], theirs["slug"], "org_missing", "no-such-slug"):
        status, body, _ = await set_active(tenant, user["access_token"], target)
        assert status == 404, target
        assert_error(body, "organization_not_found", 404)
    other = await make_tenant()
    foreign = await new_org(other)
    status, body, _ = await set_active(tenant, user["access_token"], foreign["id"])
    assert status == 404
    # the body is required (null is the way to clear), and typed
    for payload in ({}, {"organization_id": 5}, {"org": None}):
        status, body, _ = await tenant.secret("POST", "/v1/auth/organization", token=user["access_token"], json=payload)
        assert status == 422, payload
    status, body, _ = await tenant.secret("POST", "/v1/auth/organization", json={"organization_id": None})
    assert status == 403
    assert_error(body, "forbidden")  # secret keys are the wrong credential
    status, body, _ = await tenant.public("POST", "/v1/auth/organization", json={"organization_id": None})
    assert status == 403


async def test_ending_the_membership_clears_the_active_organization(tenant, sign_up) -> None:
    owner = await new_user(sign_up)
    user = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": user["id"]})
    status, body, _ = await set_active(tenant, user["access_token"], org["id"])
    assert body["org_role"] == "member"
    status, _, _ = await tenant.secret("DELETE", f"/v1/organizations/{org['id']}/members/{user['id']}")
    assert status == 204
    status, pair, _ = await refresh(tenant, user["refresh_token"])
    assert status == 200
    assert claims(pair["access_token"])["org_id"] is None and claims(pair["access_token"])["org_role"] is None
    status, body, _ = await set_active(tenant, pair["access_token"], org["id"])
    assert status == 404
    # the owner's session survives the organization's deletion, without it
    status, body, _ = await set_active(tenant, owner["access_token"], org["id"])
    assert status == 200
    assert (await tenant.secret("DELETE", f"/v1/organizations/{org['id']}"))[0] == 204
    status, pair, _ = await refresh(tenant, owner["refresh_token"])
    assert status == 200 and claims(pair["access_token"])["org_id"] is None


async def test_revoked_session_cannot_switch(tenant, sign_up) -> None:
    user = await new_user(sign_up)
    org = await new_org(tenant, created_by=user["id"])
    await tenant.secret("DELETE", f"/v1/sessions/{user['session_id']}")
    status, body, _ = await set_active(tenant, user["access_token"], org["id"])
    assert status == 401
    assert_error(body, "unauthenticated")


async def test_my_organizations(tenant, sign_up) -> None:
    user = await new_user(sign_up)
    a = await new_org(tenant, name="A", created_by=user["id"])
    b = await new_org(tenant, name="B")
    await new_org(tenant, name="Not mine")
    await tenant.secret("POST", f"/v1/organizations/{b['id']}/members", json={"user_id": user["id"], "role": "admin"})
    status, body, _ = await tenant.secret("GET", "/v1/auth/organizations", token=user["access_token"])
    assert status == 200, body
    assert body["pagination"]["total"] == 2
    assert [(m["organization"]["name"], m["role"], m["active"]) for m in body["data"]] == [
        ("B", "admin", False),
        ("A", "owner", False),
    ]
    assert body["data"][1]["organization"]["member_count"] == 1
    status, switched, _ = await set_active(tenant, user["access_token"], a["id"])
    status, body, _ = await tenant.secret(
        "GET", "/v1/auth/organizations?limit=1&order=asc", token=switched["access_token"]
    )
    assert [(m["organization"]["id"], m["active"]) for m in body["data"]] == [(a["id"], True)]
    assert body["pagination"]["has_more"] is True
    status, body, _ = await tenant.secret("GET", "/v1/auth/organizations")
    assert status == 403


async def test_impersonation_claim_is_kept(tenant, app, sign_up) -> None:
    """A token carrying act (impersonation, issue F) stays an impersonation token when the
    organization is switched."""
    user = await new_user(sign_up)
    org = await new_org(tenant, created_by=user["id"])
    rt = runtime(app)
    session = {
        "id": user["session_id"],
        "expires_at": datetime.now(UTC) + timedelta(days=1),
        "mfa_verified": False,
        "org_id": None,
    }
    token = rt.tokens.issue(
        claims_for(
            issuer=rt.issuer,
            tenant_id=tenant.id,
            user=TokenSubject(id=user["id"], role="member", public_metadata={}),
            session=session,
            ttl=timedelta(hours=1),
            act={"sub": "admin_1"},
        )
    )
    status, body, _ = await set_active(tenant, token, org["id"])
    assert status == 200, body
    assert claims(body["access_token"])["act"] == {"sub": "admin_1"}
    entries = await state(app).pool.fetch(
        "SELECT action, actor FROM audit_log WHERE tenant_id = $1 AND action = 'session.organization_set'", tenant.id
    )
    assert len(entries) == 1 and entries[0]["actor"]["impersonated_by"] == "admin_1"


async def test_switching_never_outlives_the_presented_token(tenant, app, sign_up) -> None:
    """The new token's exp is never later than the presented token's: a stolen access token
    cannot be renewed by switching organizations, only the refresh token gives a later one."""
    user = await new_user(sign_up)
    org = await new_org(tenant, created_by=user["id"])
    presented = claims(user["access_token"])
    await asyncio.sleep(1.1)  # now + access_token_ttl is a second past the presented exp
    status, body, _ = await set_active(tenant, user["access_token"], org["id"])
    assert status == 200, body
    switched = claims(body["access_token"])
    assert switched["exp"] <= presented["exp"] and switched["org_id"] == org["id"]
    answered = datetime.fromisoformat(body["access_token_expires_at"].replace("Z", "+00:00"))
    assert answered == datetime.fromtimestamp(switched["exp"], UTC)
    # switching again with the switched token does not push it forward either
    status, again, _ = await set_active(tenant, body["access_token"], None)
    assert status == 200 and claims(again["access_token"])["exp"] <= presented["exp"]
    # a token close to its end (minted here with 20 s left) gets no more than those 20 s
    rt = runtime(app)
    short = rt.tokens.issue(dict(presented, exp=int(time.time()) + 20))
    status, body, _ = await set_active(tenant, short, org["id"])
    assert status == 200, body
    assert claims(body["access_token"])["exp"] <= int(time.time()) + 20
    # the refresh token still gives a full-length token
    status, pair, _ = await refresh(tenant, user["refresh_token"])
    assert status == 200 and claims(pair["access_token"])["exp"] > presented["exp"]
    assert claims(pair["access_token"])["org_id"] == org["id"]
