"""Connection management (/v1/connections) and identity endpoints: the object, secrets never
returned, tenant isolation, credentials, and a clear 4xx for every kind of bad input."""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from identity.state import state
from tests.support.api import assert_error

DISCOVERY = "https://idp.example.com/.well-known/openid-configuration"
SECRET = "very-secret-client-secret-value-123"


def p8(curve: Any = None) -> str:
    key = ec.generate_private_key(curve or ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


async def create(tenant, **body: Any) -> tuple[int, Any]:
    status, out, _ = await tenant.secret("POST", "/v1/connections", json=body)
    return status, out


def no_secret(obj: Any) -> None:
    text = repr(obj)
    assert "client_secret" not in (obj if isinstance(obj, dict) else {}), obj
    assert SECRET not in text and "PRIVATE KEY" not in text


async def test_create_get_list_patch_delete(app, tenant):
    status, google = await create(tenant, provider="google", client_id="g-client", client_secret=SECRET)
    assert status == 201, google
    assert google["id"].startswith("con_") and google["tenant_id"] == tenant.id
    assert google["name"] == "Google" and google["scopes"] == ["openid", "email", "profile"]
    assert google["enabled"] is True and google["has_client_secret"] is True
    assert google["token_endpoint_auth_method"] == "client_secret_basic"
    assert google["callback_url"] == f"http://127.0.0.1:3000/v1/oauth/{tenant.id}/callback"
    assert google["endpoints"] == {
        k: None for k in ("discovery_url", "authorization_url", "token_url", "userinfo_url", "jwks_url", "emails_url")
    }
    assert google["field_mapping"] is None and google["apple"] is None
    no_secret(google)

    status, gh = await create(
        tenant,
        provider="github",
        client_id="gh",
        client_secret=SECRET,
        name="GitHub (work)",
        endpoints={"token_url": "https://gh.example.com/login/oauth/access_token"},
    )
    assert status == 201, gh
    assert gh["scopes"] == ["read:user", "user:email"] and gh["token_endpoint_auth_method"] == "client_secret_post"
    assert gh["endpoints"]["token_url"] == "https://gh.example.com/login/oauth/access_token"

    status, generic = await create(
        tenant,
        provider="oauth2",
        client_id="x",
        client_secret=SECRET,
        scopes=["read"],
        endpoints={
            "authorization_url": "https://o.example.com/auth",
            "token_url": "https://o.example.com/token",
            "userinfo_url": "https://o.example.com/me",
        },
        field_mapping={"id": "data.id", "email": "data.mail"},
    )
    assert status == 201, generic
    assert generic["field_mapping"] == {
        "id": "data.id",
        "email": "data.mail",
        "email_verified": "email_verified",
        "name": "name",
        "picture": "picture",
    }

    status, listed, _ = await tenant.secret("GET", "/v1/connections?limit=2")
    assert status == 200 and listed["pagination"]["total"] == 3 and listed["pagination"]["has_more"] is True
    assert [c["id"] for c in listed["data"]] == [generic["id"], gh["id"]]
    cursor = listed["pagination"]["next_cursor"]
    status, rest, _ = await tenant.secret("GET", f"/v1/connections?limit=2&cursor={cursor}")
    assert [c["id"] for c in rest["data"]] == [google["id"]] and rest["pagination"]["has_more"] is False
    status, only, _ = await tenant.secret("GET", "/v1/connections?provider=github")
    assert [c["id"] for c in only["data"]] == [gh["id"]]
    no_secret(listed)

    status, got, _ = await tenant.secret("GET", f"/v1/connections/{google['id']}")
    assert status == 200 and got == google

    status, patched, _ = await tenant.secret(
        "PATCH",
        f"/v1/connections/{google['id']}",
        json={
            "name": "Google Workspace",
            "enabled": False,
            "client_secret": SECRET + "2",
            "scopes": ["openid", "email"],
        },
    )
    assert status == 200, patched
    assert patched["name"] == "Google Workspace" and patched["enabled"] is False
    assert patched["scopes"] == ["openid", "email"]
    no_secret(patched)
    status, disabled, _ = await tenant.secret("GET", "/v1/connections?enabled=false")
    assert [c["id"] for c in disabled["data"]] == [google["id"]]
    status, public, _ = await tenant.public("GET", "/v1/auth/oauth/connections")
    assert status == 200 and {c["id"] for c in public["data"]} == {gh["id"], generic["id"]}
    assert public["data"][0]["start_url"].endswith(f"/connections/{public['data'][0]['id']}/start")

    status, _, _ = await tenant.secret("DELETE", f"/v1/connections/{google['id']}")
    assert status == 204
    status, body, _ = await tenant.secret("GET", f"/v1/connections/{google['id']}")
    assert_error(body, "connection_not_found", 404)

    # Audit entries name what changed, never the secret.
    rows = await state(app).pool.fetch(
        "SELECT action, metadata::text AS m FROM audit_log WHERE tenant_id = $1 AND action LIKE 'connection.%'",
        tenant.id,
    )
    actions = sorted(r["action"] for r in rows)
    assert actions == ["connection.created"] * 3 + ["connection.deleted", "connection.updated"]
    assert all(SECRET not in r["m"] for r in rows)


async def test_secrets_are_encrypted_at_rest(app, tenant):
    key = p8()
    status, apple = await create(
        tenant,
        provider="apple",
        client_id="com.example.web",
        apple={"team_id": "ABCDE12345", "key_id": "KEY1234567", "private_key": key},
    )
    assert status == 201, apple
    assert apple["apple"] == {"team_id": "ABCDE12345", "key_id": "KEY1234567"} and apple["has_client_secret"]
    assert apple["scopes"] == ["openid", "email", "name"]
    no_secret(apple)
    status, oidc = await create(
        tenant, provider="oidc", client_id="c", client_secret=SECRET, endpoints={"discovery_url": DISCOVERY}
    )
    assert status == 201
    rows = await state(app).pool.fetch("SELECT * FROM oauth_connections WHERE tenant_id = $1", tenant.id)
    for row in rows:
        text = repr(dict(row))
        assert SECRET not in text and "PRIVATE KEY" not in text
    sealed = {r["id"]: r for r in rows}
    assert sealed[oidc["id"]]["client_secret_sealed"].startswith("v1:")
    assert sealed[apple["id"]]["apple_private_key_sealed"].startswith("v1:")


def test_apple_client_secret_is_a_jwt_signed_with_the_team_key():
    import jwt

    from identity.connections.providers import apple_client_secret

    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    token = apple_client_secret("ABCDE12345", "KEY1234567", pem, "com.example.web")
    assert jwt.get_unverified_header(token) == {"alg": "ES256", "kid": "KEY1234567", "typ": "JWT"}
    claims = jwt.decode(token, key.public_key(), algorithms=["ES256"], audience="https://appleid.apple.com")
    assert claims["iss"] == "ABCDE12345" and claims["sub"] == "com.example.web"
    assert 0 < claims["exp"] - claims["iat"] <= 300


@pytest.mark.parametrize(
    "body, field",
    [
        ({"provider": "facebook", "client_id": "x", "client_secret": "y"}, "provider"),
        ({"provider": "google", "client_secret": "y"}, "client_id"),
        ({"provider": "google", "client_id": "x"}, "client_secret"),
        ({"provider": "google", "client_id": "", "client_secret": "y"}, "client_id"),
        ({"provider": "google", "client_id": "x", "client_secret": "y", "scopes": []}, "scopes"),
        ({"provider": "google", "client_id": "x", "client_secret": "y", "scopes": ["email"]}, "scopes"),
        ({"provider": "google", "client_id": "x", "client_secret": "y", "scopes": ["bad scope"]}, "scopes[0]"),
        ({"provider": "google", "client_id": "x", "client_secret": "y", "enabled": "yes"}, "enabled"),
        ({"provider": "google", "client_id": "x", "client_secret": "y", "pasword": 1}, "pasword"),
        (
            {"provider": "google", "client_id": "x", "client_secret": "y", "token_endpoint_auth_method": "none"},
            "token_endpoint_auth_method",
        ),
        ({"provider": "google", "client_id": "x", "client_secret": "y", "field_mapping": {"id": "x"}}, "field_mapping"),
        (
            {
                "provider": "google",
                "client_id": "x",
                "client_secret": "y",
                "endpoints": {"emails_url": "https://e.x/e"},
            },
            "endpoints.emails_url",
        ),
        (
            {
                "provider": "google",
                "client_id": "x",
                "client_secret": "y",
                "endpoints": {"discovery_url": "ftp://x.example"},
            },
            "endpoints.discovery_url",
        ),
        (
            {"provider": "google", "client_id": "x", "client_secret": "y", "endpoints": {"token_url": "not a url"}},
            "endpoints.token_url",
        ),
        (
            {"provider": "google", "client_id": "x", "client_secret": "y", "endpoints": {"nope": "https://x.example"}},
            "endpoints.nope",
        ),
        ({"provider": "oidc", "client_id": "x", "client_secret": "y"}, "endpoints.discovery_url"),
        (
            {
                "provider": "oauth2",
                "client_id": "x",
                "client_secret": "y",
                "endpoints": {"authorization_url": "https://o.example/a", "token_url": "https://o.example/t"},
            },
            "endpoints.userinfo_url",
        ),
        (
            {
                "provider": "oauth2",
                "client_id": "x",
                "client_secret": "y",
                "field_mapping": {"id": "a..b"},
                "endpoints": {
                    "authorization_url": "https://o.example/a",
                    "token_url": "https://o.example/t",
                    "userinfo_url": "https://o.example/u",
                },
            },
            "field_mapping.id",
        ),
        (
            {
                "provider": "github",
                "client_id": "x",
                "client_secret": "y",
                "endpoints": {"jwks_url": "https://x.example/j"},
            },
            "endpoints.jwks_url",
        ),
        ({"provider": "apple", "client_id": "x"}, "apple"),
        (
            {
                "provider": "apple",
                "client_id": "x",
                "apple": {"team_id": "short", "key_id": "KEY1234567", "private_key": "x"},
            },
            "apple.team_id",
        ),
        (
            {
                "provider": "apple",
                "client_id": "x",
                "apple": {"team_id": "ABCDE12345", "key_id": "KEY1234567", "private_key": "not a pem"},
            },
            "apple.private_key",
        ),
        (
            {
                "provider": "google",
                "client_id": "x",
                "client_secret": "y",
                "apple": {"team_id": "ABCDE12345", "key_id": "KEY1234567", "private_key": "x"},
            },
            "apple",
        ),
    ],
)
async def test_bad_create_bodies_are_422_naming_the_field(app, tenant, body, field):
    status, out = await create(tenant, **body)
    assert status == 422, out
    assert_error(out, "validation_error", 422)
    assert out["error"]["details"][0]["field"] == field, out
    assert await state(app).pool.fetchval("SELECT count(*) FROM oauth_connections WHERE tenant_id = $1", tenant.id) == 0


async def test_apple_key_must_be_p256(tenant):
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = rsa_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    for key in (pem, p8(ec.SECP384R1())):
        status, out = await create(
            tenant,
            provider="apple",
            client_id="x",
            apple={"team_id": "ABCDE12345", "key_id": "KEY1234567", "private_key": key},
        )
        assert status == 422 and out["error"]["details"][0]["field"] == "apple.private_key", out


async def test_private_addresses_are_refused_without_the_http_setting(api, tenant, app):
    # The tests run with IDENTITY_WEBHOOK_ALLOW_HTTP on (local providers); the policy itself:
    from identity.connections.schemas import Endpoints
    from identity.connections.service import _check_endpoints
    from identity.http.errors import ValidationFailed

    for url in (
        "http://idp.example.com/.well-known/openid-configuration",
        "https://127.0.0.1/.well-known/openid-configuration",
        "https://10.0.0.5/x",
        "https://localhost/x",
        "https://[::1]/x",
    ):
        with pytest.raises(ValidationFailed):
            await _check_endpoints("oidc", Endpoints(discovery_url=url), allow_http=False)
    assert await _check_endpoints("oidc", Endpoints(discovery_url="https://93.184.215.14/x"), allow_http=False)


async def test_bad_json_and_bad_queries(api, tenant):
    status, body, _ = await api.call(
        "POST",
        "/v1/connections",
        token=tenant.sk,
        tenant=tenant.id,
        data=b"{not json",
        headers={"Content-Type": "application/json"},
    )
    assert_error(body, "invalid_json", 400)
    status, body, _ = await api.call(
        "POST",
        "/v1/connections",
        token=tenant.sk,
        tenant=tenant.id,
        data=b"[1, 2]",
        headers={"Content-Type": "application/json"},
    )
    assert status in (400, 422), body
    for query in ("limit=0", "limit=101", "limit=x", "cursor=%%%", "provider=facebook", "order=up", "enabled=maybe"):
        status, body, _ = await tenant.secret("GET", f"/v1/connections?{query}")
        assert status == 422, (query, body)


async def test_patch_and_delete_bad_input(tenant):
    status, google = await create(tenant, provider="google", client_id="g", client_secret=SECRET)
    path = f"/v1/connections/{google['id']}"
    for body, field in (
        ({"provider": "github"}, "provider"),
        ({"scopes": ["email"]}, "scopes"),
        ({"enabled": None}, "enabled"),
        ({"field_mapping": {"id": "sub"}}, "field_mapping"),
        ({"apple": {"team_id": "ABCDE12345", "key_id": "KEY1234567", "private_key": p8()}}, "apple"),
        ({"client_secret": ""}, "client_secret"),
    ):
        status, out, _ = await tenant.secret("PATCH", path, json=body)
        assert status == 422 and out["error"]["details"][0]["field"] == field, (body, out)
    status, out, _ = await tenant.secret("GET", path)
    assert out == google  # nothing changed
    for method in ("GET", "PATCH", "DELETE"):
        status, out, _ = await tenant.secret(
            method, "/v1/connections/con_unknown", json={} if method == "PATCH" else None
        )
        assert_error(out, "connection_not_found", 404)


async def test_tenant_isolation_and_credentials(api, tenant, make_tenant, sign_up):
    other = await make_tenant()
    status, google = await create(tenant, provider="google", client_id="g", client_secret=SECRET)
    for method in ("GET", "PATCH", "DELETE"):
        status, out, _ = await other.secret(
            method, f"/v1/connections/{google['id']}", json={"name": "x"} if method == "PATCH" else None
        )
        assert_error(out, "connection_not_found", 404)
    status, out, _ = await other.secret("GET", "/v1/connections")
    assert out["data"] == []
    status, out, _ = await tenant.public("GET", "/v1/connections")
    assert_error(out, "forbidden", 403)
    status, out, _ = await api.call("GET", "/v1/connections", tenant=tenant.id)
    assert_error(out, "unauthenticated", 401)
    status, out, _ = await api.call("GET", "/v1/connections", token=tenant.sk)
    assert_error(out, "tenant_header_required", 400)
    status, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "users only", "type": "secret", "scopes": ["users:write"]}
    )
    status, out, _ = await tenant.secret("GET", "/v1/connections", token=key["key"])
    assert_error(out, "insufficient_scope", 403)
    # users:* keys reach the identity endpoints.
    user = (await sign_up(on=tenant))["user"]
    status, out, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/identities", token=key["key"])
    assert status == 200 and out == {
        "data": [],
        "pagination": {"total": 0, "limit": 20, "has_more": False, "next_cursor": None},
    }
    status, out, _ = await other.secret("GET", f"/v1/users/{user['id']}/identities")
    assert_error(out, "user_not_found", 404)
    status, out, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}/identities/oac_nope")
    assert_error(out, "identity_not_found", 404)
    status, out, _ = await tenant.secret("DELETE", "/v1/users/usr_nope/identities/oac_nope")
    assert_error(out, "user_not_found", 404)


