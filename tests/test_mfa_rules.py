"""Backup codes, removal rules (403 last_mfa_factor), users.mfa_enabled, tenants that require
MFA (also for users without a factor), and the other first factors (magic link, reset)."""

from __future__ import annotations

import asyncio
import re

import asyncpg

from identity.state import state
from tests.support.api import STRONG_PASSWORD, assert_error
from tests.support.database import wait_for_lock_waiter
from tests.support.mail import token_in
from tests.support.mfa import (
    audit_actions,
    challenge_of,
    claims,
    enroll_totp,
    last_email_code,
    make_tenant_for_mfa,
    mfa_enabled,
    new_user,
    sign_in,
    totp_code,
    wait_for_fresh_step,
)
from tests.support.records import events

CODE_FORM = re.compile(r"^[0-9A-Z]{4}-[0-9A-Z]{4}$")


async def test_backup_codes_are_single_use_and_regeneration_invalidates(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    await enroll_totp(tenant, user["id"])
    status, first, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    assert status == 200, first
    assert len(first["codes"]) == 8 == len(set(first["codes"]))
    assert all(CODE_FORM.match(c) for c in first["codes"]) and first["generated_at"].endswith("Z")
    # stored as hashes only
    stored = await state(app).pool.fetch(
        "SELECT code_hash FROM mfa_backup_codes WHERE tenant_id = $1 AND user_id = $2", tenant.id, user["id"]
    )
    assert len(stored) == 8
    assert not {r["code_hash"] for r in stored} & set(first["codes"])
    assert not any(c.replace("-", "") in r["code_hash"] for r in stored for c in first["codes"])

    challenge = await challenge_of(tenant, user["email"])
    assert challenge["factor_type"] == "totp"  # backup codes are never the first choice
    assert {f["type"] for f in challenge["factors"]} == {"totp", "backup_codes"}
    code = first["codes"][0]
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={
            "challenge_id": challenge["challenge_id"],
            "code": code.lower().replace("-", " "),
            "factor_type": "backup_code",
        },
    )
    assert status == 200, done
    assert claims(done["session"]["access_token"])["mfa_verified"] is True
    again = await challenge_of(tenant, user["email"])
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": again["challenge_id"], "code": code, "factor_type": "backup_code"},
    )
    assert status == 401
    assert_error(err, "invalid_code")
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    [backup] = [f for f in listed["data"] if f["type"] == "backup_codes"]
    assert backup["codes_remaining"] == 7 and backup["status"] == "active"

    # the other path, with the user in the body: a new set, the old one stops working
    status, second, _ = await tenant.secret("POST", "/v1/mfa/backup-codes/generate", json={"user_id": user["id"]})
    assert status == 200 and not set(second["codes"]) & set(first["codes"])
    assert second["factor_id"] == first["factor_id"]
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": again["challenge_id"], "code": first["codes"][1], "factor_type": "backup_code"},
    )
    assert status == 401
    # /v1/mfa/verify with the backup-codes factor id, and the hosted form's way (code only)
    status, body, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": again["challenge_id"], "factor_id": second["factor_id"], "code": second["codes"][0]},
    )
    assert status == 200, body
    status, err, _ = await tenant.secret("POST", "/v1/mfa/backup-codes/generate", json={})
    assert status == 422
    status, err, _ = await tenant.secret("POST", "/v1/mfa/backup-codes/generate", json={"user_id": "usr_nope"})
    assert status == 404
    assert_error(err, "user_not_found")
    actions = [e["action"] for e in await audit_actions(app, tenant.id)]
    assert actions.count("mfa.backup_codes.generated") == 2
    enrolled = [e for e in await events(app, tenant.id, "mfa.enrolled") if e["type"] == "backup_codes"]
    assert len(enrolled) == 1  # enrolled once; regenerating replaces the codes


