"""TOTP end to end through HTTP: enrollment (secret, otpauth URI, a real PNG QR code), confirm,
the 403 mfa_required sign-in completed by /v1/auth/mfa/verify and by /v1/mfa/verify, replays,
wrong codes, events and audit entries."""

from __future__ import annotations

import base64
import io
import time
from urllib.parse import parse_qs, unquote, urlsplit

import png
import pyotp

from tests.support.api import assert_error
from tests.support.mfa import (
    audit_actions,
    challenge_of,
    claims,
    enroll_totp,
    make_tenant_for_mfa,
    mfa_enabled,
    new_user,
    sign_in,
    totp_code,
    wait_for_fresh_step,
)
from tests.support.records import events


async def test_enrollment_returns_secret_uri_and_png_qr_code(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "totp", "name": "Phone"}
    )
    assert status == 201, body
    assert body["factor_id"].startswith("fac_") and body["type"] == "totp" and body["status"] == "pending"
    secret, uri, qr = body["totp"]["secret"], body["totp"]["uri"], body["totp"]["qr_code"]
    assert len(base64.b32decode(secret)) == 20  # 160 bits
    parts = urlsplit(uri)
    assert parts.scheme == "otpauth" and parts.netloc == "totp"
    assert unquote(parts.path) == f"/{tenant.created['name']}:{user['email']}"
    assert parse_qs(parts.query) == {"secret": [secret], "issuer": [tenant.created["name"]]}
    assert qr.startswith("data:image/png;base64,")
    width, height, rows, info = png.Reader(file=io.BytesIO(base64.b64decode(qr.split(",", 1)[1]))).read()
    assert width == height and width > 100 and len(list(rows)) == height
    # pending: listed, but MFA is not on yet and sign-in needs no second factor
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert status == 200 and listed["total"] == 1
    assert listed["data"][0]["status"] == "pending" and listed["data"][0]["name"] == "Phone"
    assert not await mfa_enabled(app, tenant.id, user["id"])
    status, _ = await sign_in(tenant, user["email"])
    assert status == 200
    # the secret is stored encrypted, never in clear
    from identity.state import state

    stored = await state(app).pool.fetchval(
        "SELECT totp_secret FROM mfa_factors WHERE tenant_id = $1 AND id = $2", tenant.id, body["factor_id"]
    )
    assert stored.startswith("v1:") and secret not in stored


async def test_confirm_activates_and_wrong_codes_are_refused(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "totp"})
    factor_id, secret = body["factor_id"], body["totp"]["secret"]
    path = f"/v1/users/{user['id']}/mfa/factors/{factor_id}/confirm"
    wrong = f"{(int(totp_code(secret)) + 1) % 1_000_000:06d}"
    status, err, _ = await tenant.secret("POST", path, json={"code": wrong})
    assert status == 401
    assert_error(err, "invalid_code", 401)
    status, err, _ = await tenant.secret("POST", path, json={"code": totp_code(secret, -3)})  # too old
    assert status == 401
    status, factor, _ = await tenant.secret("POST", path, json={"code": totp_code(secret)})
    assert status == 200, factor
    assert factor["id"] == factor_id and factor["status"] == "active" and factor["activated_at"]
    assert await mfa_enabled(app, tenant.id, user["id"])
    status, err, _ = await tenant.secret("POST", path, json={"code": totp_code(secret)})
    assert status == 409
    assert_error(err, "mfa_factor_not_pending")
    # the code used to confirm is spent: it cannot sign in (a code is accepted at most once) ...
    challenge = await challenge_of(tenant, user["email"])
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 401
    assert_error(err, "invalid_code")
    assert "already used" in err["error"]["message"]
    # ... the next step's code can (one step of clock tolerance)
    status, me, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret, 1), "factor_type": "totp"},
    )
    assert status == 200, me
    assert me["user"]["mfa_enabled"] is True


