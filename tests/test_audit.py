"""GET /v1/admin/audit-logs, and the rule that every change made with a secret key, the master
key or an impersonation token writes its entry in the change's transaction."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from tests.support.api import MASTER_KEY, Api, assert_error
from tests.support.users import create_user, scoped_key, signed_in


async def _logs(tenant, query: str = "", token: str | None = None) -> dict:
    status, body, _ = await tenant.secret("GET", f"/v1/admin/audit-logs?{query}", token=token or tenant.sk)
    assert status == 200, body
    assert set(body) == {"data", "next_cursor"}
    return body


async def test_entries_and_their_shape(api: Api, tenant) -> None:
    user = await create_user(tenant)
    await tenant.secret(
        "POST", f"/v1/users/{user['id']}/ban", json={"reason": "abuse"}, headers={"User-Agent": "admin-panel/1.0"}
    )
    body = await _logs(tenant)
    actions = [e["action"] for e in body["data"]]
    assert actions[:2] == ["user.banned", "user.created"]
    assert "tenant.created" in actions  # written with the master key when the tenant was made
    ban = body["data"][0]
    assert set(ban) == {"id", "action", "actor", "resource", "ip_address", "user_agent", "metadata", "created_at"}
    assert ban["id"].startswith("aud_")
    assert ban["actor"]["type"] == "api_key" and ban["actor"]["id"].startswith("key_")
    assert ban["actor"]["email"] is None
    assert ban["resource"] == {"type": "user", "id": user["id"]}
    assert ban["ip_address"] == "127.0.0.1" and ban["user_agent"] == "admin-panel/1.0"
    assert ban["metadata"]["reason"] == "abuse"
    created = next(e for e in body["data"] if e["action"] == "tenant.created")
    assert created["actor"]["type"] == "master_key"
    assert body["next_cursor"] is None


async def test_filters_and_pages(api: Api, app, tenant, make_tenant) -> None:
    users = []
    for _ in range(5):
        users.append(await create_user(tenant))
        await asyncio.sleep(0.005)  # distinct created_at for the time range below
    key = await scoped_key(tenant, "audit-logs:read")
    await (await make_tenant()).secret("POST", "/v1/users", json={"email": "elsewhere@example.com"})
    other_key_user = await create_user(tenant)  # made with the default secret key
    status, made, _ = await tenant.secret("POST", "/v1/api-keys", json={"name": "second", "type": "secret"})
    await tenant.secret("POST", "/v1/users", json={"email": "by-second@example.com"}, token=made["key"])

    body = await _logs(tenant, "action=user.created")
    assert len(body["data"]) == 7
    assert [e["resource"]["id"] for e in body["data"][1:]] == [other_key_user["id"]] + [
        u["id"] for u in reversed(users)
    ]
    assert (await _logs(tenant, f"actor_id={made['id']}"))["data"][0]["action"] == "user.created"
    assert len((await _logs(tenant, f"actor_id={made['id']}"))["data"]) == 1
    assert {e["resource"]["type"] for e in (await _logs(tenant, "resource_type=api_key"))["data"]} == {"api_key"}
    assert (await _logs(tenant, "resource_type=organization"))["data"] == []
    assert (await _logs(tenant, f"resource_id={users[0]['id']}"))["data"][0]["action"] == "user.created"

    # Pages of 2, newest first, then oldest first; each entry once.
    for order in ("desc", "asc"):
        seen, cursor = [], None
        while True:
            body = await _logs(
                tenant,
                f"action=user.created&limit=2&order={order}" + (f"&cursor={cursor}" if cursor else ""),
                token=key,
            )
            seen += [e["id"] for e in body["data"]]
            cursor = body["next_cursor"]
            if cursor is None:
                break
        assert len(seen) == len(set(seen)) == 7
        assert seen == sorted(seen, reverse=order == "desc")

    # Time range: a cut between the second and third user.created entries.
    entries = (await _logs(tenant, "action=user.created&order=asc"))["data"]
    second, third = (datetime.fromisoformat(e["created_at"]) for e in entries[1:3])
    assert second < third
    cut = quote((second + (third - second) / 2).isoformat())
    before = await _logs(tenant, f"action=user.created&to={cut}")
    assert [e["id"] for e in before["data"]] == [entries[1]["id"], entries[0]["id"]]
    after = await _logs(tenant, f"action=user.created&from={cut}&order=asc")
    assert [e["id"] for e in after["data"]] == [e["id"] for e in entries[2:]]
    today = datetime.now(UTC).date().isoformat()
    assert len((await _logs(tenant, f"action=user.created&from={today}"))["data"]) == 7
    # A date alone as "to" takes in its whole day (inclusive, docs/users.md).
    assert len((await _logs(tenant, f"action=user.created&from={today}&to={today}"))["data"]) == 7
    # ...but a time given with another separator is still a time, not a whole day.
    assert (await _logs(tenant, f"action=user.created&from={today}&to={today}_00:00:00"))["data"] == []
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    assert (await _logs(tenant, f"from={tomorrow}"))["data"] == []


async def test_bad_queries_and_scopes(api: Api, tenant) -> None:
    for bad, field in (
        ("limit=0", "limit"),
        ("limit=501", "limit"),
        ("from=yesterday", "from"),
        ("to=2025-02-30", "to"),
        ("from=2025-02-02&to=2025-02-01", "from"),
        ("cursor=%25%25", "cursor"),
        ("cursor=WyJ4Il0", "cursor"),
        ("resource_type=User%20X", "resource_type"),
        ("order=new", "order"),
    ):
        status, err, _ = await tenant.secret("GET", f"/v1/admin/audit-logs?{bad}")
        assert status == 422, (bad, err)
        assert_error(err, "validation_error", 422)
        assert err["error"]["details"][0]["field"] == field
    assert len((await _logs(tenant, "limit=500"))["data"]) >= 1
    reader = await scoped_key(tenant, "users:read")
    status, err, _ = await tenant.secret("GET", "/v1/admin/audit-logs", token=reader)
    assert_error(err, "insufficient_scope", 403)
    status, err, _ = await tenant.public("GET", "/v1/admin/audit-logs")
    assert_error(err, "forbidden", 403)


async def test_entries_commit_with_their_change_only(api: Api, app, tenant) -> None:
    user = await create_user(tenant)
    before = len((await _logs(tenant))["data"])
    # Refused changes record nothing.
    await tenant.secret("POST", "/v1/users", json={"email": user["email"]})  # 409
    await tenant.secret("POST", f"/v1/users/{user['id']}/ban")
    await tenant.secret("POST", f"/v1/users/{user['id']}/disable")  # 409
    await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email": "bad"})  # 422
    await tenant.secret("POST", "/v1/users/usr_none/enable")  # 404
    assert len((await _logs(tenant))["data"]) == before + 1  # the ban only
    # Concurrent changes each get exactly one entry.
    users = [await create_user(tenant) for _ in range(5)]
    await asyncio.gather(*[tenant.secret("POST", f"/v1/users/{u['id']}/disable") for u in users])
    await asyncio.gather(*[tenant.secret("POST", f"/v1/users/{u['id']}/disable") for u in users])
    disabled = (await _logs(tenant, "action=user.disabled"))["data"]
    assert sorted(e["resource"]["id"] for e in disabled) == sorted(u["id"] for u in users)


async def test_master_key_and_impersonation_actors(api: Api, app, tenant) -> None:
    await api.call("PATCH", f"/v1/tenants/{tenant.id}", token=MASTER_KEY, json={"name": "Renamed"})
    entry = (await _logs(tenant, "action=tenant.updated"))["data"][0]
    assert entry["actor"]["type"] == "master_key" and entry["resource"] == {"type": "tenant", "id": tenant.id}
    user, _ = await signed_in(tenant)
    status, imp, _ = await tenant.secret("POST", "/v1/admin/users/impersonate", json={"user_id": user["id"]})
    await api.call("POST", "/v1/auth/sign-out", token=imp["access_token"], tenant=tenant.id)
    entry = (await _logs(tenant, f"actor_id={user['id']}"))["data"][0]
    assert entry["action"] == "session.revoked"
    assert entry["actor"]["impersonated_by"] == imp["impersonated_by"]
    assert (await _logs(tenant, "action=user.impersonated"))["data"][0]["id"] == imp["audit_id"]
    # A user signing out with their own token is not an administrative change.
    _, own = await signed_in(tenant)
    await api.call("POST", "/v1/auth/sign-out", token=own["access_token"], tenant=tenant.id)
    assert len((await _logs(tenant, "action=session.revoked"))["data"]) == 1


def test_identifiers_made_one_after_another_sort_in_that_order() -> None:
    """Entries are listed by id: ids made within one millisecond must still sort in order."""
    from identity.ids import new_id

    ids = [new_id("aud") for _ in range(5000)]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)


async def test_consecutive_changes_are_listed_in_their_order(api: Api, tenant) -> None:
    user = await create_user(tenant)
    for _ in range(3):
        await tenant.secret("POST", f"/v1/users/{user['id']}/disable")
        await tenant.secret("POST", f"/v1/users/{user['id']}/enable")
    body = await _logs(tenant, f"resource_id={user['id']}&order=asc")
    assert [e["action"] for e in body["data"]] == ["user.created"] + ["user.disabled", "user.enabled"] * 3
