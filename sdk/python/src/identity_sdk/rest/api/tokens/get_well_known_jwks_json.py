from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.jwks import Jwks
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/.well-known/jwks.json",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Jwks | None:
    if response.status_code == 200:
        response_200 = Jwks.from_dict(response.json())



        return response_200

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Jwks]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Jwks]:
    """ Public keys (JWK set) for verifying access tokens (ES256) and ID tokens locally

     Returns the public keys (a JWK set) that verify the access tokens (ES256) and ID tokens (ES256 or
    RS256) this service signs, so that a backend can check a token locally. Public: no credential, not
    rate limited. A key is published before it signs anything; clients may cache the set for 5 minutes
    (`Cache-Control`) and should fetch it again on meeting an unknown `kid`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Jwks]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> Jwks | None:
    """ Public keys (JWK set) for verifying access tokens (ES256) and ID tokens locally

     Returns the public keys (a JWK set) that verify the access tokens (ES256) and ID tokens (ES256 or
    RS256) this service signs, so that a backend can check a token locally. Public: no credential, not
    rate limited. A key is published before it signs anything; clients may cache the set for 5 minutes
    (`Cache-Control`) and should fetch it again on meeting an unknown `kid`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Jwks
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Jwks]:
    """ Public keys (JWK set) for verifying access tokens (ES256) and ID tokens locally

     Returns the public keys (a JWK set) that verify the access tokens (ES256) and ID tokens (ES256 or
    RS256) this service signs, so that a backend can check a token locally. Public: no credential, not
    rate limited. A key is published before it signs anything; clients may cache the set for 5 minutes
    (`Cache-Control`) and should fetch it again on meeting an unknown `kid`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Jwks]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> Jwks | None:
    """ Public keys (JWK set) for verifying access tokens (ES256) and ID tokens locally

     Returns the public keys (a JWK set) that verify the access tokens (ES256) and ID tokens (ES256 or
    RS256) this service signs, so that a backend can check a token locally. Public: no credential, not
    rate limited. A key is published before it signs anything; clients may cache the set for 5 minutes
    (`Cache-Control`) and should fetch it again on meeting an unknown `kid`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Jwks
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
