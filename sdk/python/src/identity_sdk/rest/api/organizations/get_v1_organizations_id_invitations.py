from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_v1_organizations_id_invitations_order import GetV1OrganizationsIdInvitationsOrder
from ...models.get_v1_organizations_id_invitations_status import GetV1OrganizationsIdInvitationsStatus
from ...models.invitation_list import InvitationList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    status: GetV1OrganizationsIdInvitationsStatus | Unset = GetV1OrganizationsIdInvitationsStatus.PENDING,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1OrganizationsIdInvitationsOrder | Unset = GetV1OrganizationsIdInvitationsOrder.DESC,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/organizations/{id}/invitations".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | InvitationList | None:
    if response.status_code == 200:
        response_200 = InvitationList.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | InvitationList]:
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
    status: GetV1OrganizationsIdInvitationsStatus | Unset = GetV1OrganizationsIdInvitationsStatus.PENDING,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1OrganizationsIdInvitationsOrder | Unset = GetV1OrganizationsIdInvitationsOrder.DESC,
    x_tenant_id: str,

) -> Response[Error | InvitationList]:
    """ List invitations (pending unless status says otherwise)

     Lists an organization's invitations, pending ones unless `status` asks for others. Called with a
    **secret key** holding the `organizations:read` scope; 404 for an unknown organization. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        id (str):
        status (GetV1OrganizationsIdInvitationsStatus | Unset):  Default:
            GetV1OrganizationsIdInvitationsStatus.PENDING.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1OrganizationsIdInvitationsOrder | Unset):  Default:
            GetV1OrganizationsIdInvitationsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | InvitationList]
     """


    kwargs = _get_kwargs(
        id=id,
status=status,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    status: GetV1OrganizationsIdInvitationsStatus | Unset = GetV1OrganizationsIdInvitationsStatus.PENDING,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1OrganizationsIdInvitationsOrder | Unset = GetV1OrganizationsIdInvitationsOrder.DESC,
    x_tenant_id: str,

) -> Error | InvitationList | None:
    """ List invitations (pending unless status says otherwise)

     Lists an organization's invitations, pending ones unless `status` asks for others. Called with a
    **secret key** holding the `organizations:read` scope; 404 for an unknown organization. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        id (str):
        status (GetV1OrganizationsIdInvitationsStatus | Unset):  Default:
            GetV1OrganizationsIdInvitationsStatus.PENDING.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1OrganizationsIdInvitationsOrder | Unset):  Default:
            GetV1OrganizationsIdInvitationsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | InvitationList
     """


    return sync_detailed(
        id=id,
client=client,
status=status,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    status: GetV1OrganizationsIdInvitationsStatus | Unset = GetV1OrganizationsIdInvitationsStatus.PENDING,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1OrganizationsIdInvitationsOrder | Unset = GetV1OrganizationsIdInvitationsOrder.DESC,
    x_tenant_id: str,

) -> Response[Error | InvitationList]:
    """ List invitations (pending unless status says otherwise)

     Lists an organization's invitations, pending ones unless `status` asks for others. Called with a
    **secret key** holding the `organizations:read` scope; 404 for an unknown organization. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        id (str):
        status (GetV1OrganizationsIdInvitationsStatus | Unset):  Default:
            GetV1OrganizationsIdInvitationsStatus.PENDING.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1OrganizationsIdInvitationsOrder | Unset):  Default:
            GetV1OrganizationsIdInvitationsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | InvitationList]
     """


    kwargs = _get_kwargs(
        id=id,
status=status,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    status: GetV1OrganizationsIdInvitationsStatus | Unset = GetV1OrganizationsIdInvitationsStatus.PENDING,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1OrganizationsIdInvitationsOrder | Unset = GetV1OrganizationsIdInvitationsOrder.DESC,
    x_tenant_id: str,

) -> Error | InvitationList | None:
    """ List invitations (pending unless status says otherwise)

     Lists an organization's invitations, pending ones unless `status` asks for others. Called with a
    **secret key** holding the `organizations:read` scope; 404 for an unknown organization. Cursor
    pagination (`limit`, `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        id (str):
        status (GetV1OrganizationsIdInvitationsStatus | Unset):  Default:
            GetV1OrganizationsIdInvitationsStatus.PENDING.
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1OrganizationsIdInvitationsOrder | Unset):  Default:
            GetV1OrganizationsIdInvitationsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | InvitationList
     """


    return (await asyncio_detailed(
        id=id,
client=client,
status=status,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )).parsed
