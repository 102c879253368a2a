"""SQL for organizations, memberships and invitations. Every statement filters on tenant_id
(except the invitation page's lookup by token hash, whose link carries no tenant header)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.db.inserts import insert_into
from identity.db.keysets import Keyset, read_page
from identity.organizations.records import (
    InvitationColumns,
    InvitationRecord,
    MemberRecord,
    OrgColumns,
    OrgRecord,
    PageInvitationRecord,
    SessionOrgRecord,
    TokenInvitationRecord,
    UserMembershipRecord,
)
from identity.organizations.schemas import Role


def escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# member_count is counted, never stored: exact whoever adds or removes memberships (including
# the ON DELETE CASCADE from users), and concurrent joins never contend on the organization row.
def _org_columns(p: str = "o.") -> str:
    return f"""{p}tenant_id, {p}id, {p}name, {p}slug, {p}logo_url, {p}public_metadata,
               {p}created_by, {p}created_at, {p}updated_at,
               (SELECT count(*) FROM memberships mc
                WHERE mc.tenant_id = {p}tenant_id AND mc.org_id = {p}id) AS member_count"""


ORG_COLUMNS = _org_columns()


def _org_column(id_or_slug: str) -> str:
    # Slugs cannot contain '_', so anything that starts with org_ is an id.
    return "id" if id_or_slug.startswith("org_") else "slug"


async def insert_org(conn: asyncpg.Connection, values: OrgColumns) -> OrgRecord | None:
    """Insert an organization; None when the slug is taken (no exception, no savepoint)."""
    row = await conn.fetchrow(
        f"""{insert_into("organizations", values)}
            ON CONFLICT (tenant_id, slug) DO NOTHING
            RETURNING tenant_id, id, name, slug, logo_url, public_metadata, created_by,
                      created_at, updated_at, 0::bigint AS member_count""",
        *values.values(),
    )
    return OrgRecord.maybe(row)


async def slug_exists(conn: Any, tenant_id: str, slug: str) -> bool:
    return bool(await conn.fetchval("SELECT 1 FROM organizations WHERE tenant_id = $1 AND slug = $2", tenant_id, slug))


async def get_org(conn: Any, tenant_id: str, id_or_slug: str, *, lock: str | None = None) -> OrgRecord | None:
    """By id (org_...) or slug. lock: None, 'NO KEY UPDATE' or 'UPDATE'."""
    suffix = f" FOR {lock} OF o" if lock else ""
    return OrgRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {ORG_COLUMNS} FROM organizations o
            WHERE o.tenant_id = $1 AND o.{_org_column(id_or_slug)} = $2{suffix}""",
            tenant_id,
            id_or_slug,
        )
    )


async def list_orgs(conn: Any, tenant_id: str, page: Keyset, *, q: str | None) -> tuple[list[OrgRecord], int]:
    pattern = f"%{escape_like(q)}%" if q else None
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {ORG_COLUMNS} FROM organizations o",
        count="SELECT count(*) FROM organizations o",
        where="o.tenant_id = $1 AND ($2::text IS NULL OR o.name ILIKE $2 OR o.slug ILIKE $2)",
        args=(tenant_id, pattern),
        id_column="o.id",
    )
    return OrgRecord.all(rows), total


async def update_org(conn: asyncpg.Connection, tenant_id: str, org_id: str, changes: OrgColumns) -> OrgRecord | None:
    """Set the given columns (names come from code). None when the new slug is taken."""
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=3))
    try:
        async with conn.transaction():  # a savepoint: a taken slug must not abort the request's
            row = await conn.fetchrow(
                f"""UPDATE organizations o SET {sets}, updated_at = now()
                    WHERE o.tenant_id = $1 AND o.id = $2 RETURNING {ORG_COLUMNS}""",
                tenant_id,
                org_id,
                *changes.values(),
            )
    except asyncpg.UniqueViolationError:
        return None
    return OrgRecord.maybe(row)


async def delete_org(conn: asyncpg.Connection, tenant_id: str, org_id: str) -> None:
    # Memberships and invitations go with it (ON DELETE CASCADE).
    await conn.execute("DELETE FROM organizations WHERE tenant_id = $1 AND id = $2", tenant_id, org_id)


async def clear_active_org(conn: asyncpg.Connection, tenant_id: str, org_id: str, user_id: str | None = None) -> int:
    """Sessions whose active organization is this one (of one user, or of everybody) no longer
    have one; their next access token (refresh or switch) carries org_id null."""
    status = await conn.execute(
        # Locked in key order first, as every statement locking several sessions does
        # (identity/sessions/store.py revoke_many): two of them wait instead of deadlocking.
        """WITH locked AS MATERIALIZED (
               SELECT id FROM sessions
               WHERE tenant_id = $1 AND org_id = $2 AND ($3::text IS NULL OR user_id = $3)
               ORDER BY id FOR NO KEY UPDATE)
           UPDATE sessions s SET org_id = NULL
           FROM locked l WHERE s.tenant_id = $1 AND s.id = l.id""",
        tenant_id,
        org_id,
        user_id,
    )
    return int(status.split()[-1])


