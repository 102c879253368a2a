"""The middlewares with real applications: aiohttp (served on a port), Starlette (its test
client) and Django (its test client), each verifying the service's real tokens."""

from __future__ import annotations

import django
import pytest
from aiohttp import ClientSession, web
from conftest import new_tenant, sign_up
from django.conf import settings
from identity_sdk import TokenVerifier
from identity_sdk.middleware.aiohttp import get_auth, identity_auth

if not settings.configured:
    settings.configure(
        ROOT_URLCONF=__name__,
        MIDDLEWARE=["identity_sdk.middleware.django.IdentityAuthMiddleware"],
        ALLOWED_HOSTS=["testserver"],
        SECRET_KEY="sdk-tests",
        DEBUG=False,
        USE_TZ=True,
        INSTALLED_APPS=[],
        DATABASES={},
        IDENTITY_SDK={"base_url": "http://unset", "tenant_id": "tnt_x"},
    )
    django.setup()

from django.http import HttpRequest, JsonResponse  # noqa: E402
from django.test import Client as DjangoClient  # noqa: E402
from django.test import override_settings  # noqa: E402
from django.urls import path  # noqa: E402


def _whoami_django(request: HttpRequest) -> JsonResponse:
    auth = request.auth  # type: ignore[attr-defined]
    return JsonResponse({"user_id": auth.user_id if auth else None, "org_id": auth.org_id if auth else None})


urlpatterns = [path("me", _whoami_django), path("health", _whoami_django)]


def _assert_401(status: int, body: dict, reason: str) -> None:
    assert status == 401, body
    error = body["error"]
    assert error["code"] == "unauthenticated" and error["status"] == 401 and error["reason"] == reason, body
    assert error["request_id"].startswith("req_") and error["message"]


@pytest.fixture
def users(service, tenant):
    return sign_up(service, tenant), sign_up(service, new_tenant(service))


async def test_aiohttp(service, tenant, users) -> None:
    mine, theirs = users

    async def whoami(request: web.Request) -> web.Response:
        auth = get_auth(request)
        return web.json_response({"user_id": auth.user_id if auth else None, "role": auth.role if auth else None})

    app = web.Application(
        middlewares=[identity_auth(TokenVerifier(service.url, tenant.id), public_paths=["/health"], cookie="__session")]
    )
    app.router.add_get("/me", whoami)
    app.router.add_get("/health", whoami)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    base = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
    try:
        async with ClientSession() as http:

            async def get(url: str, **kwargs) -> tuple[int, dict]:
                async with http.get(base + url, **kwargs) as answer:
                    return answer.status, await answer.json()

            status, body = await get("/me", headers={"Authorization": f"Bearer {mine.access_token}"})
            assert (status, body) == (200, {"user_id": mine.user_id, "role": "member"})
            status, body = await get("/me", headers={"Cookie": f"__session={mine.access_token}"})
            assert (status, body["user_id"]) == (200, mine.user_id)
            _assert_401(*await get("/me"), "missing")
            _assert_401(*await get("/me", headers={"Authorization": "Bearer nonsense"}), "malformed")
            _assert_401(
                *await get("/me", headers={"Authorization": f"Bearer {theirs.access_token}"}), "invalid_audience"
            )
            assert await get("/health") == (200, {"user_id": None, "role": None})
            _assert_401(*await get("/health", headers={"Authorization": "Bearer x.y.z"}), "malformed")
    finally:
        await runner.cleanup()


def test_starlette(service, tenant, users) -> None:
    from identity_sdk.middleware.starlette import IdentityAuthMiddleware
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse
    from starlette.routing import Route
    from starlette.testclient import TestClient

    mine, theirs = users

    async def whoami(request: Request) -> JSONResponse:
        auth = request.state.auth
        return JSONResponse({"user_id": auth.user_id if auth else None})

    app = Starlette(routes=[Route("/me", whoami), Route("/health", whoami)])
    app.add_middleware(IdentityAuthMiddleware, verifier=TokenVerifier(service.url, tenant.id), public_paths=["/health"])
    with TestClient(app) as client:
        answer = client.get("/me", headers={"Authorization": f"Bearer {mine.access_token}"})
        assert (answer.status_code, answer.json()) == (200, {"user_id": mine.user_id})
        answer = client.get("/me")
        _assert_401(answer.status_code, answer.json(), "missing")
        assert answer.headers["www-authenticate"].startswith("Bearer")
        answer = client.get("/me", headers={"Authorization": f"Bearer {theirs.access_token}"})
        _assert_401(answer.status_code, answer.json(), "invalid_audience")
        assert client.get("/health").json() == {"user_id": None}


def test_django(service, tenant, users) -> None:
    mine, theirs = users
    config = {"base_url": service.url, "tenant_id": tenant.id, "public_paths": ["/health"]}
    with override_settings(IDENTITY_SDK=config):
        client = DjangoClient()
        answer = client.get("/me", headers={"Authorization": f"Bearer {mine.access_token}"})
        assert (answer.status_code, answer.json()) == (200, {"user_id": mine.user_id, "org_id": None})
        answer = client.get("/me")
        _assert_401(answer.status_code, answer.json(), "missing")
        answer = client.get("/me", headers={"Authorization": f"Bearer {theirs.access_token}"})
        _assert_401(answer.status_code, answer.json(), "invalid_audience")
        assert client.get("/health").json() == {"user_id": None, "org_id": None}