async def test_concurrent_use_of_one_backup_code_succeeds_once(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    status, generated, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    first = await challenge_of(tenant, user["email"])
    second = await challenge_of(tenant, user["email"])
    assert first["factor_type"] == "backup_codes"
    results = await asyncio.gather(
        *[
            tenant.public(
                "POST",
                "/v1/auth/mfa/verify",
                json={"challenge_id": c["challenge_id"], "code": generated["codes"][3], "factor_type": "backup_code"},
            )
            for c in (first, second)
        ]
    )
    assert sorted(r[0] for r in results) == [200, 401]


async def test_last_backup_code_disables_the_set(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    status, generated, _ = await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    assert await mfa_enabled(app, tenant.id, user["id"])  # a set of codes is an active factor
    for code in generated["codes"]:
        challenge = await challenge_of(tenant, user["email"])
        status, body, _ = await tenant.public(
            "POST",
            "/v1/auth/mfa/verify",
            json={"challenge_id": challenge["challenge_id"], "code": code, "factor_type": "backup_code"},
        )
        assert status == 200, body
    status, listed, _ = await tenant.secret("GET", f"/v1/users/{user['id']}/mfa/factors")
    assert listed["data"][0]["status"] == "disabled" and listed["data"][0]["codes_remaining"] == 0
    assert not await mfa_enabled(app, tenant.id, user["id"])
    status, _ = await sign_in(tenant, user["email"])
    assert status == 200
    # a new set turns it back on
    await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    assert await mfa_enabled(app, tenant.id, user["id"])
    status, _ = await sign_in(tenant, user["email"])
    assert status == 403


async def test_removal_rules_and_mfa_enabled(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, mfa_required=True)
    user = await new_user(tenant)
    base = f"/v1/users/{user['id']}/mfa/factors"
    wait_for_fresh_step()
    totp_id, _ = await enroll_totp(tenant, user["id"])
    assert await mfa_enabled(app, tenant.id, user["id"])
    status, err, _ = await tenant.secret("DELETE", f"{base}/{totp_id}")
    assert status == 403
    assert_error(err, "last_mfa_factor", 403)
    assert await mfa_enabled(app, tenant.id, user["id"])
    # a pending factor does not count and can always go
    status, pending, _ = await tenant.secret("POST", base, json={"type": "email_otp"})
    status, err, _ = await tenant.secret("DELETE", f"{base}/{totp_id}")
    assert status == 403
    status, _, _ = await tenant.secret("DELETE", f"{base}/{pending['factor_id']}")
    assert status == 204
    # with a second active factor the first may go, then the second is the last one
    status, email, _ = await tenant.secret("POST", base, json={"type": "email_otp"})
    await tenant.secret(
        "POST",
        f"{base}/{email['factor_id']}/confirm",
        json={"code": await last_email_code(app, tenant.id, user["email"])},
    )
    status, _, _ = await tenant.secret("DELETE", f"{base}/{totp_id}")
    assert status == 204
    assert await mfa_enabled(app, tenant.id, user["id"])
    status, err, _ = await tenant.secret("DELETE", f"{base}/{email['factor_id']}")
    assert status == 403
    # once the tenant stops requiring MFA, the last factor may go and mfa_enabled follows
    status, _, _ = await api_patch(tenant, {"auth_config": {"mfa_required": False}})
    status, _, _ = await tenant.secret("DELETE", f"{base}/{email['factor_id']}")
    assert status == 204
    assert not await mfa_enabled(app, tenant.id, user["id"])
    status, listed, _ = await tenant.secret("GET", base)
    assert listed == {"data": [], "total": 0}
    status, err, _ = await tenant.secret("DELETE", f"{base}/{email['factor_id']}")
    assert status == 404
    assert_error(err, "mfa_factor_not_found")
    removed = await events(app, tenant.id, "mfa.removed")
    assert [e["id"] for e in removed] == [totp_id, email["factor_id"]]  # pending ones: no event


async def api_patch(tenant, body):
    from tests.support.api import MASTER_KEY

    return await tenant.api.call("PATCH", f"/v1/tenants/{tenant.id}", json=body, token=MASTER_KEY)


async def test_concurrent_removals_keep_one_factor(make_tenant, app) -> None:
    """Two removals at once of a user's two factors, while MFA is required: one of them wins."""
    tenant = await make_tenant_for_mfa(make_tenant, mfa_required=True)
    user = await new_user(tenant)
    wait_for_fresh_step()
    first, _ = await enroll_totp(tenant, user["id"])
    second, _ = await enroll_totp(tenant, user["id"])
    results = await asyncio.gather(
        *[tenant.secret("DELETE", f"/v1/users/{user['id']}/mfa/factors/{f}") for f in (first, second)]
    )
    assert sorted(r[0] for r in results) == [204, 403]
    assert await mfa_enabled(app, tenant.id, user["id"])


async def test_mfa_required_user_without_factor_gets_an_email_code(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, mfa_required=True)
    user = await new_user(tenant)
    status, body = await sign_in(tenant, user["email"])
    assert status == 403
    assert_error(body, "mfa_required", 403)
    challenge = body["error"]["mfa_challenge"]
    assert challenge["factor_type"] == "email_otp" and challenge["factor_id"] is None
    assert challenge["factors"] == [] and challenge["sent_to"].endswith("@example.com")
    code = await last_email_code(app, tenant.id, user["email"])
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": code, "factor_type": "email_otp"},
    )
    assert status == 200, done
    assert claims(done["session"]["access_token"])["mfa_verified"] is True
    assert done["user"]["mfa_enabled"] is False  # nothing was enrolled
    [verified] = await events(app, tenant.id, "mfa.verified")
    assert verified["factor_id"] is None and verified["type"] == "email_otp"
    # /v1/mfa/verify takes it without a factor_id; /v1/mfa/challenge without one resends
    challenge = await challenge_of(tenant, user["email"])
    status, resent, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"]}
    )
    assert status == 200 and resent["factor_type"] == "email_otp"
    status, tokens, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": await last_email_code(app, tenant.id, user["email"])},
    )
    assert status == 200 and claims(tokens["access_token"])["mfa_verified"] is True


