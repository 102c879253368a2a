from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.admin_impersonate import AdminImpersonate
from ...models.admin_impersonation import AdminImpersonation
from ...models.error import Error
from typing import cast



def _get_kwargs(
    *,
    body: AdminImpersonate,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/admin/users/impersonate",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AdminImpersonation | Error | None:
    if response.status_code == 200:
        response_200 = AdminImpersonation.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AdminImpersonation | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AdminImpersonate,
    x_tenant_id: str,

) -> Response[AdminImpersonation | Error]:
    """ An access token acting as the user (act claim), recorded in the audit log

     Issues an access token that acts as a user of this tenant (its `act` claim names the key's holder),
    valid for `expires_in` (default 1 hour, 1 minute to 24 hours), for support work. Called with a
    **secret key** holding the `*` scope. No refresh token: the token has its own session, which ends
    when revoked or when the user's sessions are. 403 for a disabled or banned user, 404 for an unknown
    one. Emits `session.created` and writes the audit entry `user.impersonated`; changes made with the
    token are audited too.

    Args:
        x_tenant_id (str):
        body (AdminImpersonate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminImpersonation | Error]
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
    body: AdminImpersonate,
    x_tenant_id: str,

) -> AdminImpersonation | Error | None:
    """ An access token acting as the user (act claim), recorded in the audit log

     Issues an access token that acts as a user of this tenant (its `act` claim names the key's holder),
    valid for `expires_in` (default 1 hour, 1 minute to 24 hours), for support work. Called with a
    **secret key** holding the `*` scope. No refresh token: the token has its own session, which ends
    when revoked or when the user's sessions are. 403 for a disabled or banned user, 404 for an unknown
    one. Emits `session.created` and writes the audit entry `user.impersonated`; changes made with the
    token are audited too.

    Args:
        x_tenant_id (str):
        body (AdminImpersonate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminImpersonation | Error
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AdminImpersonate,
    x_tenant_id: str,

) -> Response[AdminImpersonation | Error]:
    """ An access token acting as the user (act claim), recorded in the audit log

     Issues an access token that acts as a user of this tenant (its `act` claim names the key's holder),
    valid for `expires_in` (default 1 hour, 1 minute to 24 hours), for support work. Called with a
    **secret key** holding the `*` scope. No refresh token: the token has its own session, which ends
    when revoked or when the user's sessions are. 403 for a disabled or banned user, 404 for an unknown
    one. Emits `session.created` and writes the audit entry `user.impersonated`; changes made with the
    token are audited too.

    Args:
        x_tenant_id (str):
        body (AdminImpersonate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminImpersonation | Error]
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
    body: AdminImpersonate,
    x_tenant_id: str,

) -> AdminImpersonation | Error | None:
    """ An access token acting as the user (act claim), recorded in the audit log

     Issues an access token that acts as a user of this tenant (its `act` claim names the key's holder),
    valid for `expires_in` (default 1 hour, 1 minute to 24 hours), for support work. Called with a
    **secret key** holding the `*` scope. No refresh token: the token has its own session, which ends
    when revoked or when the user's sessions are. 403 for a disabled or banned user, 404 for an unknown
    one. Emits `session.created` and writes the audit entry `user.impersonated`; changes made with the
    token are audited too.

    Args:
        x_tenant_id (str):
        body (AdminImpersonate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminImpersonation | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
