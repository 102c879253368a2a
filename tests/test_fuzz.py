"""Fuzzing: schemathesis against /openapi.json of `identity web` running for real.

Every operation of the route registry is a test, once per credential it accepts:
  masterKey       the control plane, with the master key
  secretKey       the data plane, with a tenant's secret key and X-Tenant-ID
  publishableKey  the public auth endpoints, with the tenant's publishable key
  accessToken     a signed-up user's access token
  adminToken      the operator's admin token (/v2/admin)
  cpAdminKey      the control plane admin key
  public          operations without a credential
Cases are generated both valid (positive) and invalid (negative) from the schema; each
response must pass not_a_server_error, status_code_conformance, content_type_conformance
and response_schema_conformance, and an error answer's `error.code` must be one that the
operation lists for that status (`x-error-codes`). The server's log must contain no
unhandled_error and no undeclared_error.

Bounded: FUZZ_EXAMPLES cases per operation and credential (default 12), derandomized so CI
is reproducible; FUZZ_RANDOM=1 explores new cases each run, FUZZ_EXAMPLES=200 goes deeper.

Left out, because they would break the run itself (named in EXCLUDED): the operations that
end the credentials in use (revoking all sessions of the tenant, signing the user out).
Deleting or suspending a tenant and revoking/rotating a key are fuzzed, but with generated
identifiers only, which can never name the run's tenant or keys.
"""

from __future__ import annotations

import os
import re
import uuid

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from identity.app import routers
from identity.http import openapi
from tests.support.api import ADMIN_TOKEN, CP_ADMIN_KEY, MASTER_KEY, STRONG_PASSWORD
from tests.support.live_server import LiveServer

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))
RANDOM = os.environ.get("FUZZ_RANDOM", "") == "1"
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

#: (METHOD, path) -> why it is not fuzzed.
EXCLUDED = {
    ("DELETE", "/v1/sessions"): "revokes every session of the tenant, the run's access token's too",
    ("POST", "/v1/admin/sessions/revoke-all"): "revokes every session of the tenant",
    ("POST", "/v1/auth/sign-out"): "ends the run's access token",
}


def _operations() -> list[tuple[str, str, str]]:
    """(method, path, credential family) for every declared operation, from the route registry."""
    routes = [r for router in routers() for r in router.routes if r.in_schema]
    doc = openapi.build(routes, "http://127.0.0.1")
    out = []
    for path, item in doc["paths"].items():
        for method, op in item.items():
            if (method.upper(), path) in EXCLUDED:
                continue
            families = [next(iter(s)) for s in op.get("security") or []] or ["public"]
            for family in dict.fromkeys(families):
                out.append((method.upper(), path, family))
    return out


OPERATIONS = _operations()


class Fuzz:
    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.schema = schemathesis.openapi.from_url(server.url + "/openapi.json")
        self.doc = server.http.get(server.url + "/openapi.json", timeout=10).json()
        status = server.call(
            "POST",
            "/v1/tenants",
            token=MASTER_KEY,
            json={
                "name": f"Fuzz {uuid.uuid4().hex[:8]}",
                "auth_config": {"email_verification_required": False},
            },
        )
        assert status.status_code == 201, status.text
        created = status.json()
        self.tenant = created["id"]
        self.sk = created["secret_key"]
        self.pk = created["publishable_key"]
        signed = server.call(
            "POST",
            "/v1/auth/sign-up",
            token=self.pk,
            tenant=self.tenant,
            json={
                "email": f"fuzz-{uuid.uuid4().hex[:8]}@example.com",
                "password": STRONG_PASSWORD,
            },
        )
        assert signed.status_code == 201, signed.text
        self.access_token = signed.json()["session"]["access_token"]

    def headers(self, family: str) -> dict[str, str]:
        tenant = {"X-Tenant-ID": self.tenant}
        return {
            "masterKey": {"Authorization": f"Bearer {MASTER_KEY}"},
            "secretKey": {"Authorization": f"Bearer {self.sk}", **tenant},
            "publishableKey": {"Authorization": f"Bearer {self.pk}", **tenant},
            "accessToken": {"Authorization": f"Bearer {self.access_token}", **tenant},
            "adminToken": {"Authorization": f"Bearer {ADMIN_TOKEN}"},
            "cpAdminKey": {"Authorization": f"Bearer {CP_ADMIN_KEY}", **tenant},
            "public": {},
        }[family]


