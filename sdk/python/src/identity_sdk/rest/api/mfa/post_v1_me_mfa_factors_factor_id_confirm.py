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
from typing import cast



def _get_kwargs(
    factor_id: str,
    *,
    body: ConfirmFactor,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/mfa/factors/{factor_id}/confirm".format(factor_id=quote(str(factor_id), safe=""),),
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
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,

) -> Response[Error | Factor]:
    """ Activate one of the signed-in user's pending factors with a code (or the WebAuthn attestation)

     Activates one of the signed-in user's pending factors, as
    `POST /v1/users/{user_id}/mfa/factors/{factor_id}/confirm` does. Called with the **user's access
    token**. 401 `invalid_code` for a wrong code; 404 for a factor that is not the user's. Emits
    `mfa.enrolled` and writes the audit entry `mfa.factor.activated`.

    Args:
        factor_id (str):
        x_tenant_id (str):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Factor]
     """


    kwargs = _get_kwargs(
        factor_id=factor_id,
body=body,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,

) -> Error | Factor | None:
    """ Activate one of the signed-in user's pending factors with a code (or the WebAuthn attestation)

     Activates one of the signed-in user's pending factors, as
    `POST /v1/users/{user_id}/mfa/factors/{factor_id}/confirm` does. Called with the **user's access
    token**. 401 `invalid_code` for a wrong code; 404 for a factor that is not the user's. Emits
    `mfa.enrolled` and writes the audit entry `mfa.factor.activated`.

    Args:
        factor_id (str):
        x_tenant_id (str):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Factor
     """


    return sync_detailed(
        factor_id=factor_id,
client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,

) -> Response[Error | Factor]:
    """ Activate one of the signed-in user's pending factors with a code (or the WebAuthn attestation)

     Activates one of the signed-in user's pending factors, as
    `POST /v1/users/{user_id}/mfa/factors/{factor_id}/confirm` does. Called with the **user's access
    token**. 401 `invalid_code` for a wrong code; 404 for a factor that is not the user's. Emits
    `mfa.enrolled` and writes the audit entry `mfa.factor.activated`.

    Args:
        factor_id (str):
        x_tenant_id (str):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Factor]
     """


    kwargs = _get_kwargs(
        factor_id=factor_id,
body=body,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    factor_id: str,
    *,
    client: AuthenticatedClient,
    body: ConfirmFactor,
    x_tenant_id: str,

) -> Error | Factor | None:
    """ Activate one of the signed-in user's pending factors with a code (or the WebAuthn attestation)

     Activates one of the signed-in user's pending factors, as
    `POST /v1/users/{user_id}/mfa/factors/{factor_id}/confirm` does. Called with the **user's access
    token**. 401 `invalid_code` for a wrong code; 404 for a factor that is not the user's. Emits
    `mfa.enrolled` and writes the audit entry `mfa.factor.activated`.

    Args:
        factor_id (str):
        x_tenant_id (str):
        body (ConfirmFactor):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Factor
     """


    return (await asyncio_detailed(
        factor_id=factor_id,
client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
