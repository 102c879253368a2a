from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.revoked import Revoked
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    user_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    params: dict[str, Any] = {}

    params["user_id"] = user_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/sessions",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Revoked | None:
    if response.status_code == 200:
        response_200 = Revoked.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Revoked]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Response[Error | Revoked]:
    """ Revoke every active session of the tenant, or of one user

     Revokes every active session of the tenant, or only those of `user_id`: their refresh and access
    tokens stop working on this API at once. Called with a **secret key** holding the `sessions:write`
    scope. Answers how many were revoked; emits one `session.revoked` event naming them all (reason
    `revoked_by_api`) and writes an audit entry when any was revoked. Rate limit: 50 per minute per key.

    Args:
        user_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Revoked]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Error | Revoked | None:
    """ Revoke every active session of the tenant, or of one user

     Revokes every active session of the tenant, or only those of `user_id`: their refresh and access
    tokens stop working on this API at once. Called with a **secret key** holding the `sessions:write`
    scope. Answers how many were revoked; emits one `session.revoked` event naming them all (reason
    `revoked_by_api`) and writes an audit entry when any was revoked. Rate limit: 50 per minute per key.

    Args:
        user_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Revoked
     """


    return sync_detailed(
        client=client,
user_id=user_id,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Response[Error | Revoked]:
    """ Revoke every active session of the tenant, or of one user

     Revokes every active session of the tenant, or only those of `user_id`: their refresh and access
    tokens stop working on this API at once. Called with a **secret key** holding the `sessions:write`
    scope. Answers how many were revoked; emits one `session.revoked` event naming them all (reason
    `revoked_by_api`) and writes an audit entry when any was revoked. Rate limit: 50 per minute per key.

    Args:
        user_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Revoked]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    user_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Error | Revoked | None:
    """ Revoke every active session of the tenant, or of one user

     Revokes every active session of the tenant, or only those of `user_id`: their refresh and access
    tokens stop working on this API at once. Called with a **secret key** holding the `sessions:write`
    scope. Answers how many were revoked; emits one `session.revoked` event naming them all (reason
    `revoked_by_api`) and writes an audit entry when any was revoked. Rate limit: 50 per minute per key.

    Args:
        user_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Revoked
     """


    return (await asyncio_detailed(
        client=client,
user_id=user_id,
x_tenant_id=x_tenant_id,

    )).parsed
