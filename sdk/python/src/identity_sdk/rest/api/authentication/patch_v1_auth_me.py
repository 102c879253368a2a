from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.public_user import PublicUser
from ...models.update_profile import UpdateProfile
from typing import cast



def _get_kwargs(
    *,
    body: UpdateProfile,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/auth/me",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PublicUser | None:
    if response.status_code == 200:
        response_200 = PublicUser.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | PublicUser]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UpdateProfile,
    x_tenant_id: str,

) -> Response[Error | PublicUser]:
    """ Change the signed-in user's name or username

     Changes the signed-in user's own `name` and, when the tenant enables usernames, `username` (409
    when taken; 422 when usernames are off). Called with the **user's access token**. Metadata is not
    writable here: the backend owns it (`PATCH /v1/users/{id}`). Emits `user.updated` with the changed
    `fields`.

    Args:
        x_tenant_id (str):
        body (UpdateProfile): PATCH /v1/auth/me: what a user may change about themselves (metadata
            is the backend's).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicUser]
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
    body: UpdateProfile,
    x_tenant_id: str,

) -> Error | PublicUser | None:
    """ Change the signed-in user's name or username

     Changes the signed-in user's own `name` and, when the tenant enables usernames, `username` (409
    when taken; 422 when usernames are off). Called with the **user's access token**. Metadata is not
    writable here: the backend owns it (`PATCH /v1/users/{id}`). Emits `user.updated` with the changed
    `fields`.

    Args:
        x_tenant_id (str):
        body (UpdateProfile): PATCH /v1/auth/me: what a user may change about themselves (metadata
            is the backend's).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicUser
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UpdateProfile,
    x_tenant_id: str,

) -> Response[Error | PublicUser]:
    """ Change the signed-in user's name or username

     Changes the signed-in user's own `name` and, when the tenant enables usernames, `username` (409
    when taken; 422 when usernames are off). Called with the **user's access token**. Metadata is not
    writable here: the backend owns it (`PATCH /v1/users/{id}`). Emits `user.updated` with the changed
    `fields`.

    Args:
        x_tenant_id (str):
        body (UpdateProfile): PATCH /v1/auth/me: what a user may change about themselves (metadata
            is the backend's).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicUser]
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
    body: UpdateProfile,
    x_tenant_id: str,

) -> Error | PublicUser | None:
    """ Change the signed-in user's name or username

     Changes the signed-in user's own `name` and, when the tenant enables usernames, `username` (409
    when taken; 422 when usernames are off). Called with the **user's access token**. Metadata is not
    writable here: the backend owns it (`PATCH /v1/users/{id}`). Emits `user.updated` with the changed
    `fields`.

    Args:
        x_tenant_id (str):
        body (UpdateProfile): PATCH /v1/auth/me: what a user may change about themselves (metadata
            is the backend's).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicUser
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
