"""Organizations and memberships (issue G): every endpoint, slugs, member_count under
concurrency, the last-owner rule, cascades, scopes, events and audit entries."""

from __future__ import annotations

import asyncio
import uuid

from identity.state import state
from tests.support.api import assert_error
from tests.support.organizations import audits, email, new_org, new_user
from tests.support.records import events


async def email_count(app, tenant_id: str) -> int:
    return await state(app).pool.fetchval(
        "SELECT count(*) FROM outbox WHERE tenant_id = $1 AND topic = 'email'", tenant_id
    )


# -- organizations ----------------------------------------------------------------------------


async def test_create_with_owner_generated_slug_event_and_audit(tenant, app, sign_up) -> None:
    owner = await new_user(sign_up, name="Olga")
    status, org, _ = await tenant.secret(
        "POST",
        "/v1/organizations",
        json={
            "name": "Acme Ünïcode Corp!",
            "created_by": owner["id"],
            "logo_url": "https://x.test/l.png",
            "public_metadata": {"tier": "gold"},
        },
    )
    assert status == 201, org
    assert org["id"].startswith("org_") and org["tenant_id"] == tenant.id
    assert org["slug"] == "acme-unicode-corp"
    assert org["member_count"] == 1 and org["created_by"] == owner["id"]
    assert org["logo_url"] == "https://x.test/l.png" and org["public_metadata"] == {"tier": "gold"}
    assert set(org) == {
        "id",
        "tenant_id",
        "name",
        "slug",
        "logo_url",
        "member_count",
        "public_metadata",
        "created_by",
        "created_at",
        "updated_at",
    }
    status, members, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/members")
    assert status == 200
    assert [(m["user_id"], m["role"]) for m in members["data"]] == [(owner["id"], "owner")]
    created = await events(app, tenant.id, "org.created")
    assert [e["id"] for e in created] == [org["id"]] and created[0]["slug"] == org["slug"]
    added = await events(app, tenant.id, "org.member.added")
    assert added[0]["user_id"] == owner["id"] and added[0]["role"] == "owner" and added[0]["via"] == "created"
    entries = await audits(app, tenant.id, "organization.created")
    assert len(entries) == 1 and entries[0]["resource_type"] == "organization"
    assert entries[0]["resource_id"] == org["id"] and entries[0]["actor"]["type"] == "api_key"


async def test_create_without_created_by_has_no_members(tenant) -> None:
    org = await new_org(tenant, name="Bare")
    assert org["member_count"] == 0 and org["created_by"] is None and org["public_metadata"] == {}


async def test_slugs_are_unique_per_tenant(tenant, make_tenant) -> None:
    a = await new_org(tenant, name="Same Name")
    b = await new_org(tenant, name="Same Name")
    assert a["slug"] == "same-name" and b["slug"].startswith("same-name-") and a["slug"] != b["slug"]
    status, body, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "X", "slug": "same-name"})
    assert status == 409
    assert_error(body, "slug_already_exists", 409)
    other = await make_tenant()
    assert (await new_org(other, name="Same Name"))["slug"] == "same-name"  # another tenant: free
    # "slug" is reserved: /v1/organizations/slug/{slug} is the by-slug form
    assert (await new_org(tenant, name="Slug"))["slug"] == "slug-org"
    status, body, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "X", "slug": "slug"})
    assert status == 422
    status, body, _ = await tenant.secret("PATCH", f"/v1/organizations/{a['id']}", json={"slug": "slug"})
    assert status == 422
    # concurrent creations with one name all get distinct slugs
    results = await asyncio.gather(
        *[tenant.secret("POST", "/v1/organizations", json={"name": "Race"}) for _ in range(8)]
    )
    assert {r[0] for r in results} == {201}
    assert len({r[1]["slug"] for r in results}) == 8


