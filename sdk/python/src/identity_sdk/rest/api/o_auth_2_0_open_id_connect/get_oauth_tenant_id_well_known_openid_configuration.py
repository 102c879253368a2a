from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.discovery import Discovery
from ...models.error import Error
from typing import cast



def _get_kwargs(
    tenant_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oauth/{tenant_id}/.well-known/openid-configuration".format(tenant_id=quote(str(tenant_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Discovery | Error | None:
    if response.status_code == 200:
        response_200 = Discovery.from_dict(response.json())



        return response_200

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Discovery | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Discovery | Error]:
    """ OpenID Provider metadata of the tenant (issuer {IDENTITY_PUBLIC_URL}/oauth/{tenant_id})

     The tenant's OpenID Provider metadata (OpenID Connect Discovery): issuer
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}`, endpoint URLs, supported scopes, grants, response types,
    PKCE method (S256) and ID token algorithms. Public: no credential; cacheable for 5 minutes. 404 for
    an unknown tenant. Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Discovery | Error]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Discovery | Error | None:
    """ OpenID Provider metadata of the tenant (issuer {IDENTITY_PUBLIC_URL}/oauth/{tenant_id})

     The tenant's OpenID Provider metadata (OpenID Connect Discovery): issuer
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}`, endpoint URLs, supported scopes, grants, response types,
    PKCE method (S256) and ID token algorithms. Public: no credential; cacheable for 5 minutes. 404 for
    an unknown tenant. Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Discovery | Error
     """


    return sync_detailed(
        tenant_id=tenant_id,
client=client,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Discovery | Error]:
    """ OpenID Provider metadata of the tenant (issuer {IDENTITY_PUBLIC_URL}/oauth/{tenant_id})

     The tenant's OpenID Provider metadata (OpenID Connect Discovery): issuer
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}`, endpoint URLs, supported scopes, grants, response types,
    PKCE method (S256) and ID token algorithms. Public: no credential; cacheable for 5 minutes. 404 for
    an unknown tenant. Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Discovery | Error]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Discovery | Error | None:
    """ OpenID Provider metadata of the tenant (issuer {IDENTITY_PUBLIC_URL}/oauth/{tenant_id})

     The tenant's OpenID Provider metadata (OpenID Connect Discovery): issuer
    `{IDENTITY_PUBLIC_URL}/oauth/{tenant_id}`, endpoint URLs, supported scopes, grants, response types,
    PKCE method (S256) and ID token algorithms. Public: no credential; cacheable for 5 minutes. 404 for
    an unknown tenant. Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Discovery | Error
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
client=client,

    )).parsed
