"""Organizations, their members and invitations, made through the API; signed-up users with
their tokens; the audit entries a change wrote."""

from __future__ import annotations

import uuid
from typing import Any

from identity.state import state
from tests.support.mail import emails_of
from tests.support.users import new_email


def email() -> str:
    return new_email()


async def new_user(sign_up, on=None, **extra: Any) -> dict[str, Any]:
    """A signed-up user: {id, email, name, access_token, refresh_token, session_id}."""
    created = await sign_up(email=extra.pop("email", None) or email(), on=on, **extra)
    return {
        **created["user"],
        "access_token": created["session"]["access_token"],
        "refresh_token": created["session"]["refresh_token"],
        "session_id": created["session"]["id"],
    }


async def new_org(tenant, **body: Any) -> dict[str, Any]:
    body.setdefault("name", f"Org {uuid.uuid4().hex[:6]}")
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json=body)
    assert status == 201, org
    return org


async def audits(app, tenant_id: str, action: str) -> list[Any]:
    return await state(app).pool.fetch(
        "SELECT * FROM audit_log WHERE tenant_id = $1 AND action = $2 ORDER BY id", tenant_id, action
    )


async def invite(tenant, org_id: str, **body):
    return await tenant.secret("POST", f"/v1/organizations/{org_id}/invitations", json=body)


async def accept(tenant, token: str, access_token: str, **kw):
    return await tenant.secret("POST", f"/v1/invitations/{token}/accept", token=access_token, **kw)


async def last_invite_url(app, tenant_id: str) -> str:
    mails = await emails_of(app, tenant_id, "invitation")
    return mails[-1]["variables"]["invite_url"]