async def test_create_refuses_bad_input_and_changes_nothing(tenant, app) -> None:
    cases = [
        ({}, "validation_error"),
        ({"name": ""}, "validation_error"),
        ({"name": "A", "slug": "Bad Slug"}, "validation_error"),
        ({"name": "A", "slug": "has_underscore"}, "validation_error"),
        ({"name": "A", "nmae": "typo"}, "validation_error"),
        ({"name": "A", "public_metadata": []}, "validation_error"),
        ({"name": "A", "logo_url": "javascript:alert(1)"}, "validation_error"),
        ({"name": "A", "created_by": "usr_nobody"}, "user_not_found"),
    ]
    for body, code in cases:
        status, answer, _ = await tenant.secret("POST", "/v1/organizations", json=body)
        assert 400 <= status < 500, (body, answer)
        assert_error(answer, code)
    status, answer, _ = await tenant.secret(
        "POST", "/v1/organizations", data=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert status == 400
    assert_error(answer, "invalid_json")
    assert await state(app).pool.fetchval("SELECT count(*) FROM organizations WHERE tenant_id = $1", tenant.id) == 0
    assert await events(app, tenant.id, "org.created") == []


async def test_created_by_of_another_tenant_is_not_found(tenant, make_tenant, sign_up) -> None:
    other = await make_tenant()
    stranger = await new_user(sign_up, on=other)
    status, body, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "A", "created_by": stranger["id"]})
    assert status == 404
    assert_error(body, "user_not_found")


async def test_get_by_id_and_by_slug(tenant, make_tenant) -> None:
    org = await new_org(tenant, name="Lookup Co")
    for path in (
        f"/v1/organizations/{org['id']}",
        f"/v1/organizations/{org['slug']}",
        f"/v1/organizations/slug/{org['slug']}",
    ):
        status, body, _ = await tenant.secret("GET", path)
        assert status == 200 and body == org, path
    for path in (
        "/v1/organizations/org_nothing",
        "/v1/organizations/no-such-slug",
        "/v1/organizations/slug/no-such-slug",
        f"/v1/organizations/slug/{org['id']}",
    ):
        status, body, _ = await tenant.secret("GET", path)
        assert status == 404
        assert_error(body, "organization_not_found", 404)
    # another tenant's organization does not exist for this one
    other = await make_tenant()
    for path in (
        f"/v1/organizations/{org['id']}",
        f"/v1/organizations/slug/{org['slug']}",
        f"/v1/organizations/{org['id']}/members",
        f"/v1/organizations/{org['id']}/invitations",
    ):
        status, body, _ = await other.secret("GET", path)
        assert status == 404
        assert_error(body, "organization_not_found")
    for method, path, body in (
        ("PATCH", f"/v1/organizations/{org['id']}", {"name": "Stolen"}),
        ("DELETE", f"/v1/organizations/{org['id']}", None),
        ("POST", f"/v1/organizations/{org['id']}/invitations", {"email": "a@example.com"}),
    ):
        status, answer, _ = await other.secret(method, path, json=body)
        assert status == 404, answer
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}")
    assert body["name"] == "Lookup Co"


async def test_list_search_and_paginate(tenant) -> None:
    made = [await new_org(tenant, name=f"Alpha {i}") for i in range(3)]
    await new_org(tenant, name="Beta")
    await new_org(tenant, name="Percent 100% Inc")
    status, body, _ = await tenant.secret("GET", "/v1/organizations")
    assert status == 200 and body["pagination"]["total"] == 5
    assert [o["name"] for o in body["data"]][:3] == ["Percent 100% Inc", "Beta", "Alpha 2"]  # newest first
    status, body, _ = await tenant.secret("GET", "/v1/organizations?q=alpha&limit=2")
    assert body["pagination"] == {
        "total": 3,
        "limit": 2,
        "has_more": True,
        "next_cursor": body["pagination"]["next_cursor"],
    }
    first = [o["id"] for o in body["data"]]
    status, body2, _ = await tenant.secret(
        "GET", f"/v1/organizations?q=alpha&limit=2&cursor={body['pagination']['next_cursor']}"
    )
    assert body2["pagination"]["has_more"] is False
    assert first + [o["id"] for o in body2["data"]] == [o["id"] for o in reversed(made)]
    status, body, _ = await tenant.secret("GET", "/v1/organizations?q=alpha&order=asc")
    assert [o["id"] for o in body["data"]] == [o["id"] for o in made]
    # LIKE wildcards in q are literal; q also searches the slug
    status, body, _ = await tenant.secret("GET", "/v1/organizations?q=%25")
    assert [o["name"] for o in body["data"]] == ["Percent 100% Inc"]
    status, body, _ = await tenant.secret("GET", "/v1/organizations?q=alpha-1")
    assert [o["name"] for o in body["data"]] == ["Alpha 1"]
    status, body, _ = await tenant.secret("GET", "/v1/organizations?limit=101")
    assert status == 422
    status, body, _ = await tenant.secret("GET", "/v1/organizations?cursor=garbage!")
    assert status == 422


