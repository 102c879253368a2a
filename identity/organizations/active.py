"""The active organization of a session (in the spirit of Clerk's setActive).

POST /v1/auth/organization {organization_id | null} with the user's access token stores the
organization on the session (sessions.org_id) and answers a new access token whose org_id and
org_role claims name it. The refresh token keeps working: refresh reads sessions.org_id and the
current membership role, so later tokens carry the organization forward (and a changed role).
When the membership ends, or the organization is deleted, the session's org_id is cleared in
the same transaction, so the next token (refresh or switch) carries org_id null. Tokens already
issued keep their claims until they expire (access_token_ttl), as every JWT does. The new
token expires no later than the one presented: switching is not a way to renew a token (a
stolen one would otherwise live as long as the session); a longer-lived token comes only from
the refresh token.
"""

from __future__ import annotations

from datetime import UTC, datetime

import asyncpg

from identity.audit.context import AuditContext
from identity.auth import errors as auth_errors
from identity.http.errors import UNAUTHENTICATED
from identity.http.pagination import Page, paginate
from identity.organizations import store
from identity.organizations.errors import ORGANIZATION_NOT_FOUND
from identity.organizations.records import SessionOrgRecord
from identity.organizations.schemas import ActiveOrganization, ListMyOrganizations, MyOrganization, Role
from identity.organizations.service import present_org
from identity.principals import Principal
from identity.sessions.access import claims_for
from identity.sessions.runtime import AuthRuntime
from identity.sessions.subject import TokenSubject
from identity.tenants.auth_config import duration


async def set_session_organization(
    pool: asyncpg.Pool,
    tenant_id: str,
    session_id: str,
    user_id: str,
    organization_id: str | None,
    audit: AuditContext | None = None,
) -> tuple[SessionOrgRecord, str | None, Role | None]:
    """Store the session's active organization (None clears it); returns (session row, org id,
    role). The hosted account page's switcher calls this for its browser session; set_active
    adds the new access token for the API."""
    async with pool.acquire() as conn, conn.transaction():
        org_id: str | None = None
        role: Role | None = None
        if organization_id is not None:
            org = await store.get_org(conn, tenant_id, organization_id)
            if org is not None:
                role = await store.member_role_for_update(conn, tenant_id, org.id, user_id)
            if role is None:
                # Not told apart from "does not exist": an organization the user is not in is
                # none of their business.
                raise ORGANIZATION_NOT_FOUND("The user is not a member of an organization with that id or slug.")
            assert org is not None  # role is None otherwise
            org_id = org.id
        session = await store.set_session_org(conn, tenant_id, session_id, org_id)
        if session is None:
            raise UNAUTHENTICATED("The session of this access token has ended.")
        if session.status != "active":
            raise auth_errors.user_inactive(session.status)
        if audit is not None:
            await audit.record(conn, tenant_id, "session.organization_set", "session", session.id, {"org_id": org_id})
    return session, org_id, role


async def set_active(
    pool: asyncpg.Pool,
    rt: AuthRuntime,
    principal: Principal,
    organization_id: str | None,
    audit: AuditContext | None = None,
) -> ActiveOrganization:
    """`audit` is given when the rule asks for an entry (an impersonation token acting)."""
    assert principal.tenant is not None and principal.session_id and principal.user_id
    tenant = principal.tenant
    session, org_id, role = await set_session_organization(
        pool, tenant.id, principal.session_id, principal.user_id, organization_id, audit
    )
    claims = claims_for(
        issuer=rt.issuer,
        tenant_id=tenant.id,
        user=TokenSubject(id=session.user_id, role=session.role, public_metadata=session.public_metadata),
        session={
            "id": session.id,
            "expires_at": session.expires_at,
            "mfa_verified": session.mfa_verified,
            "org_id": org_id,
            "org_role": role,
        },
        ttl=duration(tenant.auth_config, "access_token_ttl"),
        # An impersonation token stays one: the new token keeps who is acting.
        act=principal.claims.get("act"),
        not_after=datetime.fromtimestamp(principal.claims["exp"], UTC),
    )
    return ActiveOrganization(
        session_id=session.id,
        access_token=rt.tokens.issue(claims),
        access_token_expires_at=datetime.fromtimestamp(claims["exp"], UTC),
        org_id=org_id,
        org_role=role,
    )


async def my_organizations(
    pool: asyncpg.Pool, principal: Principal, query: ListMyOrganizations
) -> Page[MyOrganization]:
    """The signed-in user's memberships with their organizations; active marks the one the
    access token names."""
    assert principal.tenant is not None and principal.user_id
    return await memberships(pool, principal.tenant.id, principal.user_id, principal.claims.get("org_id"), query)


async def memberships(
    pool: asyncpg.Pool, tenant_id: str, user_id: str, active: str | None, query: ListMyOrganizations
) -> Page[MyOrganization]:
    """The user's memberships with their organizations; active marks the organization given
    (the access token's, or the browser session's on the hosted account page)."""
    return await paginate(
        query,
        lambda k: store.list_user_memberships(pool, tenant_id, user_id, k),
        lambda r: MyOrganization(
            id=r.membership_id,
            role=r.membership_role,
            joined_at=r.joined_at,
            organization=present_org(r),
            active=r.id == active,
        ),
    )
