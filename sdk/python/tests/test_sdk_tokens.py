"""The local verifier against the real service's tokens and keys, and the hostile cases: another
tenant's token, an unknown key, alg none / HS256 / RS256, expired, forged claims, a revoked session
with revocation checking on; and no call to the service per token in the steady state."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import json
import time

import jwt
import pytest
from conftest import log_count, new_tenant, quiet, sign_up
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from identity_sdk import IdentityClient, TokenError, TokenVerifier, verify_session_token

from identity.crypto import SecretBox
from identity.db.pool import create_pool
from identity.sessions.signing import SigningKeys

JWKS_ROUTE = "/.well-known/jwks.json"
VERIFY_ROUTE = "/v1/sessions/verify"


@pytest.fixture
async def service_keys(service, database_dsn):
    """The service's own signing keys (as the service loads them), to sign tokens it would not issue."""
    pool = await create_pool(database_dsn, min_size=1, max_size=1)
    try:
        keys = SigningKeys(SecretBox.from_text("test-secret-key"), service.url)
        await keys.load(pool)
    finally:
        await pool.close()
    return keys


def _claims_of(token: str) -> dict:
    return jwt.decode(token, options={"verify_signature": False})


def _b64(data: dict) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


async def test_valid_token_verifies_locally_with_no_call_in_the_steady_state(service, tenant) -> None:
    users = [sign_up(service, tenant) for _ in range(3)]
    verifier = TokenVerifier(service.url, tenant.id)
    auth = await verifier.averify(users[0].access_token)
    assert (auth.user_id, auth.session_id, auth.tenant_id) == (users[0].user_id, users[0].session_id, tenant.id)
    assert auth.role == "member" and auth.org_id is None and auth.expires_at > time.time()
    quiet(service)
    before = (log_count(service, JWKS_ROUTE), log_count(service, VERIFY_ROUTE))
    for _ in range(20):
        for user in users:
            assert (await verifier.averify(user.access_token)).user_id == user.user_id
            assert verifier.verify(user.access_token).session_id == user.session_id
    quiet(service)
    assert (log_count(service, JWKS_ROUTE), log_count(service, VERIFY_ROUTE)) == before
    assert verifier.keys.fetches == 1


async def test_one_off_helper(service, tenant) -> None:
    user = sign_up(service, tenant)
    auth = await verify_session_token(user.access_token, base_url=service.url, tenant_id=tenant.id)
    assert auth.user_id == user.user_id
    quiet(service)
    before = log_count(service, JWKS_ROUTE)
    for _ in range(5):  # the verifier, and its key set, are kept between calls
        await verify_session_token(user.access_token, base_url=service.url, tenant_id=tenant.id)
    quiet(service)
    assert log_count(service, JWKS_ROUTE) == before


async def test_another_tenants_token_is_refused(service, tenant) -> None:
    theirs = sign_up(service, new_tenant(service))
    with pytest.raises(TokenError) as refused:
        await TokenVerifier(service.url, tenant.id).averify(theirs.access_token)
    assert refused.value.code == "invalid_audience"


async def test_unknown_key_is_refused_and_refetches_are_rate_limited(service, tenant) -> None:
    user = sign_up(service, tenant)
    verifier = TokenVerifier(service.url, tenant.id, min_jwks_refresh_interval=60)
    await verifier.averify(user.access_token)
    stranger = ec.generate_private_key(ec.SECP256R1())
    forged = jwt.encode(_claims_of(user.access_token), stranger, algorithm="ES256", headers={"kid": "kid_unknown"})
    for _ in range(5):
        with pytest.raises(TokenError) as refused:
            await verifier.averify(forged)
        assert refused.value.code == "unknown_key"
    assert verifier.keys.fetches == 2  # one refetch for the unknown kid, then none within the interval
    # A known kid on a token signed by another key: the signature fails.
    kid = jwt.get_unverified_header(user.access_token)["kid"]
    impostor = jwt.encode(_claims_of(user.access_token), stranger, algorithm="ES256", headers={"kid": kid})
    with pytest.raises(TokenError) as bad:
        verifier.verify(impostor)
    assert bad.value.code == "invalid_signature"