async def test_patch(tenant, app) -> None:
    org = await new_org(tenant, name="Old", logo_url="https://x.test/a.png", public_metadata={"a": 1})
    taken = await new_org(tenant, name="Taken")
    status, body, _ = await tenant.secret(
        "PATCH",
        f"/v1/organizations/{org['id']}",
        json={
            "name": "New",
            "slug": "new-slug",
            "logo_url": None,
            "public_metadata": {"b": 2},
        },
    )
    assert status == 200, body
    assert (body["name"], body["slug"], body["logo_url"], body["public_metadata"]) == (
        "New",
        "new-slug",
        None,
        {"b": 2},
    )
    assert body["updated_at"] > org["updated_at"]
    entries = await audits(app, tenant.id, "organization.updated")
    assert entries[0]["metadata"]["fields"] == ["logo_url", "name", "public_metadata", "slug"]
    # by slug too; a taken slug is 409 and changes nothing
    status, answer, _ = await tenant.secret(
        "PATCH", "/v1/organizations/new-slug", json={"name": "Newer", "slug": taken["slug"]}
    )
    assert status == 409
    assert_error(answer, "slug_already_exists")
    status, now, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}")
    assert now["name"] == "New" and now["slug"] == "new-slug"
    # an empty patch answers the organization unchanged
    status, same, _ = await tenant.secret("PATCH", f"/v1/organizations/{org['id']}", json={})
    assert status == 200 and same == now
    status, answer, _ = await tenant.secret("PATCH", f"/v1/organizations/{org['id']}", json={"name": None})
    assert status == 422
    status, answer, _ = await tenant.secret("PATCH", "/v1/organizations/org_missing", json={"name": "x"})
    assert status == 404
    assert_error(answer, "organization_not_found")


async def test_delete_removes_memberships_and_invitations(tenant, app, sign_up) -> None:
    owner = await new_user(sign_up)
    member = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": member["id"]})
    status, inv, _ = await tenant.secret("POST", f"/v1/organizations/{org['id']}/invitations", json={"email": email()})
    assert status == 201
    status, body, _ = await tenant.secret("DELETE", f"/v1/organizations/{org['id']}")
    assert status == 204 and body is None
    pool = state(app).pool
    assert await pool.fetchval("SELECT count(*) FROM memberships WHERE tenant_id = $1", tenant.id) == 0
    assert await pool.fetchval("SELECT count(*) FROM invitations WHERE tenant_id = $1", tenant.id) == 0
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}")
    assert status == 404
    status, body, _ = await tenant.secret("DELETE", f"/v1/organizations/{org['id']}")
    assert status == 404
    assert_error(body, "organization_not_found")
    deleted = await events(app, tenant.id, "org.deleted")
    assert len(deleted) == 1 and deleted[0]["id"] == org["id"] and deleted[0]["member_count"] == 2
    assert len(await audits(app, tenant.id, "organization.deleted")) == 1
    # the users themselves are untouched
    assert await pool.fetchval("SELECT count(*) FROM users WHERE tenant_id = $1", tenant.id) == 2


async def test_deleting_a_user_removes_their_memberships(tenant, app, sign_up) -> None:
    owner = await new_user(sign_up)
    leaver = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": leaver["id"]})
    assert (await tenant.secret("GET", f"/v1/organizations/{org['id']}"))[1]["member_count"] == 2
    # The users table's foreign key (ON DELETE CASCADE) does it, whoever deletes the user.
    await state(app).pool.execute("DELETE FROM users WHERE tenant_id = $1 AND id = $2", tenant.id, leaver["id"])
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}")
    assert body["member_count"] == 1
    status, members, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/members")
    assert [m["user_id"] for m in members["data"]] == [owner["id"]]


async def test_tenant_counts_its_organizations(tenant, api) -> None:
    from tests.support.api import MASTER_KEY

    await new_org(tenant)
    await new_org(tenant)
    status, stats, _ = await api.call("GET", f"/v1/tenants/{tenant.id}/stats", token=MASTER_KEY)
    assert status == 200 and stats["organizations"] == {"total": 2}
    status, body, _ = await api.call("GET", f"/v1/tenants/{tenant.id}", token=MASTER_KEY)
    assert body["org_count"] == 2


