"""Security properties not covered by their families' own tests (SECURITY.md maps each
property to its tests): constant-time credential checks, enumeration resistance, no secret in
logs or later responses, JWT confusion, hostile JSON, durations, hosted page headers."""

from __future__ import annotations

import ast
import base64
import inspect
import json
import re
import uuid
from pathlib import Path
from typing import Any

import argon2
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa

import identity
from identity.http import auth as http_auth
from identity.state import state
from tests.support.api import MASTER_KEY, STRONG_PASSWORD, Api, assert_error
from tests.support.live_server import LiveServer
from tests.support.mail import emails_of

REDIRECT = "https://app.example.com/cb"


def _email() -> str:
    return f"sec-{uuid.uuid4().hex[:10]}@example.com"


# -- constant-time comparison -------------------------------------------------------------------------

_SAFE_MARKERS = ("constant_time_equals", "compare_digest", "sha256_hex", "key_hash", "tokens.verify")


async def test_every_credential_resolver_compares_in_constant_time_or_by_hash(app) -> None:
    """Each registered resolver (new kinds included) either compares with hmac.compare_digest
    or looks the credential up by its hash (an index lookup, which reveals no prefix) or
    verifies a signature."""
    assert app is not None  # the app registers every family's resolvers
    resolvers = state(app).registry.resolvers
    assert resolvers, "no resolvers registered"
    for kind, resolver in resolvers.items():
        source = inspect.getsource(resolver)
        helpers = "".join(inspect.getsource(getattr(http_auth, name)) for name in ("load_tenant_and_key",))
        assert any(m in source for m in _SAFE_MARKERS) or (
            "load_tenant_and_key" in source and "sha256_hex" in helpers
        ), f"resolver for {kind} neither compares in constant time nor looks up by hash"
    source = inspect.getsource(identity.crypto.constant_time_equals)
    assert "hmac.compare_digest" in source


_SECRET_NAME = re.compile(
    r"(^|_)(secret|token|password|passcode|key_hash|token_hash|signature|mac|digest|"
    r"code_hash|api_key|csrf)(_|$)",
    re.I,
)


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return str(node.slice.value)
    return ""


def test_no_secret_is_compared_with_equality_operators() -> None:
    """A static scan of identity/: `==`/`!=` between a secret-named value and anything but a
    literal or None is an early-exit comparison; it must be hmac.compare_digest instead."""
    root = Path(identity.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare) or len(node.ops) != 1:
                continue
            if not isinstance(node.ops[0], ast.Eq | ast.NotEq):
                continue
            left, right = node.left, node.comparators[0]
            if any(isinstance(x, ast.Constant) or (_name(x).isupper()) for x in (left, right)):
                continue  # against a literal or a module constant (a kind, a prefix): not a secret
            names = [_name(left), _name(right)]
            if any(_SECRET_NAME.search(n) for n in names if n):
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert not found, "secret compared with ==:\n" + "\n".join(found)


# -- enumeration resistance -----------------------------------------------------------------------------


