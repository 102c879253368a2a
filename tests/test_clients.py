"""/v1/clients: registration, validation of redirect URIs, secrets shown once and stored hashed,
tenant isolation, the machine client's token list, and bad input answered with a clear 4xx."""

from __future__ import annotations

import pytest

from tests.support.api import assert_error

WEB = {"name": "Web app", "type": "web", "redirect_uris": ["https://app.example.com/callback"]}


async def test_create_web_client_shows_the_secret_once_and_stores_its_hash(tenant, app):
    from identity.crypto import sha256_hex
    from identity.state import state

    status, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    assert status == 201, created
    assert created["id"].startswith("cli_") and created["client_id"] == created["id"]
    assert created["grant_types"] == ["authorization_code", "refresh_token"]
    assert created["scopes"] == ["openid", "email", "profile"]
    assert created["first_party"] is True and created["token_endpoint_auth_method"] == "client_secret_basic"
    secret = created["client_secret"]
    stored = await state(app).pool.fetchval(
        "SELECT secret_hash FROM oauth_clients WHERE tenant_id = $1 AND id = $2", tenant.id, created["id"]
    )
    assert stored == sha256_hex(secret) and secret not in stored
    status, got, _ = await tenant.secret("GET", f"/v1/clients/{created['id']}")
    assert status == 200 and "client_secret" not in got and got["redirect_uris"] == WEB["redirect_uris"]
    status, listed, _ = await tenant.secret("GET", "/v1/clients")
    assert listed["data"][0] == {k: got[k] for k in ("id", "client_id", "name", "type", "redirect_uris", "created_at")}
    assert listed["pagination"]["total"] == 1


@pytest.mark.parametrize(
    "type_,grants,secret",
    [
        ("spa", ["authorization_code", "refresh_token"], False),
        ("native", ["authorization_code", "refresh_token"], False),
        ("machine", ["client_credentials"], True),
    ],
)
async def test_default_grant_types_and_secrets_per_type(tenant, type_, grants, secret):
    uris = [] if type_ == "machine" else ["http://127.0.0.1:8080/cb"]
    status, created, _ = await tenant.secret(
        "POST", "/v1/clients", json={"name": "x", "type": type_, "redirect_uris": uris}
    )
    assert status == 201, created
    assert created["grant_types"] == grants
    assert ("client_secret" in created) is secret
    assert created["token_endpoint_auth_method"] == ("client_secret_basic" if secret else "none")


async def test_id_token_signed_response_alg(tenant, app):
    """OIDC client metadata: RS256 unless the client registers ES256; nothing else is taken."""
    from identity.state import state

    status, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    assert status == 201 and created["id_token_signed_response_alg"] == "RS256"
    status, es, _ = await tenant.secret("POST", "/v1/clients", json={**WEB, "id_token_signed_response_alg": "ES256"})
    assert status == 201 and es["id_token_signed_response_alg"] == "ES256"
    status, got, _ = await tenant.secret("GET", f"/v1/clients/{es['id']}")
    assert got["id_token_signed_response_alg"] == "ES256"
    status, patched, _ = await tenant.secret(
        "PATCH", f"/v1/clients/{es['id']}", json={"id_token_signed_response_alg": "RS256"}
    )
    assert status == 200 and patched["id_token_signed_response_alg"] == "RS256"
    for bad in ("none", "HS256", "PS256", "rs256", "", None, 256):
        status, body, _ = await tenant.secret("POST", "/v1/clients", json={**WEB, "id_token_signed_response_alg": bad})
        assert status == 422, (bad, body)
        assert_error(body, "validation_error")
        status, body, _ = await tenant.secret(
            "PATCH", f"/v1/clients/{es['id']}", json={"id_token_signed_response_alg": bad}
        )
        assert status == 422, (bad, body)
    stored = await state(app).pool.fetchval(
        "SELECT id_token_signed_response_alg FROM oauth_clients WHERE tenant_id = $1 AND id = $2", tenant.id, es["id"]
    )
    assert stored == "RS256"  # the refused changes changed nothing


async def test_patch_replaces_lists_and_delete(tenant):
    _, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    cid = created["id"]
    status, patched, _ = await tenant.secret(
        "PATCH",
        f"/v1/clients/{cid}",
        json={
            "name": "Renamed",
            "redirect_uris": ["https://b.example.com/cb"],
            "allowed_origins": ["https://b.example.com"],
            "post_logout_redirect_uris": ["https://b.example.com/bye"],
            "scopes": ["openid"],
            "first_party": False,
        },
    )
    assert status == 200, patched
    assert patched["name"] == "Renamed" and patched["redirect_uris"] == ["https://b.example.com/cb"]
    assert patched["allowed_origins"] == ["https://b.example.com"] and patched["first_party"] is False
    assert patched["scopes"] == ["openid"] and patched["post_logout_redirect_uris"] == ["https://b.example.com/bye"]
    status, _, _ = await tenant.secret("DELETE", f"/v1/clients/{cid}")
    assert status == 204
    status, body, _ = await tenant.secret("GET", f"/v1/clients/{cid}")
    assert status == 404
    assert_error(body, "client_not_found")
    status, body, _ = await tenant.secret("DELETE", f"/v1/clients/{cid}")
    assert status == 404