# -- memberships ------------------------------------------------------------------------------


async def test_add_member_embeds_user_and_sends_no_email(tenant, app, sign_up) -> None:
    user = await new_user(sign_up, name="Mia")
    org = await new_org(tenant)
    before = await email_count(app, tenant.id)
    status, member, _ = await tenant.secret(
        "POST", f"/v1/organizations/{org['id']}/members", json={"user_id": user["id"]}
    )
    assert status == 201, member
    assert member["id"].startswith("mem_") and member["role"] == "member"
    assert member["org_id"] == org["id"] and member["user_id"] == user["id"]
    assert member["user"] == {"id": user["id"], "email": user["email"], "name": "Mia"}
    assert set(member) == {"id", "user_id", "org_id", "role", "joined_at", "updated_at", "user"}
    assert await email_count(app, tenant.id) == before  # no email
    status, body, _ = await tenant.secret(
        "POST", f"/v1/organizations/{org['slug']}/members", json={"user_id": user["id"], "role": "admin"}
    )
    assert status == 409
    assert_error(body, "already_member", 409)
    added = await events(app, tenant.id, "org.member.added")
    assert [(e["user_id"], e["via"]) for e in added] == [(user["id"], "added")]
    entries = await audits(app, tenant.id, "organization.member_added")
    assert entries[0]["metadata"] == {"user_id": user["id"], "role": "member"}


async def test_add_member_errors(tenant, make_tenant, sign_up) -> None:
    org = await new_org(tenant)
    other = await make_tenant()
    stranger = await new_user(sign_up, on=other)
    user = await new_user(sign_up)
    for body, status_code, code in (
        ({"user_id": "usr_missing"}, 404, "user_not_found"),
        ({"user_id": stranger["id"]}, 404, "user_not_found"),
        ({"user_id": user["id"], "role": "superuser"}, 422, "validation_error"),
        ({}, 422, "validation_error"),
    ):
        status, answer, _ = await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json=body)
        assert status == status_code, answer
        assert_error(answer, code)
    status, answer, _ = await tenant.secret(
        "POST", "/v1/organizations/org_missing/members", json={"user_id": user["id"]}
    )
    assert status == 404
    assert_error(answer, "organization_not_found")


async def test_list_members_filters_and_paginates(tenant, sign_up) -> None:
    owner = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    added = []
    for role in ("admin", "member", "member"):
        u = await new_user(sign_up)
        await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": u["id"], "role": role})
        added.append(u["id"])
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/members?limit=2")
    assert status == 200 and body["pagination"]["total"] == 4 and body["pagination"]["has_more"]
    assert [m["user_id"] for m in body["data"]] == added[::-1][:2]
    assert all(set(m["user"]) == {"id", "email", "name"} for m in body["data"])
    status, rest, _ = await tenant.secret(
        "GET", f"/v1/organizations/{org['id']}/members?limit=2&cursor={body['pagination']['next_cursor']}"
    )
    assert [m["user_id"] for m in rest["data"]] == [added[0], owner["id"]]
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/members?role=member")
    assert body["pagination"]["total"] == 2 and {m["role"] for m in body["data"]} == {"member"}


async def test_change_role_and_remove(tenant, app, sign_up) -> None:
    owner = await new_user(sign_up)
    user = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": user["id"]})
    path = f"/v1/organizations/{org['id']}/members/{user['id']}"
    status, body, _ = await tenant.secret("PATCH", path, json={"role": "admin"})
    assert status == 200 and body["role"] == "admin" and body["user"]["email"] == user["email"]
    entries = await audits(app, tenant.id, "organization.member_updated")
    assert entries[0]["metadata"] == {"user_id": user["id"], "role": "admin", "previous_role": "member"}
    status, body, _ = await tenant.secret("PATCH", path, json={"role": "boss"})
    assert status == 422
    status, body, _ = await tenant.secret("DELETE", path)
    assert status == 204
    removed = await events(app, tenant.id, "org.member.removed")
    assert [(e["user_id"], e["role"]) for e in removed] == [(user["id"], "admin")]
    assert len(await audits(app, tenant.id, "organization.member_removed")) == 1
    for method, body in (("DELETE", None), ("PATCH", {"role": "member"})):
        status, answer, _ = await tenant.secret(method, path, json=body)
        assert status == 404
        assert_error(answer, "membership_not_found")
    assert (await tenant.secret("GET", f"/v1/organizations/{org['id']}"))[1]["member_count"] == 1


