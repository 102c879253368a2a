"""At most 5 MFA verifications per 10 minutes per user (docs/abuse.md, "Rate limits"), counted on
both verify endpoints, whichever challenge they name; another user is not affected."""

from __future__ import annotations

import dataclasses

import pytest

from tests.support.api import assert_error
from tests.support.mfa import challenge_of, enroll_totp, make_tenant_for_mfa, new_user, totp_code, wait_for_fresh_step


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, rate_limits_enabled=True)


async def test_five_verifies_per_ten_minutes_per_user(make_tenant) -> None:
    tenant = await make_tenant_for_mfa(make_tenant)
    user, other = await new_user(tenant), await new_user(tenant)
    wait_for_fresh_step()
    _, secret = await enroll_totp(tenant, user["id"])
    _, other_secret = await enroll_totp(tenant, other["id"])
    first = await challenge_of(tenant, user["email"])
    second = await challenge_of(tenant, user["email"])
    attempts = [("/v1/auth/mfa/verify", first, {"factor_type": "totp"})] * 3 + [
        ("/v1/mfa/verify", second, {"factor_id": second["factor_id"]})
    ] * 2
    for path, challenge, extra in attempts:
        status, err, resp = await tenant.public(
            "POST", path, json={"challenge_id": challenge["challenge_id"], "code": "000000", **extra}
        )
        assert status == 401, err
        assert_error(err, "invalid_code")
        assert resp.headers["X-RateLimit-Limit"] == "5"
    # the sixth, even with the right code, is refused
    status, err, resp = await tenant.public(
        "POST",
        "/v1/mfa/verify",
        json={"challenge_id": second["challenge_id"], "factor_id": second["factor_id"], "code": totp_code(secret)},
    )
    assert status == 429
    assert_error(err, "rate_limit_exceeded", 429)
    # the sliding window estimate may ask for up to two windows (identity/http/ratelimit/window.py)
    assert 0 < int(resp.headers["Retry-After"]) <= 1200 and resp.headers["X-RateLimit-Remaining"] == "0"
    # another user of the same tenant (same client address) is not limited by it
    challenge = await challenge_of(tenant, other["email"])
    status, body, _ = await tenant.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": totp_code(other_secret), "factor_type": "totp"},
    )
    assert status == 200, body
