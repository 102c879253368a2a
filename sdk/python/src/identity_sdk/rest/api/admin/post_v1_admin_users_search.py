from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.search_users import SearchUsers
from ...models.user_list import UserList
from typing import cast



def _get_kwargs(
    *,
    body: SearchUsers,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/admin/users/search",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

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

    if response.status_code == 408:
        response_408 = Error.from_dict(response.json())



        return response_408

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
    body: SearchUsers,
    x_tenant_id: str,

) -> Response[Error | UserList]:
    """ Search users by query (email, name, username, phone) and filters

     Searches the tenant's users: `query` matches email, name, username or phone (every word must match);
    `filters` narrow by status, role, creation and activity dates, MFA enrollment, verified email,
    organization membership or a list of ids; `sort` orders by creation, last sign-in or email. Called
    with a **secret key** holding the `*` scope. Keyset cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Changes nothing; counted as a read for rate limits.

    Args:
        x_tenant_id (str):
        body (SearchUsers):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UserList]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: SearchUsers,
    x_tenant_id: str,

) -> Error | UserList | None:
    """ Search users by query (email, name, username, phone) and filters

     Searches the tenant's users: `query` matches email, name, username or phone (every word must match);
    `filters` narrow by status, role, creation and activity dates, MFA enrollment, verified email,
    organization membership or a list of ids; `sort` orders by creation, last sign-in or email. Called
    with a **secret key** holding the `*` scope. Keyset cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Changes nothing; counted as a read for rate limits.

    Args:
        x_tenant_id (str):
        body (SearchUsers):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UserList
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SearchUsers,
    x_tenant_id: str,

) -> Response[Error | UserList]:
    """ Search users by query (email, name, username, phone) and filters

     Searches the tenant's users: `query` matches email, name, username or phone (every word must match);
    `filters` narrow by status, role, creation and activity dates, MFA enrollment, verified email,
    organization membership or a list of ids; `sort` orders by creation, last sign-in or email. Called
    with a **secret key** holding the `*` scope. Keyset cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Changes nothing; counted as a read for rate limits.

    Args:
        x_tenant_id (str):
        body (SearchUsers):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UserList]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SearchUsers,
    x_tenant_id: str,

) -> Error | UserList | None:
    """ Search users by query (email, name, username, phone) and filters

     Searches the tenant's users: `query` matches email, name, username or phone (every word must match);
    `filters` narrow by status, role, creation and activity dates, MFA enrollment, verified email,
    organization membership or a list of ids; `sort` orders by creation, last sign-in or email. Called
    with a **secret key** holding the `*` scope. Keyset cursor pagination (`limit`, `cursor` from
    `pagination.next_cursor`). Changes nothing; counted as a read for rate limits.

    Args:
        x_tenant_id (str):
        body (SearchUsers):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UserList
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
