"""The rows the organizations store reads, as typed records (identity/db/records.py)."""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from identity.db.records import Record
from identity.http.types import JsonObject
from identity.organizations.schemas import InvitationStatus, Role


class OrgRecord(Record, frozen=True):
    """An organization as ORG_COLUMNS reads it (member_count counted)."""

    tenant_id: str
    id: str
    name: str
    slug: str
    logo_url: str | None
    public_metadata: JsonObject
    created_by: str | None
    created_at: datetime
    updated_at: datetime
    member_count: int


class OrgColumns(TypedDict, total=False):
    """The columns store.insert_org and store.update_org write, by name (checked by mypy)."""

    tenant_id: str
    id: str
    name: str
    slug: str
    logo_url: str | None
    public_metadata: JsonObject
    created_by: str | None


class InvitationColumns(TypedDict):
    """The columns store.insert_invitation writes."""

    tenant_id: str
    id: str
    org_id: str
    email: str
    role: Role
    token_hash: str
    redirect_url: str | None
    inviter_user_id: str | None
    expires_at: datetime


class UserMembershipRecord(OrgRecord, frozen=True):
    """One of a user's memberships with its organization (list_user_memberships)."""

    membership_id: str
    membership_role: Role
    joined_at: datetime


class MemberRecord(Record, frozen=True):
    """A membership with its user's email and name (MEMBER_COLUMNS)."""

    id: str
    user_id: str
    org_id: str
    role: Role
    joined_at: datetime
    updated_at: datetime
    user_email: str
    user_name: str | None


class InvitationRecord(Record, frozen=True):
    """An invitation as INV_COLUMNS reads it (status computed)."""

    id: str
    tenant_id: str
    org_id: str
    email: str
    role: Role
    redirect_url: str | None
    inviter_user_id: str | None
    created_at: datetime
    expires_at: datetime
    accepted_at: datetime | None
    accepted_user_id: str | None
    revoked_at: datetime | None
    status: InvitationStatus


class TokenInvitationRecord(InvitationRecord, frozen=True):
    """An invitation found by its token, with its organization's name and slug."""

    org_name: str
    org_slug: str


class PageInvitationRecord(InvitationRecord, frozen=True):
    """An invitation for the invitation pages, with the organization's and application's
    names."""

    org_name: str
    app_name: str


class SessionOrgRecord(Record, frozen=True):
    """A session whose active organization was set, with what an access token needs of its
    user."""

    id: str
    user_id: str
    expires_at: datetime
    mfa_verified: bool
    org_id: str | None
    role: str
    status: str
    public_metadata: JsonObject
