from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.public_connection_list import PublicConnectionList
from typing import cast



def _get_kwargs(
    *,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/auth/oauth/connections",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PublicConnectionList | None:
    if response.status_code == 200:
        response_200 = PublicConnectionList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | PublicConnectionList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | PublicConnectionList]:
    """ The tenant's enabled connections, to show sign-in buttons

     Lists the tenant's enabled connections (id, provider, display name and the URL that starts its sign-
    in), so that a sign-in page can show its buttons. Called with the tenant's **publishable key**.
    Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicConnectionList]
     """


    kwargs = _get_kwargs(
        x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Error | PublicConnectionList | None:
    """ The tenant's enabled connections, to show sign-in buttons

     Lists the tenant's enabled connections (id, provider, display name and the URL that starts its sign-
    in), so that a sign-in page can show its buttons. Called with the tenant's **publishable key**.
    Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicConnectionList
     """


    return sync_detailed(
        client=client,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | PublicConnectionList]:
    """ The tenant's enabled connections, to show sign-in buttons

     Lists the tenant's enabled connections (id, provider, display name and the URL that starts its sign-
    in), so that a sign-in page can show its buttons. Called with the tenant's **publishable key**.
    Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PublicConnectionList]
     """


    kwargs = _get_kwargs(
        x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Error | PublicConnectionList | None:
    """ The tenant's enabled connections, to show sign-in buttons

     Lists the tenant's enabled connections (id, provider, display name and the URL that starts its sign-
    in), so that a sign-in page can show its buttons. Called with the tenant's **publishable key**.
    Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PublicConnectionList
     """


    return (await asyncio_detailed(
        client=client,
x_tenant_id=x_tenant_id,

    )).parsed
