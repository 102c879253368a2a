from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    token: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["token"] = token


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/auth/verify-email",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = response.text
        return response_400

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    token: str | Unset = UNSET,

) -> Response[Error | str]:
    """ The link in the verification email: an HTML page asking to confirm (changes nothing; its button
    posts to /v1/auth/verify-email/confirm)

     The page behind the link in the verification email: opened in a browser, without any credential (the
    token names the tenant). It changes nothing: it asks the person to confirm that they created an
    account with this address at this application, so that a mail scanner opening the link verifies
    nothing. Its button posts to `POST /v1/auth/verify-email/confirm`. An unknown, used or expired token
    gets a page saying so (400).

    Args:
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    token: str | Unset = UNSET,

) -> Error | str | None:
    """ The link in the verification email: an HTML page asking to confirm (changes nothing; its button
    posts to /v1/auth/verify-email/confirm)

     The page behind the link in the verification email: opened in a browser, without any credential (the
    token names the tenant). It changes nothing: it asks the person to confirm that they created an
    account with this address at this application, so that a mail scanner opening the link verifies
    nothing. Its button posts to `POST /v1/auth/verify-email/confirm`. An unknown, used or expired token
    gets a page saying so (400).

    Args:
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        client=client,
token=token,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    token: str | Unset = UNSET,

) -> Response[Error | str]:
    """ The link in the verification email: an HTML page asking to confirm (changes nothing; its button
    posts to /v1/auth/verify-email/confirm)

     The page behind the link in the verification email: opened in a browser, without any credential (the
    token names the tenant). It changes nothing: it asks the person to confirm that they created an
    account with this address at this application, so that a mail scanner opening the link verifies
    nothing. Its button posts to `POST /v1/auth/verify-email/confirm`. An unknown, used or expired token
    gets a page saying so (400).

    Args:
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        token=token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    token: str | Unset = UNSET,

) -> Error | str | None:
    """ The link in the verification email: an HTML page asking to confirm (changes nothing; its button
    posts to /v1/auth/verify-email/confirm)

     The page behind the link in the verification email: opened in a browser, without any credential (the
    token names the tenant). It changes nothing: it asks the person to confirm that they created an
    account with this address at this application, so that a mail scanner opening the link verifies
    nothing. Its button posts to `POST /v1/auth/verify-email/confirm`. An unknown, used or expired token
    gets a page saying so (400).

    Args:
        token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        client=client,
token=token,

    )).parsed
