"""Machine tokens (client_credentials) without a row per token, and private_key_jwt.

A client's tokens for one scope set share one grant, counted in batches; each token stays
introspectable and revocable (revoking it revokes its grant, and the next request opens a new
one), and the token list shows the grant with its count. Client rows are cached in memory, so
every change to a client, by the service or by SQL, must reach the cache before it is relied on.
private_key_jwt: an RFC 7523 assertion signed with a registered key, accepted once.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import asyncpg
import httpx2 as httpx
import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from identity.oauth.machine import oauth_runtime
from identity.state import state
from tests.support.oauth import api, base, make_client, meta, port, settings, tenant  # noqa: F401 (fixtures)

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"


async def machine_token(meta: dict[str, Any], created: dict[str, Any], scope: str = "reports:read") -> dict[str, Any]:
    async with httpx.AsyncClient() as http:
        resp = await http.post(
            meta["token_endpoint"],
            auth=(created["client_id"], created["client_secret"]),
            data={"grant_type": "client_credentials", "scope": scope},
        )
    assert resp.status_code == 200, resp.text
    return resp.json()


async def introspect(meta: dict[str, Any], created: dict[str, Any], token: str) -> dict[str, Any]:
    async with httpx.AsyncClient() as http:
        resp = await http.post(
            meta["introspection_endpoint"], data={"token": token}, auth=(created["client_id"], created["client_secret"])
        )
    assert resp.status_code == 200
    return resp.json()


def gid_of(token: str) -> str:
    return jwt.decode(token, options={"verify_signature": False})["gid"]


async def test_machine_tokens_share_a_counted_grant_and_revocation_reaches_every_path(tenant, meta, app):
    created = await make_client(tenant, type="machine", scopes=["reports:read", "reports:write"])
    tokens = [await machine_token(meta, created) for _ in range(5)]
    other_scope = await machine_token(meta, created, "reports:read reports:write")
    # No row per token: one grant for the scope set, the tokens under it told apart by jti.
    assert len({gid_of(t["access_token"]) for t in tokens}) == 1
    assert len({jwt.decode(t["access_token"], options={"verify_signature": False})["jti"] for t in tokens}) == 5
    pool = state(app).pool
    assert await pool.fetchval("SELECT count(*) FROM oauth_grants WHERE tenant_id = $1", tenant.id) == 0

    await oauth_runtime(app).flush(pool)
    status, listed, _ = await tenant.secret("GET", f"/v1/clients/{created['id']}/tokens")
    assert status == 200 and listed["pagination"]["total"] == 2
    counts = {tuple(t["scopes"]): t["issued_count"] for t in listed["data"]}
    assert counts == {("reports:read",): 5, ("reports:read", "reports:write"): 1}

    first = tokens[0]["access_token"]
    body = await introspect(meta, created, first)
    assert body["active"] is True and body["sub"] == created["client_id"] and body["scope"] == "reports:read"
    async with httpx.AsyncClient() as http:
        # userinfo never accepts a machine token (it has no user), revoked or not.
        info = await http.get(meta["userinfo_endpoint"], headers={"Authorization": f"Bearer {first}"})
        assert info.status_code == 401
        revoked = await http.post(
            meta["revocation_endpoint"], data={"token": first}, auth=(created["client_id"], created["client_secret"])
        )
        assert revoked.status_code == 200
    # Every token of the grant is revoked; the other scope set's grant is not.
    for t in tokens:
        assert await introspect(meta, created, t["access_token"]) == {"active": False}
    assert (await introspect(meta, created, other_scope["access_token"]))["active"] is True
    status, listed, _ = await tenant.secret("GET", f"/v1/clients/{created['id']}/tokens")
    assert listed["pagination"]["total"] == 1

    # The next request opens a new grant at once: the revoked one is never issued under again.
    fresh = await machine_token(meta, created)
    assert gid_of(fresh["access_token"]) != gid_of(first)
    assert (await introspect(meta, created, fresh["access_token"]))["active"] is True
    assert (await introspect(meta, created, first))["active"] is False


async def test_counts_written_at_shutdown(tenant, meta, app):
    created = await make_client(tenant, type="machine", scopes=["reports:read"])
    for _ in range(3):
        await machine_token(meta, created)
    rt = oauth_runtime(app)
    assert rt.pending  # counted in memory first
    await rt.flush(state(app).pool)
    assert not rt.pending
    count = await state(app).pool.fetchval(
        "SELECT issued_count FROM oauth_machine_grants WHERE tenant_id = $1 AND client_id = $2",
        tenant.id,
        created["client_id"],
    )
    assert count == 3


async def _until(check, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await check():
            return True
        await asyncio.sleep(0.05)
    return False


async def test_cached_clients_follow_changes_made_in_sql(tenant, meta, app, database_dsn):
    """An operator's SQL (or another process) changes a client: the NOTIFY of sql/023 drops
    the cached row, so the old secret stops working and a revoked grant is not reused."""
    created = await make_client(tenant, type="machine", scopes=["reports:read"])
    token = await machine_token(meta, created)  # client row and grant now cached
    conn = await asyncpg.connect(database_dsn)
    try:
        await conn.execute("UPDATE oauth_machine_grants SET revoked_at = now() WHERE tenant_id = $1", tenant.id)

        async def new_grant() -> bool:
            return gid_of((await machine_token(meta, created))["access_token"]) != gid_of(token["access_token"])

        assert await _until(new_grant)
        await conn.execute(
            "UPDATE oauth_clients SET secret_hash = 'x' WHERE tenant_id = $1 AND id = $2",
            tenant.id,
            created["client_id"],
        )

        async def refused() -> bool:
            async with httpx.AsyncClient() as http:
                resp = await http.post(
                    meta["token_endpoint"],
                    data={"grant_type": "client_credentials"},
                    auth=(created["client_id"], created["client_secret"]),
                )
            return resp.status_code == 401

        assert await _until(refused)
    finally:
        await conn.close()


async def test_rotated_secret_and_deleted_client_stop_at_once(tenant, meta):
    created = await make_client(tenant, type="machine", scopes=["reports:read"])
    await machine_token(meta, created)  # cached
    status, rotated, _ = await tenant.secret("POST", f"/v1/clients/{created['id']}/rotate-secret")
    assert status == 200
    async with httpx.AsyncClient() as http:
        old = await http.post(
            meta["token_endpoint"],
            data={"grant_type": "client_credentials"},
            auth=(created["client_id"], created["client_secret"]),
        )
        assert old.status_code == 401 and old.json()["error"] == "invalid_client"
    await machine_token(meta, {**created, "client_secret": rotated["client_secret"]})
    status, _, _ = await tenant.secret("DELETE", f"/v1/clients/{created['id']}")
    assert status == 204
    async with httpx.AsyncClient() as http:
        gone = await http.post(
            meta["token_endpoint"],
            data={"grant_type": "client_credentials"},
            auth=(created["client_id"], rotated["client_secret"]),
        )
        assert gone.status_code == 401


# -- private_key_jwt ------------------------------------------------------------------------------


def ec_key(kid: str = "k1") -> tuple[Any, dict[str, Any]]:
    private = ec.generate_private_key(ec.SECP256R1())
    public = ECAlgorithm.to_jwk(private.public_key(), as_dict=True)
    return private, {**public, "kid": kid, "use": "sig"}


def rsa_key(kid: str = "r1") -> tuple[Any, dict[str, Any]]:
    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public = RSAAlgorithm.to_jwk(private.public_key(), as_dict=True)
    return private, {**public, "kid": kid, "alg": "RS256"}


def assertion(
    private: Any,
    client_id: str,
    aud: str,
    *,
    alg: str = "ES256",
    kid: str | None = "k1",
    lifetime: int = 60,
    jti: str | None = None,
    **claims: Any,
) -> str:
    now = int(time.time())
    body = {
        "iss": client_id,
        "sub": client_id,
        "aud": aud,
        "iat": now,
        "exp": now + lifetime,
        "jti": jti or uuid.uuid4().hex,
        **claims,
    }
    headers = {"kid": kid} if kid is not None else {}
    return jwt.encode(body, private, algorithm=alg, headers=headers)


async def post_assertion(url: str, signed: str, **extra: str) -> httpx.Response:
    async with httpx.AsyncClient() as http:
        return await http.post(
            url,
            data={
                "grant_type": "client_credentials",
                "client_assertion_type": ASSERTION_TYPE,
                "client_assertion": signed,
                **extra,
            },
        )


async def test_private_key_jwt(tenant, meta):
    private, jwk = ec_key()
    created = await make_client(
        tenant,
        type="machine",
        scopes=["reports:read"],
        token_endpoint_auth_method="private_key_jwt",
        jwks={"keys": [jwk]},
    )
    assert "client_secret" not in created and created["token_endpoint_auth_method"] == "private_key_jwt"
    assert "private_key_jwt" in meta["token_endpoint_auth_methods_supported"]
    cid, url = created["client_id"], meta["token_endpoint"]

    signed = assertion(private, cid, url)
    ok = await post_assertion(url, signed)
    assert ok.status_code == 200 and ok.json()["token_type"] == "Bearer", ok.text
    # The issuer is an accepted audience too, as at the introspection endpoint.
    token = ok.json()["access_token"]
    async with httpx.AsyncClient() as http:
        body = (
            await http.post(
                meta["introspection_endpoint"],
                data={
                    "token": token,
                    "client_assertion_type": ASSERTION_TYPE,
                    "client_assertion": assertion(private, cid, meta["issuer"]),
                },
            )
        ).json()
    assert body["active"] is True and body["client_id"] == cid

    other_private, _ = ec_key()
    hs_key = "a-shared-secret-that-is-long-enough-for-hs256"
    refused = {
        "replayed jti": signed,
        "wrong aud": assertion(private, cid, "https://elsewhere.example/token"),
        "expired": assertion(private, cid, url, lifetime=-120),
        "lives too long": assertion(private, cid, url, lifetime=3600),
        "unknown kid": assertion(private, cid, url, kid="nope"),
        "not the registered key": assertion(other_private, cid, url),
        "wrong alg (HS256)": assertion(hs_key, cid, url, alg="HS256"),
        "sub is another client": assertion(private, cid, url, sub="cli_someone_else"),
        "iss is another client": assertion(private, cid, url, iss="cli_someone_else"),
        "no jti": jwt.encode(
            {"iss": cid, "sub": cid, "aud": url, "exp": int(time.time()) + 60},
            private,
            algorithm="ES256",
            headers={"kid": "k1"},
        ),
        "not a JWT": "not.a.jwt",
    }
    for reason, bad in refused.items():
        resp = await post_assertion(url, bad)
        assert resp.status_code == 401 and resp.json()["error"] == "invalid_client", (reason, resp.text)
    wrong_type = await post_assertion(url, assertion(private, cid, url), client_assertion_type="urn:x")
    assert wrong_type.status_code == 401
    # A secret is no way in for a private_key_jwt client, and two methods at once are refused.
    async with httpx.AsyncClient() as http:
        secret = await http.post(
            url, data={"grant_type": "client_credentials", "client_id": cid, "client_secret": "cs_anything"}
        )
        assert secret.status_code == 401 and secret.json()["error"] == "invalid_client"
        both = await http.post(
            url,
            auth=(cid, "cs_anything"),
            data={
                "grant_type": "client_credentials",
                "client_assertion_type": ASSERTION_TYPE,
                "client_assertion": assertion(private, cid, url),
            },
        )
        assert both.status_code == 400 and both.json()["error"] == "invalid_request"
    # A secret client cannot switch to assertions by sending one.
    secret_client = await make_client(tenant, type="machine", scopes=["reports:read"])
    resp = await post_assertion(url, assertion(private, secret_client["client_id"], url))
    assert resp.status_code == 401


async def test_private_key_jwt_rs256_and_key_rules(tenant, meta):
    private, jwk = rsa_key()
    created = await make_client(
        tenant,
        type="machine",
        scopes=["reports:read"],
        token_endpoint_auth_method="private_key_jwt",
        jwks={"keys": [jwk]},
    )
    url = meta["token_endpoint"]
    ok = await post_assertion(url, assertion(private, created["client_id"], url, alg="RS256", kid="r1"))
    assert ok.status_code == 200, ok.text
    # The algorithm is pinned to the key's: an RSA key does not verify a PS256 or ES256 claim.
    ps = await post_assertion(url, assertion(private, created["client_id"], url, alg="PS256", kid="r1"))
    assert ps.status_code == 401

    ec_private, ec_jwk = ec_key()
    bad_bodies = [
        {
            "type": "spa",
            "redirect_uris": ["http://127.0.0.1:9/cb"],
            "token_endpoint_auth_method": "private_key_jwt",
            "jwks": {"keys": [ec_jwk]},
        },
        {"type": "machine", "token_endpoint_auth_method": "private_key_jwt"},
        {
            "type": "machine",
            "token_endpoint_auth_method": "private_key_jwt",
            "jwks": {"keys": [{**ec_jwk, "d": "AAAA"}]},
        },
        {
            "type": "machine",
            "token_endpoint_auth_method": "private_key_jwt",
            "jwks": {"keys": [{"kty": "oct", "kid": "x", "k": "AAAA"}]},
        },
        {"type": "machine", "token_endpoint_auth_method": "private_key_jwt", "jwks": {"keys": [ec_jwk, ec_jwk]}},
        {"type": "machine", "token_endpoint_auth_method": "private_key_jwt", "jwks": {"nokeys": []}},
        {"type": "machine", "token_endpoint_auth_method": "client_secret_basic", "jwks": {"keys": [ec_jwk]}},
    ]
    for body in bad_bodies:
        body.setdefault("redirect_uris", [])
        status, resp, _ = await tenant.secret("POST", "/v1/clients", json={"name": "x", **body})
        assert status == 422 and resp["error"]["code"] == "validation_error", (body, resp)
    status, resp, _ = await tenant.secret("POST", f"/v1/clients/{created['id']}/rotate-secret")
    assert status == 400 and resp["error"]["code"] == "invalid_client_type"
    # Keys rotate by replacing the set: the old key stops, the new one works.
    status, updated, _ = await tenant.secret("PATCH", f"/v1/clients/{created['id']}", json={"jwks": {"keys": [ec_jwk]}})
    assert status == 200 and updated["jwks"]["keys"][0]["kid"] == "k1"
    old = await post_assertion(url, assertion(private, created["client_id"], url, alg="RS256", kid="r1"))
    assert old.status_code == 401
    new = await post_assertion(url, assertion(ec_private, created["client_id"], url))
    assert new.status_code == 200


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
async def test_secret_methods_still_register(tenant, meta, method):
    created = await make_client(tenant, type="machine", scopes=["reports:read"], token_endpoint_auth_method=method)
    assert created["token_endpoint_auth_method"] == method and created["client_secret"].startswith("cs_")
    await machine_token(meta, created)
