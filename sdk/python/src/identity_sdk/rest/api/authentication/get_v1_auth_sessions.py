from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_v1_auth_sessions_order import GetV1AuthSessionsOrder
from ...models.my_session_list import MySessionList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1AuthSessionsOrder | Unset = GetV1AuthSessionsOrder.DESC,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/auth/sessions",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | MySessionList | None:
    if response.status_code == 200:
        response_200 = MySessionList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | MySessionList]:
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
    order: GetV1AuthSessionsOrder | Unset = GetV1AuthSessionsOrder.DESC,
    x_tenant_id: str,

) -> Response[Error | MySessionList]:
    """ The signed-in user's active sessions, with device details; current marks this one

     Lists the signed-in user's active sessions, newest first, with the browser, operating system and
    device type read from each one's User-Agent, its address and last activity; `current` marks the
    session of the access token. Called with the **user's access token**. Cursor pagination. Changes
    nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1AuthSessionsOrder | Unset):  Default: GetV1AuthSessionsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MySessionList]
     """


    kwargs = _get_kwargs(
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
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1AuthSessionsOrder | Unset = GetV1AuthSessionsOrder.DESC,
    x_tenant_id: str,

) -> Error | MySessionList | None:
    """ The signed-in user's active sessions, with device details; current marks this one

     Lists the signed-in user's active sessions, newest first, with the browser, operating system and
    device type read from each one's User-Agent, its address and last activity; `current` marks the
    session of the access token. Called with the **user's access token**. Cursor pagination. Changes
    nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1AuthSessionsOrder | Unset):  Default: GetV1AuthSessionsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MySessionList
     """


    return sync_detailed(
        client=client,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1AuthSessionsOrder | Unset = GetV1AuthSessionsOrder.DESC,
    x_tenant_id: str,

) -> Response[Error | MySessionList]:
    """ The signed-in user's active sessions, with device details; current marks this one

     Lists the signed-in user's active sessions, newest first, with the browser, operating system and
    device type read from each one's User-Agent, its address and last activity; `current` marks the
    session of the access token. Called with the **user's access token**. Cursor pagination. Changes
    nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1AuthSessionsOrder | Unset):  Default: GetV1AuthSessionsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MySessionList]
     """


    kwargs = _get_kwargs(
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
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV1AuthSessionsOrder | Unset = GetV1AuthSessionsOrder.DESC,
    x_tenant_id: str,

) -> Error | MySessionList | None:
    """ The signed-in user's active sessions, with device details; current marks this one

     Lists the signed-in user's active sessions, newest first, with the browser, operating system and
    device type read from each one's User-Agent, its address and last activity; `current` marks the
    session of the access token. Called with the **user's access token**. Cursor pagination. Changes
    nothing.

    Args:
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV1AuthSessionsOrder | Unset):  Default: GetV1AuthSessionsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MySessionList
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )).parsed