async def test_rotate_secret(tenant):
    _, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    status, rotated, _ = await tenant.secret("POST", f"/v1/clients/{created['id']}/rotate-secret")
    assert status == 200 and rotated["client_id"] == created["id"]
    assert rotated["client_secret"] != created["client_secret"] and rotated["rotated_at"]
    _, spa, _ = await tenant.secret("POST", "/v1/clients", json={**WEB, "type": "spa"})
    status, body, _ = await tenant.secret("POST", f"/v1/clients/{spa['id']}/rotate-secret")
    assert status == 400
    assert_error(body, "invalid_client_type")
    status, body, _ = await tenant.secret("GET", f"/v1/clients/{spa['id']}/tokens")
    assert status == 400
    assert_error(body, "invalid_client_type")


async def test_clients_of_another_tenant_are_not_found(tenant, make_tenant):
    other = await make_tenant()
    _, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    for method, path in [("GET", ""), ("PATCH", ""), ("DELETE", ""), ("POST", "/rotate-secret"), ("GET", "/tokens")]:
        kwargs = {"json": {"name": "x"}} if method == "PATCH" else {}
        status, body, _ = await other.secret(method, f"/v1/clients/{created['id']}{path}", **kwargs)
        assert status == 404, (method, path, body)
        assert_error(body, "client_not_found")
    status, listed, _ = await other.secret("GET", "/v1/clients")
    assert listed["data"] == []


async def test_needs_a_secret_key_with_the_star_scope(tenant):
    status, body, _ = await tenant.public("GET", "/v1/clients")
    assert status == 403
    assert_error(body, "forbidden")
    _, key, _ = await tenant.secret(
        "POST", "/v1/api-keys", json={"name": "r", "type": "secret", "scopes": ["users:read"]}
    )
    status, body, _ = await tenant.secret("GET", "/v1/clients", token=key["key"])
    assert status == 403
    assert_error(body, "insufficient_scope")


@pytest.mark.parametrize(
    "body,field",
    [
        ({"type": "web", "redirect_uris": ["https://a.example/cb"]}, "name"),
        ({"name": "x", "redirect_uris": ["https://a.example/cb"]}, "type"),
        ({"name": "x", "type": "desktop", "redirect_uris": ["https://a.example/cb"]}, "type"),
        ({"name": "x", "type": "web"}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": []}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": ["/relative"]}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": ["https://a.example/cb#frag"]}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": ["https://*.example.com/cb"]}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": ["http://a.example.com/cb"]}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": ["https://user:pw@a.example/cb"]}, "redirect_uris"),
        ({"name": "x", "type": "spa", "redirect_uris": ["javascript:alert(1)"]}, "redirect_uris"),
        ({"name": "x", "type": "spa", "redirect_uris": ["com.example.app:/cb"]}, "redirect_uris"),
        ({"name": "x", "type": "native", "redirect_uris": ["http://app.example.com/cb"]}, "redirect_uris"),
        ({"name": "x", "type": "native", "redirect_uris": ["myapp:/cb"]}, "redirect_uris"),
        ({"name": "x", "type": "web", "redirect_uris": ["https://a.example/ cb"]}, "redirect_uris"),
        ({"name": "x", "type": "machine", "redirect_uris": ["https://a.example/cb"]}, "redirect_uris"),
        (
            {
                "name": "x",
                "type": "web",
                "redirect_uris": ["https://a.example/cb"],
                "grant_types": ["client_credentials"],
            },
            "grant_types",
        ),
        ({"name": "x", "type": "machine", "redirect_uris": [], "grant_types": ["authorization_code"]}, "grant_types"),
        (
            {"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"], "grant_types": ["refresh_token"]},
            "grant_types",
        ),
        (
            {"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"], "grant_types": ["implicit"]},
            "grant_types",
        ),
        (
            {
                "name": "x",
                "type": "spa",
                "redirect_uris": ["https://a.example/cb"],
                "allowed_origins": ["https://a.example/path"],
            },
            "allowed_origins",
        ),
        (
            {"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"], "allowed_origins": ["*"]},
            "allowed_origins",
        ),
        ({"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"], "scopes": ["has space"]}, "scopes"),
        ({"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"], "first_party": "yes"}, "first_party"),
        ({"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"], "secret": "mine"}, "secret"),
        ({"name": "x", "type": "spa", "redirect_uris": ["https://a.example/cb"] * 21}, "redirect_uris"),
        ({"name": "x", "type": "spa", "redirect_uris": ["https://a.example/\u0000"]}, "redirect_uris"),
        (
            {
                "name": "x",
                "type": "web",
                "redirect_uris": ["https://a.example/cb"],
                "post_logout_redirect_uris": ["http://evil.example/"],
            },
            "post_logout_redirect_uris",
        ),
    ],
)
async def test_bad_input_on_create_is_a_clear_422(tenant, body, field):
    status, answer, _ = await tenant.secret("POST", "/v1/clients", json=body)
    assert status == 422, answer
    assert_error(answer, "validation_error")
    assert answer["error"]["details"][0]["field"].startswith(field), answer
    status, listed, _ = await tenant.secret("GET", "/v1/clients")
    assert listed["data"] == []  # nothing created