@pytest.fixture
def hash_spy(monkeypatch):
    """Counts argon2 verifications (the library's, called through) without changing them."""
    calls: list[int] = []
    original = argon2.PasswordHasher.verify

    def counting(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(argon2.PasswordHasher, "verify", counting)
    return calls


async def test_sign_in_spends_one_hash_whether_or_not_the_account_exists(tenant, sign_up, hash_spy) -> None:
    """The dummy-hash path: unknown, malformed and known emails each cost exactly one argon2
    verification, so response time does not tell them apart (no timing assertion needed)."""
    created = await sign_up()
    cases = {
        "known, wrong password": created["user"]["email"],
        "unknown": _email(),
        "malformed": "not-an-email",
    }
    answers = {}
    for label, email in cases.items():
        before = len(hash_spy)
        status, body, _ = await tenant.public(
            "POST", "/v1/auth/sign-in", json={"email": email, "password": "Wrong password 1"}
        )
        assert len(hash_spy) - before == 1, label
        answers[label] = (status, body["error"]["code"], body["error"]["message"], tuple(sorted(body["error"])))
    assert len(set(answers.values())) == 1, answers


async def test_forgot_password_and_resend_do_not_enumerate(app, make_tenant) -> None:
    """Known (active, disabled) and unknown addresses get byte-identical answers; only the
    active account is sent an email."""
    t = await make_tenant()
    known = _email()
    status, created, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": known, "password": STRONG_PASSWORD})
    assert status == 201
    disabled = _email()
    status, other, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": disabled, "password": STRONG_PASSWORD})
    await state(app).pool.execute(
        "UPDATE users SET status = 'disabled' WHERE tenant_id = $1 AND id = $2", t.id, other["user"]["id"]
    )
    for path, extra in (
        ("/v1/auth/password/forgot", {"redirect_url": REDIRECT}),
        ("/v1/auth/verify-email/resend", {}),
        ("/v1/auth/magic-link", {"redirect_url": REDIRECT}),
    ):
        answers = []
        for email in (known, disabled, _email(), "Not-An-Email@"):
            status, body, _ = await t.public("POST", path, json={"email": email, **extra})
            answers.append((status, json.dumps(body, sort_keys=True) if status < 400 else body["error"]["code"]))
        valid = answers[:3]
        assert len(set(valid)) == 1, (path, answers)
    resets = [m["to"] for m in await emails_of(app, t.id, "password_reset")]
    assert resets == [known]


async def test_sign_up_with_a_taken_email_says_only_that(app, make_tenant) -> None:
    """Sign-up must tell a person their address is taken (409, the documented answer: see
    SECURITY.md); it reveals nothing more: active, disabled and unverified accounts answer alike."""
    t = await make_tenant()
    emails = [_email() for _ in range(3)]
    for email in emails:
        status, _, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
        assert status == 201
    await state(app).pool.execute(
        "UPDATE users SET status = 'disabled' WHERE tenant_id = $1 AND email = $2", t.id, emails[1]
    )
    await state(app).pool.execute(
        "UPDATE users SET email_verified = true WHERE tenant_id = $1 AND email = $2", t.id, emails[2]
    )
    answers = set()
    for email in emails:
        status, body, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
        assert status == 409
        answers.add((body["error"]["code"], body["error"]["message"]))
    assert len(answers) == 1, answers


# -- no secret in logs or in later responses -------------------------------------------------------------


_SECRET_SHAPES = re.compile(r"(sk_live|sk_test|pk_live|pk_test|rft|whsec|mk_live|sk_cp)_[A-Za-z0-9_\-]{16,}")


def test_no_secret_in_any_log_line_or_later_response(database_dsn, tmp_path) -> None:
    """`identity web` for real (its JSON logs on stdout): create a tenant (secret and
    publishable keys), another API key, an SMTP configuration with a password, a webhook (its
    signing secret), sign up, sign in, refresh, use every credential, use them wrongly (another
    tenant, a revoked key), ask for links by email. No secret value appears in any log line, and
    none appears in any response after the one that issued it."""
    server = LiveServer(database_dsn, tmp_path, IDENTITY_LOG_LEVEL="DEBUG").start()
    secrets: dict[str, str] = {}
    issued_at: dict[str, int] = {}
    bodies: list[str] = []

    def call(method: str, path: str, **kwargs: Any) -> Any:
        resp = server.call(method, path, **kwargs)
        bodies.append(resp.text)
        return resp

    def keep(name: str, value: str) -> None:
        secrets[name] = value
        issued_at[name] = len(bodies) - 1

    try:
        other = call("POST", "/v1/tenants", token=MASTER_KEY, json={"name": "Other"}).json()
        t = call(
            "POST",
            "/v1/tenants",
            token=MASTER_KEY,
            json={"name": "Secrets", "auth_config": {"email_verification_required": False}},
        ).json()
        keep("secret_key", t["secret_key"])
        keep("publishable_key", t["publishable_key"])
        sk, pk, tid = t["secret_key"], t["publishable_key"], t["id"]
        extra = call("POST", "/v1/api-keys", token=sk, tenant=tid, json={"name": "extra", "type": "secret"}).json()
        keep("extra_key", extra["key"])
        smtp_password = "smtp-pass-" + uuid.uuid4().hex
        secrets["smtp_password"] = smtp_password
        issued_at["smtp_password"] = -1  # never in any response
        resp = call(
            "PUT",
            "/v1/email/config",
            token=sk,
            tenant=tid,
            json={
                "provider": "smtp",
                "from_email": "noreply@example.com",
                "smtp": {
                    "host": "127.0.0.1",
                    "port": 2,
                    "username": "u",
                    "password": smtp_password,
                    "tls": False,
                    "ssl": False,
                },
            },
        )
        assert resp.status_code == 200, resp.text
        call("GET", "/v1/email/config", token=sk, tenant=tid)
        hook = call(
            "POST", "/v1/webhooks", token=sk, tenant=tid, json={"url": "https://hooks.example.com/x", "events": ["*"]}
        ).json()
        keep("webhook_secret", hook["signing_secret"])
        call("GET", f"/v1/webhooks/{hook['id']}", token=sk, tenant=tid)
        call("GET", "/v1/webhooks", token=sk, tenant=tid)
        email = _email()
        password = "Pass-" + uuid.uuid4().hex
        secrets["password"] = password
        issued_at["password"] = -1
        signed = call("POST", "/v1/auth/sign-up", token=pk, tenant=tid, json={"email": email, "password": password})
        assert signed.status_code == 201, signed.text
        keep("refresh_token", signed.json()["session"]["refresh_token"])
        keep("access_token", signed.json()["session"]["access_token"])
        signed_in = call("POST", "/v1/auth/sign-in", token=pk, tenant=tid, json={"email": email, "password": password})
        keep("refresh_token_2", signed_in.json()["session"]["refresh_token"])
        keep("access_token_2", signed_in.json()["session"]["access_token"])
        refreshed = call(
            "POST", "/v1/auth/token/refresh", token=pk, tenant=tid, json={"refresh_token": secrets["refresh_token_2"]}
        )
        keep(
            "refresh_token_3",
            refreshed.json()["refresh_token"]
            if "refresh_token" in refreshed.json()
            else refreshed.json()["session"]["refresh_token"],
        )
        call("GET", "/v1/auth/me", token=secrets["access_token"], tenant=tid)
        call("GET", "/v1/sessions", token=sk, tenant=tid)
        call("GET", "/v1/api-keys", token=sk, tenant=tid)
        call("POST", "/v1/sessions/verify", token=sk, tenant=tid, json={"token": secrets["access_token"]})
        # Wrong uses: another tenant, a bad password, a refresh token replayed, a key revoked.
        call("GET", "/v1/api-keys", token=sk, tenant=other["id"])
        call("GET", "/v1/auth/me", token=secrets["access_token"], tenant=other["id"])
        call("POST", "/v1/auth/sign-in", token=pk, tenant=tid, json={"email": email, "password": password + "x"})
        call(
            "POST",
            "/v1/auth/token/refresh",
            token=pk,
            tenant=tid,
            json={"refresh_token": secrets["refresh_token"] + "x"},
        )
        call("DELETE", f"/v1/api-keys/{extra['id']}", token=sk, tenant=tid)
        call("GET", "/v1/api-keys", token=secrets["extra_key"], tenant=tid)
        call("POST", "/v1/auth/password/forgot", token=pk, tenant=tid, json={"email": email, "redirect_url": REDIRECT})
        call("POST", "/v1/auth/magic-link", token=pk, tenant=tid, json={"email": email, "redirect_url": REDIRECT})
        call("POST", "/v1/email/config/test", token=sk, tenant=tid, json={"to": email})
    finally:
        server.stop()
    logs = server.log_text()
    assert "api_listening" in logs  # the logs were captured
    for name, value in secrets.items():
        assert value not in logs, f"{name} appears in the logs"
        for i, body in enumerate(bodies):
            if i != issued_at[name]:
                assert value not in body, f"{name} appears in response {i} (issued in {issued_at[name]})"
    # Nothing shaped like one of our credentials is logged at all.
    assert not _SECRET_SHAPES.search(logs), _SECRET_SHAPES.search(logs).group(0)


# -- JWT confusion ----------------------------------------------------------------------------------------


def _b64(data: Any) -> str:
    raw = json.dumps(data, separators=(",", ":")).encode() if not isinstance(data, bytes) else data
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


async def test_jwt_confusion_beyond_alg_none_and_hs256(api: Api, make_tenant, sign_up) -> None:
    """(tests/test_tokens.py covers alg none, HS256 with the public key, unknown keys and changed
    claims.) Also refused: a key embedded in the header (jwk/jku/x5u), kid injection, RS256 and
    ES384 under our kid, a token whose tid was rewritten to another tenant, a token of tenant A
    presented to tenant B, and an oversized or non-JSON header."""
    a = await make_tenant(auth_config={"email_verification_required": False})
    b = await make_tenant()
    created = await sign_up(on=a)
    token = created["session"]["access_token"]
    header = jwt.get_unverified_header(token)
    claims = jwt.decode(token, options={"verify_signature": False})
    attacker = ec.generate_private_key(ec.SECP256R1())
    public_jwk = json.loads(jwt.algorithms.ECAlgorithm.to_jwk(attacker.public_key()))
    forged = {
        "embedded jwk": jwt.encode(
            claims, attacker, algorithm="ES256", headers={"jwk": public_jwk, "kid": header["kid"]}
        ),
        "jku": jwt.encode(
            claims, attacker, algorithm="ES256", headers={"jku": "https://evil.example/jwks", "kid": "x"}
        ),
        "x5u": jwt.encode(claims, attacker, algorithm="ES256", headers={"x5u": "https://evil.example/c.pem"}),
        "kid traversal": jwt.encode(claims, attacker, algorithm="ES256", headers={"kid": "../../../../dev/null"}),
        "kid sql": jwt.encode(claims, attacker, algorithm="ES256", headers={"kid": "' OR '1'='1"}),
        "RS256": jwt.encode(
            claims, rsa.generate_private_key(65537, 2048), algorithm="RS256", headers={"kid": header["kid"]}
        ),
        "ES384": jwt.encode(
            claims, ec.generate_private_key(ec.SECP384R1()), algorithm="ES384", headers={"kid": header["kid"]}
        ),
        "tid rewritten": ".".join([token.split(".")[0], _b64({**claims, "tid": b.id}), token.split(".")[2]]),
        "header not json": ".".join([_b64(b"not json"), token.split(".")[1], token.split(".")[2]]),
        "huge header": ".".join([_b64({"alg": "ES256", "kid": "k" * 6000}), token.split(".")[1], token.split(".")[2]]),
    }
    for label, bad in forged.items():
        status, body, _ = await api.call("GET", "/v1/auth/me", token=bad, tenant=a.id)
        assert status in (400, 401), (label, status, body)
        if status == 401:
            assert_error(body, "unauthenticated", 401)
    # The genuine token of A, with B's tenant header: refused (on every access-token route:
    # tests/test_isolation.py::test_access_token_of_a_used_with_tenant_b_is_refused).
    status, body, _ = await api.call("GET", "/v1/auth/me", token=token, tenant=b.id)
    assert status == 401
    status, verified, _ = await b.secret("POST", "/v1/sessions/verify", json={"token": token})
    assert status == 200 and verified["valid"] is False


# -- hostile JSON and limits ---------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1000, 100_000])
async def test_deeply_nested_json_is_a_4xx(tenant, depth: int) -> None:
    nested = "[" * depth + "]" * depth
    objects = '{"a":' * depth + "1" + "}" * depth
    for raw in (nested, objects, '{"email": ' + nested + ', "password": "x"}'):
        for call in (tenant.public, tenant.secret):
            path = "/v1/auth/sign-up" if call == tenant.public else "/v1/webhooks"
            status, body, _ = await call("POST", path, data=raw.encode(), headers={"Content-Type": "application/json"})
            assert 400 <= status < 500, (path, depth, status, str(body)[:200])
            assert "error" in body


async def test_oversized_bodies_are_413_on_public_and_secret_routes(tenant) -> None:
    import io

    big = b'{"email": "' + b"a" * (1024 * 1024 + 10) + b'"}'
    for call, path in (
        (tenant.public, "/v1/auth/sign-up"),
        (tenant.public, "/v1/auth/sign-in"),
        (tenant.secret, "/v1/users"),
    ):
        status, body, _ = await call("POST", path, data=io.BytesIO(big), headers={"Content-Type": "application/json"})
        assert status == 413, (path, status)
        assert_error(body, "payload_too_large", 413)


async def test_many_keys_and_huge_numbers_are_4xx(tenant) -> None:
    many = "{" + ",".join(f'"k{i}":{i}' for i in range(50_000)) + "}"
    huge = '{"name": "x", "type": "secret", "expires_in": 1' + "0" * 5000 + "}"
    for raw in (many, huge):
        status, body, _ = await tenant.secret(
            "POST", "/v1/api-keys", data=raw.encode(), headers={"Content-Type": "application/json"}
        )
        assert 400 <= status < 500, (status, str(body)[:200])


@pytest.mark.parametrize(
    "field,body",
    [
        ("expires_in", {"name": "k", "type": "secret", "expires_in": "999999999y"}),
        ("expires_in", {"name": "k", "type": "secret", "expires_in": "999999999w"}),
    ],
)
async def test_well_formed_but_enormous_durations_are_422(tenant, field: str, body: dict) -> None:
    """Found by schemathesis: 999999999y matches the duration pattern but overflows timedelta."""
    status, answer, _ = await tenant.secret("POST", "/v1/api-keys", json=body)
    assert status == 422, answer
    assert answer["error"]["details"][0]["field"] == field
    status, answer, _ = await tenant.secret(
        "POST", "/v1/api-keys/rotate", json={"id": "key_x", "grace_period": "999999999y"}
    )
    assert status == 422, answer


# -- hosted pages -------------------------------------------------------------------------------------------


#: The API reference (Redoc, a vendored bundle that injects its styles at run time) is the one
#: HTML response not made by the page renderer: no form, no user data (docs/hosted-pages.md).
_NOT_A_RENDERED_PAGE = {"/docs"}


async def test_every_html_page_refuses_framing_and_sniffing(api: Api, app, tenant) -> None:
    """Every text/html route of the registry (the verify-email and invitation pages, the
    connections' error pages, the OAuth provider's and the hosted pages), on success and on
    refusal, sends X-Frame-Options: DENY, a CSP with frame-ancestors 'none' and
    X-Content-Type-Options: nosniff; and every page is the one renderer's: its strict CSP with
    a nonce, never 'unsafe-inline'."""
    pages = [r for r in state(app).routes if r.content_type == "text/html"]
    assert pages
    for route in pages:
        path = route.path.replace("{tenant_id}", tenant.id)
        path = re.sub(r"\{[^}]+\}", "x", path)
        status, body, resp = await api.call(route.method, path + "?token=not-a-token")
        label = f"{route.method} {route.path}"
        assert status < 500, (label, status)
        assert resp.headers.get("X-Frame-Options") == "DENY", label
        csp = resp.headers.get("Content-Security-Policy", "")
        assert "frame-ancestors 'none'" in csp, label
        assert resp.headers.get("X-Content-Type-Options") == "nosniff", label
        if route.path in _NOT_A_RENDERED_PAGE or resp.content_type != "text/html":
            continue
        assert "unsafe-inline" not in csp, label
        nonce = re.search(r"script-src 'nonce-([A-Za-z0-9_-]+)'", csp)
        assert nonce and f"style-src 'self' 'nonce-{nonce.group(1)}'" in csp, (label, csp)
        assert "<style>" not in body and " style=" not in body, label


async def test_verify_email_page_escapes_the_address(api: Api, app, make_tenant) -> None:
    t = await make_tenant()
    email = "<script>alert(1)</script>@example.com"
    status, created, _ = await t.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
    if status != 201:  # the address rules refuse it: nothing to escape then
        assert status == 422
        return
    [mail] = await emails_of(app, t.id, "verify_email") or await emails_of(app, t.id)
    url = next(v for v in mail["variables"].values() if isinstance(v, str) and "token=" in v)
    path = url[url.index("/v1/") :]
    status, page, resp = await api.call("GET", path)
    assert "<script>alert(1)</script>" not in page
    assert resp.headers["X-Frame-Options"] == "DENY"


def test_random_tokens_are_base62_of_full_entropy_and_uniform() -> None:
    """identity.crypto.random_token: as many base62 characters as an nbytes number has digits,
    so at least nbytes * 8 bits; every character equally likely (bytes above 4 * 62 are dropped,
    not folded, which would favour the first characters of the alphabet)."""
    import collections
    import math

    from identity.crypto import random_token

    for nbytes in (16, 24, 32):
        token = random_token(nbytes)
        assert re.fullmatch(r"[0-9A-Za-z]+", token)
        assert len(token) * math.log2(62) >= nbytes * 8
    counts = collections.Counter("".join(random_token() for _ in range(4000)))
    assert len(counts) == 62
    expected = 4000 * len(random_token()) / 62
    # 62 cells of ~2,670 draws each (standard deviation about 2 %): folding the 8 byte values
    # above 247 onto the alphabet would put its first 8 characters a quarter above the rest;
    # chance alone stays within 12 % (6 standard deviations) in all but ~1e-8 of runs.
    assert max(counts.values()) < expected * 1.12 and min(counts.values()) > expected * 0.88
    assert len({random_token() for _ in range(1000)}) == 1000
