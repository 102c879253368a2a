"""GET /v1/revocations/stream: credentials, replay, resume, live delivery, isolation, keepalive,
and a feed entry from every path that revokes."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import asyncpg
import pytest
import requests

from identity.app import create_app
from identity.ids import new_id
from identity.revocations import feed as feed_module
from identity.revocations.entries import KEPT
from identity.revocations.runtime import hub_of
from identity.state import state
from tests.support.api import APP_ORIGIN, MASTER_KEY, Api, assert_error, create_tenant
from tests.support.live_server import LiveServer
from tests.support.mail import emails_of, token_in
from workers import maintenance

PATH = "/v1/revocations/stream"
REDIRECT = APP_ORIGIN + "/auth/callback"
WAIT = 20.0  # generous: arrival is asserted, not its speed (that is ops/bench/revocation_delay.py)


@dataclass
class Event:
    id: str | None = None
    event: str | None = None
    data: Any = None
    comments: list[str] = field(default_factory=list)


class Feed:
    """A server-sent event reader over an aiohttp client response."""

    def __init__(self, resp: Any) -> None:
        self.resp = resp

    async def next(self, timeout: float = WAIT) -> Event:
        async with asyncio.timeout(timeout):
            ev = Event()
            while True:
                line = (await self.resp.content.readline()).decode()
                if line == "":
                    raise EOFError("the stream ended")
                line = line.rstrip("\n")
                if line == "":
                    if ev.event or ev.comments or ev.data is not None:
                        return ev
                    continue
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if name == "":
                    ev.comments.append(value)
                    continue
                if name == "id":
                    ev.id = value
                elif name == "event":
                    ev.event = value
                elif name == "data":
                    ev.data = json.loads(value)

    async def revocation(self, timeout: float = WAIT) -> Event:
        """The next revocation within timeout, skipping keepalives."""
        async with asyncio.timeout(timeout):
            while True:
                ev = await self.next(timeout)
                if ev.event == "revocation":
                    return ev
                assert not ev.event, ev

    async def until_ready(self) -> list[Event]:
        """The replayed revocations, up to `ready`."""
        seen = []
        while True:
            ev = await self.next()
            if ev.event == "ready":
                assert ev.data == {}
                return seen
            if ev.event == "revocation":
                seen.append(ev)

    def close(self) -> None:
        self.resp.close()


async def open_feed(
    api: Api,
    tenant: Any,
    *,
    key: str | None = None,
    tenant_id: str | None = None,
    last_event_id: str | None = None,
    query: str = "",
) -> Feed:
    headers = {"Authorization": f"Bearer {key or tenant.sk}", "X-Tenant-ID": tenant_id or tenant.id}
    if last_event_id:
        headers["Last-Event-ID"] = last_event_id
    resp = await api.client.get(PATH + query, headers=headers)
    assert resp.status == 200, await resp.text()
    assert resp.headers["Content-Type"].startswith("text/event-stream")
    assert resp.headers["Cache-Control"] == "no-store"
    return Feed(resp)


async def test_credentials(api: Api, tenant, make_tenant) -> None:
    other = await make_tenant()
    for headers, status, code in [
        ({"X-Tenant-ID": tenant.id}, 401, "unauthenticated"),  # no key
        ({"Authorization": f"Bearer {tenant.pk}", "X-Tenant-ID": tenant.id}, 403, "forbidden"),  # publishable
        ({"Authorization": f"Bearer {other.sk}", "X-Tenant-ID": tenant.id}, 401, "unauthenticated"),  # B's key
    ]:
        resp = await api.client.get(PATH, headers=headers)
        assert resp.status == status and resp.content_type == "application/json", await resp.text()
        assert_error(await resp.json(), code, status)
    # A secret key without sessions:read
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "narrow", "type": "secret", "scopes": ["users:read"]}
    )
    assert status == 201, key
    resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {key['key']}", "X-Tenant-ID": tenant.id})
    assert resp.status == 403
    assert_error(await resp.json(), "insufficient_scope")
    # A malformed Last-Event-ID
    resp = await api.client.get(
        PATH, headers={"Authorization": f"Bearer {tenant.sk}", "X-Tenant-ID": tenant.id, "Last-Event-ID": "nope"}
    )
    assert resp.status == 400
    assert_error(await resp.json(), "invalid_last_event_id")


async def test_a_stream_asked_for_during_shutdown_gets_a_503(api: Api, app, tenant) -> None:
    hub = hub_of(app)
    hub.closed = True  # what Hub.close() sets first when the process starts stopping
    try:
        resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {tenant.sk}", "X-Tenant-ID": tenant.id})
        assert resp.status == 503 and resp.headers["Retry-After"] == "1"
        assert_error(await resp.json(), "service_unavailable", 503)
    finally:
        hub.closed = False


async def test_replay_resume_and_live(api: Api, tenant, sign_up) -> None:
    a, b, c = await sign_up(), await sign_up(), await sign_up()
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{a['session']['id']}")
    assert status == 204
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{b['session']['id']}")
    assert status == 204

    feed = await open_feed(api, tenant)
    replayed = await feed.until_ready()
    assert [e.data["id"] for e in replayed] == [a["session"]["id"], b["session"]["id"]]
    first = replayed[0]
    assert first.data["kind"] == "session" and first.data["reason"] == "revoked_by_api"
    assert first.data["forget_after"] > first.data["revoked_at"]
    assert replayed[0].id < replayed[1].id

    # live: revoked after the stream opened
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{c['session']['id']}")
    assert status == 204
    live = await feed.revocation()
    assert live.data["id"] == c["session"]["id"]
    assert live.id > replayed[1].id
    feed.close()

    # resume after the first: the two that followed, then ready
    resumed = await open_feed(api, tenant, last_event_id=first.id)
    assert [e.data["id"] for e in await resumed.until_ready()] == [b["session"]["id"], c["session"]["id"]]
    resumed.close()
    by_query = await open_feed(api, tenant, query=f"?last_event_id={live.id}")
    assert await by_query.until_ready() == []
    by_query.close()


async def test_tenant_isolation(api: Api, tenant, make_tenant, sign_up) -> None:
    other = await make_tenant()
    mine = await sign_up()
    theirs = await sign_up(on=other)
    feed_b = await open_feed(api, other)
    assert await feed_b.until_ready() == []
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{mine['session']['id']}")
    assert status == 204
    status, _, _ = await other.secret("DELETE", f"/v1/sessions/{theirs['session']['id']}")
    assert status == 204
    got = await feed_b.revocation()
    assert got.data["id"] == theirs["session"]["id"]  # never tenant A's, which committed first
    feed_b.close()
    feed_a = await open_feed(api, tenant)
    assert [e.data["id"] for e in await feed_a.until_ready()] == [mine["session"]["id"]]
    feed_a.close()


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, revocation_keepalive=0.3, revocation_stream_max=30.0)


async def test_keepalive(api: Api, tenant) -> None:
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    ev = await feed.next(timeout=5)
    assert ev.comments == ["keepalive"] and ev.event is None
    feed.close()


async def test_user_ban_and_delete(api: Api, tenant, sign_up) -> None:
    banned, deleted = await sign_up(), await sign_up()
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    status, _, _ = await tenant.secret("POST", f"/v1/users/{banned['user']['id']}/ban", json={})
    assert status == 200
    kinds = {(await feed.revocation()).data["kind"] for _ in range(2)}
    assert kinds == {"session", "user"}
    status, _, _ = await tenant.secret("DELETE", f"/v1/users/{deleted['user']['id']}")
    assert status in (200, 204)
    entries = [(await feed.revocation()).data for _ in range(2)]
    assert {(e["kind"], e["id"], e["reason"]) for e in entries} == {
        ("session", deleted["session"]["id"], "user_deleted"),
        ("user", deleted["user"]["id"], "user_deleted"),
    }
    feed.close()


async def test_disabling_without_revoking_sessions_still_refuses_the_user(api: Api, tenant, sign_up) -> None:
    # The sessions stay, but their tokens must not: a user entry covers every token issued before.
    user = await sign_up()
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user['user']['id']}/disable", json={"revoke_sessions": False}
    )
    assert status == 200, body
    entry = (await feed.revocation()).data
    assert (entry["kind"], entry["id"], entry["reason"]) == ("user", user["user"]["id"], "user_disabled")
    # Enabling again writes nothing (tokens issued from now on have a later iat).
    assert (await tenant.secret("POST", f"/v1/users/{user['user']['id']}/enable", json={}))[0] == 200
    with contextlib.suppress(TimeoutError):
        assert (await feed.next(timeout=1.5)).event != "revocation"
    feed.close()


async def _collect(feed: Feed, count: int) -> set[tuple[str, str, str]]:
    return {(e.data["kind"], e.data["id"], e.data["reason"]) for e in [await feed.revocation() for _ in range(count)]}


async def test_every_revoking_path_writes_an_entry(api: Api, app, make_tenant, sign_up) -> None:
    t = await make_tenant(auth_config={"refresh_token_reuse_interval": "0s"})
    users = [await sign_up(on=t) for _ in range(10)]
    sid = [u["session"]["id"] for u in users]
    uid = [u["user"]["id"] for u in users]
    feed = await open_feed(api, t)
    await feed.until_ready()

    # sign-out with the user's own access token
    status, _, _ = await api.call("POST", "/v1/auth/sign-out", token=users[0]["session"]["access_token"], tenant=t.id)
    assert status == 204
    # DELETE /v1/sessions (one user's) and POST /v1/users/{id}/sessions/revoke-all
    assert (await t.secret("DELETE", f"/v1/sessions?user_id={uid[1]}"))[0] == 200
    assert (await t.secret("POST", f"/v1/users/{uid[2]}/sessions/revoke-all"))[0] == 200
    assert await _collect(feed, 3) == {
        ("session", sid[0], "signed_out"),
        ("session", sid[1], "revoked_by_api"),
        ("session", sid[2], "revoked_by_api"),
    }

    # a refresh token presented again after its rotation
    old = users[3]["session"]["refresh_token"]
    assert (await t.public("POST", "/v1/auth/token/refresh", json={"refresh_token": old}))[0] == 200
    status, body, _ = await t.public("POST", "/v1/auth/token/refresh", json={"refresh_token": old})
    assert status == 401, body
    assert await _collect(feed, 1) == {("session", sid[3], "refresh_token_reused")}

    # a password set by the backend; a user disabled, one by the bulk operation
    status, body, _ = await t.secret(
        "POST", f"/v1/users/{uid[4]}/password", json={"password": "another long passphrase 7"}
    )
    assert status == 200, body
    assert (await t.secret("POST", f"/v1/users/{uid[5]}/disable", json={}))[0] == 200
    assert (await t.secret("POST", "/v1/admin/users/bulk-disable", json={"user_ids": [uid[6]]}))[0] == 200
    assert await _collect(feed, 5) == {
        ("session", sid[4], "password_changed"),
        ("session", sid[5], "user_disabled"),
        ("session", sid[6], "user_disabled"),
        ("user", uid[5], "user_disabled"),
        ("user", uid[6], "user_disabled"),
    }

    # the first proof of the address (a magic link) ends the sessions handed out before it
    email = users[7]["user"]["email"]
    assert (await t.public("POST", "/v1/auth/magic-link", json={"email": email, "redirect_url": REDIRECT}))[0] == 200
    token = token_in((await emails_of(app, t.id, "magic_link"))[-1]["variables"]["magic_link_url"])
    status, body, _ = await t.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 200, body
    assert await _collect(feed, 1) == {("session", sid[7], "email_verified")}

    # a password reset (the reset also proves the address: either reason ends the session)
    email = users[8]["user"]["email"]
    forgot = {"email": email, "redirect_url": REDIRECT}
    assert (await t.public("POST", "/v1/auth/password/forgot", json=forgot))[0] == 200
    token = token_in((await emails_of(app, t.id, "password_reset"))[-1]["variables"]["reset_url"])
    status, body, _ = await t.public(
        "POST", "/v1/auth/password/reset", json={"token": token, "password": "a completely new passphrase"}
    )
    assert status == 200, body
    [(kind, revoked, reason)] = await _collect(feed, 1)
    assert (kind, revoked) == ("session", sid[8]) and reason in {"password_reset", "email_verified"}

    # the administrators' revoke-all: every session still alive (users[9]'s, and the new ones)
    status, body, _ = await t.secret("POST", "/v1/admin/sessions/revoke-all", json={})
    assert status == 200 and body["revoked"] >= 1, body
    got = await _collect(feed, body["revoked"])
    assert ("session", sid[9], "revoked_by_admin") in got
    feed.close()


async def test_a_withdrawn_signing_key_reaches_every_tenant(api: Api, app, tenant, make_tenant) -> None:
    other = await make_tenant()
    feeds = [await open_feed(api, tenant), await open_feed(api, other)]
    for feed in feeds:
        await feed.until_ready()
    pool = state(app).pool
    async with pool.acquire() as conn, conn.transaction():
        # A key that never signed (so no other test's process loads it), withdrawn at once;
        # routine rotation (expires_at a day ahead) writes no entry.
        kid = new_id("jwk")
        await conn.execute(
            """INSERT INTO signing_keys (id, algorithm, public_jwk, private_key_sealed, activates_at,
                                         retired_at, expires_at)
               VALUES ($1, 'ES256', '{}', 'x', now() + interval '1 day', now(), now() + interval '25 hours')""",
            kid,
        )
        await conn.execute("UPDATE signing_keys SET expires_at = now() WHERE id = $1", kid)
    try:
        for feed in feeds:
            got = await feed.revocation()
            assert (got.data["kind"], got.data["id"], got.data["reason"]) == ("signing_key", kid, "key_retired")
            feed.close()
    finally:  # other tests read every stored key
        await pool.execute("DELETE FROM signing_keys WHERE id = $1", kid)


async def test_streams_share_one_reader_per_tenant(api: Api, app, tenant, sign_up) -> None:
    user = await sign_up()
    feeds = [await open_feed(api, tenant) for _ in range(3)]
    for feed in feeds:
        await feed.until_ready()
    hub = hub_of(app)
    assert len(hub.readers) == 1 and len(hub.readers[tenant.id].streams) == 3
    assert (await tenant.secret("DELETE", f"/v1/sessions/{user['session']['id']}"))[0] == 204
    for feed in feeds:
        assert (await feed.revocation()).data["id"] == user["session"]["id"]
        feed.close()


async def test_forgotten_entries_are_purged_and_not_replayed(api: Api, app, tenant, sign_up) -> None:
    old, recent = await sign_up(), await sign_up()
    for user in (old, recent):
        assert (await tenant.secret("DELETE", f"/v1/sessions/{user['session']['id']}"))[0] == 204
    pool = state(app).pool
    # The first one as if revoked two hours ago: the tenant's tokens live one hour, but a shorter
    # lifetime may have been a longer one then, so the entry is kept for the longest lifetime.
    await pool.execute(
        "UPDATE revocations SET revoked_at = now() - interval '2 hours' WHERE subject = $1", old["session"]["id"]
    )
    feed = await open_feed(api, tenant)
    replayed = {e.data["id"]: e.data for e in await feed.until_ready()}
    feed.close()
    assert set(replayed) == {old["session"]["id"], recent["session"]["id"]}
    forget_after = datetime.fromisoformat(replayed[old["session"]["id"]]["forget_after"])
    assert forget_after - datetime.fromisoformat(replayed[old["session"]["id"]]["revoked_at"]) == KEPT
    await pool.execute(
        "UPDATE revocations SET revoked_at = now() - interval '25 hours' WHERE subject = $1", old["session"]["id"]
    )
    feed = await open_feed(api, tenant)
    assert [e.data["id"] for e in await feed.until_ready()] == [recent["session"]["id"]]
    feed.close()
    assert await maintenance.delete_forgotten_revocations(pool) >= 1
    kept = await pool.fetch("SELECT subject FROM revocations WHERE tenant_id = $1", tenant.id)
    assert [r["subject"] for r in kept] == [recent["session"]["id"]]


def _read_until_ready(resp: Any) -> Any:
    """The stream's remaining lines, once `ready` has been read (chunk_size 1: requests would
    otherwise wait for a whole chunk)."""
    lines = resp.iter_lines(chunk_size=1, decode_unicode=True)
    for line in lines:
        if line == "event: ready":
            return lines
    raise AssertionError("the stream ended before ready")


def test_open_streams_do_not_hold_the_shutdown(database_dsn: str, tmp_path) -> None:
    """At SIGTERM, open streams end at once and the process stops, instead of waiting out the
    25 s grace given to requests in flight."""
    server = LiveServer(database_dsn, tmp_path).start()
    try:
        created = server.call("POST", "/v1/tenants", token=MASTER_KEY, json={"name": "feed"}).json()
        headers = {"Authorization": f"Bearer {created['secret_key']}", "X-Tenant-ID": created["id"]}
        with requests.get(server.url + PATH, headers=headers, stream=True, timeout=30) as resp:
            assert resp.status_code == 200
            rest = _read_until_ready(resp)
            assert server.proc is not None
            server.proc.terminate()
            server.proc.wait(timeout=15)  # well inside the grace: the stream did not hold it
            assert list(rest) == ["data: {}", ""]  # the rest of `ready`, then a clean end
        assert server.proc.returncode == 0, server.log_text()
    finally:
        server.stop()


async def test_a_stream_ends_after_its_longest(aiohttp_client: Any, settings, database_dsn: str) -> None:
    app = create_app(dataclasses.replace(settings, revocation_stream_max=1.0), dsn=database_dsn)
    api = Api(await aiohttp_client(app))
    tenant = await create_tenant(api)
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    with pytest.raises(EOFError):  # the server ended it; the client reconnects with Last-Event-ID
        while True:
            await feed.next(timeout=10)


async def test_the_reference_describes_the_stream(api: Api) -> None:
    status, doc, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    op = doc["paths"][PATH]["get"]
    events = op["responses"]["200"]["content"]["text/event-stream"]["schema"]["oneOf"]
    by_name = {e["properties"]["event"]["const"]: e["properties"]["data"]["contentSchema"] for e in events}
    assert by_name["revocation"] == {"$ref": "#/components/schemas/Revocation"}
    assert by_name["ready"] == {"type": "object", "maxProperties": 0}
    assert set(doc["components"]["schemas"]["Revocation"]["required"]) == {
        "kind",
        "id",
        "reason",
        "revoked_at",
        "forget_after",
    }
    assert "invalid_last_event_id" in op["responses"]["400"]["x-error-codes"]


async def test_an_entry_is_never_sent_before_an_earlier_one_commits(
    api: Api, app, tenant, sign_up, database_dsn: str
) -> None:
    """Ids are taken when a transaction writes, not when it commits: a later entry that commits
    first waits for the earlier one, so that a client resuming after it misses nothing."""
    first, second = await sign_up(), await sign_up()
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    slow = await asyncpg.connect(database_dsn)
    try:
        tx = slow.transaction()
        await tx.start()
        await slow.execute(
            "UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_api' "
            "WHERE tenant_id = $1 AND id = $2",
            tenant.id,
            first["session"]["id"],
        )
        assert (await tenant.secret("DELETE", f"/v1/sessions/{second['session']['id']}"))[0] == 204
        with pytest.raises(TimeoutError):  # committed, but held back behind the open transaction
            await feed.revocation(timeout=1.0)
        await tx.commit()
    finally:
        await slow.close()
    got = [await feed.revocation(), await feed.revocation()]
    assert [e.data["id"] for e in got] == [first["session"]["id"], second["session"]["id"]]
    assert got[0].id < got[1].id
    feed.close()


async def test_a_transaction_in_another_database_does_not_hold_the_feed(
    api: Api, tenant, sign_up, server_dsn: str
) -> None:
    user = await sign_up()
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    elsewhere = await asyncpg.connect(server_dsn)  # the cluster's `postgres` database
    try:
        async with elsewhere.transaction():
            await elsewhere.fetchval("SELECT pg_current_xact_id()")  # holds a transaction id, open
            assert (await tenant.secret("DELETE", f"/v1/sessions/{user['session']['id']}"))[0] == 204
            assert (await feed.revocation()).data["id"] == user["session"]["id"]
    finally:
        await elsewhere.close()
    feed.close()


async def test_streams_of_one_tenant_are_capped_per_process(api: Api, tenant, make_tenant, monkeypatch) -> None:
    monkeypatch.setattr(feed_module, "MAX_STREAMS_PER_TENANT", 2)  # 100 in production
    feeds = [await open_feed(api, tenant) for _ in range(2)]
    resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {tenant.sk}", "X-Tenant-ID": tenant.id})
    assert resp.status == 429 and resp.headers["Retry-After"] == "60"
    assert_error(await resp.json(), "too_many_streams", 429)
    other = await make_tenant()  # another tenant is not affected
    feeds.append(await open_feed(api, other))
    for feed in feeds:
        feed.close()


async def _narrow_key(tenant: Any) -> tuple[str, str]:
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "feed", "type": "secret", "scopes": ["sessions:read"]}
    )
    assert status == 201, key
    return key["id"], key["key"]


async def _ends(feed: Feed) -> None:
    """The stream ends (EOF) after at most some keepalives."""
    with pytest.raises(EOFError):
        while True:
            await feed.next()


async def test_revoking_its_key_ends_the_stream(api: Api, tenant) -> None:
    key_id, key = await _narrow_key(tenant)
    feed = await open_feed(api, tenant, key=key)
    await feed.until_ready()
    status, _, _ = await tenant.secret("DELETE", f"/v1/api-keys/{key_id}")
    assert status == 204
    await _ends(feed)
    resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {key}", "X-Tenant-ID": tenant.id})
    assert resp.status == 401
    assert_error(await resp.json(), "unauthenticated")
    # The tenant's other streams stay open.
    other = await open_feed(api, tenant)
    await other.until_ready()
    other.close()


async def test_a_key_changed_by_sql_ends_its_stream_through_the_notification(api: Api, app, tenant) -> None:
    """An operator's SQL reaches the stream only through Postgres's NOTIFY (as in another process)."""
    key_id, key = await _narrow_key(tenant)
    feed = await open_feed(api, tenant, key=key)
    await feed.until_ready()
    await state(app).pool.execute(
        "UPDATE api_keys SET scopes = '{users:read}' WHERE tenant_id = $1 AND id = $2", tenant.id, key_id
    )
    await _ends(feed)


async def test_a_key_revoked_with_a_grace_ends_its_stream_when_the_grace_ends(api: Api, app, tenant) -> None:
    key_id, key = await _narrow_key(tenant)
    feed = await open_feed(api, tenant, key=key)
    await feed.until_ready()
    await state(app).pool.execute(
        "UPDATE api_keys SET revoked_at = now() + interval '1 second' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        key_id,
    )
    await _ends(feed)


async def test_deleting_the_tenant_ends_its_streams(api: Api, tenant) -> None:
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    status, _, _ = await api.call("DELETE", f"/v1/tenants/{tenant.id}?confirm={tenant.slug}", token=MASTER_KEY)
    assert status == 204
    await _ends(feed)
    resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {tenant.sk}", "X-Tenant-ID": tenant.id})
    assert resp.status == 404
    assert_error(await resp.json(), "tenant_not_found")


async def test_a_suspended_tenant_keeps_its_feed(api: Api, tenant, sign_up) -> None:
    """Suspension refuses sign-in and sign-up only: sessions stay valid, so verifiers still need the feed."""
    user = await sign_up()
    feed = await open_feed(api, tenant)
    await feed.until_ready()
    status, _, _ = await api.call(
        "POST", f"/v1/tenants/{tenant.id}/suspend", token=MASTER_KEY, json={"reason": "unpaid"}
    )
    assert status == 200
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{user['session']['id']}")
    assert status == 204
    ev = await feed.revocation()
    assert ev.data["kind"] == "session" and ev.data["id"] == user["session"]["id"]
    again = await open_feed(api, tenant)
    await again.until_ready()
    again.close()
    feed.close()
