from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.impersonate_user import ImpersonateUser
from ...models.impersonation import Impersonation
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: ImpersonateUser | Unset = UNSET,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/{id}/impersonate".format(id=quote(str(id), safe=""),),
    }

    
    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Impersonation | None:
    if response.status_code == 200:
        response_200 = Impersonation.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Impersonation]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImpersonateUser | Unset = UNSET,
    x_tenant_id: str,

) -> Response[Error | Impersonation]:
    """ Control plane admin key + X-Tenant-ID: an access token acting as the user for one hour (act claim),
    recorded in the audit log

     Issues an access token that acts as the user (its `act` claim names the administrator) for one hour,
    for support work. Called with the **control plane admin key** and `X-Tenant-ID` naming the user's
    tenant. No refresh token: the token has its own session, which ends early when revoked and with the
    user's other sessions. 403 for a suspended tenant or a disabled or banned user, 404 for an unknown
    user. Emits `session.created` and writes the audit entry `user.impersonated`; every change made with
    the token is audited too.

    Args:
        id (str):
        x_tenant_id (str):
        body (ImpersonateUser | Unset): POST /v1/users/:id/impersonate (control plane admin key);
            the token lasts one hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Impersonation]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImpersonateUser | Unset = UNSET,
    x_tenant_id: str,

) -> Error | Impersonation | None:
    """ Control plane admin key + X-Tenant-ID: an access token acting as the user for one hour (act claim),
    recorded in the audit log

     Issues an access token that acts as the user (its `act` claim names the administrator) for one hour,
    for support work. Called with the **control plane admin key** and `X-Tenant-ID` naming the user's
    tenant. No refresh token: the token has its own session, which ends early when revoked and with the
    user's other sessions. 403 for a suspended tenant or a disabled or banned user, 404 for an unknown
    user. Emits `session.created` and writes the audit entry `user.impersonated`; every change made with
    the token is audited too.

    Args:
        id (str):
        x_tenant_id (str):
        body (ImpersonateUser | Unset): POST /v1/users/:id/impersonate (control plane admin key);
            the token lasts one hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Impersonation
     """


    return sync_detailed(
        id=id,
client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImpersonateUser | Unset = UNSET,
    x_tenant_id: str,

) -> Response[Error | Impersonation]:
    """ Control plane admin key + X-Tenant-ID: an access token acting as the user for one hour (act claim),
    recorded in the audit log

     Issues an access token that acts as the user (its `act` claim names the administrator) for one hour,
    for support work. Called with the **control plane admin key** and `X-Tenant-ID` naming the user's
    tenant. No refresh token: the token has its own session, which ends early when revoked and with the
    user's other sessions. 403 for a suspended tenant or a disabled or banned user, 404 for an unknown
    user. Emits `session.created` and writes the audit entry `user.impersonated`; every change made with
    the token is audited too.

    Args:
        id (str):
        x_tenant_id (str):
        body (ImpersonateUser | Unset): POST /v1/users/:id/impersonate (control plane admin key);
            the token lasts one hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Impersonation]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: ImpersonateUser | Unset = UNSET,
    x_tenant_id: str,

) -> Error | Impersonation | None:
    """ Control plane admin key + X-Tenant-ID: an access token acting as the user for one hour (act claim),
    recorded in the audit log

     Issues an access token that acts as the user (its `act` claim names the administrator) for one hour,
    for support work. Called with the **control plane admin key** and `X-Tenant-ID` naming the user's
    tenant. No refresh token: the token has its own session, which ends early when revoked and with the
    user's other sessions. 403 for a suspended tenant or a disabled or banned user, 404 for an unknown
    user. Emits `session.created` and writes the audit entry `user.impersonated`; every change made with
    the token is audited too.

    Args:
        id (str):
        x_tenant_id (str):
        body (ImpersonateUser | Unset): POST /v1/users/:id/impersonate (control plane admin key);
            the token lasts one hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Impersonation
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
