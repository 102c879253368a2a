"""/openapi.json as a product: valid OpenAPI 3.1, every $ref resolvable, public schema names
kept in a registry, every error an operation answers listed by status and code, examples that
match their schemas, and the /docs reader served from the package.

The client generators (openapi-python-client, openapi-typescript) are tested in
tests/test_openapi_clients.py.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from typing import Any

import msgspec
import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from identity.app import routers
from identity.http import openapi, routing
from identity.http.routing import Ctx, Router
from identity.http.schema_names import PUBLIC_NAMES
from identity.platform_routes import DOCS_CSP
from identity.state import state
from tests.support.api import Api


def _document() -> dict[str, Any]:
    return openapi.build([r for router in routers() for r in router.routes], "http://127.0.0.1")


def _operations(doc: dict[str, Any]):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            yield method.upper(), path, op


async def test_served_document_is_valid_openapi_3_1(api: Api) -> None:
    status, doc, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    assert doc["openapi"] == "3.1.0"
    validate(doc)  # openapi-spec-validator: raises on the first error


def test_document_has_no_openapi_3_0_leftovers_and_every_ref_resolves() -> None:
    doc = _document()
    text = json.dumps(doc)
    assert '"nullable"' not in text
    assert '"required": []' not in text
    for method, path, op in _operations(doc):
        for param in op.get("parameters", []):
            schema = param["schema"]
            assert schema != {"type": "null"}, (method, path, param)
            assert {"type": "null"} not in schema.get("anyOf", []), (method, path, param)
            assert "default" not in schema or schema["default"] is not None, (method, path, param)
    refs: set[str] = set()
    openapi._refs_in(doc, refs)
    missing = refs - set(doc["components"]["schemas"])
    assert not missing, missing
    # The social callback's form is also its GET query: it must stay a component.
    callback = doc["paths"]["/v1/oauth/{tenant_id}/callback"]["post"]
    ref = callback["requestBody"]["content"]["application/x-www-form-urlencoded"]["schema"]["$ref"]
    assert ref.rsplit("/", 1)[1] in doc["components"]["schemas"]


def test_every_public_schema_name_is_registered_unique_and_in_use() -> None:
    types: list[Any] = [openapi.Error]
    for router in routers():
        for r in router.routes:
            types += [t for t in (r.body, r.response, r.query, r.form) if t is not None]
            types += [t for t in r.extra.get("responses", {}).values() if isinstance(t, type)]
            types += [t for t in r.extra.get("events", {}).values() if isinstance(t, type)]
    classes = {openapi._qualified(c) for c in openapi._component_classes(types)}
    unregistered = sorted(classes - set(PUBLIC_NAMES))
    assert not unregistered, f"give these structs a public name in identity/http/schema_names.py: {unregistered}"
    stale = sorted(set(PUBLIC_NAMES) - classes)
    assert not stale, f"no struct is declared at these paths any more (renamed or moved?): {stale}"
    names = list(PUBLIC_NAMES.values())
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    doc = _document()
    assert set(doc["components"]["schemas"]) <= set(names)
    # A generator names its classes by title: titles are the public names too.
    for name, schema in doc["components"]["schemas"].items():
        assert schema.get("title", name) == name
    # The two MfaStats classes once collided and made a generator drop GET /v1/admin/stats.
    assert {"AdminMfaStats", "TenantMfaStats"} <= set(doc["components"]["schemas"])


def test_two_structs_with_one_public_name_are_refused() -> None:
    first = msgspec.defstruct("Twin", [("a", int)], module="identity.one")
    second = msgspec.defstruct("Twin", [("b", str)], module="identity.two")

    async def handler(ctx: Ctx) -> None:
        return None

    router = Router()
    router.post("/v1/one", body=first, response=second, idempotent=False)(handler)
    with pytest.raises(ValueError, match="Twin"):
        openapi.build(router.routes, "http://127.0.0.1")


def _validator(doc: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    resource = DRAFT202012.create_resource({"components": doc["components"]})
    registry = Registry().with_resource("urn:doc", resource)
    rebased = json.loads(json.dumps(schema).replace('"#/components/', '"urn:doc#/components/'))
    return Draft202012Validator(rebased, registry=registry)


def test_every_operation_has_examples_that_match_their_schemas() -> None:
    doc = _document()
    for method, path, op in _operations(doc):
        bodies = []
        if "requestBody" in op:
            bodies += list(op["requestBody"]["content"].values())
        for status, response in op["responses"].items():
            for media, content in response.get("content", {}).items():
                if media == "application/json" and content["schema"].get("$ref"):
                    bodies.append(content)
                    if status.startswith("2"):
                        assert "example" in content, (method, path, status)
        for content in bodies:
            if "example" not in content:
                continue
            errors = list(_validator(doc, content["schema"]).iter_errors(content["example"]))
            assert not errors, (method, path, [e.message for e in errors[:3]])
        if "requestBody" in op:
            assert all("example" in c for c in op["requestBody"]["content"].values()), (method, path)


def test_info_explains_the_conventions_and_security_is_declared() -> None:
    doc = _document()
    text = doc["info"]["description"]
    for topic in (
        "X-Tenant-ID",
        "master key",
        "secret key",
        "publishable key",
        "access token",
        "admin token",
        "next_cursor",
        "Idempotency-Key",
        "X-RateLimit-Remaining",
        "429",
        "X-Service-Version",
        "/v1",
        "request_id",
    ):
        assert topic in text, topic
    schemes = doc["components"]["securitySchemes"]
    for method, path, op in _operations(doc):
        for requirement in op["security"]:
            assert set(requirement) <= set(schemes), (method, path)


def test_every_error_answer_lists_its_codes_from_the_declarations() -> None:
    doc = _document()
    for method, path, op in _operations(doc):
        for status, response in op["responses"].items():
            if int(status) >= 400 and "x-error-codes" in response:
                assert response["x-error-codes"], (method, path, status)
                for code in response["x-error-codes"]:
                    assert f"`{code}`" in response["description"]

    def codes(method: str, path: str, status: int) -> list[str]:
        return doc["paths"][path][method]["responses"][str(status)]["x-error-codes"]

    # Declared by the route (raised by the services through the same objects) ...
    assert "user_not_found" in codes("get", "/v1/users/{id}", 404)
    assert "invalid_credentials" in codes("post", "/v1/auth/sign-in", 401)
    assert {"account_locked", "mfa_required", "user_banned"} <= set(codes("post", "/v1/auth/sign-in", 403))
    # ... and implied by the declaration: credential, scope, body, captcha, rate limit.
    assert "unauthenticated" in codes("get", "/v1/users/{id}", 401)
    assert "insufficient_scope" in codes("get", "/v1/users/{id}", 403)
    assert "tenant_header_required" in codes("get", "/v1/users/{id}", 400)
    assert {"invalid_json", "captcha_required"} <= set(codes("post", "/v1/auth/sign-in", 400))
    assert "validation_error" in codes("post", "/v1/auth/sign-in", 422)
    assert "rate_limit_exceeded" in codes("post", "/v1/auth/sign-in", 429)
    assert "idempotency_key_mismatch" in codes("post", "/v1/users", 422)


async def test_an_error_the_route_does_not_declare_is_reported(api: Api, app, tenant) -> None:
    """Route.handle notices an answer its declaration does not list (here: GET /v1/users/{id}
    with its `errors=` emptied), so a missing declaration cannot go unseen by the test suite."""
    route = next(r for r in state(app).routes if (r.method, r.path) == ("GET", "/v1/users/{id}"))
    saved = route.errors
    route.errors = ()
    route.__dict__.pop("declared_errors", None)  # the cached_property's value
    seen = ("GET", "/v1/users/{id}", 404, "user_not_found")
    try:
        status, body, _ = await api.call("GET", "/v1/users/usr_unknown", token=tenant.sk, tenant=tenant.id)
        assert status == 404 and body["error"]["code"] == "user_not_found"
        assert seen in routing.UNDECLARED
    finally:
        route.errors = saved
        route.__dict__.pop("declared_errors", None)
        routing.UNDECLARED.discard(seen)
    status, _, _ = await api.call("GET", "/v1/users/usr_unknown", token=tenant.sk, tenant=tenant.id)
    assert status == 404 and seen not in routing.UNDECLARED  # declared again


async def test_docs_page_is_served_without_a_credential_from_the_package(api: Api) -> None:
    response = await api.client.get("/docs")
    assert response.status == 200
    assert response.content_type == "text/html"
    page = await response.text()
    assert 'spec-url="openapi.json"' in page and 'src="docs/redoc.standalone.js"' in page
    assert "http" not in page.split("<body>")[1]  # nothing loaded from another host
    csp = response.headers["Content-Security-Policy"]
    assert csp == DOCS_CSP and "frame-ancestors 'none'" in csp
    assert "script-src 'self';" in csp and "unsafe-eval" not in csp
    bundle = await api.client.get("/docs/redoc.standalone.js")
    assert bundle.status == 200
    assert bundle.content_type == "text/javascript"
    assert len(await bundle.read()) > 500_000


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def test_docs_page_renders_in_a_real_browser(database_dsn, tmp_path) -> None:
    """Headless Chromium loads /docs under its CSP and Redoc renders the operations."""
    browser = _chromium()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing (.ci/run installs it)")
        pytest.skip("chromium is not installed")
    from tests.support.live_server import LiveServer

    server = LiveServer(database_dsn, tmp_path / "server").start()
    try:
        result = subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={tmp_path / 'profile'}",
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=20000",
                "--dump-dom",
                server.url + "/docs",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        server.stop()
    dom = result.stdout
    assert "Identity service" in dom, (result.returncode, result.stderr[-2000:])
    assert "Sign in with email and password" in dom or "/v1/auth/sign-in" in dom, result.stderr[-2000:]
    violations = [line for line in result.stderr.splitlines() if "Content Security Policy" in line]
    # Redoc's sidebar shows its vendor's logo from a CDN: the policy blocks it (and Redoc then
    # leaves it out), which is the point. Nothing else may be refused.
    unexpected = [line for line in violations if "https://cdn.redoc.ly/redoc/logo-mini.svg" not in line]
    assert not unexpected, unexpected[:3]


def test_schema_names_script_prints_the_registry() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "identity.console.public_names"],
        capture_output=True,
        text=True,
        check=True,
        cwd=os.path.dirname(os.path.dirname(__file__)),
    ).stdout
    assert '"identity.admin.schemas.MfaStats": "AdminMfaStats",' in out