async def test_the_last_owner_cannot_be_removed_or_demoted(tenant, app, sign_up) -> None:
    first = await new_user(sign_up)
    second = await new_user(sign_up)
    org = await new_org(tenant, created_by=first["id"])
    base = f"/v1/organizations/{org['id']}/members"
    for method, body in (("DELETE", None), ("PATCH", {"role": "admin"}), ("PATCH", {"role": "member"})):
        status, answer, _ = await tenant.secret(method, f"{base}/{first['id']}", json=body)
        assert status == 409, answer
        assert_error(answer, "last_owner", 409)
    # a second owner lets the first step down; then the second is the last one
    await tenant.secret("POST", base, json={"user_id": second["id"], "role": "owner"})
    status, body, _ = await tenant.secret("PATCH", f"{base}/{first['id']}", json={"role": "member"})
    assert status == 200 and body["role"] == "member"
    status, answer, _ = await tenant.secret("DELETE", f"{base}/{second['id']}")
    assert status == 409
    assert_error(answer, "last_owner")
    # setting an owner to owner again is not a demotion
    status, body, _ = await tenant.secret("PATCH", f"{base}/{second['id']}", json={"role": "owner"})
    assert status == 200
    status, members, _ = await tenant.secret("GET", f"{base}?role=owner")
    assert [m["user_id"] for m in members["data"]] == [second["id"]]
    assert await events(app, tenant.id, "org.member.removed") == []


async def test_concurrent_demotions_keep_one_owner(tenant, sign_up) -> None:
    a = await new_user(sign_up)
    b = await new_user(sign_up)
    org = await new_org(tenant, created_by=a["id"])
    base = f"/v1/organizations/{org['id']}/members"
    await tenant.secret("POST", base, json={"user_id": b["id"], "role": "owner"})
    results = await asyncio.gather(
        tenant.secret("PATCH", f"{base}/{a['id']}", json={"role": "member"}),
        tenant.secret("DELETE", f"{base}/{b['id']}"),
    )
    assert sorted(r[0] for r in results) == [200, 409] or sorted(r[0] for r in results) == [204, 409]
    status, owners, _ = await tenant.secret("GET", f"{base}?role=owner")
    assert owners["pagination"]["total"] == 1


async def test_member_count_is_exact_under_concurrent_adds(tenant, app, sign_up) -> None:
    owner = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    # Users made directly (sign-up would hash 20 passwords); the adds go through the API.
    ids = [f"usr_conc{i:02d}{uuid.uuid4().hex[:8]}" for i in range(20)]
    await state(app).pool.executemany(
        "INSERT INTO users (tenant_id, id, email) VALUES ($1, $2, $3)",
        [(tenant.id, uid, f"{uid}@example.com") for uid in ids],
    )
    path = f"/v1/organizations/{org['id']}/members"
    results = await asyncio.gather(*[tenant.secret("POST", path, json={"user_id": uid}) for uid in ids])
    assert [r[0] for r in results] == [201] * 20
    # the same user added twice at once: one 201, one 409
    dup = await asyncio.gather(*[tenant.secret("POST", path, json={"user_id": owner["id"]}) for _ in range(2)])
    assert [r[0] for r in dup] == [409, 409]
    extra = f"usr_dup{uuid.uuid4().hex[:8]}"
    await state(app).pool.execute(
        "INSERT INTO users (tenant_id, id, email) VALUES ($1, $2, $3)", tenant.id, extra, f"{extra}@example.com"
    )
    dup = await asyncio.gather(*[tenant.secret("POST", path, json={"user_id": extra}) for _ in range(3)])
    assert sorted(r[0] for r in dup) == [201, 409, 409]
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}")
    assert body["member_count"] == 22
    status, listed, _ = await tenant.secret("GET", "/v1/organizations")
    assert listed["data"][0]["member_count"] == 22
    # concurrent removals keep it exact too
    removals = await asyncio.gather(*[tenant.secret("DELETE", f"{path}/{uid}") for uid in ids[:10]])
    assert [r[0] for r in removals] == [204] * 10
    assert (await tenant.secret("GET", f"/v1/organizations/{org['id']}"))[1]["member_count"] == 12


