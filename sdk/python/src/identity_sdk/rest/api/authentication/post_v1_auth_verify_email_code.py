from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.user_result import UserResult
from ...models.verify_email_code import VerifyEmailCode
from typing import cast



def _get_kwargs(
    *,
    body: VerifyEmailCode,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/verify-email/code",
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
    body: VerifyEmailCode,
    x_tenant_id: str,

) -> Response[Error | UserResult]:
    """ Verify an email address with the six-digit code from the verification email

     Verifies the user's email address with the six-digit code printed in the verification email (the
    same email carries the link; either proves the inbox, and using one spends both). Called with the
    tenant's **publishable key**. The effects are those of `POST /v1/auth/verify-email`: the first proof
    marks the address verified (`user.updated`), ends the user's earlier sessions (`session.revoked`)
    and
    unlinks provider accounts that do not vouch for the address (`oauth.disconnected`). A wrong code, or
    an
    address with no pending code, answers 401 `invalid_code` (the same answer either way); 5 wrong codes
    void the code (the link keeps working; resend for a new code). The right code after the email's 24
    hours answers 401 `token_expired`. Rate limit: 10 per 10 minutes per email address.

    Args:
        x_tenant_id (str):
        body (VerifyEmailCode):

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
    body: VerifyEmailCode,
    x_tenant_id: str,

) -> Error | UserResult | None:
    """ Verify an email address with the six-digit code from the verification email

     Verifies the user's email address with the six-digit code printed in the verification email (the
    same email carries the link; either proves the inbox, and using one spends both). Called with the
    tenant's **publishable key**. The effects are those of `POST /v1/auth/verify-email`: the first proof
    marks the address verified (`user.updated`), ends the user's earlier sessions (`session.revoked`)
    and
    unlinks provider accounts that do not vouch for the address (`oauth.disconnected`). A wrong code, or
    an
    address with no pending code, answers 401 `invalid_code` (the same answer either way); 5 wrong codes
    void the code (the link keeps working; resend for a new code). The right code after the email's 24
    hours answers 401 `token_expired`. Rate limit: 10 per 10 minutes per email address.

    Args:
        x_tenant_id (str):
        body (VerifyEmailCode):

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
    body: VerifyEmailCode,
    x_tenant_id: str,

) -> Response[Error | UserResult]:
    """ Verify an email address with the six-digit code from the verification email

     Verifies the user's email address with the six-digit code printed in the verification email (the
    same email carries the link; either proves the inbox, and using one spends both). Called with the
    tenant's **publishable key**. The effects are those of `POST /v1/auth/verify-email`: the first proof
    marks the address verified (`user.updated`), ends the user's earlier sessions (`session.revoked`)
    and
    unlinks provider accounts that do not vouch for the address (`oauth.disconnected`). A wrong code, or
    an
    address with no pending code, answers 401 `invalid_code` (the same answer either way); 5 wrong codes
    void the code (the link keeps working; resend for a new code). The right code after the email's 24
    hours answers 401 `token_expired`. Rate limit: 10 per 10 minutes per email address.

    Args:
        x_tenant_id (str):
        body (VerifyEmailCode):

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
    body: VerifyEmailCode,
    x_tenant_id: str,

) -> Error | UserResult | None:
    """ Verify an email address with the six-digit code from the verification email

     Verifies the user's email address with the six-digit code printed in the verification email (the
    same email carries the link; either proves the inbox, and using one spends both). Called with the
    tenant's **publishable key**. The effects are those of `POST /v1/auth/verify-email`: the first proof
    marks the address verified (`user.updated`), ends the user's earlier sessions (`session.revoked`)
    and
    unlinks provider accounts that do not vouch for the address (`oauth.disconnected`). A wrong code, or
    an
    address with no pending code, answers 401 `invalid_code` (the same answer either way); 5 wrong codes
    void the code (the link keeps working; resend for a new code). The right code after the email's 24
    hours answers 401 `token_expired`. Rate limit: 10 per 10 minutes per email address.

    Args:
        x_tenant_id (str):
        body (VerifyEmailCode):

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
