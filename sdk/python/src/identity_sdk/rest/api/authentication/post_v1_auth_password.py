from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.change_password import ChangePassword
from ...models.error import Error
from ...models.password_changed import PasswordChanged
from typing import cast



def _get_kwargs(
    *,
    body: ChangePassword,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/password",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | PasswordChanged | None:
    if response.status_code == 200:
        response_200 = PasswordChanged.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | PasswordChanged]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ChangePassword,
    x_tenant_id: str,

) -> Response[Error | PasswordChanged]:
    """ Change the signed-in user's password (current_password required when one is set; a user without one
    needs a sign-in less than 10 minutes old)

     Changes the signed-in user's password, or sets a first one. Called with the **user's access
    token**. With a password already set, `current_password` must be it (422 `incorrect_password`;
    wrong ones count toward the lockout, 403 `account_locked`); a user without one (signed up through a
    provider or a passkey) needs a session signed in less than 10 minutes ago (else 403
    `reauthentication_required`). The tenant's password policy applies (422 `password_too_weak`).
    Every other session of the user ends unless `sign_out_other_sessions` is false; this one stays.
    Reset links stop working. Emits `user.password_changed` (reason `user_changed` or `user_set`) and
    `session.revoked`; writes the audit entry `user.password_changed`. Rate limit: 10 per 10 minutes
    per user.

    Args:
        x_tenant_id (str):
        body (ChangePassword):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PasswordChanged]
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
    body: ChangePassword,
    x_tenant_id: str,

) -> Error | PasswordChanged | None:
    """ Change the signed-in user's password (current_password required when one is set; a user without one
    needs a sign-in less than 10 minutes old)

     Changes the signed-in user's password, or sets a first one. Called with the **user's access
    token**. With a password already set, `current_password` must be it (422 `incorrect_password`;
    wrong ones count toward the lockout, 403 `account_locked`); a user without one (signed up through a
    provider or a passkey) needs a session signed in less than 10 minutes ago (else 403
    `reauthentication_required`). The tenant's password policy applies (422 `password_too_weak`).
    Every other session of the user ends unless `sign_out_other_sessions` is false; this one stays.
    Reset links stop working. Emits `user.password_changed` (reason `user_changed` or `user_set`) and
    `session.revoked`; writes the audit entry `user.password_changed`. Rate limit: 10 per 10 minutes
    per user.

    Args:
        x_tenant_id (str):
        body (ChangePassword):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PasswordChanged
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ChangePassword,
    x_tenant_id: str,

) -> Response[Error | PasswordChanged]:
    """ Change the signed-in user's password (current_password required when one is set; a user without one
    needs a sign-in less than 10 minutes old)

     Changes the signed-in user's password, or sets a first one. Called with the **user's access
    token**. With a password already set, `current_password` must be it (422 `incorrect_password`;
    wrong ones count toward the lockout, 403 `account_locked`); a user without one (signed up through a
    provider or a passkey) needs a session signed in less than 10 minutes ago (else 403
    `reauthentication_required`). The tenant's password policy applies (422 `password_too_weak`).
    Every other session of the user ends unless `sign_out_other_sessions` is false; this one stays.
    Reset links stop working. Emits `user.password_changed` (reason `user_changed` or `user_set`) and
    `session.revoked`; writes the audit entry `user.password_changed`. Rate limit: 10 per 10 minutes
    per user.

    Args:
        x_tenant_id (str):
        body (ChangePassword):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PasswordChanged]
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
    body: ChangePassword,
    x_tenant_id: str,

) -> Error | PasswordChanged | None:
    """ Change the signed-in user's password (current_password required when one is set; a user without one
    needs a sign-in less than 10 minutes old)

     Changes the signed-in user's password, or sets a first one. Called with the **user's access
    token**. With a password already set, `current_password` must be it (422 `incorrect_password`;
    wrong ones count toward the lockout, 403 `account_locked`); a user without one (signed up through a
    provider or a passkey) needs a session signed in less than 10 minutes ago (else 403
    `reauthentication_required`). The tenant's password policy applies (422 `password_too_weak`).
    Every other session of the user ends unless `sign_out_other_sessions` is false; this one stays.
    Reset links stop working. Emits `user.password_changed` (reason `user_changed` or `user_set`) and
    `session.revoked`; writes the audit entry `user.password_changed`. Rate limit: 10 per 10 minutes
    per user.

    Args:
        x_tenant_id (str):
        body (ChangePassword):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PasswordChanged
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
