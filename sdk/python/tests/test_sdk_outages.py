"""The verifier while parts of the service are out of reach: a key set that goes down, a feed
that stalls or sends events it cannot read, and the middleware's 503 for "could not check"."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

from aiohttp import ClientSession, web
from conftest import sign_up
from identity_sdk import TokenVerifier
from identity_sdk.middleware.aiohttp import identity_auth
from identity_sdk.revocations import RevocationFeed

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@asynccontextmanager
async def serving(handler: Handler) -> AsyncIterator[str]:
    """A real HTTP server answering every path with handler; yields its base URL."""
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handler)
    runner = web.AppRunner(app, shutdown_timeout=0.2)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
    finally:
        await runner.cleanup()


async def test_a_key_set_that_goes_down_is_served_stale_and_asked_once_per_cooldown(service, tenant) -> None:
    user = sign_up(service, tenant)
    keys = service.http.get(service.url + "/.well-known/jwks.json", timeout=5).json()
    down = False
    asked = 0

    async def jwks(request: web.Request) -> web.Response:
        nonlocal asked
        asked += 1
        if down:
            return web.Response(status=503)
        return web.json_response(keys, headers={"Cache-Control": "max-age=1"})

    async with serving(jwks) as url:
        verifier = TokenVerifier(
            service.url, tenant.id, issuer=service.url, jwks_url=url + "/jwks", min_jwks_refresh_interval=30
        )
        assert (await verifier.averify(user.access_token)).user_id == user.user_id
        assert asked == 1
        down = True
        await asyncio.sleep(1.1)  # past max-age: the next verification refreshes in the background
        for _ in range(50):
            assert (await verifier.averify(user.access_token)).user_id == user.user_id
            await asyncio.sleep(0)
        await asyncio.sleep(0.2)
        for _ in range(50):
            assert verifier.verify(user.access_token).user_id == user.user_id
        # One failed refresh, then the cooldown: the service is not asked per verification.
        assert asked == 2 and verifier.keys.attempts == 2


async def _get(url: str, token: str) -> tuple[int, dict[str, str], dict]:
    async with ClientSession() as http, http.get(url, headers={"Authorization": f"Bearer {token}"}) as answer:
        return answer.status, dict(answer.headers), await answer.json()


@asynccontextmanager
async def protected(verifier: TokenVerifier) -> AsyncIterator[str]:
    async def ok(request: web.Request) -> web.Response:
        return web.json_response({})

    app = web.Application(middlewares=[identity_auth(verifier)])
    app.router.add_get("/me", ok)
    runner = web.AppRunner(app, shutdown_timeout=0.2)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/me"  # type: ignore[union-attr]
    finally:
        await runner.cleanup()


async def test_middleware_answers_503_when_the_token_cannot_be_checked(service, tenant) -> None:
    user = sign_up(service, tenant)
    no_keys = TokenVerifier(service.url, tenant.id, issuer=service.url, jwks_url="http://127.0.0.1:9/jwks")
    no_feed = TokenVerifier(
        "http://127.0.0.1:9",
        tenant.id,
        issuer=service.url,
        revocation="feed",
        secret_key=tenant.secret_key,
        jwks_url=service.url + "/.well-known/jwks.json",
    )
    try:
        for verifier, reason in ((no_keys, "keys_unavailable"), (no_feed, "revocation_unavailable")):
            if verifier.feed is not None:
                await verifier.astart(ready_timeout=0.3)
            async with protected(verifier) as url:
                status, headers, body = await _get(url, user.access_token)
            assert status == 503 and headers["Retry-After"] == "1", body
            error = body["error"]
            assert (error["code"], error["status"], error["reason"]) == ("service_unavailable", 503, reason)
            assert set(error) >= {"code", "message", "status", "request_id"}
        # A token that is not valid is still a 401.
        async with protected(no_feed) as url:
            status, headers, body = await _get(url, "not-a-token")
        assert status == 401 and body["error"]["code"] == "unauthenticated"
    finally:
        no_feed.stop()


def _event(id_: str, data: object) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data)
    return f"id: {id_}\nevent: revocation\ndata: {text}\n\n".encode()


async def test_unreadable_events_are_skipped_and_the_feed_keeps_reading() -> None:
    now = datetime.now(UTC)
    good = {
        "kind": "session",
        "id": "ses_good",
        "reason": "revoked_by_api",
        "revoked_at": now.isoformat(),
        "forget_after": (now + timedelta(hours=1)).isoformat(),
    }
    script = [
        _event("01", "not json {"),
        _event("02", [1, 2, 3]),  # JSON, not an object
        _event("03", "null"),
        _event("04", {**good, "kind": "tenant"}),  # a kind the verifier does not know
        _event("05", {**good, "id": 7}),
        _event("06", {**good, "revoked_at": "yesterday"}),
        _event("07", good),
        b"event: ready\ndata: {}\n\n",
    ]

    async def stream(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        for chunk in script:
            await response.write(chunk)
        await asyncio.sleep(30)
        return response

    async with serving(stream) as url:
        feed = RevocationFeed(url, secret_key="sk_live_x", tenant_id="tnt_x")
        try:
            assert await asyncio.to_thread(feed.start, 5.0)
            assert feed.last_event_id == "07" and len(feed.deny) == 1
            assert feed.deny.refusal(sid="ses_good", sub=None, iat=None, kid=None) == "session_revoked"
            assert feed.healthy and feed._thread is not None and feed._thread.is_alive()
        finally:
            await asyncio.to_thread(feed.stop)


async def test_a_stalled_stream_counts_its_grace_from_the_last_byte() -> None:
    served = 0

    async def stream(request: web.Request) -> web.StreamResponse:
        nonlocal served
        served += 1
        if served > 1:  # the reconnects find the service away
            return web.Response(status=503)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(b"event: ready\ndata: {}\n\n")
        await asyncio.sleep(30)  # then nothing, not even a keepalive: the connection has stalled
        return response

    async with serving(stream) as url:
        feed = RevocationFeed(url, secret_key="sk_live_x", tenant_id="tnt_x", grace=2.0, read_timeout=1.5)
        try:
            assert await asyncio.to_thread(feed.start, 5.0)
            last_byte = time.monotonic()
            assert feed.healthy
            # The read times out at 1.5 s; counted from then the grace would last until 3.5 s.
            await asyncio.sleep(max(0.0, last_byte + 2.6 - time.monotonic()))
            assert not feed.healthy
        finally:
            await asyncio.to_thread(feed.stop)


def test_the_feed_waits_two_keepalives_and_a_margin_by_default() -> None:
    assert RevocationFeed("http://127.0.0.1:9", secret_key="sk", tenant_id="tnt").read_timeout == 35.0
