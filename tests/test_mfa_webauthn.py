"""WebAuthn end to end with a software authenticator (tests/mfa_support.SoftAuthenticator): a
real registration (none attestation, COSE P-256 key) verified by confirm, and real assertions
verified at sign-in, sign count included; RP id and origins from allowed_origins."""

from __future__ import annotations

import json

from tests.support.api import assert_error
from tests.support.mfa import (
    ORIGIN,
    SoftAuthenticator,
    challenge_of,
    claims,
    make_tenant_for_mfa,
    mfa_enabled,
    new_user,
    sign_in,
)
from tests.support.records import events


async def enroll_passkey(tenant, user_id: str, authenticator: SoftAuthenticator, *, as_text: bool = True):
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user_id}/mfa/factors", json={"type": "webauthn", "name": "MacBook"}
    )
    assert status == 201, body
    credential = authenticator.create(body["webauthn"]["options"])
    status, factor, _ = await tenant.secret(
        "POST",
        f"/v1/users/{user_id}/mfa/factors/{body['factor_id']}/confirm",
        json={"code": json.dumps(credential) if as_text else credential},
    )
    assert status == 200, factor
    return body, factor


async def test_registration_options_and_real_registration(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN, "https://admin.example.com"])
    user = await new_user(tenant)
    authenticator = SoftAuthenticator()
    body, factor = await enroll_passkey(tenant, user["id"], authenticator)
    options = body["webauthn"]["options"]
    assert body["type"] == "webauthn" and body["status"] == "pending"
    assert options["rp"] == {"id": "app.example.com", "name": tenant.created["name"]}
    assert options["user"]["name"] == user["email"] and options["user"]["displayName"] == "Ada Lovelace"
    assert options["attestation"] == "none" and {"type": "public-key", "alg": -7} in options["pubKeyCredParams"]
    assert len(options["challenge"]) >= 43 and options["excludeCredentials"] == []
    assert factor["status"] == "active" and factor["type"] == "webauthn" and factor["name"] == "MacBook"
    assert factor["webauthn"]["rp_id"] == "app.example.com"
    assert factor["webauthn"]["aaguid"] == "00112233-4455-6677-8899-aabbccddeeff"
    assert factor["webauthn"]["transports"] == ["internal"]
    assert await mfa_enabled(app, tenant.id, user["id"])
    [enrolled] = await events(app, tenant.id, "mfa.enrolled")
    assert enrolled["type"] == "webauthn"
    # a second passkey excludes the first one in its options
    status, second, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "webauthn"})
    excluded = second["webauthn"]["options"]["excludeCredentials"]
    assert [c["id"] for c in excluded] == [factor["webauthn"]["credential_id"]]


async def test_bad_registrations_are_refused(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(tenant)
    authenticator = SoftAuthenticator()
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "webauthn"})
    options = body["webauthn"]["options"]
    confirm = f"/v1/users/{user['id']}/mfa/factors/{body['factor_id']}/confirm"
    cases = [
        authenticator.create(options, origin="https://evil.example.net"),  # wrong origin
        authenticator.create(options, rp_id="evil.example.net"),  # wrong RP id hash
        authenticator.create({**options, "challenge": "AAAAAAAAAAAAAAAAAAAAAA"}),  # wrong challenge
        "not json",
        {"id": "x"},
    ]
    for credential in cases:
        status, err, _ = await tenant.secret("POST", confirm, json={"code": credential})
        assert status == 401, err
        assert_error(err, "invalid_code")
    status, factor, _ = await tenant.secret("POST", confirm, json={"code": authenticator.create(options)})
    assert status == 200 and factor["status"] == "active"


async def test_enrollment_needs_an_allowed_origin(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[])
    user = await new_user(tenant)
    status, err, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "webauthn"})
    assert status == 409
    assert_error(err, "webauthn_not_configured")
    assert "allowed_origins" in err["error"]["message"]
    star = await make_tenant_for_mfa(make_tenant, allowed_origins=["*"])
    other = await new_user(star)
    status, err, _ = await star.secret("POST", f"/v1/users/{other['id']}/mfa/factors", json={"type": "webauthn"})
    assert status == 409


