from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.o_auth_error_body import OAuthErrorBody
from ...models.token_hint_form import TokenHintForm
from typing import cast



def _get_kwargs(
    tenant_id: str,
    *,
    body: TokenHintForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/{tenant_id}/revoke".format(tenant_id=quote(str(tenant_id), safe=""),),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | OAuthErrorBody | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = OAuthErrorBody.from_dict(response.json())



        return response_401

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

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error | OAuthErrorBody]:
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
    body: TokenHintForm,

) -> Response[Any | Error | OAuthErrorBody]:
    """ Token revocation (RFC 7009): revokes the grant of an access or refresh token; always 200

     Token revocation (RFC 7009) for registered OAuth clients, which authenticate as at the token
    endpoint (no API credential). Revokes the whole grant behind an access or refresh token of the
    calling client, so every token of that grant stops working. Always answers 200, also for an unknown
    token or one of another client (which is left alone). Rate limit: 300 per minute per address.

    Args:
        tenant_id (str):
        body (TokenHintForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | OAuthErrorBody]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TokenHintForm,

) -> Any | Error | OAuthErrorBody | None:
    """ Token revocation (RFC 7009): revokes the grant of an access or refresh token; always 200

     Token revocation (RFC 7009) for registered OAuth clients, which authenticate as at the token
    endpoint (no API credential). Revokes the whole grant behind an access or refresh token of the
    calling client, so every token of that grant stops working. Always answers 200, also for an unknown
    token or one of another client (which is left alone). Rate limit: 300 per minute per address.

    Args:
        tenant_id (str):
        body (TokenHintForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | OAuthErrorBody
     """


    return sync_detailed(
        tenant_id=tenant_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TokenHintForm,

) -> Response[Any | Error | OAuthErrorBody]:
    """ Token revocation (RFC 7009): revokes the grant of an access or refresh token; always 200

     Token revocation (RFC 7009) for registered OAuth clients, which authenticate as at the token
    endpoint (no API credential). Revokes the whole grant behind an access or refresh token of the
    calling client, so every token of that grant stops working. Always answers 200, also for an unknown
    token or one of another client (which is left alone). Rate limit: 300 per minute per address.

    Args:
        tenant_id (str):
        body (TokenHintForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | OAuthErrorBody]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: TokenHintForm,

) -> Any | Error | OAuthErrorBody | None:
    """ Token revocation (RFC 7009): revokes the grant of an access or refresh token; always 200

     Token revocation (RFC 7009) for registered OAuth clients, which authenticate as at the token
    endpoint (no API credential). Revokes the whole grant behind an access or refresh token of the
    calling client, so every token of that grant stops working. Always answers 200, also for an unknown
    token or one of another client (which is left alone). Rate limit: 300 per minute per address.

    Args:
        tenant_id (str):
        body (TokenHintForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | OAuthErrorBody
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
client=client,
body=body,

    )).parsed
