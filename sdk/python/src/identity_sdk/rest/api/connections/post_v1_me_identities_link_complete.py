from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.complete_link import CompleteLink
from ...models.error import Error
from ...models.identity import Identity
from typing import cast



def _get_kwargs(
    *,
    body: CompleteLink,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/identities/link/complete",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Identity | None:
    if response.status_code == 200:
        response_200 = Identity.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Identity]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CompleteLink,
    x_tenant_id: str,

) -> Response[Error | Identity]:
    """ Finish connecting a provider account: the link_token from the redirect_url, spent by the session
    that started the link (any other session gets 401 invalid_token); answers the connected identity

     Finishes connecting a provider account: spends the `link_token` that the provider's callback put on
    `redirect_url` and attaches the account to the signed-in user. Called with the **user's access
    token** of the session that started the link; any other session gets 401 `invalid_token` and nothing
    changes. 409 when the account is connected to another user or the connection was disabled. Emits
    `oauth.connected` and writes the audit entry `oauth.connected`; answers the connected identity.

    Args:
        x_tenant_id (str):
        body (CompleteLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Identity]
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
    body: CompleteLink,
    x_tenant_id: str,

) -> Error | Identity | None:
    """ Finish connecting a provider account: the link_token from the redirect_url, spent by the session
    that started the link (any other session gets 401 invalid_token); answers the connected identity

     Finishes connecting a provider account: spends the `link_token` that the provider's callback put on
    `redirect_url` and attaches the account to the signed-in user. Called with the **user's access
    token** of the session that started the link; any other session gets 401 `invalid_token` and nothing
    changes. 409 when the account is connected to another user or the connection was disabled. Emits
    `oauth.connected` and writes the audit entry `oauth.connected`; answers the connected identity.

    Args:
        x_tenant_id (str):
        body (CompleteLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Identity
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CompleteLink,
    x_tenant_id: str,

) -> Response[Error | Identity]:
    """ Finish connecting a provider account: the link_token from the redirect_url, spent by the session
    that started the link (any other session gets 401 invalid_token); answers the connected identity

     Finishes connecting a provider account: spends the `link_token` that the provider's callback put on
    `redirect_url` and attaches the account to the signed-in user. Called with the **user's access
    token** of the session that started the link; any other session gets 401 `invalid_token` and nothing
    changes. 409 when the account is connected to another user or the connection was disabled. Emits
    `oauth.connected` and writes the audit entry `oauth.connected`; answers the connected identity.

    Args:
        x_tenant_id (str):
        body (CompleteLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Identity]
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
    body: CompleteLink,
    x_tenant_id: str,

) -> Error | Identity | None:
    """ Finish connecting a provider account: the link_token from the redirect_url, spent by the session
    that started the link (any other session gets 401 invalid_token); answers the connected identity

     Finishes connecting a provider account: spends the `link_token` that the provider's callback put on
    `redirect_url` and attaches the account to the signed-in user. Called with the **user's access
    token** of the session that started the link; any other session gets 401 `invalid_token` and nothing
    changes. 409 when the account is connected to another user or the connection was disabled. Emits
    `oauth.connected` and writes the audit entry `oauth.connected`; answers the connected identity.

    Args:
        x_tenant_id (str):
        body (CompleteLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Identity
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
