from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.user_result import UserResult
from ...models.verify_email_change import VerifyEmailChange
from typing import cast



def _get_kwargs(
    *,
    body: VerifyEmailChange,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/email/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | UserResult | None:
    if response.status_code == 200:
        response_200 = UserResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | UserResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: VerifyEmailChange,
    x_tenant_id: str,

) -> Response[Error | UserResult]:
    """ Finish changing the signed-in user's email with the code sent to the new address

     Finishes an email change with the code sent to the new address. Called with the **user's access
    token**. The address becomes the user's, verified; links mailed to the old one stop working and the
    **email_changed email** tells the old address. A wrong or expired code is 422 (`validation_error`
    on `code`); after 5 wrong codes the change is dropped. 409 `email_already_exists` when the address
    belongs to another account. Emits `user.updated` (`fields: ["email", "email_verified"]`); writes the
    audit entry `user.email_changed`. Rate limit: 10 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (VerifyEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UserResult]
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
    body: VerifyEmailChange,
    x_tenant_id: str,

) -> Error | UserResult | None:
    """ Finish changing the signed-in user's email with the code sent to the new address

     Finishes an email change with the code sent to the new address. Called with the **user's access
    token**. The address becomes the user's, verified; links mailed to the old one stop working and the
    **email_changed email** tells the old address. A wrong or expired code is 422 (`validation_error`
    on `code`); after 5 wrong codes the change is dropped. 409 `email_already_exists` when the address
    belongs to another account. Emits `user.updated` (`fields: ["email", "email_verified"]`); writes the
    audit entry `user.email_changed`. Rate limit: 10 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (VerifyEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UserResult
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: VerifyEmailChange,
    x_tenant_id: str,

) -> Response[Error | UserResult]:
    """ Finish changing the signed-in user's email with the code sent to the new address

     Finishes an email change with the code sent to the new address. Called with the **user's access
    token**. The address becomes the user's, verified; links mailed to the old one stop working and the
    **email_changed email** tells the old address. A wrong or expired code is 422 (`validation_error`
    on `code`); after 5 wrong codes the change is dropped. 409 `email_already_exists` when the address
    belongs to another account. Emits `user.updated` (`fields: ["email", "email_verified"]`); writes the
    audit entry `user.email_changed`. Rate limit: 10 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (VerifyEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | UserResult]
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
    body: VerifyEmailChange,
    x_tenant_id: str,

) -> Error | UserResult | None:
    """ Finish changing the signed-in user's email with the code sent to the new address

     Finishes an email change with the code sent to the new address. Called with the **user's access
    token**. The address becomes the user's, verified; links mailed to the old one stop working and the
    **email_changed email** tells the old address. A wrong or expired code is 422 (`validation_error`
    on `code`); after 5 wrong codes the change is dropped. 409 `email_already_exists` when the address
    belongs to another account. Emits `user.updated` (`fields: ["email", "email_verified"]`); writes the
    audit entry `user.email_changed`. Rate limit: 10 per 10 minutes per user.

    Args:
        x_tenant_id (str):
        body (VerifyEmailChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | UserResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
