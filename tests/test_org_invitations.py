"""Invitations (issue G): create, list, revoke, the invitation email (delivered through the
worker to a real SMTP sink), acceptance with the invited user's access token and every way
acceptance is refused, and the service's own invitation page."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime, timedelta

import pytest

from identity.crypto import sha256_hex
from identity.state import state
from tests.support.api import assert_error
from tests.support.mail import emails_of, token_in
from tests.support.organizations import accept, audits, email, invite, last_invite_url, new_org, new_user
from tests.support.records import events


@pytest.fixture
def settings(settings, smtp_sink):
    return dataclasses.replace(settings, smtp_url=smtp_sink.url)


def link_in(message) -> str:
    text = message.get_body(("plain",)).get_content()
    return re.search(r"https?://\S+", text).group(0)


async def test_invitation_email_arrives_with_the_token_link_and_acceptance_works(
    tenant, app, sign_up, worker, smtp_sink
) -> None:
    owner = await new_user(sign_up, name="Olga Owner")
    org = await new_org(tenant, name="Acme", created_by=owner["id"])
    invited = email()
    status, inv, _ = await invite(
        tenant,
        org["id"],
        email=invited.upper(),
        role="admin",
        redirect_url="https://app.example.com/join?src=mail",
        inviter_user_id=owner["id"],
    )
    assert status == 201, inv
    assert inv["id"].startswith("inv_") and inv["email"] == invited and inv["role"] == "admin"
    assert inv["status"] == "pending" and inv["org_id"] == org["id"]
    expires = datetime.fromisoformat(inv["expires_at"])
    assert abs(expires - datetime.now(UTC) - timedelta(days=7)) < timedelta(minutes=1)
    # the email, delivered by the worker through SMTP
    [message] = await smtp_sink.wait_for(invited)
    assert "Acme" in str(message["Subject"])
    url = link_in(message)
    assert url.startswith("https://app.example.com/join?src=mail&token=")
    text = message.get_body(("plain",)).get_content()
    assert "Olga Owner" in text and "as admin" in text and "7 days" in text
    token = token_in(url)
    # only the hash is stored
    row = await state(app).pool.fetchrow("SELECT * FROM invitations WHERE tenant_id = $1", tenant.id)
    assert row["token_hash"] == sha256_hex(token) and token not in str(dict(row))
    # events and audit
    sent = await events(app, tenant.id, "org.invitation.sent")
    assert [(e["id"], e["email"], e["role"]) for e in sent] == [(inv["id"], invited, "admin")]
    entries = await audits(app, tenant.id, "organization.invitation_created")
    assert entries[0]["resource_id"] == org["id"] and entries[0]["metadata"]["invitation_id"] == inv["id"]

    # the invited user signs up and accepts
    user = await new_user(sign_up, email=invited, name="Ines")
    status, member, _ = await accept(tenant, token, user["access_token"])
    assert status == 200, member
    assert member["user_id"] == user["id"] and member["role"] == "admin" and member["org_id"] == org["id"]
    assert member["user"] == {"id": user["id"], "email": invited, "name": "Ines"}
    status, org_now, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}")
    assert org_now["member_count"] == 2
    accepted = await events(app, tenant.id, "org.invitation.accepted")
    assert accepted[0]["id"] == inv["id"] and accepted[0]["user_id"] == user["id"]
    assert accepted[0]["membership_id"] == member["id"]
    added = await events(app, tenant.id, "org.member.added")
    assert [(e["user_id"], e["via"]) for e in added][-1] == (user["id"], "invitation")
    entries = await audits(app, tenant.id, "organization.invitation_accepted")
    assert entries[0]["actor"] == {"id": user["id"], "email": invited, "type": "user"}
    # single use
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 401
    assert_error(body, "invalid_token", 401)
    # no longer pending; listed as accepted
    status, listed, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations")
    assert listed["data"] == [] and listed["pagination"]["total"] == 0
    status, listed, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations?status=accepted")
    assert [i["id"] for i in listed["data"]] == [inv["id"]] and listed["data"][0]["status"] == "accepted"


async def test_without_redirect_url_the_link_is_the_service_page(tenant, app, worker, smtp_sink) -> None:
    org = await new_org(tenant, name="<script>alert(1)</script> Ltd")
    invited = email()
    status, inv, _ = await invite(tenant, org["id"], email=invited, expires_in="2d")
    assert status == 201 and inv["redirect_url"] is None
    [message] = await smtp_sink.wait_for(invited)
    url = link_in(message)
    # the hosted acceptance page (tests/test_hosted_account.py drives it); the older explanation
    # page keeps answering the links mailed before it
    assert url.startswith(f"http://127.0.0.1:3000/oauth/{tenant.id}/invitation?token=")
    assert "2 days" in message.get_body(("plain",)).get_content()
    token = token_in(url)
    status, page, resp = await tenant.api.call("GET", f"/v1/invitations/view?token={token}")
    assert status == 200 and resp.content_type == "text/html"
    assert resp.headers["Cache-Control"] == "no-store"
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Ltd" in page and "<script>" not in page  # autoescaped
    assert invited in page and token in page and "member" in page
    # the page never accepts: the invitation is still pending
    status, listed, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations")
    assert [i["id"] for i in listed["data"]] == [inv["id"]]
    for bad in ("", "?token=", "?token=nope"):
        status, page, _ = await tenant.api.call("GET", f"/v1/invitations/view{bad}")
        assert status == 400 and "not valid" in page


async def test_email_of_another_user_is_refused(tenant, app, sign_up) -> None:
    org = await new_org(tenant)
    invited = email()
    await invite(tenant, org["id"], email=invited)
    token = token_in(await last_invite_url(app, tenant.id))
    intruder = await new_user(sign_up)
    status, body, _ = await accept(tenant, token, intruder["access_token"])
    assert status == 403
    assert_error(body, "invitation_email_mismatch", 403)
    # nothing changed: the right user can still accept
    assert (await tenant.secret("GET", f"/v1/organizations/{org['id']}"))[1]["member_count"] == 0
    user = await new_user(sign_up, email=invited)
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 200


async def test_expired_invitation(tenant, app, sign_up) -> None:
    org = await new_org(tenant)
    invited = email()
    status, inv, _ = await invite(tenant, org["id"], email=invited, expires_in="1h")
    token = token_in(await last_invite_url(app, tenant.id))
    assert "1 hour" == (await emails_of(app, tenant.id, "invitation"))[-1]["variables"]["expires_in"]
    await state(app).pool.execute(
        "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        inv["id"],
    )
    user = await new_user(sign_up, email=invited)
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 401
    assert_error(body, "token_expired", 401)
    status, page, _ = await tenant.api.call("GET", f"/v1/invitations/view?token={token}")
    assert status == 400 and "expired" in page
    status, listed, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations")
    assert listed["data"] == []
    status, listed, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations?status=expired")
    assert [i["status"] for i in listed["data"]] == ["expired"]
    # an expired invitation does not block a new one
    status, again, _ = await invite(tenant, org["id"], email=invited)
    assert status == 201


async def test_revoke(tenant, app, sign_up) -> None:
    org = await new_org(tenant)
    invited = email()
    status, inv, _ = await invite(tenant, org["id"], email=invited)
    token = token_in(await last_invite_url(app, tenant.id))
    path = f"/v1/organizations/{org['id']}/invitations/{inv['id']}"
    status, body, _ = await tenant.secret("DELETE", path)
    assert status == 204
    assert len(await audits(app, tenant.id, "organization.invitation_revoked")) == 1
    status, body, _ = await tenant.secret("DELETE", path)
    assert status == 204  # idempotent
    assert len(await audits(app, tenant.id, "organization.invitation_revoked")) == 1
    user = await new_user(sign_up, email=invited)
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 401
    assert_error(body, "invalid_token")
    status, page, _ = await tenant.api.call("GET", f"/v1/invitations/view?token={token}")
    assert status == 400
    status, listed, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations?status=revoked")
    assert [i["id"] for i in listed["data"]] == [inv["id"]] and listed["data"][0]["revoked_at"]
    for bad in (
        f"/v1/organizations/{org['id']}/invitations/inv_missing",
        f"/v1/organizations/org_missing/invitations/{inv['id']}",
    ):
        status, body, _ = await tenant.secret("DELETE", bad)
        assert status == 404
    other = await new_org(tenant)
    status, body, _ = await tenant.secret("DELETE", f"/v1/organizations/{other['id']}/invitations/{inv['id']}")
    assert status == 404
    assert_error(body, "invitation_not_found")


async def test_an_accepted_invitation_cannot_be_revoked(tenant, app, sign_up) -> None:
    org = await new_org(tenant)
    invited = email()
    status, inv, _ = await invite(tenant, org["id"], email=invited)
    token = token_in(await last_invite_url(app, tenant.id))
    user = await new_user(sign_up, email=invited)
    assert (await accept(tenant, token, user["access_token"]))[0] == 200
    status, body, _ = await tenant.secret("DELETE", f"/v1/organizations/{org['id']}/invitations/{inv['id']}")
    assert status == 409
    assert_error(body, "invitation_accepted")


async def test_invalid_tokens_and_credentials(tenant, make_tenant, app, sign_up) -> None:
    user = await new_user(sign_up)
    status, body, _ = await accept(tenant, "nonexistent-token", user["access_token"])
    assert status == 401
    assert_error(body, "invalid_token")
    org = await new_org(tenant)
    await invite(tenant, org["id"], email=user["email"])
    token = token_in(await last_invite_url(app, tenant.id))
    # secret and publishable keys are the wrong credential
    status, body, _ = await tenant.secret("POST", f"/v1/invitations/{token}/accept")
    assert status == 403
    assert_error(body, "forbidden")
    status, body, _ = await tenant.public("POST", f"/v1/invitations/{token}/accept", json={})
    assert status == 403
    # a user of another tenant with the same email: the token is not found in that tenant
    other = await make_tenant()
    twin = await new_user(sign_up, on=other, email=user["email"])
    status, body, _ = await other.secret("POST", f"/v1/invitations/{token}/accept", token=twin["access_token"])
    assert status == 401
    assert_error(body, "invalid_token")
    # the access token of another tenant with this tenant's header
    status, body, _ = await tenant.secret("POST", f"/v1/invitations/{token}/accept", token=twin["access_token"])
    assert status == 401
    assert_error(body, "unauthenticated")
    # a signed-out session's token
    await tenant.secret("POST", "/v1/auth/sign-out", token=user["access_token"])
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 401
    assert_error(body, "unauthenticated")
    assert (await tenant.secret("GET", f"/v1/organizations/{org['id']}"))[1]["member_count"] == 0


async def test_accepting_when_already_a_member(tenant, app, sign_up) -> None:
    org = await new_org(tenant)
    user = await new_user(sign_up)
    await invite(tenant, org["id"], email=user["email"])
    token = token_in(await last_invite_url(app, tenant.id))
    await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": user["id"]})
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 409
    assert_error(body, "already_member")


async def test_invitation_rules(tenant, app, sign_up) -> None:
    owner = await new_user(sign_up)
    admin = await new_user(sign_up, name="Ada Admin")
    plain = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    base = f"/v1/organizations/{org['id']}/members"
    await tenant.secret("POST", base, json={"user_id": admin["id"], "role": "admin"})
    await tenant.secret("POST", base, json={"user_id": plain["id"]})
    # a member is already a member (409); a pending invitation for the address is 409 too
    status, body, _ = await invite(tenant, org["id"], email=plain["email"].upper())
    assert status == 409
    assert_error(body, "already_member")
    target = email()
    assert (await invite(tenant, org["id"], email=target))[0] == 201
    status, body, _ = await invite(tenant, org["id"], email=target)
    assert status == 409
    assert_error(body, "already_invited")
    # the inviter must be an owner or admin of the organization
    status, body, _ = await invite(tenant, org["id"], email=email(), inviter_user_id=plain["id"])
    assert status == 422 and body["error"]["details"][0]["field"] == "inviter_user_id"
    status, body, _ = await invite(tenant, org["id"], email=email(), inviter_user_id="usr_nobody")
    assert status == 422
    status, body, _ = await invite(tenant, org["id"], email=email(), inviter_user_id=admin["id"])
    assert status == 201 and body["inviter_user_id"] == admin["id"]
    assert (await emails_of(app, tenant.id, "invitation"))[-1]["variables"]["inviter_name"] == "Ada Admin"
    # bad input: a clear 4xx, nothing created
    before = await state(app).pool.fetchval("SELECT count(*) FROM invitations WHERE tenant_id = $1", tenant.id)
    for payload, code in (
        ({"email": "not-an-email"}, "invalid_email"),
        ({}, "validation_error"),
        ({"email": email(), "role": "king"}, "validation_error"),
        ({"email": email(), "redirect_url": "ftp://example.com/x"}, "validation_error"),
        ({"email": email(), "redirect_url": "/relative"}, "validation_error"),
        ({"email": email(), "redirect_url": "https://user:pw@example.com/"}, "validation_error"),
        ({"email": email(), "expires_in": "0s"}, "validation_error"),
        ({"email": email(), "expires_in": "400d"}, "validation_error"),
        ({"email": email(), "expires_in": "soon"}, "validation_error"),
    ):
        status, body, _ = await invite(tenant, org["id"], **payload)
        assert 400 <= status < 500, (payload, body)
        assert_error(body, code)
    after = await state(app).pool.fetchval("SELECT count(*) FROM invitations WHERE tenant_id = $1", tenant.id)
    assert after == before


async def test_redirect_url_respects_allowed_origins(make_tenant) -> None:
    t = await make_tenant(auth_config={"allowed_origins": ["https://app.example.com"]})
    org = await new_org(t)
    status, body, _ = await invite(t, org["id"], email=email(), redirect_url="https://evil.example.net/x")
    assert status == 422
    status, body, _ = await invite(t, org["id"], email=email(), redirect_url="https://app.example.com/join")
    assert status == 201


async def test_list_invitations_paginates(tenant) -> None:
    org = await new_org(tenant)
    made = [(await invite(tenant, org["slug"], email=email()))[1]["id"] for _ in range(3)]
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations?limit=2")
    assert status == 200 and body["pagination"]["total"] == 3 and body["pagination"]["has_more"]
    status, rest, _ = await tenant.secret(
        "GET", f"/v1/organizations/{org['id']}/invitations?limit=2&cursor={body['pagination']['next_cursor']}"
    )
    assert [i["id"] for i in body["data"] + rest["data"]] == made[::-1]
    assert set(body["data"][0]) == {
        "id",
        "org_id",
        "email",
        "role",
        "status",
        "redirect_url",
        "inviter_user_id",
        "expires_at",
        "created_at",
        "accepted_at",
        "revoked_at",
    }
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/invitations?status=bogus")
    assert status == 422


async def test_concurrent_acceptance_is_single_use(tenant, app, sign_up) -> None:
    import asyncio

    org = await new_org(tenant)
    user = await new_user(sign_up)
    await invite(tenant, org["id"], email=user["email"])
    token = token_in(await last_invite_url(app, tenant.id))
    results = await asyncio.gather(*[accept(tenant, token, user["access_token"]) for _ in range(3)])
    assert sorted(r[0] for r in results) == [200, 401, 401]
    assert (await tenant.secret("GET", f"/v1/organizations/{org['id']}"))[1]["member_count"] == 1


async def test_overlong_invitation_expiry_is_422(tenant) -> None:
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "Overflow"})
    assert status == 201
    for bad in ("999999999y", "0s", "366d", "soon"):
        status, body, _ = await tenant.secret(
            "POST", f"/v1/organizations/{org['id']}/invitations", json={"email": "x@example.com", "expires_in": bad}
        )
        assert status == 422, (bad, body)
        assert body["error"]["details"][0]["field"] == "expires_in"


async def test_accepting_again_with_one_idempotency_key_answers_the_membership(tenant, app, sign_up) -> None:
    """A client that lost the answer retries with its Idempotency-Key and gets the membership,
    not 401 for a token that is now spent."""
    org = await new_org(tenant)
    invited = email()
    assert (await invite(tenant, org["id"], email=invited))[0] == 201
    token = token_in(await last_invite_url(app, tenant.id))
    user = await new_user(sign_up, email=invited)
    headers = {"Idempotency-Key": "accept-1"}
    first = await accept(tenant, token, user["access_token"], headers=headers)
    again = await accept(tenant, token, user["access_token"], headers=headers)
    assert first[0] == again[0] == 200 and first[1] == again[1]
    assert again[2].headers["Idempotent-Replayed"] == "true"
    assert len(await events(app, tenant.id, "org.invitation.accepted")) == 1
    status, body, _ = await accept(tenant, token, user["access_token"])
    assert status == 401  # without the key, the spent token is refused as before
