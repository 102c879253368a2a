"""SMS and email one-time codes through HTTP: enrollment (E.164, masked numbers), confirm with
the code sent, sign-in challenges that send a code, resends, expiry and attempt limits."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import asyncpg
import pytest

from identity.state import state
from tests.support.api import assert_error
from tests.support.mfa import (
    challenge_of,
    claims,
    last_email_code,
    last_sms_code,
    make_tenant_for_mfa,
    mfa_enabled,
    new_user,
    outbox_messages,
)
from tests.support.records import events

PHONE = "+14155552671"


@pytest.fixture(autouse=True)
async def drop_unsent_messages(database_dsn: str) -> AsyncIterator[None]:
    """No worker runs here, so the codes these tests queue stay queued in the shared database;
    a later file's worker would send them to its own gateway. Delete them once the test ends."""
    conn = await asyncpg.connect(database_dsn)
    try:
        before = await conn.fetchval("SELECT now()")
        yield
        await conn.execute("DELETE FROM outbox WHERE status = 'queued' AND created_at >= $1", before)
    finally:
        await conn.close()


async def enroll_sms(tenant, app, user_id: str, phone: str = PHONE) -> str:
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user_id}/mfa/factors", json={"type": "sms", "phone_number": phone}
    )
    assert status == 201, body
    code = await last_sms_code(app, tenant.id, phone)
    status, factor, _ = await tenant.secret(
        "POST", f"/v1/users/{user_id}/mfa/factors/{body['factor_id']}/confirm", json={"code": code}
    )
    assert status == 200, factor
    return body["factor_id"]


async def test_sms_enrollment_validates_and_masks_the_number(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    path = f"/v1/users/{user['id']}/mfa/factors"
    for bad in (
        {"type": "sms"},
        {"type": "sms", "phone_number": "4155552671"},
        {"type": "sms", "phone_number": "+0123456789"},
        {"type": "sms", "phone_number": "+1 415 CALL ME"},
        {"type": "totp", "phone_number": PHONE},
        {"type": "backup_codes"},
        {"type": "voice"},
    ):
        status, err, _ = await tenant.secret("POST", path, json=bad)
        assert status == 422, (bad, err)
        assert_error(err, "validation_error")
    status, body, _ = await tenant.secret("POST", path, json={"type": "sms", "phone_number": "+1 (415) 555-2671"})
    assert status == 201, body
    assert body == {
        "factor_id": body["factor_id"],
        "type": "sms",
        "status": "pending",
        "name": "Text message",
        "phone_number": "+*******2671",
    }
    [text] = await outbox_messages(app, tenant.id, "sms")
    assert text["to"] == PHONE  # the sealed part holds the real number
    code = text["body"].split()[0]
    assert re.fullmatch(r"\d{6}", code) and tenant.created["name"] in text["body"]
    # the outbox row shows only the masked number; the message is sealed
    row = await state(app).pool.fetchrow("SELECT payload FROM outbox WHERE id = $1", text["id"])
    assert row["payload"]["to"] == "+*******2671" and code not in str(row["payload"])
    status, listed, _ = await tenant.secret("GET", path)
    assert listed["data"][0]["phone_number"] == "+*******2671"
    assert PHONE not in str(listed)
    status, factor, _ = await tenant.secret("POST", f"{path}/{body['factor_id']}/confirm", json={"code": code})
    assert status == 200 and factor["status"] == "active" and factor["phone_number"] == "+*******2671"
    assert await mfa_enabled(app, tenant.id, user["id"])


async def test_enrollment_code_has_limited_attempts(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "email_otp"})
    assert status == 201 and body["email"].endswith("@example.com") and "*" in body["email"]
    code = await last_email_code(app, tenant.id, user["email"])
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    confirm = f"/v1/users/{user['id']}/mfa/factors/{body['factor_id']}/confirm"
    for _ in range(5):
        status, err, _ = await tenant.secret("POST", confirm, json={"code": wrong})
        assert status == 401
        assert_error(err, "invalid_code")
    status, err, _ = await tenant.secret("POST", confirm, json={"code": code})
    assert status == 401 and "Too many" in err["error"]["message"]
    # enrolling again replaces the pending factor and sends a new code
    status, again, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "email_otp"})
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert [f["id"] for f in listed["data"]] == [again["factor_id"]]
    new_code = await last_email_code(app, tenant.id, user["email"])
    status, factor, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors/{again['factor_id']}/confirm", json={"code": new_code}
    )
    assert status == 200 and factor["status"] == "active"
    # an expired enrollment code is refused
    status, third, _ = await tenant.secret(
        "POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "sms", "phone_number": PHONE}
    )
    await state(app).pool.execute(
        "UPDATE mfa_factors SET enroll_expires_at = now() - interval '1 second' WHERE id = $1", third["factor_id"]
    )
    status, err, _ = await tenant.secret(
        "POST",
        f"/v1/users/{user['id']}/mfa/factors/{third['factor_id']}/confirm",
        json={"code": await last_sms_code(app, tenant.id, PHONE)},
    )
    assert status == 401 and "expired" in err["error"]["message"]