async def test_exchange_bad_input(tenant, api):
    for body in ({}, {"token": ""}, {"token": 5}, {"token": "x" * 600}, {"token": "x", "extra": 1}):
        status, out, _ = await tenant.public("POST", "/v1/auth/oauth/exchange", json=body)
        assert status == 422, (body, out)
    status, out, _ = await tenant.secret("POST", "/v1/auth/oauth/exchange", json={"token": "x"})
    assert_error(out, "forbidden", 403)


async def test_callback_and_start_never_answer_500_to_junk(api, tenant):
    for path in (
        f"/v1/oauth/{tenant.id}/callback",
        f"/v1/oauth/{tenant.id}/callback?state=",
        f"/v1/oauth/{tenant.id}/callback?state=%F0%9F%98%80&code=x",
        f"/v1/oauth/{tenant.id}/callback?state={'a' * 5000}",
        "/v1/oauth/not-a-tenant/callback?state=abc",
        f"/v1/oauth/{tenant.id}/connections/con_x/start?redirect_url=https://a.example",
        f"/v1/oauth/{tenant.id}/connections/{'x' * 300}/start",
    ):
        status, body, _ = await api.call("GET", path)
        assert 400 <= status < 500, (path, status, body)
    status, body, _ = await api.call("POST", f"/v1/oauth/{tenant.id}/callback", data={"state": "nope"})
    assert status == 400


