"""Organization rules: organizations, memberships, invitations. One transaction per request;
the change, its audit entry (resource type organization) and its org.* events commit together.

Role rules:
- an organization that has an owner always keeps one: removing or demoting its last owner is
  refused with 409 last_owner (the organization row is locked first, so two concurrent
  demotions cannot both pass the check);
- invitations name an inviter (inviter_user_id) only if that user is an owner or admin.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import asyncpg

from identity import slugs
from identity.audit.context import AuditContext
from identity.auth import errors as auth_errors
from identity.crypto import SecretBox, random_token, sha256_hex
from identity.email.queue import queue_email
from identity.events.emit import emit
from identity.http.errors import INVALID_EMAIL, ApiError, ValidationFailed
from identity.http.pagination import Page, paginate
from identity.http.redirects import check_redirect
from identity.http.types import EMAIL_RE, UNSET, JsonObject
from identity.http.validation import duration_field
from identity.ids import new_id
from identity.organizations import store
from identity.organizations.errors import (
    ALREADY_INVITED,
    ALREADY_MEMBER,
    INVITATION_ACCEPTED,
    INVITATION_EMAIL_MISMATCH,
    INVITATION_NOT_FOUND,
    LAST_OWNER,
    MEMBERSHIP_NOT_FOUND,
    ORGANIZATION_NOT_FOUND,
    ORGANIZATION_SLUG_TAKEN,
)
from identity.organizations.records import InvitationRecord, MemberRecord, OrgColumns, OrgRecord, PageInvitationRecord
from identity.organizations.schemas import (
    AddMember,
    CreateInvitation,
    CreateOrganization,
    Invitation,
    ListInvitations,
    ListMembers,
    ListOrganizations,
    Membership,
    MemberUser,
    Organization,
    UpdateMember,
    UpdateOrganization,
)
from identity.principals import Tenant
from identity.tenants import auth_config
from identity.tenants.errors import SLUG_TAKEN
from identity.users import metadata
from identity.users import store as users
from identity.users.errors import USER_NOT_FOUND
from identity.users.onetime import with_token

MIN_INVITATION_TTL = timedelta(minutes=1)
MAX_INVITATION_TTL = timedelta(days=365)
#: The service's older invitation page (an explanation only); links emailed before the hosted
#: acceptance page existed point here and keep working.
INVITATION_PAGE_PATH = "/v1/invitations/view"


def hosted_invitation_url(public_url: str, tenant_id: str) -> str:
    """The emailed link when no redirect_url is given: the hosted acceptance page
    (identity/hosted/invitations.py), where the person signs in or up and accepts."""
    return f"{public_url.rstrip('/')}/oauth/{tenant_id}/invitation"


# -- errors -----------------------------------------------------------------------------------


# -- presentation -----------------------------------------------------------------------------


def present_org(row: OrgRecord) -> Organization:
    return Organization(
        id=row.id,
        tenant_id=row.tenant_id,
        name=row.name,
        slug=row.slug,
        logo_url=row.logo_url,
        member_count=row.member_count,
        public_metadata=row.public_metadata,
        created_by=row.created_by,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def present_member(row: MemberRecord) -> Membership:
    return Membership(
        id=row.id,
        user_id=row.user_id,
        org_id=row.org_id,
        role=row.role,
        joined_at=row.joined_at,
        updated_at=row.updated_at,
        user=MemberUser(id=row.user_id, email=row.user_email, name=row.user_name),
    )


def present_invitation(row: InvitationRecord) -> Invitation:
    return Invitation(
        id=row.id,
        org_id=row.org_id,
        email=row.email,
        role=row.role,
        status=row.status,
        redirect_url=row.redirect_url,
        inviter_user_id=row.inviter_user_id,
        expires_at=row.expires_at,
        created_at=row.created_at,
        accepted_at=row.accepted_at,
        revoked_at=row.revoked_at,
    )


def _member_event(row: MemberRecord, via: str) -> JsonObject:
    # added_at is the catalogue's key (docs/events.md); joined_at, id and via were sent first
    # and stay for receivers that read them.
    return {
        "id": row.id,
        "org_id": row.org_id,
        "user_id": row.user_id,
        "role": row.role,
        "added_at": row.joined_at,
        "joined_at": row.joined_at,
        "via": via,
    }


# -- slugs ------------------------------------------------------------------------------------


async def _insert_with_slug(conn: asyncpg.Connection, values: OrgColumns, explicit: str | None) -> OrgRecord:
    """Insert with the given slug (409 when taken) or one made from the name, adding a short
    random suffix while it is taken. The unique key decides, so concurrent creations with the
    same name get different slugs."""
    if explicit is not None:
        row = await store.insert_org(conn, {**values, "slug": slugs.explicit(explicit)})
        if row is None:
            raise SLUG_TAKEN(ORGANIZATION_SLUG_TAKEN)
        return row
    base = slugs.slugify(values["name"], "org")
    candidates = [base] + [f"{base[:42]}-{random_token(4)[:5].lower()}" for _ in range(10)]
    for slug in candidates:
        row = await store.insert_org(conn, {**values, "slug": slug})
        if row is not None:
            return row
    raise SLUG_TAKEN(ORGANIZATION_SLUG_TAKEN)


# -- organizations ----------------------------------------------------------------------------


def _logo_url(url: str | None) -> str | None:
    """Shown by frontends as an image source: an absolute http(s) URL or nothing."""
    if url is None:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        raise ValidationFailed("logo_url", "is not a valid URL") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValidationFailed("logo_url", "must be an absolute http(s) URL")
    return url


async def _org(conn: asyncpg.Connection, tenant_id: str, id_or_slug: str, lock: str | None = None) -> OrgRecord:
    row = await store.get_org(conn, tenant_id, id_or_slug, lock=lock)
    if row is None:
        raise ORGANIZATION_NOT_FOUND()
    return row


async def create_org(pool: asyncpg.Pool, tenant_id: str, body: CreateOrganization, audit: AuditContext) -> Organization:
    metadata.check("public_metadata", body.public_metadata)
    async with pool.acquire() as conn, conn.transaction():
        if body.created_by is not None and await users.get(conn, tenant_id, body.created_by) is None:
            raise USER_NOT_FOUND("No user with the id given as created_by.")
        org = await _insert_with_slug(
            conn,
            {
                "tenant_id": tenant_id,
                "id": new_id("org"),
                "name": body.name,
                "logo_url": _logo_url(body.logo_url),
                "public_metadata": body.public_metadata,
                "created_by": body.created_by,
            },
            body.slug if body.slug is not UNSET else None,
        )
        result = present_org(org)
        await emit(
            conn,
            tenant_id,
            "org.created",
            {
                "id": org.id,
                "name": org.name,
                "slug": org.slug,
                "created_by": org.created_by,
                "created_at": org.created_at,
            },
        )
        await audit.record(
            conn,
            tenant_id,
            "organization.created",
            "organization",
            org.id,
            {"name": org.name, "slug": org.slug, "created_by": body.created_by},
        )
        if body.created_by is not None:
            member = await store.insert_member(conn, tenant_id, new_id("mem"), org.id, body.created_by, "owner")
            if member is None:  # the user was deleted meanwhile (the FK would have refused)
                raise USER_NOT_FOUND("No user with the id given as created_by.")
            await emit(conn, tenant_id, "org.member.added", _member_event(member, "created"))
            result.member_count = 1
    return result


async def list_orgs(pool: asyncpg.Pool, tenant_id: str, query: ListOrganizations) -> Page[Organization]:
    return await paginate(
        query,
        lambda k: store.list_orgs(pool, tenant_id, k, q=query.q),
        present_org,
    )


async def get_org(pool: asyncpg.Pool, tenant_id: str, id_or_slug: str) -> Organization:
    return present_org(await _org(pool, tenant_id, id_or_slug))


async def update_org(
    pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, body: UpdateOrganization, audit: AuditContext
) -> Organization:
    async with pool.acquire() as conn, conn.transaction():
        org = await _org(conn, tenant_id, id_or_slug, lock="UPDATE")
        changes: OrgColumns = {}  # the fields given that differ from the stored ones
        if body.name is not UNSET and body.name != org.name:
            changes["name"] = body.name
        if body.slug is not UNSET and (slug := slugs.explicit(body.slug)) != org.slug:
            changes["slug"] = slug
        if body.logo_url is not UNSET and (logo_url := _logo_url(body.logo_url)) != org.logo_url:
            changes["logo_url"] = logo_url
        if body.public_metadata is not UNSET:
            public_metadata = metadata.check("public_metadata", body.public_metadata)
            if public_metadata != org.public_metadata:
                changes["public_metadata"] = public_metadata
        if not changes:
            return present_org(org)
        row = await store.update_org(conn, tenant_id, org.id, changes)
        if row is None:
            raise SLUG_TAKEN(ORGANIZATION_SLUG_TAKEN)
        await audit.record(conn, tenant_id, "organization.updated", "organization", org.id, {"fields": sorted(changes)})
    return present_org(row)


async def delete_org(pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        org = await _org(conn, tenant_id, id_or_slug, lock="UPDATE")
        await store.clear_active_org(conn, tenant_id, org.id)
        await store.delete_org(conn, tenant_id, org.id)
        # One event for the organization; its memberships and invitations go with it.
        await emit(
            conn,
            tenant_id,
            "org.deleted",
            {
                "id": org.id,
                "name": org.name,
                "slug": org.slug,
                "member_count": org.member_count,
                "deleted_at": datetime.now(UTC),
            },
        )
        await audit.record(
            conn,
            tenant_id,
            "organization.deleted",
            "organization",
            org.id,
            {"name": org.name, "slug": org.slug, "member_count": org.member_count},
        )


# -- memberships ------------------------------------------------------------------------------


async def list_members(pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, query: ListMembers) -> Page[Membership]:
    org = await _org(pool, tenant_id, id_or_slug)
    return await paginate(
        query,
        lambda k: store.list_members(pool, tenant_id, org.id, k, role=query.role),
        present_member,
    )


async def add_member(
    pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, body: AddMember, audit: AuditContext
) -> Membership:
    """Add a user directly (no email is sent)."""
    async with pool.acquire() as conn, conn.transaction():
        org = await _org(conn, tenant_id, id_or_slug)
        if await users.get(conn, tenant_id, body.user_id) is None:
            raise USER_NOT_FOUND()
        try:
            row = await store.insert_member(conn, tenant_id, new_id("mem"), org.id, body.user_id, body.role)
        except asyncpg.ForeignKeyViolationError:  # user or organization deleted meanwhile
            raise USER_NOT_FOUND() from None
        if row is None:
            raise ALREADY_MEMBER()
        await emit(conn, tenant_id, "org.member.added", _member_event(row, "added"))
        await audit.record(
            conn,
            tenant_id,
            "organization.member_added",
            "organization",
            org.id,
            {"user_id": body.user_id, "role": body.role},
        )
    return present_member(row)


async def update_member(
    pool: asyncpg.Pool,
    tenant_id: str,
    id_or_slug: str,
    user_id: str,
    body: UpdateMember,
    audit: AuditContext,
) -> Membership:
    async with pool.acquire() as conn, conn.transaction():
        # The organization row is the lock that serialises owner changes (see module doc).
        org = await _org(conn, tenant_id, id_or_slug, lock="NO KEY UPDATE")
        member = await store.get_member(conn, tenant_id, org.id, user_id, for_update=True)
        if member is None:
            raise MEMBERSHIP_NOT_FOUND()
        if member.role == body.role:
            return present_member(member)
        if member.role == "owner" and await store.owner_count(conn, tenant_id, org.id) <= 1:
            raise LAST_OWNER()
        row = await store.set_member_role(conn, tenant_id, org.id, user_id, body.role)
        assert row is not None  # the membership is locked above
        await audit.record(
            conn,
            tenant_id,
            "organization.member_updated",
            "organization",
            org.id,
            {"user_id": user_id, "role": body.role, "previous_role": member.role},
        )
    return present_member(row)


async def _remove_member(
    conn: asyncpg.Connection,
    tenant_id: str,
    org_id: str,
    user_id: str,
    member: MemberRecord,
    last_owner: ApiError,
    **event_extra: str,
) -> None:
    """Removing a member and leaving: the last owner stays (last_owner is raised); sessions that
    had the organization active lose it; org.member.removed carries event_extra last."""
    if member.role == "owner" and await store.owner_count(conn, tenant_id, org_id) <= 1:
        raise last_owner
    await store.delete_member(conn, tenant_id, org_id, user_id)
    await store.clear_active_org(conn, tenant_id, org_id, user_id)
    await emit(
        conn,
        tenant_id,
        "org.member.removed",
        {
            "id": member.id,
            "org_id": org_id,
            "user_id": user_id,
            "role": member.role,
            "removed_at": datetime.now(UTC),
            **event_extra,
        },
    )


async def remove_member(pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, user_id: str, audit: AuditContext) -> None:
    async with pool.acquire() as conn, conn.transaction():
        org = await _org(conn, tenant_id, id_or_slug, lock="NO KEY UPDATE")
        member = await store.get_member(conn, tenant_id, org.id, user_id, for_update=True)
        if member is None:
            raise MEMBERSHIP_NOT_FOUND()
        await _remove_member(conn, tenant_id, org.id, user_id, member, LAST_OWNER())
        await audit.record(
            conn,
            tenant_id,
            "organization.member_removed",
            "organization",
            org.id,
            {"user_id": user_id, "role": member.role},
        )


async def leave(pool: asyncpg.Pool, tenant_id: str, org_id: str, user_id: str, audit: AuditContext | None) -> None:
    """DELETE /v1/auth/organizations/:id: the signed-in user leaves one of their organizations.
    404 organization_not_found when they are not a member (not told apart from an organization
    that does not exist); the last owner cannot leave (409 last_owner). Sessions that had it
    active lose it in the same transaction. Emits org.member.removed with via "left"."""
    async with pool.acquire() as conn, conn.transaction():
        org = await store.get_org(conn, tenant_id, org_id)
        member = None
        if org is not None:
            member = await store.get_member(conn, tenant_id, org.id, user_id, for_update=True)
        if org is None or member is None:
            raise ORGANIZATION_NOT_FOUND("The user is not a member of an organization with that id or slug.")
        last_owner = LAST_OWNER("You are this organization's last owner: make another member an owner first.")
        await _remove_member(conn, tenant_id, org.id, user_id, member, last_owner, via="left")
        if audit is not None:
            await audit.record(
                conn,
                tenant_id,
                "organization.member_left",
                "organization",
                org.id,
                {"user_id": user_id, "role": member.role},
            )


# -- invitations ------------------------------------------------------------------------------


def humanize(delta: timedelta) -> str:
    """7 days, 1 hour, 90 minutes: the largest unit that states the duration exactly."""
    seconds = int(delta.total_seconds())
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        if seconds % size == 0:
            n = seconds // size
            return f"{n} {unit}{'' if n == 1 else 's'}"
    return f"{seconds} seconds"  # pragma: no cover - the loop ends at seconds


def _invitation_ttl(expires_in: str) -> timedelta:
    return duration_field("expires_in", expires_in, MIN_INVITATION_TTL, MAX_INVITATION_TTL, "1m and 365d")


async def create_invitation(
    pool: asyncpg.Pool,
    box: SecretBox,
    public_url: str,
    tenant: Tenant,
    id_or_slug: str,
    body: CreateInvitation,
    audit: AuditContext,
) -> Invitation:
    email = users.normalise_email(body.email)
    if not EMAIL_RE.match(email):
        raise INVALID_EMAIL.invalid("email", "is not a valid email address")
    redirect = None
    if body.redirect_url is not None:
        redirect = check_redirect(body.redirect_url, auth_config.load(tenant.auth_config))
    ttl = _invitation_ttl(body.expires_in)
    async with pool.acquire() as conn, conn.transaction():
        # Locked so that two concurrent invitations of one address cannot both be created.
        org = await _org(conn, tenant.id, id_or_slug, lock="NO KEY UPDATE")
        inviter_name = ""
        if body.inviter_user_id is not None:
            inviter = await store.get_member(conn, tenant.id, org.id, body.inviter_user_id)
            if inviter is None or inviter.role not in ("owner", "admin"):
                raise ValidationFailed("inviter_user_id", "must be an owner or admin of the organization")
            inviter_name = inviter.user_name or inviter.user_email
        if await store.member_by_email(conn, tenant.id, org.id, email):
            raise ALREADY_MEMBER()
        if await store.pending_invitation_for(conn, tenant.id, org.id, email) is not None:
            raise ALREADY_INVITED()
        token = random_token(32)
        row = await store.insert_invitation(
            conn,
            {
                "tenant_id": tenant.id,
                "id": new_id("inv"),
                "org_id": org.id,
                "email": email,
                "role": body.role,
                "token_hash": sha256_hex(token),
                "redirect_url": redirect,
                "inviter_user_id": body.inviter_user_id,
                "expires_at": datetime.now(UTC) + ttl,
            },
        )
        await queue_email(
            conn,
            box,
            tenant_id=tenant.id,
            template="invitation",
            to=email,
            variables={
                "invite_url": with_token(redirect or hosted_invitation_url(public_url, tenant.id), token),
                "org_name": org.name,
                "inviter_name": inviter_name,
                "role": body.role,
                "expires_in": humanize(ttl),
            },
        )
        await emit(
            conn,
            tenant.id,
            "org.invitation.sent",
            {
                "id": row.id,
                "org_id": org.id,
                "email": email,
                "role": body.role,
                "invited_by": body.inviter_user_id,
                "inviter_user_id": body.inviter_user_id,
                "expires_at": row.expires_at,
                "created_at": row.created_at,
            },
        )
        await audit.record(
            conn,
            tenant.id,
            "organization.invitation_created",
            "organization",
            org.id,
            {"invitation_id": row.id, "email": email, "role": body.role},
        )
    return present_invitation(row)


async def list_invitations(
    pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, query: ListInvitations
) -> Page[Invitation]:
    org = await _org(pool, tenant_id, id_or_slug)
    return await paginate(
        query,
        lambda k: store.list_invitations(pool, tenant_id, org.id, k, status=query.status),
        present_invitation,
    )


async def revoke_invitation(
    pool: asyncpg.Pool, tenant_id: str, id_or_slug: str, invitation_id: str, audit: AuditContext
) -> None:
    """Its link stops working at once. Idempotent for a revoked invitation; an accepted one is
    409 invitation_accepted (remove the member instead)."""
    async with pool.acquire() as conn, conn.transaction():
        org = await _org(conn, tenant_id, id_or_slug)
        row = await store.get_invitation(conn, tenant_id, org.id, invitation_id, for_update=True)
        if row is None:
            raise INVITATION_NOT_FOUND()
        if row.status == "revoked":
            return
        if row.status == "accepted":
            raise INVITATION_ACCEPTED()
        await store.revoke_invitation(conn, tenant_id, invitation_id)
        await audit.record(
            conn,
            tenant_id,
            "organization.invitation_revoked",
            "organization",
            org.id,
            {"invitation_id": invitation_id, "email": row.email},
        )


def _check_usable(row: InvitationRecord | None) -> None:
    if row is None or row.status in ("accepted", "revoked"):
        raise auth_errors.INVALID_TOKEN("The invitation is not valid or was already used.")
    if row.status == "expired" or row.expires_at <= datetime.now(UTC):
        raise auth_errors.TOKEN_EXPIRED("The invitation has expired; ask for a new one.")


async def accept_invitation(
    pool: asyncpg.Pool, tenant_id: str, token: str, user_id: str, audit: AuditContext
) -> Membership:
    """The signed-in user accepts: single use, the user's email must be the invited one."""
    async with pool.acquire() as conn, conn.transaction():
        inv = await store.invitation_by_token(conn, tenant_id, sha256_hex(token), for_update=True)
        _check_usable(inv)
        assert inv is not None  # _check_usable raised otherwise
        user = await users.get(conn, tenant_id, user_id)
        if user is None:
            raise USER_NOT_FOUND()
        if user.status != "active":
            raise auth_errors.user_inactive(user.status)
        if user.email != inv.email:
            raise INVITATION_EMAIL_MISMATCH()
        row = await store.insert_member(conn, tenant_id, new_id("mem"), inv.org_id, user_id, inv.role)
        if row is None:
            raise ALREADY_MEMBER()
        accepted_at = await store.mark_accepted(conn, tenant_id, inv.id, user_id)
        await emit(conn, tenant_id, "org.member.added", _member_event(row, "invitation"))
        await emit(
            conn,
            tenant_id,
            "org.invitation.accepted",
            {
                "id": inv.id,
                "org_id": inv.org_id,
                "email": inv.email,
                "role": inv.role,
                "user_id": user_id,
                "membership_id": row.id,
                "accepted_at": accepted_at,
            },
        )
        await audit.record(
            conn,
            tenant_id,
            "organization.invitation_accepted",
            "organization",
            inv.org_id,
            {"invitation_id": inv.id, "user_id": user_id, "role": inv.role},
        )
    return present_member(row)


async def invitation_page(pool: asyncpg.Pool, token: str | None) -> tuple[str, PageInvitationRecord | None]:
    """For the service's own page: ('pending' | 'accepted' | 'expired' | 'invalid', row)."""
    if not token:
        return "invalid", None
    row = await store.invitation_for_page(pool, sha256_hex(token))
    if row is None or row.status == "revoked":
        return "invalid", None
    return row.status, row
