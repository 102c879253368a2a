"""A signed-in user's own factors through /v1/me/mfa/... (the user's access token): list, enroll
and confirm each kind, backup codes, removal needing a recent sign-in, and the tenant's rules
(last factor while MFA is required) holding exactly as on the secret-key endpoints."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import msgspec
import pytest

from identity.http.errors import ApiError
from identity.mfa import challenges, service
from identity.principals import Tenant
from identity.state import state
from tests.support.api import assert_error
from tests.support.mfa import (
    audit_actions,
    challenge_of,
    last_email_code,
    last_sms_code,
    make_tenant_for_mfa,
    mfa_enabled,
    new_email,
    outbox_messages,
    sign_in,
    totp_code,
    wait_for_fresh_step,
)
from tests.support.users import STRONG_PASSWORD

PHONE = "+14155552671"


@pytest.fixture(autouse=True)
async def drop_unsent_messages(database_dsn: str) -> AsyncIterator[None]:
    """No worker runs here: delete the codes these tests queue once the test ends (see
    tests/test_mfa_otp.py)."""
    conn = await asyncpg.connect(database_dsn)
    try:
        before = await conn.fetchval("SELECT now()")
        yield
        await conn.execute("DELETE FROM outbox WHERE status = 'queued' AND created_at >= $1", before)
    finally:
        await conn.close()


async def signed_up(tenant) -> tuple[dict, str]:
    """A new user and the access token of their sign-up session."""
    email = new_email()
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD, "name": "Ada"}
    )
    assert status == 201, body
    return body["user"], body["session"]["access_token"]


async def me(tenant, token: str, method: str, path: str, **kwargs):
    return await tenant.api.call(method, path, token=token, tenant=tenant.id, **kwargs)


async def age_sessions(app, tenant_id: str, user_id: str, minutes: int) -> None:
    """Make the user's sessions look signed in `minutes` ago."""
    await state(app).pool.execute(
        "UPDATE sessions SET created_at = now() - make_interval(mins => $3) WHERE tenant_id = $1 AND user_id = $2",
        tenant_id,
        user_id,
        minutes,
    )


async def test_user_enrolls_and_confirms_each_kind_with_their_own_session(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user, token = await signed_up(tenant)
    status, body, _ = await me(tenant, token, "GET", "/v1/me/mfa/factors")
    assert status == 200 and body == {"data": [], "total": 0}
    # TOTP
    wait_for_fresh_step()
    status, totp, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "totp"})
    assert status == 201 and totp["totp"]["qr_code"].startswith("data:image/png;base64,"), totp
    status, factor, _ = await me(
        tenant, token, "POST", f"/v1/me/mfa/factors/{totp['factor_id']}/confirm", json={"code": "000000"}
    )
    assert status == 401
    assert_error(factor, "invalid_code")
    status, factor, _ = await me(
        tenant,
        token,
        "POST",
        f"/v1/me/mfa/factors/{totp['factor_id']}/confirm",
        json={"code": totp_code(totp["totp"]["secret"], -1)},
    )
    assert status == 200 and factor["status"] == "active" and factor["user_id"] == user["id"], factor
    # SMS
    status, sms, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "sms", "phone_number": PHONE})
    assert status == 201 and sms["phone_number"] == "+*******2671", sms
    code = await last_sms_code(app, tenant.id, PHONE)
    status, factor, _ = await me(
        tenant, token, "POST", f"/v1/me/mfa/factors/{sms['factor_id']}/confirm", json={"code": code}
    )
    assert status == 200 and factor["status"] == "active"
    # email code
    status, mail, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "email_otp"})
    assert status == 201, mail
    code = await last_email_code(app, tenant.id, user["email"])
    status, factor, _ = await me(
        tenant, token, "POST", f"/v1/me/mfa/factors/{mail['factor_id']}/confirm", json={"code": code}
    )
    assert status == 200 and factor["status"] == "active"
    # backup codes: the first set needs no recent sign-in
    await age_sessions(app, tenant.id, user["id"], 30)
    status, backup, _ = await me(tenant, token, "POST", "/v1/me/mfa/backup-codes/generate")
    assert status == 200 and len(backup["codes"]) == 8, backup
    status, listed, _ = await me(tenant, token, "GET", "/v1/me/mfa/factors")
    assert [f["type"] for f in listed["data"]] == ["totp", "sms", "email_otp", "backup_codes"]
    assert await mfa_enabled(app, tenant.id, user["id"])
    actions = [a["action"] for a in await audit_actions(app, tenant.id)]
    assert "mfa.factor.activated" in actions and "mfa.backup_codes.generated" in actions
    # the next sign-in is challenged
    await challenge_of(tenant, user["email"])


