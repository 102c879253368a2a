"""The HTTP platform: request ids, version header, error envelope, health, metrics, OpenAPI."""

from __future__ import annotations

import io
import re

import asyncpg
import structlog.testing
from aiohttp import web

from identity import __version__
from identity.app import create_app
from identity.state import state
from tests.support.api import MASTER_KEY, METRICS_TOKEN, Api, assert_error


async def test_every_response_has_request_id_and_version(api: Api) -> None:
    status, body, resp = await api.call("GET", "/health")
    assert status == 200 and body["status"] == "ok" and body["database"] == "ok"
    assert re.fullmatch(r"req_[0-9a-z]{26}", resp.headers["X-Request-ID"])
    assert resp.headers["X-Service-Version"] == __version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


async def test_unknown_path_and_wrong_method(api: Api) -> None:
    status, body, resp = await api.call("GET", "/v1/nothing-here")
    assert status == 404
    assert_error(body, "not_found", 404)
    assert body["error"]["request_id"] == resp.headers["X-Request-ID"]
    status, body, resp = await api.call("PUT", "/health")
    assert status == 405
    assert_error(body, "method_not_allowed", 405)
    assert "GET" in resp.headers["Allow"]


async def test_malformed_and_non_object_json(api: Api) -> None:
    for raw in (b"{not json", b"[1, 2]", b'"text"', b"", b"null"):
        status, body, _ = await api.call(
            "POST",
            "/v1/tenants",
            data=raw,
            token=MASTER_KEY,
            headers={"Content-Type": "application/json"},
        )
        assert status == 400, raw
        assert_error(body, "invalid_json", 400)


async def test_validation_error_has_field_details(api: Api) -> None:
    status, body, _ = await api.call("POST", "/v1/tenants", json={"name": 5}, token=MASTER_KEY)
    assert status == 422
    assert_error(body, "validation_error", 422)
    assert body["error"]["details"][0]["field"] == "name"
    status, body, _ = await api.call("POST", "/v1/tenants", json={}, token=MASTER_KEY)
    assert status == 422 and body["error"]["details"][0]["field"] == "name"
    status, body, _ = await api.call("POST", "/v1/tenants", json={"name": "x", "bogus": 1}, token=MASTER_KEY)
    assert status == 422 and body["error"]["details"][0]["field"] == "bogus"


async def test_oversized_body_is_413(api: Api) -> None:
    big = io.BytesIO(b'{"name": "' + b"a" * (2 * 1024 * 1024) + b'"}')
    status, body, _ = await api.call(
        "POST",
        "/v1/tenants",
        data=big,
        token=MASTER_KEY,
        headers={"Content-Type": "application/json"},
    )
    assert status == 413
    assert_error(body, "payload_too_large", 413)


async def test_unexpected_exception_is_500_without_details(aiohttp_client, settings, database_dsn) -> None:
    app = create_app(settings, dsn=database_dsn)

    async def boom(request: web.Request) -> web.Response:
        raise RuntimeError("secret internal detail")

    app.router.add_get("/boom", boom)
    client = await aiohttp_client(app)
    resp = await client.get("/boom")
    body = await resp.json()
    assert resp.status == 500
    assert_error(body, "internal_error", 500)
    assert "secret internal detail" not in await resp.text()
    assert body["error"]["request_id"] == resp.headers["X-Request-ID"]