async def test_openapi_describes_every_endpoint(api):
    status, spec, _ = await api.call("GET", "/openapi.json")
    paths = spec["paths"]
    assert set(paths["/v1/connections"]) == {"get", "post"}
    assert set(paths["/v1/connections/{id}"]) == {"get", "patch", "delete"}
    assert set(paths["/v1/users/{id}/identities"]) == {"get"}
    assert set(paths["/v1/users/{id}/identities/{identity_id}"]) == {"delete"}
    assert set(paths["/v1/me/identities"]) == {"get"}
    assert set(paths["/v1/me/identities/{identity_id}"]) == {"delete"}
    assert set(paths["/v1/me/identities/link"]) == {"post"}
    assert set(paths["/v1/auth/oauth/exchange"]) == {"post"}
    assert set(paths["/v1/auth/oauth/connections"]) == {"get"}
    assert set(paths["/v1/oauth/{tenant_id}/connections/{connection_id}/start"]) == {"get"}
    assert set(paths["/v1/oauth/{tenant_id}/callback"]) == {"get", "post"}
    created = spec["components"]["schemas"]["Connection"]["properties"]
    assert "client_secret" not in created and "has_client_secret" in created


async def test_create_honours_idempotency_key(app, tenant):
    body = {"provider": "google", "client_id": "g", "client_secret": SECRET}
    headers = {"Idempotency-Key": "create-google-1"}
    status, first, _ = await tenant.secret("POST", "/v1/connections", json=body, headers=headers)
    status2, second, resp = await tenant.secret("POST", "/v1/connections", json=body, headers=headers)
    assert status == status2 == 201 and first == second and resp.headers["Idempotent-Replayed"] == "true"
    assert await state(app).pool.fetchval("SELECT count(*) FROM oauth_connections WHERE tenant_id = $1", tenant.id) == 1
    stored = await state(app).pool.fetchval(
        "SELECT count(*) FROM idempotency_keys WHERE tenant_id = $1 AND position($2::bytea in response_body) > 0",
        tenant.id,
        SECRET.encode(),
    )
    assert stored == 0
