from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.backup_codes import BackupCodes
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    user_id: str,
    *,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/users/{user_id}/mfa/backup-codes/generate".format(user_id=quote(str(user_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BackupCodes | Error | None:
    if response.status_code == 200:
        response_200 = BackupCodes.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BackupCodes | Error]:
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
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[BackupCodes | Error]:
    """ Generate 8 backup codes (shown once); the previous set stops working

     Generates a new set of 8 single-use backup codes for the user; the previous set stops working. The
    codes appear only in this answer (only keyed hashes are stored). Called with a **secret key**
    holding the `users:write` scope; 404 for an unknown user. The first set activates the backup-code
    factor (emits `mfa.enrolled`); writes the audit entry `mfa.backup_codes.generated`.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BackupCodes | Error]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
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
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> BackupCodes | Error | None:
    """ Generate 8 backup codes (shown once); the previous set stops working

     Generates a new set of 8 single-use backup codes for the user; the previous set stops working. The
    codes appear only in this answer (only keyed hashes are stored). Called with a **secret key**
    holding the `users:write` scope; 404 for an unknown user. The first set activates the backup-code
    factor (emits `mfa.enrolled`); writes the audit entry `mfa.backup_codes.generated`.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BackupCodes | Error
     """


    return sync_detailed(
        user_id=user_id,
client=client,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    user_id: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[BackupCodes | Error]:
    """ Generate 8 backup codes (shown once); the previous set stops working

     Generates a new set of 8 single-use backup codes for the user; the previous set stops working. The
    codes appear only in this answer (only keyed hashes are stored). Called with a **secret key**
    holding the `users:write` scope; 404 for an unknown user. The first set activates the backup-code
    factor (emits `mfa.enrolled`); writes the audit entry `mfa.backup_codes.generated`.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BackupCodes | Error]
     """


    kwargs = _get_kwargs(
        user_id=user_id,
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
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> BackupCodes | Error | None:
    """ Generate 8 backup codes (shown once); the previous set stops working

     Generates a new set of 8 single-use backup codes for the user; the previous set stops working. The
    codes appear only in this answer (only keyed hashes are stored). Called with a **secret key**
    holding the `users:write` scope; 404 for an unknown user. The first set activates the backup-code
    factor (emits `mfa.enrolled`); writes the audit entry `mfa.backup_codes.generated`.

    Args:
        user_id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BackupCodes | Error
     """


    return (await asyncio_detailed(
        user_id=user_id,
client=client,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