async def test_algorithm_is_pinned(service, tenant) -> None:
    user = sign_up(service, tenant)
    verifier = TokenVerifier(service.url, tenant.id)
    claims = _claims_of(user.access_token)
    kid = jwt.get_unverified_header(user.access_token)["kid"]
    unsigned = f"{_b64({'alg': 'none', 'typ': 'JWT', 'kid': kid})}.{_b64(claims)}."
    jwks = service.http.get(service.url + JWKS_ROUTE, timeout=5).json()
    public_pem = jwt.PyJWK(next(k for k in jwks["keys"] if k["kid"] == kid)).key.public_bytes(
        encoding=Encoding.PEM, format=PublicFormat.SubjectPublicKeyInfo
    )
    # HS256 keyed with the public key: the classic confusion attack.
    header = _b64({"alg": "HS256", "typ": "JWT", "kid": kid})
    body = _b64(claims)
    mac = hmac.new(public_pem, f"{header}.{body}".encode(), hashlib.sha256).digest()
    hs256 = f"{header}.{body}.{base64.urlsafe_b64encode(mac).rstrip(b'=').decode()}"
    rsa_kid = next(k["kid"] for k in jwks["keys"] if k["kty"] == "RSA")
    rs256 = jwt.encode(
        claims,
        rsa.generate_private_key(public_exponent=65537, key_size=2048),
        algorithm="RS256",
        headers={"kid": rsa_kid},
    )
    for token in (unsigned, hs256, rs256):
        with pytest.raises(TokenError) as refused:
            await verifier.averify(token)
        assert refused.value.code == "unsupported_algorithm", token
    for junk in ("", "not.a.jwt", "a.b"):
        with pytest.raises(TokenError) as malformed:
            verifier.verify(junk)
        assert malformed.value.code == "malformed"


async def test_expired_and_forged_claims_signed_by_the_service_key(service, tenant, service_keys) -> None:
    user = sign_up(service, tenant)
    verifier = TokenVerifier(service.url, tenant.id, leeway=5)
    claims = _claims_of(user.access_token)
    now = int(time.time())
    cases = {
        "expired": {**claims, "iat": now - 120, "exp": now - 60},
        "not_yet_valid": {**claims, "nbf": now + 120},
        "invalid_issuer": {**claims, "iss": "https://elsewhere.example.com"},
        "invalid_audience": {**claims, "tid": "tnt_someone_else"},
        "missing_claim": {k: v for k, v in claims.items() if k != "sid"},
    }
    for code, forged in cases.items():
        with pytest.raises(TokenError) as refused:
            await verifier.averify(service_keys.sign(forged))
        assert refused.value.code == code, code
    # Within the leeway an expired token still passes (clock skew).
    assert verifier.verify(service_keys.sign({**claims, "exp": now - 2})).user_id == user.user_id


async def test_revoked_session_with_revocation_checking_through_the_api(service, tenant) -> None:
    user = sign_up(service, tenant)
    plain = TokenVerifier(service.url, tenant.id)
    checked = TokenVerifier(service.url, tenant.id, revocation="api", secret_key=tenant.secret_key, api_cache_ttl=3.0)
    assert (await checked.averify(user.access_token)).session_id == user.session_id
    quiet(service)
    before = log_count(service, VERIFY_ROUTE)
    for _ in range(5):  # answered from the short cache
        await checked.averify(user.access_token)
    quiet(service)
    assert log_count(service, VERIFY_ROUTE) == before
    async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        await backend.revoke_session(user.session_id)
    await asyncio.sleep(3.1)  # the cached "valid" answer expires
    with pytest.raises(TokenError) as refused:
        await checked.averify(user.access_token)
    assert refused.value.code == "invalid_token"
    with pytest.raises(TokenError):
        checked.verify(user.access_token)
    # Without revocation checking the signature alone still passes until exp (documented).
    assert (await plain.averify(user.access_token)).session_id == user.session_id


def test_verifier_needs_a_tenant_and_a_secret_key_for_revocation(service) -> None:
    with pytest.raises(ValueError):
        TokenVerifier(service.url, "")
    with pytest.raises(ValueError):
        TokenVerifier(service.url, "tnt_x", revocation="api")