@pytest.fixture(scope="module")
def fuzz(database_dsn, tmp_path_factory):
    # The revocation stream ends after a second instead of an hour: each case gets its answer.
    server = LiveServer(database_dsn, tmp_path_factory.mktemp("fuzz"), IDENTITY_REVOCATION_STREAM_MAX="1s").start()
    try:
        yield Fuzz(server)
    finally:
        server.stop()
        # Our middleware's unhandled_error, and aiohttp's own when a response cannot be sent
        # (e.g. a header with a control character: the connection is dropped without answer).
        crashes = [
            line
            for line in server.log_lines()
            if "unhandled_error" in line or ('"aiohttp.server"' in line and '"error"' in line)
        ]
        assert not crashes, "the server logged unhandled errors:\n" + "\n".join(crashes[:5])
        undeclared = [line for line in server.log_lines() if "undeclared_error" in line]
        assert not undeclared, "errors answered but not declared:\n" + "\n".join(undeclared[:10])


#: aiohttp's HTTP parser refuses a request line or header longer than this with a plain-text
#: 400 before the request reaches the application (see SECURITY.md, "Limits").
HTTP_LINE_LIMIT = 8190


def _beyond_http_limits(response) -> bool:
    """A request the HTTP parser refused for its size: 400 text/plain, and only then."""
    request = response.request
    line = f"{request.method} {request.path_url} HTTP/1.1"
    too_long = len(line.encode()) > HTTP_LINE_LIMIT or any(
        len(f"{k}: {v}".encode() if isinstance(v, str) else v) > HTTP_LINE_LIMIT for k, v in request.headers.items()
    )
    if not too_long:
        return False
    assert response.status_code == 400, (response.status_code, line[:200])
    return True


def check_error_code_declared(doc: dict, method: str, path: str, response) -> None:
    """An error in the envelope carries a code that the operation lists for its status."""
    if response.status_code < 400 or "json" not in response.headers.get("Content-Type", ""):
        return
    try:
        error = response.json().get("error")
    except ValueError:
        return
    if not isinstance(error, dict):  # the OAuth endpoints answer RFC 6749's {error, error_description}
        return
    declared = doc["paths"][path][method.lower()]["responses"].get(str(response.status_code), {})
    assert error.get("code") in declared.get("x-error-codes", []), (
        f"{method} {path} answered {response.status_code} {error.get('code')!r}, which the "
        f"document does not list for it: {declared.get('x-error-codes')}"
    )


def _id(param: tuple[str, str, str]) -> str:
    method, path, family = param
    return f"{method} {path} [{family}]"


@pytest.mark.parametrize("operation", OPERATIONS, ids=_id)
def test_operation_conforms_and_never_fails(fuzz: Fuzz, operation: tuple[str, str, str]) -> None:
    method, path, family = operation
    op = fuzz.schema[path][method.lower()]
    fixed = fuzz.headers(family)
    strategy = st.one_of(
        op.as_strategy(generation_mode=GenerationMode.POSITIVE, headers=fixed),
        op.as_strategy(generation_mode=GenerationMode.NEGATIVE, headers=fixed),
    )

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=not RANDOM,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case) -> None:
        case.headers = {**(case.headers or {}), **fixed}
        response = case.call(base_url=fuzz.server.url, session=fuzz.server.http, timeout=15)
        if _beyond_http_limits(response):
            return
        case.validate_response(response, checks=CHECKS)
        check_error_code_declared(fuzz.doc, method, path, response)

    run()


def test_every_route_is_fuzzed_or_excluded_with_a_reason() -> None:
    routes = [r for router in routers() for r in router.routes if r.in_schema]
    fuzzed = {(m, p) for m, p, _ in OPERATIONS}
    for r in routes:
        key = (r.method, re.sub(r"\{([^}:]+)(?::[^}]*)?\}", r"{\1}", r.path))
        assert key in fuzzed or key in EXCLUDED, key