# -- credentials and scopes -------------------------------------------------------------------


async def test_scopes_and_credential_kinds(tenant, api, sign_up) -> None:
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "read only", "type": "secret", "scopes": ["organizations:read"]}
    )
    assert status == 201
    org = await new_org(tenant)
    status, body, _ = await tenant.secret("GET", "/v1/organizations", token=key["key"])
    assert status == 200
    status, body, _ = await tenant.secret("GET", f"/v1/organizations/{org['id']}/members", token=key["key"])
    assert status == 200
    for method, path, payload in (
        ("POST", "/v1/organizations", {"name": "x"}),
        ("PATCH", f"/v1/organizations/{org['id']}", {"name": "x"}),
        ("DELETE", f"/v1/organizations/{org['id']}", None),
        ("POST", f"/v1/organizations/{org['id']}/invitations", {"email": "a@example.com"}),
    ):
        status, body, _ = await tenant.secret(method, path, json=payload, token=key["key"])
        assert status == 403, (method, path)
        assert_error(body, "insufficient_scope")
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "writer", "type": "secret", "scopes": ["organizations:write"]}
    )
    status, body, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "w"}, token=key["key"])
    assert status == 201
    status, body, _ = await tenant.secret("GET", "/v1/organizations", token=key["key"])
    assert status == 200  # write grants read
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "users", "type": "secret", "scopes": ["users:read"]}
    )
    status, body, _ = await tenant.secret("GET", "/v1/organizations", token=key["key"])
    assert status == 403
    # publishable keys and access tokens cannot manage organizations
    status, body, _ = await tenant.public("GET", "/v1/organizations")
    assert status == 403
    assert_error(body, "forbidden")
    user = await new_user(sign_up)
    status, body, _ = await tenant.secret("GET", "/v1/organizations", token=user["access_token"])
    assert status == 403
    status, body, _ = await api.call("GET", "/v1/organizations")
    assert status == 401
    status, body, _ = await api.call("GET", "/v1/organizations", token=tenant.sk)
    assert status == 400
    assert_error(body, "tenant_header_required")


async def test_openapi_describes_the_organization_endpoints(api) -> None:
    status, spec, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    paths = spec["paths"]
    for path in (
        "/v1/organizations",
        "/v1/organizations/{id}",
        "/v1/organizations/slug/{slug}",
        "/v1/organizations/{id}/members",
        "/v1/organizations/{id}/members/{user_id}",
        "/v1/organizations/{id}/invitations",
        "/v1/organizations/{id}/invitations/{invitation_id}",
        "/v1/invitations/{token}/accept",
        "/v1/invitations/view",
        "/v1/auth/organization",
        "/v1/auth/organizations",
    ):
        assert path in paths, path


async def test_idempotent_create(tenant) -> None:
    headers = {"Idempotency-Key": "org-create-1"}
    first = await tenant.secret("POST", "/v1/organizations", json={"name": "Once"}, headers=headers)
    second = await tenant.secret("POST", "/v1/organizations", json={"name": "Once"}, headers=headers)
    assert first[0] == second[0] == 201 and first[1] == second[1]
    assert second[2].headers["Idempotent-Replayed"] == "true"
    status, body, _ = await tenant.secret("GET", "/v1/organizations")
    assert body["pagination"]["total"] == 1


async def test_deleting_the_tenant_removes_its_organizations(make_tenant, app, api, sign_up) -> None:
    from tests.support.api import MASTER_KEY

    t = await make_tenant()
    user = await new_user(sign_up, on=t)
    org = await new_org(t, created_by=user["id"])
    await t.secret("POST", f"/v1/organizations/{org['id']}/invitations", json={"email": email()})
    status, _, _ = await api.call("DELETE", f"/v1/tenants/{t.id}?confirm={t.slug}", token=MASTER_KEY)
    assert status == 204
    pool = state(app).pool
    for table in ("organizations", "memberships", "invitations"):
        assert await pool.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1", t.id) == 0
