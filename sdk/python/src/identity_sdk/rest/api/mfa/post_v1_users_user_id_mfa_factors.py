from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.enroll_factor import EnrollFactor
from ...models.enrollment import Enrollment
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    user_id: str,
    *,
    body: EnrollFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/{user_id}/mfa/factors".format(user_id=quote(str(user_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Enrollment | Error | None:
    if response.status_code == 201:
        response_201 = Enrollment.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Enrollment | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: EnrollFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Enrollment | Error]:
    """ Start enrolling a factor: TOTP secret and QR code, a code by SMS or email, or WebAuthn creation
    options

     Starts enrolling a factor for a user; it stays pending until confirmed. Called with a **secret key**
    holding the `users:write` scope. `totp` answers the secret, its `otpauth://` URI and a QR code
    (shown only here; stored encrypted); `sms` (an E.164 `phone_number`) sends a code **by SMS**;
    `email_otp` sends the **MFA code email**; `webauthn` answers the passkey creation options (the
    tenant must have a relying party configured). Codes are valid 10 minutes. A previous pending factor
    of the same type is replaced. 404 for an unknown user. Writes the audit entry `mfa.factor.created`;
    emits nothing until confirmed.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (EnrollFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Enrollment | Error]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
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
    *,
    client: AuthenticatedClient,
    body: EnrollFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Enrollment | Error | None:
    """ Start enrolling a factor: TOTP secret and QR code, a code by SMS or email, or WebAuthn creation
    options

     Starts enrolling a factor for a user; it stays pending until confirmed. Called with a **secret key**
    holding the `users:write` scope. `totp` answers the secret, its `otpauth://` URI and a QR code
    (shown only here; stored encrypted); `sms` (an E.164 `phone_number`) sends a code **by SMS**;
    `email_otp` sends the **MFA code email**; `webauthn` answers the passkey creation options (the
    tenant must have a relying party configured). Codes are valid 10 minutes. A previous pending factor
    of the same type is replaced. 404 for an unknown user. Writes the audit entry `mfa.factor.created`;
    emits nothing until confirmed.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (EnrollFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Enrollment | Error
     """


    return sync_detailed(
        user_id=user_id,
client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    body: EnrollFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Enrollment | Error]:
    """ Start enrolling a factor: TOTP secret and QR code, a code by SMS or email, or WebAuthn creation
    options

     Starts enrolling a factor for a user; it stays pending until confirmed. Called with a **secret key**
    holding the `users:write` scope. `totp` answers the secret, its `otpauth://` URI and a QR code
    (shown only here; stored encrypted); `sms` (an E.164 `phone_number`) sends a code **by SMS**;
    `email_otp` sends the **MFA code email**; `webauthn` answers the passkey creation options (the
    tenant must have a relying party configured). Codes are valid 10 minutes. A previous pending factor
    of the same type is replaced. 404 for an unknown user. Writes the audit entry `mfa.factor.created`;
    emits nothing until confirmed.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (EnrollFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Enrollment | Error]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
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
    *,
    client: AuthenticatedClient,
    body: EnrollFactor,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Enrollment | Error | None:
    """ Start enrolling a factor: TOTP secret and QR code, a code by SMS or email, or WebAuthn creation
    options

     Starts enrolling a factor for a user; it stays pending until confirmed. Called with a **secret key**
    holding the `users:write` scope. `totp` answers the secret, its `otpauth://` URI and a QR code
    (shown only here; stored encrypted); `sms` (an E.164 `phone_number`) sends a code **by SMS**;
    `email_otp` sends the **MFA code email**; `webauthn` answers the passkey creation options (the
    tenant must have a relying party configured). Codes are valid 10 minutes. A previous pending factor
    of the same type is replaced. 404 for an unknown user. Writes the audit entry `mfa.factor.created`;
    emits nothing until confirmed.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (EnrollFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Enrollment | Error
     """


    return (await asyncio_detailed(
        user_id=user_id,
client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
