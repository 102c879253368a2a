from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.exchange import Exchange
from ...models.exchange_result import ExchangeResult
from typing import cast



def _get_kwargs(
    *,
    body: Exchange,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/oauth/exchange",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | ExchangeResult | None:
    if response.status_code == 200:
        response_200 = ExchangeResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | ExchangeResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Exchange,
    x_tenant_id: str,

) -> Response[Error | ExchangeResult]:
    """ Exchange the one-time token of the callback for {user, session} (403 mfa_required when the user must
    pass MFA; 403 email_not_verified, as on password sign-in, for an existing account whose address is
    not verified while the tenant requires it)

     Exchanges the one-time `token` that the callback put on the app's `redirect_url` (valid 2 minutes,
    usable once) for `{user, session}`, plus whether the user is new and the identity used. Called with
    the tenant's **publishable key**. Applies the same rules as a password sign-in: 403 for a suspended
    tenant or a disabled user, 403 `mfa_required` with a challenge when the user has a second factor.
    Creates a session (`session.created`) and queues the **welcome email** on a first sign-in.
    Idempotency-Key is ignored (the answer carries tokens).

    Args:
        x_tenant_id (str):
        body (Exchange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExchangeResult]
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
    body: Exchange,
    x_tenant_id: str,

) -> Error | ExchangeResult | None:
    """ Exchange the one-time token of the callback for {user, session} (403 mfa_required when the user must
    pass MFA; 403 email_not_verified, as on password sign-in, for an existing account whose address is
    not verified while the tenant requires it)

     Exchanges the one-time `token` that the callback put on the app's `redirect_url` (valid 2 minutes,
    usable once) for `{user, session}`, plus whether the user is new and the identity used. Called with
    the tenant's **publishable key**. Applies the same rules as a password sign-in: 403 for a suspended
    tenant or a disabled user, 403 `mfa_required` with a challenge when the user has a second factor.
    Creates a session (`session.created`) and queues the **welcome email** on a first sign-in.
    Idempotency-Key is ignored (the answer carries tokens).

    Args:
        x_tenant_id (str):
        body (Exchange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExchangeResult
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: Exchange,
    x_tenant_id: str,

) -> Response[Error | ExchangeResult]:
    """ Exchange the one-time token of the callback for {user, session} (403 mfa_required when the user must
    pass MFA; 403 email_not_verified, as on password sign-in, for an existing account whose address is
    not verified while the tenant requires it)

     Exchanges the one-time `token` that the callback put on the app's `redirect_url` (valid 2 minutes,
    usable once) for `{user, session}`, plus whether the user is new and the identity used. Called with
    the tenant's **publishable key**. Applies the same rules as a password sign-in: 403 for a suspended
    tenant or a disabled user, 403 `mfa_required` with a challenge when the user has a second factor.
    Creates a session (`session.created`) and queues the **welcome email** on a first sign-in.
    Idempotency-Key is ignored (the answer carries tokens).

    Args:
        x_tenant_id (str):
        body (Exchange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ExchangeResult]
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
    body: Exchange,
    x_tenant_id: str,

) -> Error | ExchangeResult | None:
    """ Exchange the one-time token of the callback for {user, session} (403 mfa_required when the user must
    pass MFA; 403 email_not_verified, as on password sign-in, for an existing account whose address is
    not verified while the tenant requires it)

     Exchanges the one-time `token` that the callback put on the app's `redirect_url` (valid 2 minutes,
    usable once) for `{user, session}`, plus whether the user is new and the identity used. Called with
    the tenant's **publishable key**. Applies the same rules as a password sign-in: 403 for a suspended
    tenant or a disabled user, 403 `mfa_required` with a challenge when the user has a second factor.
    Creates a session (`session.created`) and queues the **welcome email** on a first sign-in.
    Idempotency-Key is ignored (the answer carries tokens).

    Args:
        x_tenant_id (str):
        body (Exchange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ExchangeResult
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
