"""GET /v1/revocations/stream: credentials, replay, resume, live delivery, isolation, keepalive,
and a feed entry from every path that revokes."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.conftest import Api, assert_error

PATH = "/v1/revocations/stream"
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
        """The next revocation, skipping keepalives."""
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


async def open_feed(api: Api, tenant: Any, *, key: str | None = None, tenant_id: str | None = None,
                    last_event_id: str | None = None, query: str = "") -> Feed:
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
    for headers in [
        {"X-Tenant-ID": tenant.id},  # no key
        {"Authorization": f"Bearer {tenant.pk}", "X-Tenant-ID": tenant.id},  # a publishable key
        {"Authorization": f"Bearer {other.sk}", "X-Tenant-ID": tenant.id},  # another tenant's key
    ]:
        resp = await api.client.get(PATH, headers=headers)
        assert resp.status in (401, 403), await resp.text()
        assert resp.content_type == "application/json"
        assert (await resp.json())["error"]["request_id"].startswith("req_")
    # A secret key without sessions:read
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "narrow", "type": "secret", "scopes": ["users:read"]})
    assert status == 201, key
    resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {key['key']}", "X-Tenant-ID": tenant.id})
    assert resp.status == 403
    assert_error(await resp.json(), "insufficient_scope")
    # A malformed Last-Event-ID
    resp = await api.client.get(PATH, headers={"Authorization": f"Bearer {tenant.sk}", "X-Tenant-ID": tenant.id,
                                               "Last-Event-ID": "nope"})
    assert resp.status == 400
    assert_error(await resp.json(), "invalid_last_event_id")


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
    import dataclasses

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