async def test_sign_in_with_a_passkey_checks_the_assertion_and_sign_count(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(tenant)
    authenticator = SoftAuthenticator()
    _, factor = await enroll_passkey(tenant, user["id"], authenticator)

    # the 403 already carries the request options when the passkey is the factor asked for
    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "webauthn" and challenge["factor_id"] == factor["id"]
    options = challenge["webauthn"]["options"]
    assert options["rpId"] == "app.example.com"
    assert [c["id"] for c in options["allowCredentials"]] == [factor["webauthn"]["credential_id"]]
    assertion = authenticator.get(options)
    status, tokens, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": factor["id"], "code": json.dumps(assertion)},
    )
    assert status == 200, tokens
    assert claims(tokens["access_token"])["mfa_verified"] is True
    [verified] = await events(app, tenant.id, "mfa.verified")
    assert verified["type"] == "webauthn" and verified["factor_id"] == factor["id"]

    # /v1/mfa/challenge gives fresh options; a cloned authenticator (sign count not above the
    # stored one) is refused, a replayed old assertion too, then the real one passes
    second = await challenge_of(tenant, user["email"])
    status, fresh, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": second["challenge_id"], "factor_id": factor["id"]}
    )
    assert status == 200 and fresh["webauthn"]["options"]["challenge"] != options["challenge"]
    opts = fresh["webauthn"]["options"]
    for bad in (
        authenticator.get(opts, count=1),
        assertion,
        authenticator.get(opts, origin="https://evil.example.net"),
    ):
        status, err, _ = await tenant.public(
            "POST",
            "/v1/mfa/verify",
            json={"challenge_id": second["challenge_id"], "factor_id": factor["id"], "code": bad},
        )
        assert status == 401, err
        assert_error(err, "invalid_code")
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": second["challenge_id"], "factor_type": "webauthn", "code": authenticator.get(opts)},
    )
    assert status == 200, done
    assert claims(done["session"]["access_token"])["mfa_verified"] is True
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert listed["data"][0]["last_used_at"] is not None


async def test_passkeys_of_another_user_are_refused(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    alice, mallory = await new_user(tenant), await new_user(tenant)
    alice_key, mallory_key = SoftAuthenticator(), SoftAuthenticator()
    await enroll_passkey(tenant, alice["id"], alice_key)
    _, mallory_factor = await enroll_passkey(tenant, mallory["id"], mallory_key)
    challenge = await challenge_of(tenant, alice["email"])
    opts = challenge["webauthn"]["options"]
    stolen = mallory_key.get(opts, credential_id=next(iter(mallory_key.credentials)))
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_type": "webauthn", "code": stolen},
    )
    assert status == 401
    assert_error(err, "invalid_code")
    status, err, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": mallory_factor["id"], "code": stolen},
    )
    assert status == 404
    assert_error(err, "mfa_factor_not_found")


async def test_subdomain_origins_share_the_rp_id_of_the_first_origin(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(
        make_tenant, allowed_origins=["https://example.com", "https://app.example.com", "https://other.org"]
    )
    user = await new_user(tenant)
    authenticator = SoftAuthenticator(origin="https://app.example.com")
    body, factor = await enroll_passkey(tenant, user["id"], authenticator)
    assert body["webauthn"]["options"]["rp"]["id"] == "example.com"
    challenge = await challenge_of(tenant, user["email"])
    opts = challenge["webauthn"]["options"]
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={
            "challenge_id": challenge["challenge_id"],
            "factor_type": "webauthn",
            "code": authenticator.get(opts, origin="https://other.org"),
        },
    )
    assert status == 401  # listed, but not a subdomain of the RP id
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_type": "webauthn", "code": authenticator.get(opts)},
    )
    assert status == 200, done


async def test_removing_the_origin_does_not_skip_the_passkey(make_tenant, api) -> None:
    """MFA fails closed: without an origin for its RP id the passkey cannot be used, but the
    sign-in still asks for it (or for another factor the user has)."""
    from tests.support.api import MASTER_KEY

    tenant = await make_tenant_for_mfa(make_tenant, allowed_origins=[ORIGIN])
    user = await new_user(tenant)
    _, factor = await enroll_passkey(tenant, user["id"], SoftAuthenticator())
    status, _, _ = await api.call(
        "PATCH",
        f"/v1/tenants/{tenant.id}",
        token=MASTER_KEY,
        json={"auth_config": {"allowed_origins": ["https://elsewhere.example.org"]}},
    )
    assert status == 200
    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "webauthn" and "webauthn" not in challenge
    status, err, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"], "factor_id": factor["id"]}
    )
    assert status == 409
    assert_error(err, "webauthn_not_configured")
    # with backup codes as well, the codes are asked for instead
    status, generated, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "backup_codes"
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_type": "backup_code", "code": generated["codes"][0]},
    )
    assert status == 200, done
    status, body = await sign_in(tenant, user["email"])
    assert status == 403, body