async def test_accepted_redirect_uris(tenant):
    for type_, uri in [
        ("native", "com.example.app:/oauth/cb"),
        ("native", "http://127.0.0.1:51234/cb"),
        ("native", "http://[::1]/cb"),
        ("spa", "http://localhost:3000/cb"),
        ("web", "https://app.example.com/cb?tenant=1"),
    ]:
        status, created, _ = await tenant.secret(
            "POST", "/v1/clients", json={"name": "ok", "type": type_, "redirect_uris": [uri]}
        )
        assert status == 201, (uri, created)
        assert created["redirect_uris"] == [uri]


async def test_bad_input_on_other_endpoints(tenant, api):
    _, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    cid = created["id"]
    status, body, _ = await tenant.secret("PATCH", f"/v1/clients/{cid}", json={"type": "spa"})
    assert status == 422
    assert_error(body, "validation_error")
    status, body, _ = await tenant.secret("PATCH", f"/v1/clients/{cid}", json={"redirect_uris": []})
    assert status == 422
    status, body, _ = await tenant.secret("PATCH", f"/v1/clients/{cid}", json={"redirect_uris": ["ftp://x/"]})
    assert status == 422
    status, body, _ = await tenant.secret("PATCH", f"/v1/clients/{cid}", json=[1])
    assert status == 400
    assert_error(body, "invalid_json")
    status, body, _ = await tenant.secret(
        "POST", "/v1/clients", data=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert status == 400
    assert_error(body, "invalid_json")
    status, body, _ = await tenant.secret("GET", "/v1/clients?limit=0")
    assert status == 422
    status, body, _ = await tenant.secret("GET", "/v1/clients?cursor=%%%")
    assert status == 422
    status, body, _ = await tenant.secret("GET", "/v1/clients?type=robot")
    assert status == 422
    status, body, _ = await tenant.secret("GET", "/v1/clients/cli_unknown")
    assert status == 404
    assert_error(body, "client_not_found")
    status, got, _ = await tenant.secret("GET", f"/v1/clients/{cid}")
    assert got["redirect_uris"] == WEB["redirect_uris"]  # nothing changed


async def test_list_pages_without_repeats(tenant):
    ids = []
    for i in range(5):
        _, created, _ = await tenant.secret("POST", "/v1/clients", json={**WEB, "name": f"c{i}"})
        ids.append(created["id"])
    seen, cursor = [], None
    while True:
        status, page, _ = await tenant.secret("GET", "/v1/clients?limit=2" + (f"&cursor={cursor}" if cursor else ""))
        assert status == 200
        seen += [c["id"] for c in page["data"]]
        cursor = page["pagination"]["next_cursor"]
        if not cursor:
            break
    assert seen == list(reversed(ids))
    _, machine, _ = await tenant.secret(
        "POST", "/v1/clients", json={"name": "m", "type": "machine", "redirect_uris": []}
    )
    status, only, _ = await tenant.secret("GET", "/v1/clients?type=machine")
    assert [c["id"] for c in only["data"]] == [machine["id"]]


async def test_audit_entries(tenant, app):
    from identity.state import state

    _, created, _ = await tenant.secret("POST", "/v1/clients", json=WEB)
    await tenant.secret("PATCH", f"/v1/clients/{created['id']}", json={"name": "n"})
    await tenant.secret("POST", f"/v1/clients/{created['id']}/rotate-secret")
    await tenant.secret("DELETE", f"/v1/clients/{created['id']}")
    rows = await state(app).pool.fetch(
        "SELECT action, metadata::text AS m FROM audit_log WHERE tenant_id = $1 AND resource_id = $2 ORDER BY id",
        tenant.id,
        created["id"],
    )
    assert [r["action"] for r in rows] == [
        "client.created",
        "client.updated",
        "client.secret_rotated",
        "client.deleted",
    ]
    assert all(created["client_secret"] not in r["m"] for r in rows)


async def test_openapi_describes_clients_and_oauth(api):
    status, spec, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    paths = spec["paths"]
    for path in (
        "/v1/clients",
        "/v1/clients/{id}",
        "/v1/clients/{id}/rotate-secret",
        "/v1/clients/{id}/tokens",
        "/oauth/{tenant_id}/.well-known/openid-configuration",
        "/oauth/{tenant_id}/authorize",
        "/oauth/{tenant_id}/token",
        "/oauth/{tenant_id}/userinfo",
        "/oauth/{tenant_id}/revoke",
        "/oauth/{tenant_id}/introspect",
        "/oauth/{tenant_id}/logout",
        "/oauth/{tenant_id}/.well-known/jwks.json",
    ):
        assert path in paths, path
    token = paths["/oauth/{tenant_id}/token"]["post"]
    assert "application/x-www-form-urlencoded" in token["requestBody"]["content"]
    assert not any(p["name"] == "X-Tenant-ID" for p in token.get("parameters", []))