async def counts(conn: Any, tenant_id: str) -> int:
    total: int = await conn.fetchval("SELECT count(*) FROM organizations WHERE tenant_id = $1", tenant_id)
    return total


# -- memberships ------------------------------------------------------------------------------

MEMBER_COLUMNS = """m.id, m.user_id, m.org_id, m.role, m.created_at AS joined_at, m.updated_at,
                    u.email AS user_email, u.name AS user_name"""


async def insert_member(
    conn: asyncpg.Connection, tenant_id: str, membership_id: str, org_id: str, user_id: str, role: str
) -> MemberRecord | None:
    """Add a membership; None when the user is already a member (the unique key decides, so
    two concurrent adds of one user cannot both succeed)."""
    return MemberRecord.maybe(
        await conn.fetchrow(
            f"""WITH m AS (
                INSERT INTO memberships (tenant_id, id, org_id, user_id, role)
                VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (tenant_id, org_id, user_id) DO NOTHING
                RETURNING *)
            SELECT {MEMBER_COLUMNS} FROM m
            JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id""",
            tenant_id,
            membership_id,
            org_id,
            user_id,
            role,
        )
    )


async def get_member(
    conn: Any, tenant_id: str, org_id: str, user_id: str, *, for_update: bool = False
) -> MemberRecord | None:
    lock = " FOR UPDATE OF m" if for_update else ""
    return MemberRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {MEMBER_COLUMNS} FROM memberships m
            JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
            WHERE m.tenant_id = $1 AND m.org_id = $2 AND m.user_id = $3{lock}""",
            tenant_id,
            org_id,
            user_id,
        )
    )


async def list_members(
    conn: Any, tenant_id: str, org_id: str, page: Keyset, *, role: str | None
) -> tuple[list[MemberRecord], int]:
    """One query for the page with the embedded users, one for the total."""
    rows, total = await read_page(
        conn,
        page,
        select=f"""SELECT {MEMBER_COLUMNS} FROM memberships m
                   JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id""",
        count="SELECT count(*) FROM memberships m",
        where="m.tenant_id = $1 AND m.org_id = $2 AND ($3::text IS NULL OR m.role = $3)",
        args=(tenant_id, org_id, role),
        id_column="m.id",
    )
    return MemberRecord.all(rows), total


async def set_member_role(
    conn: asyncpg.Connection, tenant_id: str, org_id: str, user_id: str, role: str
) -> MemberRecord | None:
    return MemberRecord.maybe(
        await conn.fetchrow(
            f"""WITH m AS (
                UPDATE memberships SET role = $4, updated_at = now()
                WHERE tenant_id = $1 AND org_id = $2 AND user_id = $3 RETURNING *)
            SELECT {MEMBER_COLUMNS} FROM m
            JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id""",
            tenant_id,
            org_id,
            user_id,
            role,
        )
    )


async def delete_member(conn: asyncpg.Connection, tenant_id: str, org_id: str, user_id: str) -> None:
    await conn.execute(
        "DELETE FROM memberships WHERE tenant_id = $1 AND org_id = $2 AND user_id = $3",
        tenant_id,
        org_id,
        user_id,
    )


async def owner_count(conn: Any, tenant_id: str, org_id: str) -> int:
    owners: int = await conn.fetchval(
        "SELECT count(*) FROM memberships WHERE tenant_id = $1 AND org_id = $2 AND role = 'owner'",
        tenant_id,
        org_id,
    )
    return owners


async def member_by_email(conn: Any, tenant_id: str, org_id: str, email: str) -> bool:
    return bool(
        await conn.fetchval(
            """SELECT 1 FROM memberships m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
           WHERE m.tenant_id = $1 AND m.org_id = $2 AND u.email = $3""",
            tenant_id,
            org_id,
            email,
        )
    )


async def list_user_memberships(
    conn: Any, tenant_id: str, user_id: str, page: Keyset
) -> tuple[list[UserMembershipRecord], int]:
    """The user's memberships with their organizations (one query for the page)."""
    rows, total = await read_page(
        conn,
        page,
        select=f"""SELECT m.id AS membership_id, m.role AS membership_role, m.created_at AS joined_at,
                          {ORG_COLUMNS}
                   FROM memberships m
                   JOIN organizations o ON o.tenant_id = m.tenant_id AND o.id = m.org_id""",
        count="SELECT count(*) FROM memberships m",
        where="m.tenant_id = $1 AND m.user_id = $2",
        args=(tenant_id, user_id),
        id_column="m.id",
    )
    return UserMembershipRecord.all(rows), total


# -- invitations ------------------------------------------------------------------------------


def _inv_columns(p: str = "") -> str:
    return f"""{p}id, {p}tenant_id, {p}org_id, {p}email, {p}role, {p}redirect_url,
               {p}inviter_user_id, {p}created_at, {p}expires_at, {p}accepted_at,
               {p}accepted_user_id, {p}revoked_at,
               CASE WHEN {p}accepted_at IS NOT NULL THEN 'accepted'
                    WHEN {p}revoked_at IS NOT NULL THEN 'revoked'
                    WHEN {p}expires_at <= now() THEN 'expired'
                    ELSE 'pending' END AS status"""


