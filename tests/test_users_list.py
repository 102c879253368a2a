"""GET /v1/users: filters, q search, sorts, orders, cursor pages that neither repeat nor skip,
and the total."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import quote

import pytest

from identity.state import state
from identity.users import search_store
from tests.support.api import Api, assert_error
from tests.support.users import create_user, new_email


async def _all_pages(tenant, query: str, limit: int, between=None) -> list[dict]:
    """Every user of a listing, page by page; between(n) runs after page n (to add users)."""
    seen: list[dict] = []
    cursor = None
    for n in range(100):
        path = f"/v1/users?{query}&limit={limit}" + (f"&cursor={cursor}" if cursor else "")
        status, body, _ = await tenant.secret("GET", path)
        assert status == 200, body
        seen.extend(body["data"])
        cursor = body["pagination"]["next_cursor"]
        assert body["pagination"]["has_more"] is (cursor is not None)
        if between is not None:
            await between(n)
        if cursor is None:
            return seen
    raise AssertionError("too many pages")


def _key(user: dict, sort: str):
    value = user[sort]
    if sort == "last_sign_in_at":
        value = datetime.min.replace(tzinfo=UTC) if value is None else datetime.fromisoformat(value)
    elif sort == "created_at":
        value = datetime.fromisoformat(value)
    return (value, user["id"])


@pytest.fixture
async def population(app, tenant):
    """17 users with ties: five share a created_at, and last_sign_in_at has ties and NULLs."""
    users = [await create_user(tenant, name=f"Person {i}") for i in range(17)]
    pool = state(app).pool
    base = datetime(2025, 1, 1, tzinfo=UTC)
    for i, user in enumerate(users):
        created = base if i < 5 else base + timedelta(minutes=i)
        signed = None if i % 4 == 0 else base + timedelta(hours=i % 3)  # three distinct values, ties
        await pool.execute(
            "UPDATE users SET created_at = $3, last_sign_in_at = $4 WHERE tenant_id = $1 AND id = $2",
            tenant.id,
            user["id"],
            created,
            signed,
        )
    return users


@pytest.mark.parametrize("sort", ["created_at", "last_sign_in_at", "email"])
@pytest.mark.parametrize("order", ["asc", "desc"])
async def test_pages_never_repeat_or_skip(api: Api, tenant, population, sort: str, order: str) -> None:
    added: list[dict] = []

    async def add_some(n: int) -> None:
        if n < 3:  # users arriving while the pages are read
            added.append(await create_user(tenant, email=f"{'a' if n % 2 else 'z'}{n}-{new_email()}"))

    seen = await _all_pages(tenant, f"sort={sort}&order={order}", 4, add_some)
    ids = [u["id"] for u in seen]
    assert len(ids) == len(set(ids)), "a user was served twice"
    assert {u["id"] for u in population} <= set(ids), "a user was skipped"
    keys = [_key(u, sort) for u in seen]
    assert keys == sorted(keys, reverse=order == "desc")
    # Users added during the walk appear at most once, and exactly once when they sort after
    # the page that was being read.
    assert set(ids) - {u["id"] for u in population} <= {u["id"] for u in added}


async def test_default_order_is_newest_first_and_envelope(api: Api, tenant) -> None:
    users = [await create_user(tenant) for _ in range(3)]
    status, body, _ = await tenant.secret("GET", "/v1/users")
    assert status == 200
    assert [u["id"] for u in body["data"]] == [u["id"] for u in reversed(users)]
    assert body["pagination"] == {"total": 3, "limit": 20, "has_more": False, "next_cursor": None, "total_exact": True}
    assert "private_metadata" in body["data"][0]


async def test_filters_and_exact_totals(api: Api, tenant, make_tenant) -> None:
    a = await create_user(tenant, email="Ann.Lee@Example.com", name="Ann Lee", role="admin")
    b = await create_user(tenant, name="Bob Stone")
    c = await create_user(tenant, name="Cy Lee")
    await tenant.secret("POST", f"/v1/users/{b['id']}/disable")
    await tenant.secret("POST", f"/v1/users/{c['id']}/ban")
    other = await make_tenant()
    await create_user(other, email="ann.lee@example.com")

    async def listing(query: str) -> tuple[list[str], dict]:
        status, body, _ = await tenant.secret("GET", f"/v1/users?{query}")
        assert status == 200, body
        return [u["id"] for u in body["data"]], body["pagination"]

    assert await listing("email=ANN.LEE%40example.com") == ([a["id"]], _pag(1))
    assert (await listing("email=nobody%40example.com"))[0] == []
    assert await listing("status=disabled") == ([b["id"]], _pag(1))
    assert await listing("status=banned") == ([c["id"]], _pag(1))
    assert await listing("status=active") == ([a["id"]], _pag(1))
    assert await listing("role=admin") == ([a["id"]], _pag(1))
    assert await listing("role=member&status=banned") == ([c["id"]], _pag(1))
    assert (await listing(""))[1] == _pag(3)
    await tenant.secret("POST", f"/v1/users/{b['id']}/enable")
    await tenant.secret("DELETE", f"/v1/users/{a['id']}")
    assert await listing("status=active") == ([b["id"]], _pag(1))
    assert (await listing(""))[1] == _pag(2)
    assert (await listing("role=admin"))[1] == _pag(0)


def _pag(total: int) -> dict:
    return {"total": total, "limit": 20, "has_more": False, "next_cursor": None, "total_exact": True}


async def _q(tenant, q: str) -> list[str]:
    status, body, _ = await tenant.secret("GET", f"/v1/users?q={quote(q)}")
    assert status == 200, body
    return sorted(u["email"] for u in body["data"])


async def test_q_matches_word_prefixes_of_email_name_username_phone(api: Api, app, make_tenant) -> None:
    tenant = await make_tenant(auth_config={"username_enabled": True})
    await create_user(tenant, email="jane.doe@example.com", name="Jane Doe", username="jdoe")
    await create_user(tenant, email="john@corp.example", name="John Smith", phone="+14155550100")
    await create_user(tenant, email="zoe@x.io", name="Zoë Müller")
    state(app).users_trigram = False
    assert await _q(tenant, "jane") == ["jane.doe@example.com"]
    assert await _q(tenant, "DOE") == ["jane.doe@example.com"]
    assert await _q(tenant, "j") == ["jane.doe@example.com", "john@corp.example"]
    assert await _q(tenant, "exam") == ["jane.doe@example.com", "john@corp.example"]
    assert await _q(tenant, "smith john") == ["john@corp.example"]
    assert await _q(tenant, "jdo") == ["jane.doe@example.com"]
    assert await _q(tenant, "+1415") == ["john@corp.example"]
    assert await _q(tenant, "müll") == ["zoe@x.io"]
    assert await _q(tenant, "oe") == []  # not the start of a word
    assert await _q(tenant, "%") == []
    assert await _q(tenant, "jane smith") == []


async def test_q_matches_substrings_with_trigrams(api: Api, app, make_tenant) -> None:
    """The substring search (the SQL used where pg_trgm is installed; without the index it is
    the same query, unindexed)."""
    tenant = await make_tenant()
    await create_user(tenant, email="jane.doe@example.com", name="Jane Doe")
    await create_user(tenant, email="john_100%@corp.example", name="John Smith")
    state(app).users_trigram = True
    assert await _q(tenant, "oe@exa") == ["jane.doe@example.com"]
    assert await _q(tenant, "MITH") == ["john_100%@corp.example"]
    assert await _q(tenant, "ample") == ["jane.doe@example.com", "john_100%@corp.example"]
    assert await _q(tenant, "_100%") == ["john_100%@corp.example"]  # wildcards are literal
    assert await _q(tenant, "n_1") == ["john_100%@corp.example"]
    assert await _q(tenant, "doe jane") == ["jane.doe@example.com"]  # every term, any order
    assert await _q(tenant, "j") == ["jane.doe@example.com", "john_100%@corp.example"]  # short: words


async def test_search_totals_are_capped(api: Api, tenant, monkeypatch) -> None:
    for word in ("one", "two", "three", "four"):
        await create_user(tenant, name=f"Capped {word}")
    monkeypatch.setattr(search_store, "COUNT_CAP", 3)
    status, body, _ = await tenant.secret("GET", "/v1/users?q=capped&limit=2")
    assert body["pagination"]["total"] == 3 and body["pagination"]["total_exact"] is False
    status, body, _ = await tenant.secret("GET", "/v1/users?q=capped+tw")
    assert body["pagination"]["total"] == 1 and body["pagination"]["total_exact"] is True
    status, body, _ = await tenant.secret("GET", "/v1/users")  # the maintained count: no cap
    assert body["pagination"]["total"] == 4 and body["pagination"]["total_exact"] is True


async def test_bad_queries(api: Api, tenant) -> None:
    await create_user(tenant)
    await create_user(tenant)
    status, body, _ = await tenant.secret("GET", "/v1/users?limit=1&sort=email")
    cursor = body["pagination"]["next_cursor"]
    for bad in (
        "limit=0",
        "limit=101",
        "limit=x",
        "status=gone",
        "role=owner",
        "sort=name",
        "order=up",
        "cursor=%25%25",
        f"cursor={cursor}",
        f"cursor={cursor}&sort=email&order=asc",
        "q=" + "x" * 201,
        "cursor=WyJlbWFpbCIsImRlc2MiLCJhIiwxXQ",
        "cursor=WyJjcmVhdGVkX2F0IiwiZGVzYyIsIm5vdCBhIGRhdGUiLCJ1c3JfMSJd",
    ):
        status, err, _ = await tenant.secret("GET", f"/v1/users?{bad}")
        assert status == 422, (bad, err)
        assert_error(err, "validation_error", 422)
        assert err["error"]["details"][0]["field"] in {"limit", "status", "role", "sort", "order", "cursor", "q"}
    status, body, _ = await tenant.secret("GET", f"/v1/users?limit=1&sort=email&cursor={cursor}")
    assert status == 200 and len(body["data"]) == 1


async def test_counts_follow_tenant_deletion_and_tenant_user_count(api: Api, app, make_tenant) -> None:
    from tests.support.api import MASTER_KEY

    doomed = await make_tenant()
    for _ in range(3):
        await create_user(doomed)
    await doomed.secret("POST", "/v1/users", json={"email": new_email(), "role": "admin"})
    status, tenant, _ = await api.call("GET", f"/v1/tenants/{doomed.id}", token=MASTER_KEY)
    assert tenant["user_count"] == 4
    status, _, _ = await api.call("DELETE", f"/v1/tenants/{doomed.id}?confirm={doomed.slug}", token=MASTER_KEY)
    assert status == 204
    left = await state(app).pool.fetchval("SELECT count(*) FROM user_counts WHERE tenant_id = $1", doomed.id)
    assert left == 0


async def test_counts_follow_an_operators_bulk_sql(api: Api, app, make_tenant) -> None:
    """The counters are kept by triggers, so SQL run straight on the database keeps them exact
    too: one INSERT of several rows across statuses and roles, a status change of many rows,
    and one DELETE of several."""
    t = await make_tenant()
    pool = state(app).pool
    await pool.execute(
        """INSERT INTO users (tenant_id, id, email, status, role)
           SELECT $1, 'usr_bulk' || i, 'bulk' || i || '@example.com',
                  (ARRAY['active', 'disabled', 'banned'])[i % 3 + 1], (ARRAY['member', 'admin'])[i % 2 + 1]
           FROM generate_series(1, 30) AS i""",
        t.id,
    )
    await pool.execute("UPDATE users SET status = 'banned' WHERE tenant_id = $1 AND status = 'disabled'", t.id)
    await pool.execute("DELETE FROM users WHERE tenant_id = $1 AND role = 'admin' AND status = 'banned'", t.id)
    counted = await pool.fetch(
        """SELECT status, role, count(*) AS n FROM users WHERE tenant_id = $1 GROUP BY 1, 2
           ORDER BY 1, 2""",
        t.id,
    )
    kept = await pool.fetch(
        """SELECT status, role, sum(n) AS n FROM user_counts WHERE tenant_id = $1 GROUP BY 1, 2
           HAVING sum(n) <> 0 ORDER BY 1, 2""",
        t.id,
    )
    assert [tuple(r) for r in kept] == [tuple(r) for r in counted]
    assert [tuple(r) for r in counted] == [("active", "admin", 5), ("active", "member", 5), ("banned", "member", 10)]