async def test_a_factor_of_another_user_is_not_found(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    _, token = await signed_up(tenant)
    other, other_token = await signed_up(tenant)
    status, enrolled, _ = await me(tenant, other_token, "POST", "/v1/me/mfa/factors", json={"type": "email_otp"})
    assert status == 201
    code = await last_email_code(app, tenant.id, other["email"])
    path = f"/v1/me/mfa/factors/{enrolled['factor_id']}"
    status, body, _ = await me(tenant, token, "POST", path + "/confirm", json={"code": code})
    assert status == 404
    assert_error(body, "mfa_factor_not_found")
    status, body, _ = await me(tenant, token, "DELETE", path)
    assert status == 404
    # the secret and publishable keys are not a user's session
    status, body, _ = await tenant.secret("GET", "/v1/me/mfa/factors")
    assert status in (401, 403)


async def test_removal_and_replacing_backup_codes_need_a_recent_sign_in(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user, token = await signed_up(tenant)
    status, enrolled, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "email_otp"})
    code = await last_email_code(app, tenant.id, user["email"])
    await me(tenant, token, "POST", f"/v1/me/mfa/factors/{enrolled['factor_id']}/confirm", json={"code": code})
    status, backup, _ = await me(tenant, token, "POST", "/v1/me/mfa/backup-codes/generate")
    assert status == 200
    # a pending factor goes at once, whatever the session's age
    status, pending, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "totp"})
    await age_sessions(app, tenant.id, user["id"], 11)
    status, body, _ = await me(tenant, token, "DELETE", f"/v1/me/mfa/factors/{pending['factor_id']}")
    assert status == 204, body
    # an active one needs a sign-in less than 10 minutes old
    path = f"/v1/me/mfa/factors/{enrolled['factor_id']}"
    status, body, _ = await me(tenant, token, "DELETE", path)
    assert status == 403
    assert_error(body, "reauthentication_required")
    status, body, _ = await me(tenant, token, "POST", "/v1/me/mfa/backup-codes/generate")
    assert status == 403
    assert_error(body, "reauthentication_required")
    # signing in again (with the second factor) gives a session that may
    challenge = await challenge_of(tenant, user["email"])
    status, body, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": backup["codes"][0], "factor_type": "backup_code"},
    )
    assert status == 200, body
    fresh = body["session"]["access_token"]
    status, body, _ = await me(tenant, fresh, "DELETE", path)
    assert status == 204, body
    status, body, _ = await me(tenant, fresh, "POST", "/v1/me/mfa/backup-codes/generate")
    assert status == 200 and body["codes"] != backup["codes"]
    # a revoked session is refused
    status, body, _ = await me(tenant, fresh, "POST", "/v1/auth/sign-out")
    status, body, _ = await me(tenant, fresh, "GET", "/v1/me/mfa/factors")
    assert status == 401


async def test_last_factor_rule_holds_for_the_users_own_session(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, mfa_required=True)
    user, token = await signed_up(tenant)  # sign-up is not challenged
    status, enrolled, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "email_otp"})
    code = await last_email_code(app, tenant.id, user["email"])
    status, factor, _ = await me(
        tenant, token, "POST", f"/v1/me/mfa/factors/{enrolled['factor_id']}/confirm", json={"code": code}
    )
    assert status == 200
    status, body, _ = await me(tenant, token, "DELETE", f"/v1/me/mfa/factors/{enrolled['factor_id']}")
    assert status == 403
    assert_error(body, "last_mfa_factor")
    status, body = await sign_in(tenant, user["email"])
    assert status == 403 and body["error"]["mfa_challenge"]["factor_id"] == enrolled["factor_id"]


async def test_a_pending_totp_secret_can_be_shown_again_until_confirmed(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user, token = await signed_up(tenant)
    wait_for_fresh_step()
    status, totp, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "totp"})
    st = state(app)
    row = await st.pool.fetchrow("SELECT id, status, plan, auth_config FROM tenants WHERE id = $1", tenant.id)
    handle = Tenant(id=row["id"], status=row["status"], plan=row["plan"], auth_config=row["auth_config"])
    again = await service.pending_totp(st.pool, st.box, handle, user["id"], totp["factor_id"])
    assert msgspec.to_builtins(again) == totp["totp"]
    status, _, _ = await me(
        tenant,
        token,
        "POST",
        f"/v1/me/mfa/factors/{totp['factor_id']}/confirm",
        json={"code": totp_code(totp["totp"]["secret"], -1)},
    )
    assert status == 200
    with pytest.raises(ApiError) as caught:
        await service.pending_totp(st.pool, st.box, handle, user["id"], totp["factor_id"])
    assert caught.value.code == "mfa_factor_not_found"


async def test_describe_shows_the_challenge_again_without_sending_anything(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user, token = await signed_up(tenant)
    status, sms, _ = await me(tenant, token, "POST", "/v1/me/mfa/factors", json={"type": "sms", "phone_number": PHONE})
    code = await last_sms_code(app, tenant.id, PHONE)
    await me(tenant, token, "POST", f"/v1/me/mfa/factors/{sms['factor_id']}/confirm", json={"code": code})
    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "sms" and challenge["sent_to"] == "+*******2671"
    st = state(app)
    row = await st.pool.fetchrow("SELECT id, status, plan, auth_config FROM tenants WHERE id = $1", tenant.id)
    handle = Tenant(id=row["id"], status=row["status"], plan=row["plan"], auth_config=row["auth_config"])
    sent = len(await outbox_messages(app, tenant.id, "sms"))
    described = (await challenges.describe(st.pool, handle, challenge["challenge_id"])).challenge
    assert {k: getattr(described, k) for k in ("challenge_id", "factor_type", "factor_id", "sent_to")} == {
        k: challenge[k] for k in ("challenge_id", "factor_type", "factor_id", "sent_to")
    }
    assert [f.id for f in described.factors] == [sms["factor_id"]]
    assert len(await outbox_messages(app, tenant.id, "sms")) == sent
    with pytest.raises(ApiError) as caught:
        await challenges.describe(st.pool, handle, "mfc_unknown")
    assert caught.value.code == "invalid_token"
