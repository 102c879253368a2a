"""The verifier's revocation feed against the service's GET /v1/revocations/stream: a revoked
session, a banned user, a verifier in another process refusing within a second of the revoking
request, resuming with Last-Event-ID, and the grace behaviour (fail closed, or ask the service)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import time
from pathlib import Path

import pytest
from aiohttp import ClientSession, ClientTimeout, web
from conftest import PYTHON, REPO, sign_up
from identity_sdk import IdentityClient, TokenError, TokenVerifier
from identity_sdk.middleware.aiohttp import get_auth, identity_auth
from identity_sdk.revocations import DenyList, Revocation

HERE = Path(__file__).parent
STREAM = "/v1/revocations/stream"


def test_deny_list_rules() -> None:
    """The contract's matching rules, on the deny list itself."""
    now = time.time()
    deny = DenyList()
    deny.add(Revocation("session", "ses_1", "revoked_by_api", now, now + 60))
    deny.add(Revocation("user", "usr_1", "user_banned", now, now + 60))
    deny.add(Revocation("signing_key", "kid_1", "key_retired", now, now + 60))
    deny.add(Revocation("session", "ses_old", "signed_out", now - 120, now - 1))  # past forget_after
    assert deny.refusal(sid="ses_1", sub="usr_9", iat=now, kid="kid_9") == "session_revoked"
    assert deny.refusal(sid="ses_9", sub="usr_1", iat=now - 5, kid="kid_9") == "user_revoked"
    assert deny.refusal(sid="ses_9", sub="usr_1", iat=now + 5, kid="kid_9") is None  # issued after (an unban)
    assert deny.refusal(sid="ses_9", sub="usr_9", iat=now, kid="kid_1") == "key_revoked"
    assert deny.refusal(sid="ses_old", sub="usr_9", iat=now, kid="kid_9") is None


