"""HTTP handlers for organizations (secret key; organizations:read / organizations:write),
invitation acceptance and the active organization (the invited / signed-in user's access
token), and the invitation page the email links to when no redirect_url was given."""

from __future__ import annotations

from identity.audit.context import from_ctx, when_required
from identity.auth import errors as auth_errors
from identity.http.errors import INVALID_EMAIL
from identity.http.routing import Ctx, HandlerResult, Router
from identity.organizations import active, pages, service
from identity.organizations.errors import (
    ALREADY_INVITED,
    ALREADY_MEMBER,
    INVITATION_ACCEPTED,
    INVITATION_EMAIL_MISMATCH,
    INVITATION_NOT_FOUND,
    LAST_OWNER,
    MEMBERSHIP_NOT_FOUND,
    ORGANIZATION_NOT_FOUND,
)
from identity.organizations.schemas import (
    ActiveOrganization,
    AddMember,
    CreateInvitation,
    CreateOrganization,
    Invitation,
    InvitationList,
    InvitationPageQuery,
    ListInvitations,
    ListMembers,
    ListMyOrganizations,
    ListOrganizations,
    Membership,
    MembershipList,
    MyOrganizationList,
    Organization,
    OrganizationList,
    SetActiveOrganization,
    UpdateMember,
    UpdateOrganization,
)
from identity.principals import ACCESS_TOKEN, SECRET
from identity.sessions.runtime import runtime
from identity.tenants.errors import SLUG_TAKEN
from identity.users.errors import USER_NOT_FOUND

router = Router()
_read = {"auth": (SECRET,), "scope": "organizations:read", "tag": "Organizations"}
_write = {"auth": (SECRET,), "scope": "organizations:write", "tag": "Organizations"}
# Switching the active organization answers fresh tokens: not replayed for an Idempotency-Key.
_user = {"auth": (ACCESS_TOKEN,), "tag": "Organizations", "idempotent": False}