async def test_sign_in_answers_mfa_required_then_auth_mfa_verify_signs_in(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    factor_id, secret = await enroll_totp(tenant, user["id"])
    status, body = await sign_in(tenant, user["email"])
    assert status == 403
    assert_error(body, "mfa_required", 403)
    challenge = body["error"]["mfa_challenge"]
    assert challenge["challenge_id"].startswith("mfc_")
    assert challenge["factor_type"] == "totp" and challenge["factor_id"] == factor_id
    assert challenge["expires_at"].endswith("Z")
    assert [f["id"] for f in challenge["factors"]] == [factor_id]
    sessions_before = len(await events(app, tenant.id, "session.created"))

    # a wrong code: 401 invalid_code, nothing signed in
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": "000000", "factor_type": "totp"},
    )
    assert status == 401
    assert_error(err, "invalid_code", 401)
    assert len(await events(app, tenant.id, "session.created")) == sessions_before

    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 200, done
    assert done["user"]["id"] == user["id"] and "private_metadata" not in done["user"]
    session = done["session"]
    assert set(session) == {
        "id",
        "access_token",
        "refresh_token",
        "access_token_expires_at",
        "refresh_token_expires_at",
    }
    token_claims = claims(session["access_token"])
    assert token_claims["mfa_verified"] is True and token_claims["sub"] == user["id"]
    assert token_claims["sid"] == session["id"]
    # the session record and /v1/sessions/verify agree
    status, verified, _ = await tenant.secret("POST", "/v1/sessions/verify", json={"token": session["access_token"]})
    assert status == 200 and verified["valid"] is True and verified["mfa_verified"] is True
    # a refreshed token keeps mfa_verified
    status, pair, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": session["refresh_token"]}
    )
    assert status == 200 and claims(pair["access_token"])["mfa_verified"] is True
    # the challenge is spent
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret, 1), "factor_type": "totp"},
    )
    assert status == 401
    assert_error(err, "invalid_token")
    # mfa.verified names the factor and the session
    [verified_event] = await events(app, tenant.id, "mfa.verified")
    assert verified_event["user_id"] == user["id"] and verified_event["factor_id"] == factor_id
    assert verified_event["type"] == "totp" and verified_event["session_id"] == session["id"]
    assert verified_event["challenge_id"] == challenge["challenge_id"]


async def test_totp_code_is_accepted_once(make_tenant) -> None:
    """A code is refused a second time, even on a new sign-in, and so is an older step's code
    once a newer one was used; one step of clock tolerance either way."""
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step(8)
    _, secret = await enroll_totp(tenant, user["id"], confirm_steps=-1)
    first = await challenge_of(tenant, user["email"])
    status, _, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": first["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 200
    second = await challenge_of(tenant, user["email"])
    for replay in (totp_code(secret), totp_code(secret, -1)):
        status, err, _ = await tenant.public(
            "POST",
            "/v1/auth/mfa/verify",
            json={"challenge_id": second["challenge_id"], "code": replay, "factor_type": "totp"},
        )
        assert status == 401
        assert_error(err, "invalid_code")
    # the next step's code (a clock one step ahead) is accepted
    status, body, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": second["challenge_id"], "factor_id": second["factor_id"], "code": totp_code(secret, 1)},
    )
    assert status == 200, body


