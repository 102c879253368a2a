from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.challenge import Challenge
from ...models.challenge_request import ChallengeRequest
from ...models.error import Error
from typing import cast



def _get_kwargs(
    *,
    body: ChallengeRequest,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/mfa/challenge",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Challenge | Error | None:
    if response.status_code == 200:
        response_200 = Challenge.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Challenge | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
    x_tenant_id: str,

) -> Response[Challenge | Error]:
    """ Ask for another factor of a sign-in's challenge (sends the code of an sms or email_otp factor;
    WebAuthn request options for a passkey)

     During a sign-in that answered 403 `mfa_required`, switches the challenge to another of the user's
    active factors, or asks for a new code for the current one. Called with the tenant's **publishable
    key**. For an SMS factor it sends a code **by SMS**, for an email factor the **MFA code email** (at
    most 5 codes per challenge; the 3 latest unexpired ones are accepted); for a passkey it answers the
    WebAuthn request options. 401 for an unknown, expired or finished challenge. Changes only the
    challenge.

    Args:
        x_tenant_id (str):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Error]
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
    body: ChallengeRequest,
    x_tenant_id: str,

) -> Challenge | Error | None:
    """ Ask for another factor of a sign-in's challenge (sends the code of an sms or email_otp factor;
    WebAuthn request options for a passkey)

     During a sign-in that answered 403 `mfa_required`, switches the challenge to another of the user's
    active factors, or asks for a new code for the current one. Called with the tenant's **publishable
    key**. For an SMS factor it sends a code **by SMS**, for an email factor the **MFA code email** (at
    most 5 codes per challenge; the 3 latest unexpired ones are accepted); for a passkey it answers the
    WebAuthn request options. 401 for an unknown, expired or finished challenge. Changes only the
    challenge.

    Args:
        x_tenant_id (str):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Error
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChallengeRequest,
    x_tenant_id: str,

) -> Response[Challenge | Error]:
    """ Ask for another factor of a sign-in's challenge (sends the code of an sms or email_otp factor;
    WebAuthn request options for a passkey)

     During a sign-in that answered 403 `mfa_required`, switches the challenge to another of the user's
    active factors, or asks for a new code for the current one. Called with the tenant's **publishable
    key**. For an SMS factor it sends a code **by SMS**, for an email factor the **MFA code email** (at
    most 5 codes per challenge; the 3 latest unexpired ones are accepted); for a passkey it answers the
    WebAuthn request options. 401 for an unknown, expired or finished challenge. Changes only the
    challenge.

    Args:
        x_tenant_id (str):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Challenge | Error]
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
    body: ChallengeRequest,
    x_tenant_id: str,

) -> Challenge | Error | None:
    """ Ask for another factor of a sign-in's challenge (sends the code of an sms or email_otp factor;
    WebAuthn request options for a passkey)

     During a sign-in that answered 403 `mfa_required`, switches the challenge to another of the user's
    active factors, or asks for a new code for the current one. Called with the tenant's **publishable
    key**. For an SMS factor it sends a code **by SMS**, for an email factor the **MFA code email** (at
    most 5 codes per challenge; the 3 latest unexpired ones are accepted); for a passkey it answers the
    WebAuthn request options. 401 for an unknown, expired or finished challenge. Changes only the
    challenge.

    Args:
        x_tenant_id (str):
        body (ChallengeRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Challenge | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