@router.get(
    "/v1/organizations",
    query=ListOrganizations,
    response=OrganizationList,
    summary="List organizations, newest first; q searches name and slug",
    **_read,
)
async def list_orgs(ctx: Ctx) -> HandlerResult:
    """Lists the tenant's organizations with their member counts, newest first (`order=asc` for oldest
    first); `q` searches name and slug. Called with a **secret key** holding the `organizations:read`
    scope. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_orgs(ctx.pool, ctx.tenant_id, ctx.query)


@router.post(
    "/v1/organizations",
    body=CreateOrganization,
    response=Organization,
    status=201,
    summary="Create an organization; created_by becomes its owner",
    **_write,
    errors=(USER_NOT_FOUND, SLUG_TAKEN),
)
async def create_org(ctx: Ctx) -> HandlerResult:
    """Creates an organization. Called with a **secret key** holding the `organizations:write` scope.
    Without `slug`, one is derived from the name (409 for a taken explicit slug). With `created_by`,
    that user becomes its first member with the role `owner` (404 when the tenant has no such user).
    Emits `org.created` (and `org.member.added` for the owner) and writes the audit entry
    `organization.created`."""
    return await service.create_org(ctx.pool, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.get(
    "/v1/organizations/slug/{slug}",
    response=Organization,
    summary="Get an organization by slug",
    **_read,
    errors=(ORGANIZATION_NOT_FOUND,),
)
async def get_org_by_slug(ctx: Ctx) -> HandlerResult:
    """Returns the tenant's organization with this slug (404 for an id or an unknown slug). Called with a
    **secret key** holding the `organizations:read` scope. Changes nothing."""
    slug = ctx.param("slug")
    if slug.startswith("org_"):  # this form looks up slugs only, and no slug has a '_'
        raise ORGANIZATION_NOT_FOUND()
    return await service.get_org(ctx.pool, ctx.tenant_id, slug)


@router.get(
    "/v1/organizations/{id}",
    response=Organization,
    summary="Get an organization by id or slug",
    **_read,
    errors=(ORGANIZATION_NOT_FOUND,),
)
async def get_org(ctx: Ctx) -> HandlerResult:
    """Returns one of the tenant's organizations by id (`org_...`) or slug, with its member count. Called
    with a **secret key** holding the `organizations:read` scope; 404 when the tenant has no such
    organization. Changes nothing."""
    return await service.get_org(ctx.pool, ctx.tenant_id, ctx.param("id"))


@router.patch(
    "/v1/organizations/{id}",
    body=UpdateOrganization,
    response=Organization,
    summary="Update an organization (public_metadata is replaced)",
    **_write,
    errors=(ORGANIZATION_NOT_FOUND, SLUG_TAKEN),
)
async def update_org(ctx: Ctx) -> HandlerResult:
    """Changes an organization's name, slug, logo URL or public metadata (`public_metadata` is replaced
    whole). Called with a **secret key** holding the `organizations:write` scope. 404 for an unknown
    organization, 409 for a taken slug, 422 for a logo URL that is not absolute http(s). Writes the
    audit entry `organization.updated` when something changed."""
    return await service.update_org(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/organizations/{id}",
    status=204,
    summary="Delete an organization with its memberships and invitations",
    **_write,
    errors=(ORGANIZATION_NOT_FOUND,),
)
async def delete_org(ctx: Ctx) -> None:
    """Deletes an organization with its memberships and invitations (pending invitation links stop working)
    and clears it as the active organization of every session that had it. Called with a **secret key**
    holding the `organizations:write` scope; 404 for an unknown organization. Emits one `org.deleted`
    event (no event per membership) and writes the audit entry `organization.deleted`."""
    await service.delete_org(ctx.pool, ctx.tenant_id, ctx.param("id"), from_ctx(ctx))


@router.get(
    "/v1/organizations/{id}/members",
    query=ListMembers,
    response=MembershipList,
    summary="List members with their users",
    **_read,
    errors=(ORGANIZATION_NOT_FOUND,),
)
async def list_members(ctx: Ctx) -> HandlerResult:
    """Lists an organization's memberships with each member's user, optionally only one `role`. Called with
    a **secret key** holding the `organizations:read` scope; 404 for an unknown organization. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_members(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


@router.post(
    "/v1/organizations/{id}/members",
    body=AddMember,
    response=Membership,
    status=201,
    summary="Add a user as a member (no email is sent)",
    **_write,
    errors=(ORGANIZATION_NOT_FOUND, USER_NOT_FOUND, ALREADY_MEMBER),
)
async def add_member(ctx: Ctx) -> HandlerResult:
    """Adds a user of the tenant to an organization with a role, directly: no invitation and no email.
    Called with a **secret key** holding the `organizations:write` scope. 404 for an unknown
    organization or user, 409 when the user is already a member. Emits `org.member.added` and writes the
    audit entry `organization.member_added`."""
    return await service.add_member(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.body, from_ctx(ctx))


@router.patch(
    "/v1/organizations/{id}/members/{user_id}",
    body=UpdateMember,
    response=Membership,
    summary="Change a member's role (the last owner cannot be demoted)",
    **_write,
    errors=(MEMBERSHIP_NOT_FOUND, ORGANIZATION_NOT_FOUND, USER_NOT_FOUND, LAST_OWNER),
)
async def update_member(ctx: Ctx) -> HandlerResult:
    """Changes a member's role. Called with a **secret key** holding the `organizations:write` scope. The
    organization's last owner cannot be demoted (409). 404 for an unknown organization or member. Writes
    the audit entry `organization.member_updated` (no webhook event); tokens issued afterwards carry the
    new role."""
    return await service.update_member(
        ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.param("user_id"), ctx.body, from_ctx(ctx)
    )


@router.delete(
    "/v1/organizations/{id}/members/{user_id}",
    status=204,
    summary="Remove a member (the last owner cannot be removed)",
    **_write,
    errors=(MEMBERSHIP_NOT_FOUND, ORGANIZATION_NOT_FOUND, LAST_OWNER),
)
async def remove_member(ctx: Ctx) -> None:
    """Removes a member from an organization and clears it as the active organization of that user's
    sessions. Called with a **secret key** holding the `organizations:write` scope. The last owner
    cannot be removed (409); 404 for an unknown organization or member. Emits `org.member.removed` and
    writes the audit entry `organization.member_removed`."""
    await service.remove_member(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.param("user_id"), from_ctx(ctx))


@router.post(
    "/v1/organizations/{id}/invitations",
    body=CreateInvitation,
    response=Invitation,
    status=201,
    summary="Invite an email address; the invitation email carries a one-time link",
    **_write,
    errors=(INVALID_EMAIL, ORGANIZATION_NOT_FOUND, ALREADY_INVITED, ALREADY_MEMBER),
)
async def create_invitation(ctx: Ctx) -> HandlerResult:
    """Invites an email address to an organization with a role and sends the **invitation email** with a
    one-time link (valid `expires_in`, default 7 days, 1 minute to 365 days; only the link token's hash
    is stored). Called with a **secret key** holding the `organizations:write` scope. The link leads to
    `redirect_url` when given (its origin must be listed in the tenant's `allowed_origins`, exact match;
    an empty list or `*` allows none; else 422), otherwise to this service's invitation page.
    `inviter_user_id` must be an owner or admin of the organization. 409 when the address is already a
    member or has a pending invitation. Emits `org.invitation.sent` and writes the audit entry
    `organization.invitation_created`."""
    assert ctx.principal is not None and ctx.principal.tenant is not None
    return await service.create_invitation(
        ctx.pool,
        runtime(ctx.app).box,
        ctx.settings.public_url,
        ctx.principal.tenant,
        ctx.param("id"),
        ctx.body,
        from_ctx(ctx),
    )


@router.get(
    "/v1/organizations/{id}/invitations",
    query=ListInvitations,
    response=InvitationList,
    summary="List invitations (pending unless status says otherwise)",
    **_read,
    errors=(ORGANIZATION_NOT_FOUND,),
)
async def list_invitations(ctx: Ctx) -> HandlerResult:
    """Lists an organization's invitations, pending ones unless `status` asks for others. Called with a
    **secret key** holding the `organizations:read` scope; 404 for an unknown organization. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    return await service.list_invitations(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.query)


@router.delete(
    "/v1/organizations/{id}/invitations/{invitation_id}",
    status=204,
    summary="Revoke an invitation: its link stops working",
    **_write,
    errors=(INVITATION_NOT_FOUND, ORGANIZATION_NOT_FOUND, INVITATION_ACCEPTED),
)
async def revoke_invitation(ctx: Ctx) -> None:
    """Revokes a pending invitation: its link stops working at once. Called with a **secret key** holding
    the `organizations:write` scope. Revoking a revoked invitation answers 204 and changes nothing; an
    accepted one answers 409 `invitation_accepted` (remove the member instead); 404 for an unknown
    organization or invitation. Writes the audit entry `organization.invitation_revoked`."""
    await service.revoke_invitation(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.param("invitation_id"), from_ctx(ctx))


@router.post(
    "/v1/invitations/{token}/accept",
    response=Membership,
    summary="Accept an invitation as the invited, signed-in user",
    # honours Idempotency-Key: a retry after a lost answer gets the membership
    auth=(ACCESS_TOKEN,),
    tag="Organizations",
    errors=(
        auth_errors.INVALID_TOKEN,
        auth_errors.TOKEN_EXPIRED,
        auth_errors.USER_BANNED,
        auth_errors.USER_DISABLED,
        ALREADY_MEMBER,
        INVITATION_EMAIL_MISMATCH,
    ),
)
async def accept_invitation(ctx: Ctx) -> HandlerResult:
    """Accepts an invitation with the token from its link, as the invited user: the caller's email must be
    the invited address (403 `invitation_email_mismatch`). Called with the **user's access token**. The
    token can be used once (401 for a used, revoked or expired one); 409 when the user is already a
    member. Creates the membership with the invited role, emits `org.member.added` and
    `org.invitation.accepted` and writes the audit entry `organization.invitation_accepted`. Honours
    Idempotency-Key, so a retry after a lost answer gets the membership."""
    assert ctx.principal is not None and ctx.principal.user_id is not None
    return await service.accept_invitation(
        ctx.pool, ctx.tenant_id, ctx.param("token"), ctx.principal.user_id, from_ctx(ctx)
    )


@router.get(
    service.INVITATION_PAGE_PATH,
    query=InvitationPageQuery,
    tenant=False,
    tag="Organizations",
    content_type="text/html",
    summary="The invitation email's link when no redirect_url was given: an HTML page explaining how to accept",
)
async def invitation_page(ctx: Ctx) -> HandlerResult:
    """The page the invitation email links to when the invitation had no `redirect_url`: opened in a
    browser, without any credential. Shows the organization, the role and whether the invitation is
    pending, accepted, expired or invalid (400 for the last two), and explains how to accept it in the
    application. Changes nothing."""
    outcome, row = await service.invitation_page(ctx.pool, ctx.query.token)
    return await pages.invitation(ctx.request, outcome, row, ctx.query.token)


@router.post(
    "/v1/auth/organization",
    body=SetActiveOrganization,
    response=ActiveOrganization,
    summary="Make one of the signed-in user's organizations active for "
    "the session (null clears it); answers a new access token",
    **_user,
    errors=(ORGANIZATION_NOT_FOUND, auth_errors.USER_BANNED, auth_errors.USER_DISABLED),
)
async def set_active_organization(ctx: Ctx) -> HandlerResult:
    """Makes one of the signed-in user's organizations the active one of the current session (or, with
    `null`, none) and answers a new access token whose `org_id` and `org_role` claims name it; it
    expires no later than the token presented. Called with the **user's access token**. Later refreshes
    keep the organization. 404 when the user is not a member of such an organization (not told apart
    from one that does not exist). Idempotency-Key is ignored (the answer carries a fresh token); an
    administrator's impersonation token also writes an audit entry."""
    assert ctx.principal is not None
    return await active.set_active(
        ctx.pool, runtime(ctx.app), ctx.principal, ctx.body.organization_id, when_required(ctx)
    )


