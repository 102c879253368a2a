from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.sign_up import SignUp
from ...models.sign_up_result import SignUpResult
from typing import cast



def _get_kwargs(
    *,
    body: SignUp,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/sign-up",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SignUpResult | None:
    if response.status_code == 201:
        response_201 = SignUpResult.from_dict(response.json())



        return response_201

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | SignUpResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SignUp,
    x_tenant_id: str,

) -> Response[Error | SignUpResult]:
    """ Create a user with email and password, signed in

     Creates a user from an email address and a password and signs them in at once. Called with the
    tenant's **publishable key** (and `X-Tenant-ID`); refused with 403 while the tenant is suspended or
    its `sign_up_enabled` is off, 409 when the email (or username) is taken, 422 when the password fails
    the tenant's password policy.

    Writes the user and a new session (access and refresh tokens in the answer) and queues the
    **verification email**. Emits `user.created` and `session.created`. When the tenant requires a
    verified email, later password sign-ins answer 403 `email_not_verified` until the address is proven,
    and proving it ends this first session. Rate limit: 5 per minute per client address. Idempotency-Key
    is ignored (the answer carries fresh tokens).

    Args:
        x_tenant_id (str):
        body (SignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignUpResult]
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
    body: SignUp,
    x_tenant_id: str,

) -> Error | SignUpResult | None:
    """ Create a user with email and password, signed in

     Creates a user from an email address and a password and signs them in at once. Called with the
    tenant's **publishable key** (and `X-Tenant-ID`); refused with 403 while the tenant is suspended or
    its `sign_up_enabled` is off, 409 when the email (or username) is taken, 422 when the password fails
    the tenant's password policy.

    Writes the user and a new session (access and refresh tokens in the answer) and queues the
    **verification email**. Emits `user.created` and `session.created`. When the tenant requires a
    verified email, later password sign-ins answer 403 `email_not_verified` until the address is proven,
    and proving it ends this first session. Rate limit: 5 per minute per client address. Idempotency-Key
    is ignored (the answer carries fresh tokens).

    Args:
        x_tenant_id (str):
        body (SignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignUpResult
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SignUp,
    x_tenant_id: str,

) -> Response[Error | SignUpResult]:
    """ Create a user with email and password, signed in

     Creates a user from an email address and a password and signs them in at once. Called with the
    tenant's **publishable key** (and `X-Tenant-ID`); refused with 403 while the tenant is suspended or
    its `sign_up_enabled` is off, 409 when the email (or username) is taken, 422 when the password fails
    the tenant's password policy.

    Writes the user and a new session (access and refresh tokens in the answer) and queues the
    **verification email**. Emits `user.created` and `session.created`. When the tenant requires a
    verified email, later password sign-ins answer 403 `email_not_verified` until the address is proven,
    and proving it ends this first session. Rate limit: 5 per minute per client address. Idempotency-Key
    is ignored (the answer carries fresh tokens).

    Args:
        x_tenant_id (str):
        body (SignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SignUpResult]
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
    body: SignUp,
    x_tenant_id: str,

) -> Error | SignUpResult | None:
    """ Create a user with email and password, signed in

     Creates a user from an email address and a password and signs them in at once. Called with the
    tenant's **publishable key** (and `X-Tenant-ID`); refused with 403 while the tenant is suspended or
    its `sign_up_enabled` is off, 409 when the email (or username) is taken, 422 when the password fails
    the tenant's password policy.

    Writes the user and a new session (access and refresh tokens in the answer) and queues the
    **verification email**. Emits `user.created` and `session.created`. When the tenant requires a
    verified email, later password sign-ins answer 403 `email_not_verified` until the address is proven,
    and proving it ends this first session. Rate limit: 5 per minute per client address. Idempotency-Key
    is ignored (the answer carries fresh tokens).

    Args:
        x_tenant_id (str):
        body (SignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SignUpResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
