from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.confirm_factor import ConfirmFactor
from ...models.error import Error
from ...models.factor import Factor
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    user_id: str,
    factor_id: str,
    *,
    body: ConfirmFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/{user_id}/mfa/factors/{factor_id}/confirm".format(user_id=quote(str(user_id), safe=""),factor_id=quote(str(factor_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Factor | None:
    if response.status_code == 200:
        response_200 = Factor.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Factor]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Factor]:
    """ Activate a pending factor with a code (or, for WebAuthn, the attestation)

     Activates a pending factor with the code from the app, the SMS or the email (for a passkey, the
    attestation from the browser). Called with a **secret key** holding the `users:write` scope. A wrong
    code answers 401 `invalid_code` (5 wrong codes and an SMS or email code is void; enroll again); a
    TOTP code is accepted once only. 409 when the factor is not pending or the passkey is enrolled
    already; 404 for an unknown user or factor. Emits `mfa.enrolled` and writes the audit entry
    `mfa.factor.activated`; from then on sign-ins ask for a second factor.

    Args:
        user_id (str):
        factor_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Factor]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
factor_id=factor_id,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    user_id: str,
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Factor | None:
    """ Activate a pending factor with a code (or, for WebAuthn, the attestation)

     Activates a pending factor with the code from the app, the SMS or the email (for a passkey, the
    attestation from the browser). Called with a **secret key** holding the `users:write` scope. A wrong
    code answers 401 `invalid_code` (5 wrong codes and an SMS or email code is void; enroll again); a
    TOTP code is accepted once only. 409 when the factor is not pending or the passkey is enrolled
    already; 404 for an unknown user or factor. Emits `mfa.enrolled` and writes the audit entry
    `mfa.factor.activated`; from then on sign-ins ask for a second factor.

    Args:
        user_id (str):
        factor_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Factor
     """


    return sync_detailed(
        user_id=user_id,
factor_id=factor_id,
client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    user_id: str,
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Factor]:
    """ Activate a pending factor with a code (or, for WebAuthn, the attestation)

     Activates a pending factor with the code from the app, the SMS or the email (for a passkey, the
    attestation from the browser). Called with a **secret key** holding the `users:write` scope. A wrong
    code answers 401 `invalid_code` (5 wrong codes and an SMS or email code is void; enroll again); a
    TOTP code is accepted once only. 409 when the factor is not pending or the passkey is enrolled
    already; 404 for an unknown user or factor. Emits `mfa.enrolled` and writes the audit entry
    `mfa.factor.activated`; from then on sign-ins ask for a second factor.

    Args:
        user_id (str):
        factor_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Factor]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
factor_id=factor_id,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    user_id: str,
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Factor | None:
    """ Activate a pending factor with a code (or, for WebAuthn, the attestation)

     Activates a pending factor with the code from the app, the SMS or the email (for a passkey, the
    attestation from the browser). Called with a **secret key** holding the `users:write` scope. A wrong
    code answers 401 `invalid_code` (5 wrong codes and an SMS or email code is void; enroll again); a
    TOTP code is accepted once only. 409 when the factor is not pending or the passkey is enrolled
    already; 404 for an unknown user or factor. Emits `mfa.enrolled` and writes the audit entry
    `mfa.factor.activated`; from then on sign-ins ask for a second factor.

    Args:
        user_id (str):
        factor_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Factor
     """


    return (await asyncio_detailed(
        user_id=user_id,
factor_id=factor_id,
client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