async def test_v1_mfa_challenge_and_verify_return_tokens(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    factor_id, secret = await enroll_totp(tenant, user["id"])
    first = await challenge_of(tenant, user["email"])
    status, challenge, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"factor_id": factor_id, "challenge_id": first["challenge_id"]}
    )
    assert status == 200, challenge
    assert challenge["challenge_id"] == first["challenge_id"] and challenge["factor_type"] == "totp"
    assert challenge["expires_at"] == first["expires_at"] and challenge["factor_id"] == factor_id
    started = time.time()
    status, body, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id, "code": totp_code(secret)},
    )
    assert status == 200, body
    assert set(body) == {"access_token", "refresh_token", "expires_in"}
    assert body["refresh_token"].startswith("rft_")
    assert 3590 <= body["expires_in"] <= 3600
    token_claims = claims(body["access_token"])
    assert token_claims["mfa_verified"] is True and token_claims["sub"] == user["id"]
    assert abs(token_claims["exp"] - (started + body["expires_in"])) < 5
    status, me, _ = await tenant.public("GET", "/v1/auth/me", token=body["access_token"])
    assert status == 200 and me["id"] == user["id"] and me["mfa_enabled"] is True
    # unknown factor and unknown challenge
    second = await challenge_of(tenant, user["email"])
    status, err, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"factor_id": "fac_nope", "challenge_id": second["challenge_id"]}
    )
    assert status == 404
    assert_error(err, "mfa_factor_not_found")
    status, err, _ = await tenant.public(
        "POST", "/v1/mfa/verify", json={"challenge_id": "mfc_nope", "factor_id": factor_id, "code": "123456"}
    )
    assert status == 401
    assert_error(err, "invalid_token")
    # secret keys are not for these endpoints; publishable keys are not for factor management
    status, err, _ = await tenant.secret(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": second["challenge_id"], "factor_id": factor_id, "code": "123456"},
    )
    assert status == 403
    status, err, _ = await tenant.public("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert status == 403


async def test_challenge_allows_five_wrong_codes(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    for left in (4, 3, 2, 1, 0):
        status, err, _ = await tenant.public(
            "POST",
            "/v1/auth/mfa/verify",
            json={"challenge_id": challenge["challenge_id"], "code": "000000", "factor_type": "totp"},
        )
        assert status == 401
        assert_error(err, "invalid_code")
        assert (f"{left} attempts left" if left else "sign in again") in err["error"]["message"]
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 401
    assert_error(err, "invalid_token")
    # a new sign-in gets a new challenge
    fresh = await challenge_of(tenant, user["email"])
    status, _, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": fresh["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 200


async def test_expired_challenge_and_other_tenants(make_tenant, app) -> None:
    from identity.state import state

    tenant = await make_tenant_for_mfa(make_tenant)
    other = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    factor_id, secret = await enroll_totp(tenant, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    # another tenant sees neither the challenge nor the factors
    status, err, _ = await other.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 401
    assert_error(err, "invalid_token")
    status, err, _ = await other.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert status == 404
    assert_error(err, "user_not_found")
    status, err, _ = await other.secret("DELETE", f"/v1/users/{user['id']}/mfa/factors/{factor_id}")
    assert status == 404
    await state(app).pool.execute(
        "UPDATE mfa_challenges SET expires_at = now() - interval '1 second' WHERE id = $1", challenge["challenge_id"]
    )
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 401
    assert_error(err, "token_expired")


async def test_enrollment_events_and_audit_entries(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    factor_id, _ = await enroll_totp(tenant, user["id"])
    [enrolled] = await events(app, tenant.id, "mfa.enrolled")
    assert enrolled["id"] == factor_id and enrolled["user_id"] == user["id"] and enrolled["type"] == "totp"
    status, _, _ = await tenant.secret("DELETE", f"/v1/users/{user['id']}/mfa/factors/{factor_id}")
    assert status == 204
    [removed] = await events(app, tenant.id, "mfa.removed")
    assert removed["id"] == factor_id and removed["type"] == "totp"
    assert not await mfa_enabled(app, tenant.id, user["id"])
    entries = await audit_actions(app, tenant.id)
    assert [e["action"] for e in entries] == ["mfa.factor.created", "mfa.factor.activated", "mfa.factor.removed"]
    assert all(e["resource_id"] == factor_id for e in entries)
    assert entries[0]["actor"]["type"] == "api_key" and entries[0]["metadata"]["user_id"] == user["id"]
    # no factor left: sign-in is back to one step
    status, _ = await sign_in(tenant, user["email"])
    assert status == 200


async def test_pyotp_compatible_with_authenticator_apps() -> None:
    """The URI is what Google Authenticator, 1Password, Authy read: SHA1, 6 digits, 30 s."""
    from identity.mfa import totp

    secret = totp.new_secret()
    parsed = pyotp.parse_uri(totp.uri(secret, "ada@example.com", "Acme"))
    assert parsed.secret == secret and parsed.digits == 6 and parsed.interval == 30
    now = time.time()
    step = totp.matching_step(secret, parsed.at(now), now)
    assert step == int(now // 30)
    assert totp.matching_step(secret, parsed.at(now - 60), now) is None