async def _refused_within(verifier: TokenVerifier, token: str, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while True:
        try:
            await verifier.averify(token)
        except TokenError as exc:
            return exc.code
        assert time.monotonic() < deadline, "the revocation did not reach the verifier in time"
        await asyncio.sleep(0.01)


async def test_revoked_session_and_banned_user_are_refused(service, tenant) -> None:
    one, two = sign_up(service, tenant), sign_up(service, tenant)
    verifier = TokenVerifier(service.url, tenant.id, revocation="feed", secret_key=tenant.secret_key)
    try:
        assert await verifier.astart()
        assert (await verifier.averify(one.access_token)).user_id == one.user_id
        async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
            await backend.revoke_session(one.session_id)
            assert await _refused_within(verifier, one.access_token, 1.0) == "session_revoked"
            await backend.request("POST", f"/v1/users/{two.user_id}/ban", json={})
            # A ban also revokes the user's sessions: either entry may arrive first.
            assert await _refused_within(verifier, two.access_token, 1.0) in ("user_revoked", "session_revoked")
        # A verifier started now learns both from the replay.
        late = TokenVerifier(service.url, tenant.id, revocation="feed", secret_key=tenant.secret_key)
        try:
            assert await late.astart()
            for token in (one.access_token, two.access_token):
                with pytest.raises(TokenError) as refused:
                    await late.averify(token)
                assert refused.value.code in ("session_revoked", "user_revoked")
        finally:
            late.stop()
    finally:
        verifier.stop()


def test_a_verifier_in_another_process_refuses_within_a_second(service, tenant) -> None:
    user = sign_up(service, tenant)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "sdk" / "python" / "src"), str(REPO)])}
    probe = subprocess.Popen(
        [PYTHON, str(HERE / "feed_probe.py"), service.url, tenant.id, tenant.secret_key, user.access_token],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert probe.stdout is not None
        line = probe.stdout.readline().strip()
        assert line == "ready", (line, probe.stderr.read() if probe.poll() is not None else "")
        started = time.time()
        answer = service.call("DELETE", f"/v1/sessions/{user.session_id}", token=tenant.secret_key, tenant=tenant.id)
        assert answer.status_code == 204, answer.text
        refused = probe.stdout.readline().split()
        assert refused[:1] == ["refused"] and refused[2] == "session_revoked", refused
        delay = float(refused[1]) - started
        assert delay < 1.0, f"refused {delay:.3f} s after the revoking request started"
        print(f"refused by the other process {delay * 1000:.0f} ms after the revoking request started")
    finally:
        probe.kill()
        probe.communicate()


class StreamProxy:
    """Forwards to the service; `block_stream` answers the feed 503, `cut()` ends open streams.
    Records the Last-Event-ID each stream request carried."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.block_stream = False
        self.resumed_from: list[str | None] = []
        self._open: list[web.StreamResponse] = []
        self._cut = asyncio.Event()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}
        if request.path == STREAM:
            self.resumed_from.append(request.headers.get("Last-Event-ID"))
            if self.block_stream:
                return web.json_response(
                    {"error": {"code": "unavailable", "message": "down", "status": 503, "request_id": "req_proxy"}},
                    status=503,
                )
            response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
            await response.prepare(request)
            async with (
                ClientSession(timeout=ClientTimeout(total=None)) as http,
                http.get(self.target + request.path_qs, headers=headers) as upstream,
            ):
                reader = asyncio.ensure_future(self._pump(upstream, response))
                cut = asyncio.ensure_future(self._cut.wait())
                await asyncio.wait({reader, cut}, return_when=asyncio.FIRST_COMPLETED)
                reader.cancel()
                cut.cancel()
            return response
        body = await request.read()
        async with (
            ClientSession() as http,
            http.request(request.method, self.target + request.path_qs, headers=headers, data=body) as answer,
        ):
            payload = await answer.read()
            return web.Response(
                status=answer.status,
                body=payload,
                content_type=answer.headers.get("Content-Type", "application/json").split(";")[0],
            )

    @staticmethod
    async def _pump(upstream, response: web.StreamResponse) -> None:
        async for chunk in upstream.content.iter_any():
            await response.write(chunk)

    def cut(self) -> None:
        self._cut.set()
        self._cut = asyncio.Event()

    async def __aenter__(self) -> StreamProxy:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.handle)
        self.runner = web.AppRunner(app, shutdown_timeout=0.5)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._cut.set()
        await self.runner.cleanup()


async def test_reconnects_resume_with_last_event_id(service, tenant) -> None:
    first, second = sign_up(service, tenant), sign_up(service, tenant)
    async with StreamProxy(service.url) as proxy:
        verifier = TokenVerifier(
            proxy.url, tenant.id, issuer=service.url, revocation="feed", secret_key=tenant.secret_key
        )
        try:
            assert await verifier.astart()
            await verifier.averify(first.access_token)
            service.call("DELETE", f"/v1/sessions/{first.session_id}", token=tenant.secret_key, tenant=tenant.id)
            assert await _refused_within(verifier, first.access_token, 2.0) == "session_revoked"
            assert verifier.feed is not None
            last = verifier.feed.last_event_id
            assert last is not None
            # Down for a while: the second revocation happens while the verifier is not listening.
            proxy.block_stream = True
            proxy.cut()
            await asyncio.sleep(0.3)
            service.call("DELETE", f"/v1/sessions/{second.session_id}", token=tenant.secret_key, tenant=tenant.id)
            await verifier.averify(second.access_token)  # unknown yet, and within the grace
            proxy.block_stream = False
            assert await _refused_within(verifier, second.access_token, 10.0) == "session_revoked"
            assert proxy.resumed_from[0] is None and last in proxy.resumed_from[1:]
        finally:
            verifier.stop()


async def test_grace_then_fail_closed_or_ask_the_service(service, tenant) -> None:
    user = sign_up(service, tenant)
    async with StreamProxy(service.url) as proxy:
        options = {"issuer": service.url, "revocation": "feed", "secret_key": tenant.secret_key, "feed_grace": 0.5}
        closed = TokenVerifier(proxy.url, tenant.id, **options)
        asking = TokenVerifier(proxy.url, tenant.id, on_feed_unavailable="api", **options)
        try:
            assert await closed.astart() and await asking.astart()
            proxy.block_stream = True
            proxy.cut()
            await asyncio.sleep(0.1)
            await closed.averify(user.access_token)  # within the grace: the deny list still counts
            await asyncio.sleep(0.6)
            with pytest.raises(TokenError) as refused:
                await closed.averify(user.access_token)
            assert refused.value.code == "revocation_unavailable"
            assert (await asking.averify(user.access_token)).user_id == user.user_id
            service.call("DELETE", f"/v1/sessions/{user.session_id}", token=tenant.secret_key, tenant=tenant.id)
            await asyncio.sleep(asking.api_cache_ttl + 0.1)
            with pytest.raises(TokenError) as asked:
                await asking.averify(user.access_token)
            assert asked.value.code == "invalid_token"
        finally:
            closed.stop()
            asking.stop()


async def test_feed_that_never_connects_fails_closed() -> None:
    verifier = TokenVerifier("http://127.0.0.1:9", "tnt_x", revocation="feed", secret_key="sk_live_x")
    try:
        assert not await verifier.astart(ready_timeout=0.5)
        assert verifier.feed is not None and not verifier.feed.healthy
    finally:
        verifier.stop()


async def test_middleware_starts_the_feed_and_refuses_a_revoked_session(service, tenant) -> None:
    user = sign_up(service, tenant)
    verifier = TokenVerifier(service.url, tenant.id, revocation="feed", secret_key=tenant.secret_key)

    async def whoami(request: web.Request) -> web.Response:
        return web.json_response({"user_id": get_auth(request).user_id})

    app = web.Application(middlewares=[identity_auth(verifier)])
    app.router.add_get("/me", whoami)
    runner = web.AppRunner(app, shutdown_timeout=0.5)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/me"  # type: ignore[union-attr]
    headers = {"Authorization": f"Bearer {user.access_token}"}
    try:
        async with ClientSession() as http:
            async with http.get(url, headers=headers) as answer:
                assert answer.status == 200
            assert verifier.feed is not None and verifier.feed.started
            service.call("DELETE", f"/v1/sessions/{user.session_id}", token=tenant.secret_key, tenant=tenant.id)
            assert await _refused_within(verifier, user.access_token, 1.0) == "session_revoked"
            async with http.get(url, headers=headers) as answer:
                assert answer.status == 401
                assert (await answer.json())["error"]["reason"] == "session_revoked"
    finally:
        verifier.stop()
        await runner.cleanup()
