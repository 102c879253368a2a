"""Request and response declarations for organizations, memberships and invitations."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.http.redirects import RedirectUrl
from identity.http.types import (
    UNSET,
    Body,
    JsonObject,
    Limit,
    Meta,
    Metadata,
    Model,
    Name,
    Pagination,
    Query,
    Slug,
    UnsetType,
    Url,
)

Role = Literal["owner", "admin", "member"]
InvitationStatus = Literal["pending", "accepted", "revoked", "expired"]
Id = Annotated[str, Meta(min_length=1, max_length=64)]
Duration = Annotated[str, Meta(pattern=r"^\s*\d{1,9}\s*(ms|s|m|h|d|w|y)\s*$", max_length=20)]
Order = Literal["asc", "desc"]


# -- organizations ----------------------------------------------------------------------------


class CreateOrganization(Body):
    name: Name
    slug: Slug | UnsetType = UNSET
    logo_url: Url | None = None
    #: A user of the tenant, made the organization's first owner.
    created_by: Id | None = None
    public_metadata: Metadata = {}


class UpdateOrganization(Body):
    name: Name | UnsetType = UNSET
    slug: Slug | UnsetType = UNSET
    logo_url: Url | None | UnsetType = UNSET
    public_metadata: Metadata | UnsetType = UNSET


class ListOrganizations(Query):
    q: Annotated[str, Meta(max_length=200)] | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Order = "desc"


class Organization(Model):
    id: str
    tenant_id: str
    name: str
    slug: str
    logo_url: str | None
    member_count: int
    public_metadata: JsonObject
    created_by: str | None
    created_at: datetime
    updated_at: datetime


class OrganizationList(Model):
    data: list[Organization]
    pagination: Pagination


# -- memberships ------------------------------------------------------------------------------


class AddMember(Body):
    user_id: Id
    role: Role = "member"


class UpdateMember(Body):
    role: Role


class ListMembers(Query):
    role: Role | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Order = "desc"


class MemberUser(Model):
    id: str
    email: str
    name: str | None


class Membership(Model):
    id: str
    user_id: str
    org_id: str
    role: Role
    joined_at: datetime
    updated_at: datetime
    user: MemberUser


class MembershipList(Model):
    data: list[Membership]
    pagination: Pagination


# -- invitations ------------------------------------------------------------------------------


class CreateInvitation(Body):
    email: Annotated[str, Meta(min_length=1, max_length=320)]
    role: Role = "member"
    #: Where the emailed link points (with ?token=...); without it, the service's own page.
    redirect_url: RedirectUrl | None = None
    expires_in: Duration = "7d"
    #: An owner or admin of the organization, named in the email as the inviter.
    inviter_user_id: Id | None = None


class ListInvitations(Query):
    status: InvitationStatus = "pending"
    limit: Limit = 20
    cursor: str | None = None
    order: Order = "desc"


class Invitation(Model):
    id: str
    org_id: str
    email: str
    role: Role
    status: InvitationStatus
    redirect_url: str | None
    inviter_user_id: str | None
    expires_at: datetime
    created_at: datetime
    accepted_at: datetime | None
    revoked_at: datetime | None


class InvitationList(Model):
    data: list[Invitation]
    pagination: Pagination


class InvitationPageQuery(Query):
    token: Annotated[str, Meta(max_length=512)] | None = None


# -- the signed-in user's organizations --------------------------------------------------------


class SetActiveOrganization(Body):
    #: One of the user's organizations (id or slug), or null to clear the active organization.
    organization_id: Annotated[str, Meta(min_length=1, max_length=64)] | None


class ActiveOrganization(Model):
    session_id: str
    access_token: str
    access_token_expires_at: datetime
    org_id: str | None
    org_role: Role | None


class MyOrganization(Model):
    """A membership of the signed-in user, with its organization."""

    id: str
    role: Role
    joined_at: datetime
    organization: Organization
    active: bool


class MyOrganizationList(Model):
    data: list[MyOrganization]
    pagination: Pagination


class ListMyOrganizations(Query):
    limit: Limit = 20
    cursor: str | None = None
    order: Order = "desc"