async def test_sms_sign_in_sends_a_code_and_verifies(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    factor_id = await enroll_sms(tenant, app, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "sms" and challenge["factor_id"] == factor_id
    assert challenge["sent_to"] == "+*******2671"
    assert challenge["factors"] == [
        {"id": factor_id, "type": "sms", "name": "Text message", "phone_number": "+*******2671"}
    ]
    code = await last_sms_code(app, tenant.id, PHONE)
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": code, "factor_type": "sms"},
    )
    assert status == 200, done
    assert claims(done["session"]["access_token"])["mfa_verified"] is True
    [verified] = await events(app, tenant.id, "mfa.verified")
    assert verified["factor_id"] == factor_id and verified["type"] == "sms"
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert listed["data"][0]["last_used_at"] is not None


async def test_resend_keeps_recent_codes_valid_and_is_capped(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    factor_id = await enroll_sms(tenant, app, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    first = await last_sms_code(app, tenant.id, PHONE)
    status, again, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id}
    )
    assert status == 200 and again["sent_to"] == "+*******2671"
    second = await last_sms_code(app, tenant.id, PHONE)
    for _ in range(3):  # 5 codes in all for one sign-in
        status, _, _ = await tenant.public(
            "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"]}
        )
        assert status == 200
    status, err, resp = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id}
    )
    assert status == 429
    assert_error(err, "rate_limit_exceeded")
    assert resp.headers["Retry-After"]
    texts = await outbox_messages(app, tenant.id, "sms")
    assert len(texts) == 1 + 5  # enrollment + five sign-in codes
    # the first code is no longer among the three newest; the second is not either
    status, err, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id, "code": first},
    )
    assert status == 401
    assert_error(err, "invalid_code")
    newest = await last_sms_code(app, tenant.id, PHONE)
    status, body, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id, "code": newest},
    )
    assert status == 200, body
    assert second  # (read above, before it was superseded)


async def test_code_from_a_resend_and_the_one_before_both_work(make_tenant, app) -> None:
    """A message already on its way stays good after a resend (the 3 newest codes are)."""
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    factor_id = await enroll_sms(tenant, app, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    first = await last_sms_code(app, tenant.id, PHONE)
    await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id}
    )
    status, body, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id, "code": first},
    )
    assert status == 200, body


async def test_expired_otp_is_refused(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    factor_id = await enroll_sms(tenant, app, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    code = await last_sms_code(app, tenant.id, PHONE)
    await state(app).pool.execute(
        """UPDATE mfa_challenges SET codes = (SELECT jsonb_agg(c || '{"expires_at": "2000-01-01T00:00:00+00:00"}')
                                              FROM jsonb_array_elements(codes) c) WHERE id = $1""",
        challenge["challenge_id"],
    )
    status, err, _ = await tenant.public(
        "POST", "/v1/mfa/verify", json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id, "code": code}
    )
    assert status == 401
    assert_error(err, "invalid_code")
    assert "expired" in err["error"]["message"]


async def test_switching_factor_sends_an_email_code(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    sms_id = await enroll_sms(tenant, app, user["id"])
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/factors", json={"type": "email_otp"})
    email_id = body["factor_id"]
    await tenant.secret(
        "POST",
        f"/v1/users/{user['id']}/mfa/factors/{email_id}/confirm",
        json={"code": await last_email_code(app, tenant.id, user["email"])},
    )
    challenge = await challenge_of(tenant, user["email"])
    assert {f["id"] for f in challenge["factors"]} == {sms_id, email_id}
    status, switched, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"], "factor_id": email_id}
    )
    assert status == 200 and switched["factor_type"] == "email_otp" and switched["factor_id"] == email_id
    mails = [m for m in await outbox_messages(app, tenant.id, "email") if m["template"] == "mfa_otp"]
    assert mails[-1]["to"] == user["email"] and mails[-1]["variables"]["expires_in"] == "10 minutes"
    code = mails[-1]["variables"]["code"]
    # the email code does not pass as an SMS code
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": code, "factor_type": "sms"},
    )
    assert status == 401
    assert_error(err, "invalid_code")
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": code, "factor_type": "email_otp"},
    )
    assert status == 200, done


@pytest.mark.parametrize("typed", ["{code}", "{a} {b}", "{a}-{b}"])
async def test_codes_may_be_typed_with_a_separator(make_tenant, app, typed) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    await enroll_sms(tenant, app, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    code = await last_sms_code(app, tenant.id, PHONE)
    status, body, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={
            "challenge_id": challenge["challenge_id"],
            "factor_type": "sms",
            "code": typed.format(code=code, a=code[:3], b=code[3:]),
        },
    )
    assert status == 200, body
