from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from typing import cast



def _get_kwargs(
    factor_id: str,
    *,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/me/mfa/factors/{factor_id}".format(factor_id=quote(str(factor_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
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
    x_tenant_id: str,

) -> Response[Any | Error]:
    """ Remove one of the signed-in user's factors: needs a sign-in less than 10 minutes old (else 403
    reauthentication_required) for a factor in use

     Removes one of the signed-in user's factors. Called with the **user's access token**. A factor in
    use
    (active, or used-up backup codes) needs a session signed in less than 10 minutes ago, else 403
    `reauthentication_required` (sign in again); a pending one goes at once. 403 `last_mfa_factor` for
    the
    only active factor while the tenant requires MFA; 404 for a factor that is not the user's. Emits
    `mfa.removed` for an active factor and writes the audit entry `mfa.factor.removed`.

    Args:
        factor_id (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        factor_id=factor_id,
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
    x_tenant_id: str,

) -> Any | Error | None:
    """ Remove one of the signed-in user's factors: needs a sign-in less than 10 minutes old (else 403
    reauthentication_required) for a factor in use

     Removes one of the signed-in user's factors. Called with the **user's access token**. A factor in
    use
    (active, or used-up backup codes) needs a session signed in less than 10 minutes ago, else 403
    `reauthentication_required` (sign in again); a pending one goes at once. 403 `last_mfa_factor` for
    the
    only active factor while the tenant requires MFA; 404 for a factor that is not the user's. Emits
    `mfa.removed` for an active factor and writes the audit entry `mfa.factor.removed`.

    Args:
        factor_id (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return sync_detailed(
        factor_id=factor_id,
client=client,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    factor_id: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Any | Error]:
    """ Remove one of the signed-in user's factors: needs a sign-in less than 10 minutes old (else 403
    reauthentication_required) for a factor in use

     Removes one of the signed-in user's factors. Called with the **user's access token**. A factor in
    use
    (active, or used-up backup codes) needs a session signed in less than 10 minutes ago, else 403
    `reauthentication_required` (sign in again); a pending one goes at once. 403 `last_mfa_factor` for
    the
    only active factor while the tenant requires MFA; 404 for a factor that is not the user's. Emits
    `mfa.removed` for an active factor and writes the audit entry `mfa.factor.removed`.

    Args:
        factor_id (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        factor_id=factor_id,
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
    x_tenant_id: str,

) -> Any | Error | None:
    """ Remove one of the signed-in user's factors: needs a sign-in less than 10 minutes old (else 403
    reauthentication_required) for a factor in use

     Removes one of the signed-in user's factors. Called with the **user's access token**. A factor in
    use
    (active, or used-up backup codes) needs a session signed in less than 10 minutes ago, else 403
    `reauthentication_required` (sign in again); a pending one goes at once. 403 `last_mfa_factor` for
    the
    only active factor while the tenant requires MFA; 404 for a factor that is not the user's. Emits
    `mfa.removed` for an active factor and writes the audit entry `mfa.factor.removed`.

    Args:
        factor_id (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return (await asyncio_detailed(
        factor_id=factor_id,
client=client,
x_tenant_id=x_tenant_id,

    )).parsed
