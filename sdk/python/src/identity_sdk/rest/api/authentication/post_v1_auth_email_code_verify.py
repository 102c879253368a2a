from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.email_code_verify import EmailCodeVerify
from ...models.error import Error
from ...models.sign_in_result import SignInResult
from typing import cast



def _get_kwargs(
    *,
    body: EmailCodeVerify,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/email-code/verify",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SignInResult | None:
    if response.status_code == 200:
        response_200 = SignInResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SignInResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailCodeVerify,
    x_tenant_id: str,

) -> Response[Error | SignInResult]:
    """ Sign in with the email address and the six-digit code emailed to it

     Signs in with the code from `POST /v1/auth/email-code`; the code is spent. Called with the tenant's
    **publishable key**. Five wrong codes spend it too. Any refusal (unknown address, wrong, expired,
    used
    or worn-out code) is the same 401 `invalid_code`, so the answer does not tell which addresses have
    accounts. The code proves the inbox like a magic link: its first proof marks the address verified
    (`user.updated`), ends the user's earlier sessions (`session.revoked`), discards a password set
    before
    the proof (`user.password_changed`) and unlinks provider accounts that do not vouch for the address
    (`oauth.disconnected`). Then it creates a session (`session.created`) and, on a first sign-in,
    queues
    the **welcome email**. With an active second factor it answers 403 `mfa_required`. Rate limit: 30
    per
    10 minutes per client address. Idempotency-Key is ignored.

    Args:
        x_tenant_id (str):
        body (EmailCodeVerify):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignInResult]
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
    body: EmailCodeVerify,
    x_tenant_id: str,

) -> Error | SignInResult | None:
    """ Sign in with the email address and the six-digit code emailed to it

     Signs in with the code from `POST /v1/auth/email-code`; the code is spent. Called with the tenant's
    **publishable key**. Five wrong codes spend it too. Any refusal (unknown address, wrong, expired,
    used
    or worn-out code) is the same 401 `invalid_code`, so the answer does not tell which addresses have
    accounts. The code proves the inbox like a magic link: its first proof marks the address verified
    (`user.updated`), ends the user's earlier sessions (`session.revoked`), discards a password set
    before
    the proof (`user.password_changed`) and unlinks provider accounts that do not vouch for the address
    (`oauth.disconnected`). Then it creates a session (`session.created`) and, on a first sign-in,
    queues
    the **welcome email**. With an active second factor it answers 403 `mfa_required`. Rate limit: 30
    per
    10 minutes per client address. Idempotency-Key is ignored.

    Args:
        x_tenant_id (str):
        body (EmailCodeVerify):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignInResult
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: EmailCodeVerify,
    x_tenant_id: str,

) -> Response[Error | SignInResult]:
    """ Sign in with the email address and the six-digit code emailed to it

     Signs in with the code from `POST /v1/auth/email-code`; the code is spent. Called with the tenant's
    **publishable key**. Five wrong codes spend it too. Any refusal (unknown address, wrong, expired,
    used
    or worn-out code) is the same 401 `invalid_code`, so the answer does not tell which addresses have
    accounts. The code proves the inbox like a magic link: its first proof marks the address verified
    (`user.updated`), ends the user's earlier sessions (`session.revoked`), discards a password set
    before
    the proof (`user.password_changed`) and unlinks provider accounts that do not vouch for the address
    (`oauth.disconnected`). Then it creates a session (`session.created`) and, on a first sign-in,
    queues
    the **welcome email**. With an active second factor it answers 403 `mfa_required`. Rate limit: 30
    per
    10 minutes per client address. Idempotency-Key is ignored.

    Args:
        x_tenant_id (str):
        body (EmailCodeVerify):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignInResult]
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
    body: EmailCodeVerify,
    x_tenant_id: str,

) -> Error | SignInResult | None:
    """ Sign in with the email address and the six-digit code emailed to it

     Signs in with the code from `POST /v1/auth/email-code`; the code is spent. Called with the tenant's
    **publishable key**. Five wrong codes spend it too. Any refusal (unknown address, wrong, expired,
    used
    or worn-out code) is the same 401 `invalid_code`, so the answer does not tell which addresses have
    accounts. The code proves the inbox like a magic link: its first proof marks the address verified
    (`user.updated`), ends the user's earlier sessions (`session.revoked`), discards a password set
    before
    the proof (`user.password_changed`) and unlinks provider accounts that do not vouch for the address
    (`oauth.disconnected`). Then it creates a session (`session.created`) and, on a first sign-in,
    queues
    the **welcome email**. With an active second factor it answers 403 `mfa_required`. Rate limit: 30
    per
    10 minutes per client address. Idempotency-Key is ignored.

    Args:
        x_tenant_id (str):
        body (EmailCodeVerify):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignInResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
