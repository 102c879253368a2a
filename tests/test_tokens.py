"""Access tokens (tampering, expiry, JWKS, key rotation) and refresh-token rotation."""

from __future__ import annotations

import asyncio
import base64
import json
import time

import asyncpg
import jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from identity.sessions import signing
from identity.sessions.runtime import runtime
from identity.state import state
from tests.support.api import Api, assert_error
from tests.support.database import wait_for_lock_waiter


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).decode().rstrip("=")


def _claims(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


async def _me(api: Api, tenant, token: str):
    return await api.call("GET", "/v1/auth/me", token=token, tenant=tenant.id)


async def _verify(tenant, token: str) -> dict:
    status, body, _ = await tenant.secret("POST", "/v1/sessions/verify", json={"token": token})
    assert status == 200, body
    return body


async def test_jwks_serves_the_signing_key(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    status, jwks, resp = await api.call("GET", "/.well-known/jwks.json")
    assert status == 200 and "max-age" in resp.headers["Cache-Control"]
    kid = jwt.get_unverified_header(created["session"]["access_token"])["kid"]
    key = next(k for k in jwks["keys"] if k["kid"] == kid)
    assert key["kty"] == "EC" and key["crv"] == "P-256" and key["alg"] == "ES256"
    assert "d" not in key  # never the private part
    # a backend can verify locally with the published key (as docs/auth.md tells it to)
    public = jwt.PyJWK(key).key
    claims = jwt.decode(
        created["session"]["access_token"],
        public,
        algorithms=["ES256"],
        audience=tenant.id,
        issuer=state(app).settings.public_url,
    )
    assert claims["tid"] == tenant.id
    # the ID tokens' RSA key is published beside it, and never signs an access token
    rsa_keys = [k for k in jwks["keys"] if k["alg"] == "RS256"]
    assert rsa_keys and all(
        k["kty"] == "RSA" and k["use"] == "sig" and k["n"] and k["e"] and "d" not in k for k in rsa_keys
    )
    assert all(k["use"] == "sig" and k["kid"] for k in jwks["keys"])


async def test_access_token_audience_is_its_tenant(api: Api, app, tenant, make_tenant, sign_up) -> None:
    """Every tenant's tokens share the keys and the iss, so aud is what tells them apart: a
    backend of tenant B verifying with the JWKS and audience B refuses tenant A's token."""
    other = await make_tenant()
    token = (await sign_up())["session"]["access_token"]
    assert _claims(token)["aud"] == tenant.id == _claims(token)["tid"]
    status, jwks, _ = await api.call("GET", "/.well-known/jwks.json")
    client = jwt.PyJWKSet.from_dict(jwks)
    public = client[jwt.get_unverified_header(token)["kid"]].key
    iss = state(app).settings.public_url
    assert jwt.decode(token, public, algorithms=["ES256"], audience=tenant.id, issuer=iss)["sub"]
    with pytest.raises(jwt.InvalidAudienceError):
        jwt.decode(token, public, algorithms=["ES256"], audience=other.id, issuer=iss)


async def test_token_for_another_audience_is_refused_everywhere(api: Api, app, tenant, make_tenant, sign_up) -> None:
    """Whoever verifies our tokens checks aud: a token naming tenant A as its audience is refused
    by tenant B's API and B's session verification even when the rest of it names a live
    session of B; so is a token without aud, or with an aud that is not its tid."""
    other = await make_tenant()
    created = await sign_up()
    claims = _claims(created["session"]["access_token"])
    rt = runtime(app)
    assert (await _me(api, tenant, created["session"]["access_token"]))[0] == 200
    forged = {
        "aud of another tenant": rt.tokens.issue(dict(claims, aud=other.id)),
        "no aud": rt.tokens.issue({k: v for k, v in claims.items() if k != "aud"}),
        "aud a list": rt.tokens.issue(dict(claims, aud=[tenant.id, other.id])),
    }
    for why, token in forged.items():
        status, body, _ = await _me(api, tenant, token)
        assert status == 401, why
        assert_error(body, "unauthenticated", 401)
        assert (await _verify(tenant, token))["valid"] is False, why
    # and tenant A's genuine token, presented to tenant B
    token = created["session"]["access_token"]
    assert (await api.call("GET", "/v1/auth/me", token=token, tenant=other.id))[0] == 401
    status, body, _ = await other.secret("POST", "/v1/sessions/verify", json={"token": token})
    assert status == 200 and body["valid"] is False
    status, _, _ = await other.secret("POST", "/v1/auth/organization", token=token, json={"organization_id": None})
    assert status == 401


async def test_private_key_is_encrypted_at_rest(app, api: Api) -> None:
    rows = await state(app).pool.fetch("SELECT id, private_key_sealed FROM signing_keys")
    assert rows
    for row in rows:
        assert row["private_key_sealed"].startswith("v1:")
        assert "PRIVATE KEY" not in row["private_key_sealed"]
        pem = state(app).box.decrypt(row["private_key_sealed"], associated=row["id"])
        assert "PRIVATE KEY" in pem


async def test_tampered_tokens_are_refused(api: Api, tenant, sign_up) -> None:
    created = await sign_up()
    token = created["session"]["access_token"]
    header = jwt.get_unverified_header(token)
    claims = _claims(token)
    status, _, _ = await _me(api, tenant, token)
    assert status == 200

    forged = []
    # alg none
    forged.append(f"{_b64({'alg': 'none', 'typ': 'JWT', 'kid': header['kid']})}.{_b64(claims)}.")
    # HS256 "signed" with the public key (the classic algorithm-confusion attack)
    status, jwks, _ = await api.call("GET", "/.well-known/jwks.json")
    pub_pem = jwt.PyJWK(next(k for k in jwks["keys"] if k["kid"] == header["kid"])).key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    h = {"alg": "HS256", "typ": "JWT", "kid": header["kid"]}
    import hashlib
    import hmac

    signing_input = f"{_b64(h)}.{_b64(claims)}".encode()
    sig = base64.urlsafe_b64encode(hmac.new(pub_pem, signing_input, hashlib.sha256).digest()).decode().rstrip("=")
    forged.append(f"{signing_input.decode()}.{sig}")
    # a key we never published, with its own kid and with our kid
    stranger = ec.generate_private_key(ec.SECP256R1())
    forged.append(jwt.encode(claims, stranger, algorithm="ES256", headers={"kid": "jwk_unknown"}))
    forged.append(jwt.encode(claims, stranger, algorithm="ES256", headers={"kid": header["kid"]}))
    # changed claims with the original signature
    payload = dict(claims, role="admin")
    parts = token.split(".")
    forged.append(f"{parts[0]}.{_b64(payload)}.{parts[2]}")
    # garbage
    forged.append("a.b.c")
    for bad in forged:
        status, body, _ = await _me(api, tenant, bad)
        assert status == 401, bad
        assert_error(body, "unauthenticated", 401)
        assert (await _verify(tenant, bad))["valid"] is False


async def test_expired_token_is_refused(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    claims = _claims(created["session"]["access_token"])
    rt = runtime(app)
    expired = rt.tokens.issue(dict(claims, iat=int(time.time()) - 7200, exp=int(time.time()) - 10))
    status, body, _ = await _me(api, tenant, expired)
    assert status == 401
    assert_error(body, "unauthenticated")
    assert (await _verify(tenant, expired))["valid"] is False
    # a token cached while valid is refused once it expires
    short = rt.tokens.issue(dict(claims, exp=int(time.time()) + 1))
    assert (await _me(api, tenant, short))[0] == 200
    await asyncio.sleep(1.2)
    assert (await _me(api, tenant, short))[0] == 401


async def test_rotation_keeps_old_tokens_valid(api: Api, app, tenant, sign_up) -> None:
    before = await sign_up()
    old_kid = jwt.get_unverified_header(before["session"]["access_token"])["kid"]
    async with state(app).pool.acquire() as conn:
        new_kid = await signing.create_key(conn, state(app).box)
    # this process learns of the new key on its next reload (another process would, within
    # RELOAD_SECONDS or at once on meeting the kid)
    await runtime(app).keys.load(state(app).pool)
    after = await sign_up()
    assert jwt.get_unverified_header(after["session"]["access_token"])["kid"] == new_kid
    status, jwks, _ = await api.call("GET", "/.well-known/jwks.json")
    kids = {k["kid"] for k in jwks["keys"]}
    assert {old_kid, new_kid} <= kids
    assert (await _me(api, tenant, before["session"]["access_token"]))[0] == 200
    assert (await _me(api, tenant, after["session"]["access_token"]))[0] == 200
    row = await state(app).pool.fetchrow("SELECT retired_at, expires_at FROM signing_keys WHERE id = $1", old_kid)
    assert row["retired_at"] is not None
    assert row["expires_at"] - row["retired_at"] >= signing.MAX_TOKEN_LIFETIME


async def test_unknown_kid_from_another_process_is_picked_up(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    claims = _claims(created["session"]["access_token"])
    # another process rotates and signs with the new key; this one has not reloaded yet
    other = signing.SigningKeys(state(app).box, state(app).settings.public_url)
    async with state(app).pool.acquire() as conn:
        await signing.create_key(conn, state(app).box)
    await other.load(state(app).pool)
    token = other.sign(claims)
    runtime(app).keys._last_unknown_reload = 0.0
    assert (await _me(api, tenant, token))[0] == 200


async def test_automatic_schedule_prepublishes_the_next_key(api: Api, app) -> None:
    from datetime import UTC, datetime

    pool = state(app).pool
    keys = runtime(app).keys
    signing_now = {alg: keys.current(alg).kid for alg in signing.ALGORITHMS}
    async with pool.acquire() as conn:
        assert await signing.rotate_if_due(conn, state(app).box) == []  # fresh keys: not due
        later = datetime.now(UTC) + signing.ROTATE_EVERY
        kids = await signing.rotate_if_due(conn, state(app).box, now=later)
        # one next key per family: ES256 (access tokens) and RS256 (ID tokens)
        rows = await conn.fetch("SELECT id, algorithm, activates_at FROM signing_keys WHERE id = ANY($1)", kids)
        assert sorted(r["algorithm"] for r in rows) == ["ES256", "RS256"]
        assert all(r["activates_at"] > datetime.now(UTC) for r in rows)  # published before they sign
        assert await signing.rotate_if_due(conn, state(app).box, now=later) == []
    await keys.load(pool)
    # still signing with the current keys
    assert {alg: keys.current(alg).kid for alg in signing.ALGORITHMS} == signing_now
    assert set(kids) <= {k["kid"] for k in json.loads(keys.jwks_bytes)["keys"]}
    await pool.execute("DELETE FROM signing_keys WHERE id = ANY($1)", kids)  # leave others undisturbed
    await pool.execute("UPDATE signing_keys SET retired_at = NULL, expires_at = NULL WHERE retired_at > now()")


async def test_rotating_one_family_leaves_the_other_signing(api: Api, app) -> None:
    """The RSA key of ID tokens rotates like the ES256 key, each family on its own: a new RS256
    key retires only the RS256 key it replaces, which stays published for the grace period."""
    pool, box, keys = state(app).pool, state(app).box, runtime(app).keys
    es256, rs256 = keys.current("ES256").kid, keys.current("RS256").kid
    async with pool.acquire() as conn:
        new_rsa = await signing.create_key(conn, box, algorithm="RS256")
    await keys.load(pool)
    assert keys.current("RS256").kid == new_rsa and keys.current("ES256").kid == es256
    rows = {
        r["id"]: r for r in await pool.fetch("SELECT * FROM signing_keys WHERE id = ANY($1)", [es256, rs256, new_rsa])
    }
    assert rows[rs256]["retired_at"] is not None and rows[es256]["retired_at"] is None
    assert rows[rs256]["expires_at"] - rows[rs256]["retired_at"] >= signing.MAX_TOKEN_LIFETIME
    assert rows[new_rsa]["private_key_sealed"].startswith("v1:")  # sealed like the EC keys
    published = {k["kid"]: k for k in json.loads(keys.jwks_bytes)["keys"]}
    assert {es256, rs256, new_rsa} <= set(published)
    assert published[new_rsa]["alg"] == "RS256" and published[new_rsa]["kty"] == "RSA"
    assert jwt.get_unverified_header(keys.sign({"x": 1}))["kid"] == es256  # access tokens: ES256


async def test_session_verify_endpoint(api: Api, tenant, make_tenant, sign_up) -> None:
    created = await sign_up()
    token = created["session"]["access_token"]
    body = await _verify(tenant, token)
    claims = _claims(token)
    assert body["valid"] is True
    assert body["session_id"] == created["session"]["id"] and body["user_id"] == created["user"]["id"]
    assert body["tenant_id"] == tenant.id and body["role"] == "member" and body["org_id"] is None
    assert body["mfa_verified"] is False
    assert body["expires_at"] == created["session"]["access_token_expires_at"]
    assert claims["exp"] > time.time()
    other = await make_tenant()
    status, body, _ = await other.secret("POST", "/v1/sessions/verify", json={"token": token})
    assert status == 200 and body["valid"] is False
    for garbage in ("", "x", "a.b.c", "e30.e30.e30"):
        assert (await _verify(tenant, garbage))["valid"] is False
    status, body, _ = await tenant.public("POST", "/v1/sessions/verify", json={"token": token})
    assert status == 403
    # revoked session: valid false
    status, _, _ = await tenant.secret("DELETE", f"/v1/sessions/{created['session']['id']}")
    assert status == 204
    body = await _verify(tenant, token)
    assert body["valid"] is False and body["session_id"] is None


# -- refresh --------------------------------------------------------------------------------------


async def _refresh(tenant, token: str):
    return await tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": token})


async def test_refresh_rotates(api: Api, app, tenant, sign_up) -> None:
    created = await sign_up()
    first = created["session"]["refresh_token"]
    status, pair, _ = await _refresh(tenant, first)
    assert status == 200, pair
    assert set(pair) == {"access_token", "refresh_token", "access_token_expires_at", "refresh_token_expires_at"}
    assert pair["refresh_token"].startswith("rft_") and pair["refresh_token"] != first
    assert len(pair["refresh_token"]) >= 4 + 22  # >= 128 bits of base62
    assert pair["refresh_token_expires_at"] == created["session"]["refresh_token_expires_at"]
    assert _claims(pair["access_token"])["sid"] == created["session"]["id"]
    assert (await _me(api, tenant, pair["access_token"]))[0] == 200
    status, again, _ = await _refresh(tenant, pair["refresh_token"])
    assert status == 200
    # only hashes are stored
    stored = await state(app).pool.fetch(
        "SELECT token_hash, reply_sealed FROM refresh_tokens WHERE tenant_id = $1", tenant.id
    )
    texts = json.dumps([dict(r) for r in stored])
    assert first not in texts and pair["refresh_token"] not in texts and again["refresh_token"] not in texts


async def test_refresh_reuse_within_interval_answers_the_same_pair(api: Api, tenant, sign_up) -> None:
    created = await sign_up()
    old = created["session"]["refresh_token"]
    status, pair, _ = await _refresh(tenant, old)
    status2, pair2, _ = await _refresh(tenant, old)
    assert status == status2 == 200
    assert pair == pair2
    assert (await _me(api, tenant, pair["access_token"]))[0] == 200


async def test_each_spent_token_keeps_its_reply_through_later_rotations(api: Api, tenant, sign_up) -> None:
    """A→B, B→C, then A within the interval: A's pair (B), not a revoked session; then B gets C."""
    created = await sign_up()
    a = created["session"]["refresh_token"]
    status, b_pair, _ = await _refresh(tenant, a)
    assert status == 200
    status, c_pair, _ = await _refresh(tenant, b_pair["refresh_token"])
    assert status == 200
    status, again, _ = await _refresh(tenant, a)
    assert status == 200 and again == b_pair
    status, again, _ = await _refresh(tenant, b_pair["refresh_token"])
    assert status == 200 and again == c_pair
    assert (await _me(api, tenant, c_pair["access_token"]))[0] == 200
    status, d_pair, _ = await _refresh(tenant, c_pair["refresh_token"])
    assert status == 200 and d_pair["refresh_token"] not in (a, b_pair["refresh_token"])


async def test_refresh_reuse_after_interval_revokes_the_session(api: Api, make_tenant, app) -> None:
    t = await make_tenant(auth_config={"refresh_token_reuse_interval": "0s"})
    status, created, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": "reuse@example.com", "password": "correct horse battery staple 42"}
    )
    old = created["session"]["refresh_token"]
    status, pair, _ = await _refresh(t, old)
    assert status == 200
    status, body, _ = await _refresh(t, old)
    assert status == 401
    assert_error(body, "refresh_token_reused", 401)
    # the whole session is revoked: the new pair is dead too
    status, body, _ = await _refresh(t, pair["refresh_token"])
    assert status == 401
    assert_error(body, "invalid_token")
    assert (await _me(api, t, pair["access_token"]))[0] == 401
    status, record, _ = await t.secret("GET", f"/v1/sessions/{created['session']['id']}")
    assert record["status"] == "revoked"


async def test_reply_is_dropped_after_the_interval(api: Api, make_tenant, app) -> None:
    t = await make_tenant(auth_config={"refresh_token_reuse_interval": "1s"})
    status, created, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": "window@example.com", "password": "correct horse battery staple 42"}
    )
    old = created["session"]["refresh_token"]
    assert (await _refresh(t, old))[0] == 200
    await asyncio.sleep(1.1)
    from identity.sessions import store

    async with state(app).pool.acquire() as conn:
        assert await store.drop_expired_replies(conn) >= 1
    status, body, _ = await _refresh(t, old)
    assert status == 401
    assert_error(body, "refresh_token_reused")


async def test_concurrent_refreshes_of_one_token(api: Api, tenant, make_tenant) -> None:
    # default interval (10s): both get 200 with the same pair
    status, created, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": "tabs@example.com", "password": "correct horse battery staple 42"}
    )
    token = created["session"]["refresh_token"]
    results = await asyncio.gather(*[_refresh(tenant, token) for _ in range(2)])
    assert [r[0] for r in results] == [200, 200]
    assert results[0][1] == results[1][1]
    # interval 0s: one wins, the other is reuse, and the session is revoked
    t = await make_tenant(auth_config={"refresh_token_reuse_interval": "0s"})
    status, created, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": "tabs@example.com", "password": "correct horse battery staple 42"}
    )
    token = created["session"]["refresh_token"]
    results = await asyncio.gather(*[_refresh(t, token) for _ in range(2)])
    assert sorted(r[0] for r in results) == [200, 401]
    loser = next(r for r in results if r[0] == 401)
    assert_error(loser[1], "refresh_token_reused")
    status, record, _ = await t.secret("GET", f"/v1/sessions/{created['session']['id']}")
    assert record["status"] == "revoked"