async def test_mfa_required_user_may_enroll_during_the_challenge(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant, mfa_required=True)
    user = await new_user(tenant)
    challenge = await challenge_of(tenant, user["email"])
    wait_for_fresh_step()
    factor_id, secret = await enroll_totp(tenant, user["id"])
    status, switched, _ = await tenant.public(
        "POST", "/v1/mfa/challenge", json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id}
    )
    assert status == 200 and switched["factor_type"] == "totp"
    status, tokens, _ = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "factor_id": factor_id, "code": totp_code(secret)},
    )
    assert status == 200, tokens


async def test_magic_link_and_password_reset_ask_for_the_second_factor(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    # A proven address (here the backend's word): a first proof by the link would remove the
    # factors enrolled before it instead (tests/test_prehijack.py).
    status, _, _ = await tenant.secret("PATCH", f"/v1/users/{user['id']}", json={"email_verified": True})
    assert status == 200
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, user["id"])
    from tests.support.mail import emails_of

    # magic link: the link is spent, the sign-in waits for the code
    status, _, _ = await tenant.public(
        "POST", "/v1/auth/magic-link", json={"email": user["email"], "redirect_url": "https://app.example.com/cb"}
    )
    [mail] = await emails_of(app, tenant.id, "magic_link")
    token = token_in(mail["variables"]["magic_link_url"])
    status, body, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 403
    assert_error(body, "mfa_required")
    status, again, _ = await tenant.public("POST", "/v1/auth/magic-link/verify", json={"token": token})
    assert status == 401
    assert_error(again, "invalid_token")
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={
            "challenge_id": body["error"]["mfa_challenge"]["challenge_id"],
            "code": totp_code(secret),
            "factor_type": "totp",
        },
    )
    assert status == 200 and done["user"]["email_verified"] is True

    # password reset: the new password is set at once; the session waits for the code
    status, _, _ = await tenant.public(
        "POST",
        "/v1/auth/password/forgot",
        json={"email": user["email"], "redirect_url": "https://app.example.com/reset"},
    )
    [reset] = await emails_of(app, tenant.id, "password_reset")
    new_password = STRONG_PASSWORD + " and more"
    status, body, _ = await tenant.public(
        "POST",
        "/v1/auth/password/reset",
        json={"token": token_in(reset["variables"]["reset_url"]), "password": new_password},
    )
    assert status == 403
    assert_error(body, "mfa_required")
    changed = await events(app, tenant.id, "user.password_changed")
    assert [e["reason"] for e in changed] == ["password_reset"]
    status, _ = await sign_in(tenant, user["email"])
    assert status == 401  # the old password is gone
    status, body2 = await sign_in(tenant, user["email"], new_password)
    assert status == 403
    status, done, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={
            "challenge_id": body2["error"]["mfa_challenge"]["challenge_id"],
            "code": totp_code(secret, 1),
            "factor_type": "totp",
        },
    )
    assert status == 200, done


