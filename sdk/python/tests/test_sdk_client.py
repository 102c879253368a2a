"""The client against the real service: typed models, typed errors, pagination, and retries
that carry one Idempotency-Key (through a proxy that fails or cuts the first attempt)."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from aiohttp import ClientSession, web
from conftest import PASSWORD, new_tenant, sign_up
from identity_sdk import (
    AuthenticationError,
    BadRequestError,
    ConnectionFailed,
    IdentityClient,
    IdentityError,
    NotFoundError,
    PermissionDeniedError,
    RetryPolicy,
    SyncIdentityClient,
)
from identity_sdk.rest.api.admin import get_v1_admin_audit_logs
from identity_sdk.rest.api.users import get_v1_users, get_v1_users_id, post_v1_users
from identity_sdk.rest.models import CreateUser, SignUpResult, User, UserList

FAST = RetryPolicy(max_retries=2, backoff=0.01)


async def test_sign_up_sign_in_and_typed_calls(service, tenant) -> None:
    email = f"ada-{uuid.uuid4().hex[:8]}@example.com"
    async with IdentityClient(service.url, publishable_key=tenant.publishable_key, tenant_id=tenant.id) as frontend:
        signed_up = await frontend.sign_up(email, PASSWORD)
        assert isinstance(signed_up, SignUpResult) and signed_up.user.email == email
        signed_in = await frontend.sign_in(email, PASSWORD)
        assert signed_in.user.id == signed_up.user.id
        with pytest.raises(AuthenticationError) as wrong:
            await frontend.sign_in(email, PASSWORD + "!")
    assert wrong.value.code == "invalid_credentials" and wrong.value.status == 401
    assert wrong.value.request_id and wrong.value.request_id.startswith("req_")

    async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        user = await backend.call(get_v1_users_id, id=signed_up.user.id)
        assert isinstance(user, User) and user.email == email
        verified = await backend.verify_session(signed_in.session.access_token)
        assert verified.valid and verified.user_id == signed_up.user.id
        with pytest.raises(NotFoundError) as missing:
            await backend.call(get_v1_users_id, id="usr_01jd8x3k9m2q7r4t6v8w0y2z4a")
        assert missing.value.code == "user_not_found"
        with pytest.raises(BadRequestError) as invalid:
            await backend.request("POST", "/v1/users", json={"email": "not an address"})
        assert invalid.value.status == 422 and invalid.value.code == "invalid_email"

    # A publishable key may not call the management API: 403, typed.
    with SyncIdentityClient(service.url, publishable_key=tenant.publishable_key, tenant_id=tenant.id) as public:
        with pytest.raises(PermissionDeniedError) as forbidden:
            public.call(get_v1_users)
    assert forbidden.value.code == "forbidden"


async def test_another_tenants_user_is_not_found(service, tenant) -> None:
    other = new_tenant(service)
    theirs = sign_up(service, other)
    async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        with pytest.raises(NotFoundError):
            await backend.call(get_v1_users_id, id=theirs.user_id)


def test_pagination_walks_every_page_sync(service, tenant) -> None:
    with SyncIdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        created = {
            backend.call(post_v1_users, body=CreateUser(email=f"p{i}-{uuid.uuid4().hex[:6]}@example.com")).id
            for i in range(7)
        }
        first = backend.call(get_v1_users, limit=3)
        assert isinstance(first, UserList) and first.pagination.has_more
        seen = [user.id for user in backend.paginate(get_v1_users, limit=3)]
        assert len(seen) == len(set(seen)) == 7 and set(seen) == created
        # The audit log pages with a top-level next_cursor.
        entries = list(backend.paginate(get_v1_admin_audit_logs, limit=2))
        assert len(entries) >= 7


async def test_async_pagination(service, tenant) -> None:
    async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        for i in range(5):
            await backend.call(post_v1_users, body=CreateUser(email=f"a{i}-{uuid.uuid4().hex[:6]}@example.com"))
        assert len([u async for u in backend.paginate(get_v1_users, limit=2)]) == 5


class FlakyProxy:
    """Forwards to the service, but spoils the first attempt of each POST: `mode` "503" answers
    503 without forwarding; "cut" forwards it, then drops the connection instead of answering."""

    def __init__(self, target: str, mode: str) -> None:
        self.target, self.mode = target, mode
        self.keys: list[str | None] = []
        self.replayed: list[str | None] = []
        self.url = ""

    async def handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        headers = {k: v for k, v in request.headers.items() if k.lower() not in ("host", "content-length")}
        first = request.method == "POST" and not self.keys
        if request.method == "POST":
            self.keys.append(request.headers.get("Idempotency-Key"))
        if first and self.mode == "503":
            return web.json_response(
                {"error": {"code": "unavailable", "message": "try again", "status": 503, "request_id": "req_proxy"}},
                status=503,
            )
        async with (
            ClientSession() as http,
            http.request(request.method, self.target + request.path_qs, headers=headers, data=body) as answer,
        ):
            payload = await answer.read()
            self.replayed.append(answer.headers.get("Idempotent-Replayed"))
            status, content_type = answer.status, answer.headers.get("Content-Type", "application/json")
        if first and self.mode == "cut":
            assert request.transport is not None
            request.transport.close()  # the answer is lost after the change committed
            raise ConnectionResetError
        return web.Response(status=status, body=payload, content_type=content_type.split(";")[0])

    async def __aenter__(self) -> FlakyProxy:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self.handle)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.runner.cleanup()


@pytest.mark.parametrize("mode", ["503", "cut"])
async def test_mutating_call_is_retried_with_the_same_idempotency_key(service, tenant, mode) -> None:
    email = f"retry-{uuid.uuid4().hex[:8]}@example.com"
    async with (
        FlakyProxy(service.url, mode) as proxy,
        IdentityClient(proxy.url, secret_key=tenant.secret_key, tenant_id=tenant.id, retry=FAST) as backend,
    ):
        user = await backend.call(post_v1_users, body=CreateUser(email=email))
    assert user.email == email
    assert len(proxy.keys) == 2 and proxy.keys[0] and proxy.keys[0] == proxy.keys[1]
    if mode == "cut":
        assert proxy.replayed[-1] == "true"  # the second attempt got the first one's answer
    async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        assert [u.email async for u in backend.paginate(get_v1_users)] == [email]  # created once


async def test_retries_are_bounded(tenant) -> None:
    async def always_503(request: web.Request) -> web.Response:
        hits.append(request.headers.get("Idempotency-Key"))
        return web.json_response(
            {"error": {"code": "unavailable", "message": "down", "status": 503, "request_id": "req_x"}},
            status=503,
            headers={"Retry-After": "0"},
        )

    hits: list[str | None] = []
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", always_503)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        async with IdentityClient(
            f"http://127.0.0.1:{port}", secret_key="sk_live_x", tenant_id=tenant.id, retry=FAST
        ) as backend:
            with pytest.raises(IdentityError) as failed:
                await backend.request("POST", "/v1/users", json={"email": "x@example.com"})
    finally:
        await runner.cleanup()
    assert failed.value.status == 503 and failed.value.code == "unavailable"
    assert len(hits) == 3 and len(set(hits)) == 1


async def test_unreachable_service_is_a_typed_error() -> None:
    async with IdentityClient("http://127.0.0.1:9", secret_key="sk_live_x", tenant_id="tnt_x", retry=FAST) as backend:
        with pytest.raises(ConnectionFailed):
            await backend.request("GET", "/v1/users")
    await asyncio.sleep(0)
