from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.email_change_sent import EmailChangeSent
from ...models.error import Error
from ...models.start_email_change import StartEmailChange
from typing import cast



def _get_kwargs(
    *,
    body: StartEmailChange,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/email",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EmailChangeSent | Error | None:
    if response.status_code == 202:
        response_202 = EmailChangeSent.from_dict(response.json())



        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EmailChangeSent | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: StartEmailChange,
    x_tenant_id: str,

) -> Response[EmailChangeSent | Error]:
    """ Start changing the signed-in user's email: a code is sent to the new address; nothing changes until
    POST /v1/auth/email/verify

     Starts changing the signed-in user's email address. Called with the **user's access token**, after
    re-authentication: `password` must be the current password (422 `incorrect_password`), or, for a
    user without one, the session must be signed in less than 10 minutes ago (403
    `reauthentication_required`). Queues the **email_change email** with a six-digit code (valid 15
    minutes) to the NEW address and answers 202; nothing about the user changes until the code comes
    back to `POST /v1/auth/email/verify`. Whether the address belongs to another account is not told
    here. A newer request replaces the pending one. Rate limit: 5 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (StartEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailChangeSent | Error]
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
    body: StartEmailChange,
    x_tenant_id: str,

) -> EmailChangeSent | Error | None:
    """ Start changing the signed-in user's email: a code is sent to the new address; nothing changes until
    POST /v1/auth/email/verify

     Starts changing the signed-in user's email address. Called with the **user's access token**, after
    re-authentication: `password` must be the current password (422 `incorrect_password`), or, for a
    user without one, the session must be signed in less than 10 minutes ago (403
    `reauthentication_required`). Queues the **email_change email** with a six-digit code (valid 15
    minutes) to the NEW address and answers 202; nothing about the user changes until the code comes
    back to `POST /v1/auth/email/verify`. Whether the address belongs to another account is not told
    here. A newer request replaces the pending one. Rate limit: 5 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (StartEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailChangeSent | Error
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: StartEmailChange,
    x_tenant_id: str,

) -> Response[EmailChangeSent | Error]:
    """ Start changing the signed-in user's email: a code is sent to the new address; nothing changes until
    POST /v1/auth/email/verify

     Starts changing the signed-in user's email address. Called with the **user's access token**, after
    re-authentication: `password` must be the current password (422 `incorrect_password`), or, for a
    user without one, the session must be signed in less than 10 minutes ago (403
    `reauthentication_required`). Queues the **email_change email** with a six-digit code (valid 15
    minutes) to the NEW address and answers 202; nothing about the user changes until the code comes
    back to `POST /v1/auth/email/verify`. Whether the address belongs to another account is not told
    here. A newer request replaces the pending one. Rate limit: 5 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (StartEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmailChangeSent | Error]
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
    body: StartEmailChange,
    x_tenant_id: str,

) -> EmailChangeSent | Error | None:
    """ Start changing the signed-in user's email: a code is sent to the new address; nothing changes until
    POST /v1/auth/email/verify

     Starts changing the signed-in user's email address. Called with the **user's access token**, after
    re-authentication: `password` must be the current password (422 `incorrect_password`), or, for a
    user without one, the session must be signed in less than 10 minutes ago (403
    `reauthentication_required`). Queues the **email_change email** with a six-digit code (valid 15
    minutes) to the NEW address and answers 202; nothing about the user changes until the code comes
    back to `POST /v1/auth/email/verify`. Whether the address belongs to another account is not told
    here. A newer request replaces the pending one. Rate limit: 5 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (StartEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmailChangeSent | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