async def test_only_a_database_outage_is_503(aiohttp_client, settings, database_dsn) -> None:
    """A FileNotFoundError of our own (a missing template or asset) is the bug it is: 500
    internal_error, logged as unhandled_error with its traceback. An OSError that asyncpg
    raises (the database refuses the connection) is the outage: 503 service_unavailable."""
    app = create_app(settings, dsn=database_dsn)

    async def missing_file(request: web.Request) -> web.Response:
        open("/nonexistent/identity/template.html", encoding="utf-8").close()
        return web.Response()

    async def database_refuses(request: web.Request) -> web.Response:
        # port 1 on loopback: nothing listens there, so the connect is refused
        await asyncpg.connect("postgresql://postgres@127.0.0.1:1/postgres", timeout=5)
        return web.Response()

    app.router.add_get("/missing-file", missing_file)
    app.router.add_get("/database-refuses", database_refuses)
    client = await aiohttp_client(app)
    with structlog.testing.capture_logs() as logged:
        resp = await client.get("/missing-file")
        assert resp.status == 500
        assert_error(await resp.json(), "internal_error", 500)
        resp = await client.get("/database-refuses")
        assert resp.status == 503
        assert_error(await resp.json(), "service_unavailable", 503)
        assert resp.headers["Retry-After"] == "1"
    events = [(line["event"], line.get("path")) for line in logged if line["log_level"] == "error"]
    assert ("unhandled_error", "/missing-file") in events
    assert sum(1 for event, _ in events if event == "database_unavailable") == 1


async def test_metrics_exposes_requests_latency_and_pool(api: Api) -> None:
    await api.call("GET", "/health")
    status, text, resp = await api.call("GET", "/metrics", token=METRICS_TOKEN)
    assert status == 200
    assert resp.content_type == "text/plain"
    assert 'identity_http_requests_total{method="GET",route="/health",status="200"}' in text
    assert "identity_http_request_duration_seconds_bucket" in text
    assert "identity_db_pool_size" in text


async def test_openapi_describes_every_route_with_its_credential(api: Api, app) -> None:
    status, doc, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    assert doc["openapi"].startswith("3.1")
    for route in state(app).routes:
        if not route.in_schema:  # the hosted pages (identity/hosted/) are no part of the contract
            assert route.content_type != "application/json", route.path
            continue
        path = re.sub(r"\{([^}:]+)(:[^}]*)?\}", r"{\1}", route.path)
        assert path in doc["paths"], path
        op = doc["paths"][path][route.method.lower()]
        if route.auth:
            schemes = {next(iter(s)) for s in op["security"]}
            assert schemes, path
            for scheme in schemes:
                assert scheme in doc["components"]["securitySchemes"]
    create = doc["paths"]["/v1/api-keys"]["post"]
    ref = create["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    name = ref.rsplit("/", 1)[1]
    assert set(doc["components"]["schemas"][name]["required"]) == {"name", "type"}


async def test_unstorable_characters_are_refused_not_500(api: Api, tenant) -> None:
    # Postgres cannot store NUL; UTF-8 cannot encode lone surrogates (found by schemathesis).
    for raw in (
        b'{"name": "a\\u0000b"}',
        b'{"name": "\\ud800x"}',
        b'{"name": "ok", "public_metadata": {"k\\u0000": 1}}',
    ):
        status, body, _ = await api.call(
            "POST",
            "/v1/tenants",
            data=raw,
            token=MASTER_KEY,
            headers={"Content-Type": "application/json"},
        )
        assert status in (400, 422), (raw, body)
        assert body["error"]["code"] in ("invalid_json", "validation_error")
    status, body, _ = await api.call("GET", "/v1/tenants?q=a%00b", token=MASTER_KEY)
    assert status == 422
    status, body, _ = await api.call("GET", "/v1/tenants/tnt_%00", token=MASTER_KEY)
    assert status == 404
    status, body, _ = await api.call("GET", "/v1/api-keys", token=tenant.sk, tenant="tnt_bad\u00e9")
    assert status == 404 and body["error"]["code"] == "tenant_not_found"
    # A valid pair (an emoji as escapes) is fine.
    status, body, _ = await api.call(
        "POST",
        "/v1/tenants",
        data=b'{"name": "ok \\ud83d\\ude00"}',
        token=MASTER_KEY,
        headers={"Content-Type": "application/json"},
    )
    assert status == 201 and body["name"] == "ok \U0001f600"