INV_COLUMNS = _inv_columns()

_INV_STATUS = {
    "pending": "accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()",
    "accepted": "accepted_at IS NOT NULL",
    "revoked": "revoked_at IS NOT NULL",
    "expired": "accepted_at IS NULL AND revoked_at IS NULL AND expires_at <= now()",
}


async def insert_invitation(conn: asyncpg.Connection, values: InvitationColumns) -> InvitationRecord:
    return InvitationRecord.of(
        await conn.fetchrow(insert_into("invitations", values) + f" RETURNING {INV_COLUMNS}", *values.values())
    )


async def pending_invitation_for(conn: Any, tenant_id: str, org_id: str, email: str) -> InvitationRecord | None:
    return InvitationRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {INV_COLUMNS} FROM invitations
            WHERE tenant_id = $1 AND org_id = $2 AND email = $3 AND {_INV_STATUS["pending"]}""",
            tenant_id,
            org_id,
            email,
        )
    )


async def get_invitation(
    conn: Any, tenant_id: str, org_id: str, invitation_id: str, *, for_update: bool = False
) -> InvitationRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return InvitationRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {INV_COLUMNS} FROM invitations
            WHERE tenant_id = $1 AND org_id = $2 AND id = $3{lock}""",
            tenant_id,
            org_id,
            invitation_id,
        )
    )


async def list_invitations(
    conn: Any, tenant_id: str, org_id: str, page: Keyset, *, status: str
) -> tuple[list[InvitationRecord], int]:
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {INV_COLUMNS} FROM invitations",
        count="SELECT count(*) FROM invitations",
        where=f"tenant_id = $1 AND org_id = $2 AND {_INV_STATUS[status]}",
        args=(tenant_id, org_id),
    )
    return InvitationRecord.all(rows), total


async def revoke_invitation(conn: asyncpg.Connection, tenant_id: str, invitation_id: str) -> None:
    await conn.execute(
        "UPDATE invitations SET revoked_at = now() WHERE tenant_id = $1 AND id = $2",
        tenant_id,
        invitation_id,
    )


async def invitation_by_token(
    conn: Any, tenant_id: str, token_hash: str, *, for_update: bool = False
) -> TokenInvitationRecord | None:
    """The invitation and its organization's name (locked for acceptance)."""
    lock = " FOR UPDATE OF i" if for_update else ""
    return TokenInvitationRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {_inv_columns("i.")}, o.name AS org_name, o.slug AS org_slug
            FROM invitations i JOIN organizations o ON o.tenant_id = i.tenant_id AND o.id = i.org_id
            WHERE i.tenant_id = $1 AND i.token_hash = $2{lock}""",
            tenant_id,
            token_hash,
        )
    )


async def invitation_for_page(conn: Any, token_hash: str) -> PageInvitationRecord | None:
    """The invitation page's link has no tenant header: look the token up by hash alone."""
    return PageInvitationRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {_inv_columns("i.")}, o.name AS org_name, t.name AS app_name
            FROM invitations i
            JOIN organizations o ON o.tenant_id = i.tenant_id AND o.id = i.org_id
            JOIN tenants t ON t.id = i.tenant_id
            WHERE i.token_hash = $1""",
            token_hash,
        )
    )


async def mark_accepted(conn: asyncpg.Connection, tenant_id: str, invitation_id: str, user_id: str) -> datetime:
    """The acceptance time."""
    accepted_at: datetime = await conn.fetchval(
        """UPDATE invitations SET accepted_at = now(), accepted_user_id = $3
           WHERE tenant_id = $1 AND id = $2 RETURNING accepted_at""",
        tenant_id,
        invitation_id,
        user_id,
    )
    return accepted_at


# -- the active organization of a session -----------------------------------------------------


async def set_session_org(
    conn: asyncpg.Connection, tenant_id: str, session_id: str, org_id: str | None
) -> SessionOrgRecord | None:
    """Set the session's active organization; returns what an access token needs (the session
    and its user), or None when the session is not alive."""
    return SessionOrgRecord.maybe(
        await conn.fetchrow(
            """UPDATE sessions s SET org_id = $3
           FROM users u
           WHERE s.tenant_id = $1 AND s.id = $2 AND u.tenant_id = s.tenant_id AND u.id = s.user_id
             AND s.revoked_at IS NULL AND s.expires_at > now()
           RETURNING s.id, s.user_id, s.expires_at, s.mfa_verified, s.org_id,
                     u.role, u.status, u.public_metadata""",
            tenant_id,
            session_id,
            org_id,
        )
    )


async def member_role_for_update(conn: asyncpg.Connection, tenant_id: str, org_id: str, user_id: str) -> Role | None:
    """The user's role in the organization, the membership locked (FOR SHARE) so that it
    cannot be removed until the session naming it has committed."""
    role: Role | None = await conn.fetchval(
        """SELECT role FROM memberships WHERE tenant_id = $1 AND org_id = $2 AND user_id = $3
           FOR SHARE""",
        tenant_id,
        org_id,
        user_id,
    )
    return role
