from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_v1_users_order import GetV1UsersOrder
from ...models.get_v1_users_role import GetV1UsersRole
from ...models.get_v1_users_sort import GetV1UsersSort
from ...models.get_v1_users_status import GetV1UsersStatus
from ...models.user_list import UserList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: GetV1UsersStatus | Unset = UNSET,
    role: GetV1UsersRole | Unset = UNSET,
    sort: GetV1UsersSort | Unset = GetV1UsersSort.CREATED_AT,
    order: GetV1UsersOrder | Unset = GetV1UsersOrder.DESC,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    params["email"] = email

    params["q"] = q

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_role: str | Unset = UNSET
    if not isinstance(role, Unset):
        json_role = role.value

    params["role"] = json_role

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/users",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | UserList | None:
    if response.status_code == 200:
        response_200 = UserList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | UserList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: GetV1UsersStatus | Unset = UNSET,
    role: GetV1UsersRole | Unset = UNSET,
    sort: GetV1UsersSort | Unset = GetV1UsersSort.CREATED_AT,
    order: GetV1UsersOrder | Unset = GetV1UsersOrder.DESC,
    x_tenant_id: str,

) -> Response[Error | UserList]:
    """ List users: filter by email, q, status, role; sort and cursor pages

     Lists the tenant's users. Filter by exact `email`, `status` and `role`; `q` matches users whose
    email, name, username or phone contain every word given. Sort by `created_at` (default),
    `last_sign_in_at` or `email`, `order` asc or desc. Called with a **secret key** holding the
    `users:read` scope. Keyset cursor pagination (`limit`, `cursor` from `pagination.next_cursor`): a
    page boundary never repeats or skips a user; a large filtered total may be capped (`total_exact:
    false`). Changes nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        email (str | Unset):
        q (str | Unset):
        status (GetV1UsersStatus | Unset):
        role (GetV1UsersRole | Unset):
        sort (GetV1UsersSort | Unset):  Default: GetV1UsersSort.CREATED_AT.
        order (GetV1UsersOrder | Unset):  Default: GetV1UsersOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UserList]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
email=email,
q=q,
status=status,
role=role,
sort=sort,
order=order,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: GetV1UsersStatus | Unset = UNSET,
    role: GetV1UsersRole | Unset = UNSET,
    sort: GetV1UsersSort | Unset = GetV1UsersSort.CREATED_AT,
    order: GetV1UsersOrder | Unset = GetV1UsersOrder.DESC,
    x_tenant_id: str,

) -> Error | UserList | None:
    """ List users: filter by email, q, status, role; sort and cursor pages

     Lists the tenant's users. Filter by exact `email`, `status` and `role`; `q` matches users whose
    email, name, username or phone contain every word given. Sort by `created_at` (default),
    `last_sign_in_at` or `email`, `order` asc or desc. Called with a **secret key** holding the
    `users:read` scope. Keyset cursor pagination (`limit`, `cursor` from `pagination.next_cursor`): a
    page boundary never repeats or skips a user; a large filtered total may be capped (`total_exact:
    false`). Changes nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        email (str | Unset):
        q (str | Unset):
        status (GetV1UsersStatus | Unset):
        role (GetV1UsersRole | Unset):
        sort (GetV1UsersSort | Unset):  Default: GetV1UsersSort.CREATED_AT.
        order (GetV1UsersOrder | Unset):  Default: GetV1UsersOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UserList
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
email=email,
q=q,
status=status,
role=role,
sort=sort,
order=order,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: GetV1UsersStatus | Unset = UNSET,
    role: GetV1UsersRole | Unset = UNSET,
    sort: GetV1UsersSort | Unset = GetV1UsersSort.CREATED_AT,
    order: GetV1UsersOrder | Unset = GetV1UsersOrder.DESC,
    x_tenant_id: str,

) -> Response[Error | UserList]:
    """ List users: filter by email, q, status, role; sort and cursor pages

     Lists the tenant's users. Filter by exact `email`, `status` and `role`; `q` matches users whose
    email, name, username or phone contain every word given. Sort by `created_at` (default),
    `last_sign_in_at` or `email`, `order` asc or desc. Called with a **secret key** holding the
    `users:read` scope. Keyset cursor pagination (`limit`, `cursor` from `pagination.next_cursor`): a
    page boundary never repeats or skips a user; a large filtered total may be capped (`total_exact:
    false`). Changes nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        email (str | Unset):
        q (str | Unset):
        status (GetV1UsersStatus | Unset):
        role (GetV1UsersRole | Unset):
        sort (GetV1UsersSort | Unset):  Default: GetV1UsersSort.CREATED_AT.
        order (GetV1UsersOrder | Unset):  Default: GetV1UsersOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UserList]
     """


    kwargs = _get_kwargs(
        limit=limit,
cursor=cursor,
email=email,
q=q,
status=status,
role=role,
sort=sort,
order=order,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    email: str | Unset = UNSET,
    q: str | Unset = UNSET,
    status: GetV1UsersStatus | Unset = UNSET,
    role: GetV1UsersRole | Unset = UNSET,
    sort: GetV1UsersSort | Unset = GetV1UsersSort.CREATED_AT,
    order: GetV1UsersOrder | Unset = GetV1UsersOrder.DESC,
    x_tenant_id: str,

) -> Error | UserList | None:
    """ List users: filter by email, q, status, role; sort and cursor pages

     Lists the tenant's users. Filter by exact `email`, `status` and `role`; `q` matches users whose
    email, name, username or phone contain every word given. Sort by `created_at` (default),
    `last_sign_in_at` or `email`, `order` asc or desc. Called with a **secret key** holding the
    `users:read` scope. Keyset cursor pagination (`limit`, `cursor` from `pagination.next_cursor`): a
    page boundary never repeats or skips a user; a large filtered total may be capped (`total_exact:
    false`). Changes nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        email (str | Unset):
        q (str | Unset):
        status (GetV1UsersStatus | Unset):
        role (GetV1UsersRole | Unset):
        sort (GetV1UsersSort | Unset):  Default: GetV1UsersSort.CREATED_AT.
        order (GetV1UsersOrder | Unset):  Default: GetV1UsersOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UserList
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
email=email,
q=q,
status=status,
role=role,
sort=sort,
order=order,
x_tenant_id=x_tenant_id,

    )).parsed
