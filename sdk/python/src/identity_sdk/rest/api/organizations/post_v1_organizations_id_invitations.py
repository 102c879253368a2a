from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_invitation import CreateInvitation
from ...models.error import Error
from ...models.invitation import Invitation
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: CreateInvitation,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organizations/{id}/invitations".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Invitation | None:
    if response.status_code == 201:
        response_201 = Invitation.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if response.status_code == 408:
        response_408 = Error.from_dict(response.json())



        return response_408

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Invitation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateInvitation,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Invitation]:
    """ Invite an email address; the invitation email carries a one-time link

     Invites an email address to an organization with a role and sends the **invitation email** with a
    one-time link (valid `expires_in`, default 7 days, 1 minute to 365 days; only the link token's hash
    is stored). Called with a **secret key** holding the `organizations:write` scope. The link leads to
    `redirect_url` when given (its origin must be listed in the tenant's `allowed_origins`, exact match;
    an empty list or `*` allows none; else 422), otherwise to this service's invitation page.
    `inviter_user_id` must be an owner or admin of the organization. 409 when the address is already a
    member or has a pending invitation. Emits `org.invitation.sent` and writes the audit entry
    `organization.invitation_created`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateInvitation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Invitation]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateInvitation,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Invitation | None:
    """ Invite an email address; the invitation email carries a one-time link

     Invites an email address to an organization with a role and sends the **invitation email** with a
    one-time link (valid `expires_in`, default 7 days, 1 minute to 365 days; only the link token's hash
    is stored). Called with a **secret key** holding the `organizations:write` scope. The link leads to
    `redirect_url` when given (its origin must be listed in the tenant's `allowed_origins`, exact match;
    an empty list or `*` allows none; else 422), otherwise to this service's invitation page.
    `inviter_user_id` must be an owner or admin of the organization. 409 when the address is already a
    member or has a pending invitation. Emits `org.invitation.sent` and writes the audit entry
    `organization.invitation_created`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateInvitation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Invitation
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateInvitation,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Invitation]:
    """ Invite an email address; the invitation email carries a one-time link

     Invites an email address to an organization with a role and sends the **invitation email** with a
    one-time link (valid `expires_in`, default 7 days, 1 minute to 365 days; only the link token's hash
    is stored). Called with a **secret key** holding the `organizations:write` scope. The link leads to
    `redirect_url` when given (its origin must be listed in the tenant's `allowed_origins`, exact match;
    an empty list or `*` allows none; else 422), otherwise to this service's invitation page.
    `inviter_user_id` must be an owner or admin of the organization. 409 when the address is already a
    member or has a pending invitation. Emits `org.invitation.sent` and writes the audit entry
    `organization.invitation_created`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateInvitation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Invitation]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: CreateInvitation,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Invitation | None:
    """ Invite an email address; the invitation email carries a one-time link

     Invites an email address to an organization with a role and sends the **invitation email** with a
    one-time link (valid `expires_in`, default 7 days, 1 minute to 365 days; only the link token's hash
    is stored). Called with a **secret key** holding the `organizations:write` scope. The link leads to
    `redirect_url` when given (its origin must be listed in the tenant's `allowed_origins`, exact match;
    an empty list or `*` allows none; else 422), otherwise to this service's invitation page.
    `inviter_user_id` must be an owner or admin of the organization. 409 when the address is already a
    member or has a pending invitation. Emits `org.invitation.sent` and writes the audit entry
    `organization.invitation_created`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateInvitation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Invitation
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