async def test_refresh_errors(api: Api, app, tenant, make_tenant, sign_up) -> None:
    created = await sign_up()
    for bad in ("rft_nope", "nope", "x" * 256):
        status, body, _ = await _refresh(tenant, bad)
        assert status == 401
        assert_error(body, "invalid_token")
    status, body, _ = await _refresh(tenant, "")
    assert status == 422
    other = await make_tenant()
    status, body, _ = await _refresh(other, created["session"]["refresh_token"])
    assert status == 401
    # expired session
    await state(app).pool.execute(
        "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE tenant_id = $1", tenant.id
    )
    status, body, _ = await _refresh(tenant, created["session"]["refresh_token"])
    assert status == 401
    assert_error(body, "token_expired")
    assert (await _me(api, tenant, created["session"]["access_token"]))[0] == 401  # cached? no: expiry is checked
    status, record, _ = await tenant.secret("GET", f"/v1/sessions/{created['session']['id']}")
    assert record["status"] == "expired"


async def test_access_token_ttl_from_auth_config(api: Api, make_tenant) -> None:
    t = await make_tenant(auth_config={"access_token_ttl": "5m", "session_duration": "1h"})
    status, created, _ = await t.public(
        "POST", "/v1/auth/sign-up", json={"email": "ttl@example.com", "password": "correct horse battery staple 42"}
    )
    claims = _claims(created["session"]["access_token"])
    assert claims["exp"] - claims["iat"] == 300
    from datetime import datetime

    exp = datetime.fromisoformat(created["session"]["refresh_token_expires_at"].replace("Z", "+00:00"))
    assert abs(exp.timestamp() - claims["iat"] - 3600) < 5


async def test_a_revocation_committing_during_a_refresh_wins(api: Api, app, tenant, sign_up, database_dsn: str) -> None:
    # The refresh reads the token while the revocation is still uncommitted, then its rotation
    # waits on the session's row lock; once the revocation commits, nothing may be rotated.
    created = await sign_up()
    sid, token = created["session"]["id"], created["session"]["refresh_token"]
    conn = await asyncpg.connect(database_dsn)  # not from the app's pool, which may be small
    try:
        tx = conn.transaction()
        await tx.start()
        await conn.execute(
            "UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE tenant_id = $1 AND id = $2",
            tenant.id,
            sid,
        )
        pending = asyncio.create_task(_refresh(tenant, token))
        await wait_for_lock_waiter(conn)
        await tx.commit()
    finally:
        await conn.close()
    status, body, _ = await pending
    assert status == 401
    assert_error(body, "invalid_token")
    count = await state(app).pool.fetchval(
        "SELECT count(*) FROM refresh_tokens WHERE tenant_id = $1 AND session_id = $2", tenant.id, sid
    )
    assert count == 1  # no new token was issued