async def test_disabled_user_cannot_finish_the_challenge(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, user["id"])
    challenge = await challenge_of(tenant, user["email"])
    await state(app).pool.execute("UPDATE users SET status = 'disabled' WHERE id = $1", user["id"])
    status, err, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(secret), "factor_type": "totp"},
    )
    assert status == 403
    assert_error(err, "user_disabled")


async def test_deleting_a_user_deletes_the_factors(make_tenant, app) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    await enroll_totp(tenant, user["id"])
    await tenant.secret("POST", f"/v1/users/{user['id']}/mfa/backup-codes/generate")
    await challenge_of(tenant, user["email"])
    pool = state(app).pool
    await pool.execute("DELETE FROM users WHERE tenant_id = $1 AND id = $2", tenant.id, user["id"])
    for table in ("mfa_factors", "mfa_backup_codes", "mfa_challenges"):
        assert await pool.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1", tenant.id) == 0


async def test_sign_in_finds_a_factor_its_user_row_did_not_show(make_tenant, app) -> None:
    """A password sign-in skips the gate's factor query when users.mfa_enabled is false; its own
    UPDATE re-reads the factors, so a factor that is active by then (here the flag is cleared
    behind its back, as a confirmation racing the sign-in would leave it) still asks for the
    second factor, and the attempt leaves no session or event behind."""
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    await enroll_totp(tenant, user["id"])
    pool = state(app).pool
    await pool.execute("UPDATE users SET mfa_enabled = false WHERE tenant_id = $1 AND id = $2", tenant.id, user["id"])
    status, body = await sign_in(tenant, user["email"])
    assert status == 403, body
    assert body["error"]["code"] == "mfa_required"
    assert body["error"]["mfa_challenge"]["factor_type"] == "totp"
    assert (
        await pool.fetchval(
            "SELECT count(*) FROM sessions WHERE tenant_id = $1 AND user_id = $2", tenant.id, user["id"]
        )
        == 1
    )  # the sign-up's
    assert len(await events(app, tenant.id, "session.created")) == 1


async def test_sign_in_waiting_on_a_factor_confirmation_asks_for_it(make_tenant, app, database_dsn: str) -> None:
    """A confirmation that commits while the sign-in's UPDATE waits for the users row: the
    UPDATE's factor subquery still sees the statement's old snapshot, but the row it returns is
    the confirmation's (mfa_enabled true), so the gate runs and no session is created."""
    tenant = await make_tenant_for_mfa(make_tenant)
    user = await new_user(tenant)
    wait_for_fresh_step()
    await enroll_totp(tenant, user["id"])
    pool = state(app).pool
    ids = (tenant.id, user["id"])
    await pool.execute("UPDATE mfa_factors SET status = 'pending' WHERE tenant_id = $1 AND user_id = $2", *ids)
    await pool.execute("UPDATE users SET mfa_enabled = false WHERE tenant_id = $1 AND id = $2", *ids)
    conn = await asyncpg.connect(database_dsn)
    try:
        tx = conn.transaction()
        await tx.start()
        await conn.execute("UPDATE mfa_factors SET status = 'active' WHERE tenant_id = $1 AND user_id = $2", *ids)
        await conn.execute("UPDATE users SET mfa_enabled = true WHERE tenant_id = $1 AND id = $2", *ids)
        pending = asyncio.create_task(sign_in(tenant, user["email"]))
        await wait_for_lock_waiter(conn)
        await tx.commit()
    finally:
        await conn.close()
    status, body = await pending
    assert status == 403, body
    assert body["error"]["code"] == "mfa_required"
    assert (
        await pool.fetchval("SELECT count(*) FROM sessions WHERE tenant_id = $1 AND user_id = $2", *ids) == 1
    )  # the sign-up's
