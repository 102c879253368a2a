"""Bodies a hostile client sends: bytes that are not UTF-8 in JSON and in forms, and bodies of
another media type. Each is a 4xx in the error envelope, changes nothing, and logs no error."""

from __future__ import annotations

import logging
import uuid

import structlog

from tests.support.api import MASTER_KEY, STRONG_PASSWORD, Api, assert_error

JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def _no_error_logged(records: list[logging.LogRecord], captured: list[dict]) -> None:
    assert not [r for r in records if r.levelno >= logging.ERROR or r.exc_info], records
    assert not [c for c in captured if c.get("log_level") in ("error", "critical") or "exc_info" in c], captured


async def test_invalid_utf8_json_is_400_on_public_and_secret_endpoints(api: Api, tenant, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    email = f"bytes-{uuid.uuid4().hex[:8]}"
    bad = b'{"email": "' + email.encode() + b'\xff@example.com", "password": "' + STRONG_PASSWORD.encode() + b'"}'
    with structlog.testing.capture_logs() as captured:
        status, body, _ = await tenant.public("POST", "/v1/auth/sign-up", data=bad, headers=JSON)
        assert status == 400, body
        assert_error(body, "invalid_json", 400)
        # A key, or a value nested in an object, on an endpoint of the secret key.
        for raw in (
            b'{"email": "a@example.com", "name": "\xc3\x28"}',
            b'{"email": "a@example.com", "public_metadata": {"\xed\xa0\x80": 1}}',
        ):
            status, body, _ = await tenant.secret("POST", "/v1/users", data=raw, headers=JSON)
            assert status == 400, body
            assert_error(body, "invalid_json", 400)
        # The control plane as well.
        status, body, _ = await api.call(
            "POST", "/v1/tenants", data=b'{"name": "\xff"}', token=MASTER_KEY, headers=JSON
        )
        assert_error(body, "invalid_json", 400)
    _no_error_logged(caplog.records, captured)
    # Nothing was created.
    status, listed, _ = await tenant.secret("GET", "/v1/users")
    assert status == 200 and listed["data"] == []


async def test_a_body_that_is_not_json_by_its_content_type_is_415(api: Api, tenant) -> None:
    body = b'{"email": "plain@example.com", "password": "' + STRONG_PASSWORD.encode() + b'"}'
    # text/plain is what a cross-site form may send without a CORS preflight.
    for content_type in (
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json; charset=latin-1",
        "application/jsonp",
    ):
        status, answer, _ = await tenant.public(
            "POST", "/v1/auth/sign-up", data=body, headers={"Content-Type": content_type}
        )
        assert status == 415, (content_type, answer)
        assert_error(answer, "unsupported_media_type", 415)
    status, answer, _ = await tenant.secret(
        "POST", "/v1/users", data=b'{"email": "x@example.com"}', headers={"Content-Type": "text/plain"}
    )
    assert_error(answer, "unsupported_media_type", 415)
    status, listed, _ = await tenant.secret("GET", "/v1/users")
    assert listed["data"] == []
    # UTF-8 named in any spelling is JSON still; and a body-less POST needs no Content-Type.
    status, created, _ = await tenant.secret(
        "POST",
        "/v1/users",
        data=b'{"email": "ok@example.com"}',
        headers={"Content-Type": "application/json; charset=UTF-8"},
    )
    assert status == 201, created
    status, disabled, _ = await tenant.secret("POST", f"/v1/users/{created['id']}/disable")
    assert status == 200, disabled


async def test_form_endpoints_refuse_bytes_that_are_not_utf8(api: Api, tenant, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    base = f"/oauth/{tenant.id}"
    hosted = [
        base + "/authorize",
        base + "/authorize/sign-in",
        base + "/authorize/mfa",
        base + "/authorize/consent",
        base + "/logout",
        f"/v1/oauth/{tenant.id}/callback",
    ]
    raw_bytes = b"email=\xff%40example.com&password=x&client_id=cli_x"
    escaped = b"email=%ff%40example.com&password=x&client_id=cli_x"  # %ff is no UTF-8 either
    with structlog.testing.capture_logs() as captured:
        for path in hosted:
            for body in (raw_bytes, escaped, b"state=a%00b"):
                status, answer, _ = await api.call("POST", path, data=body, headers=FORM)
                assert status == 400, (path, body, answer)
                assert_error(answer, "invalid_form", 400)
            status, answer, _ = await api.call("POST", path, data=b'{"a": 1}', headers=JSON)
            assert status == 415, (path, answer)
            assert_error(answer, "unsupported_media_type", 415)
        # The endpoints of OAuth clients answer in RFC 6749's shape.
        for path in (base + "/token", base + "/revoke", base + "/introspect"):
            status, answer, _ = await api.call("POST", path, data=raw_bytes, headers=FORM)
            assert status == 400, (path, answer)
            assert answer["error"] == "invalid_request", answer
    _no_error_logged(caplog.records, captured)