@router.get(
    "/v1/auth/organizations",
    query=ListMyOrganizations,
    response=MyOrganizationList,
    summary="The signed-in user's organizations and roles",
    **_user,
)
async def my_organizations(ctx: Ctx) -> HandlerResult:
    """Lists the signed-in user's memberships with their organizations and roles; `active` marks the
    organization named by the access token. Called with the **user's access token**. Cursor pagination
    (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing."""
    assert ctx.principal is not None
    return await active.my_organizations(ctx.pool, ctx.principal, ctx.query)


@router.delete(
    "/v1/auth/organizations/{id}",
    status=204,
    summary="Leave one of the signed-in user's organizations (409 last_owner for its last owner)",
    **_user,
    errors=(ORGANIZATION_NOT_FOUND, LAST_OWNER),
)
async def leave_organization(ctx: Ctx) -> None:
    """The signed-in user leaves an organization (id or slug). Called with the **user's access token**.
    404 when the user is not a member (not told apart from an organization that does not exist); 409
    `last_owner` for its last owner, who must make another member an owner first. Sessions that had it
    active lose it. Emits `org.member.removed` with `via: "left"`."""
    assert ctx.principal is not None and ctx.principal.user_id is not None
    await service.leave(ctx.pool, ctx.tenant_id, ctx.param("id"), ctx.principal.user_id, from_ctx(ctx))
