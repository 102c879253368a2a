from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.revoked import Revoked
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    id: str,
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
        "url": "/v1/users/{id}/sessions/revoke-all".format(id=quote(str(id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Revoked | None:
    if response.status_code == 200:
        response_200 = Revoked.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Revoked]:
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
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Revoked]:
    """ Revoke every active session of the user

     Revokes every active session of one user: their refresh and access tokens stop working on this API
    at once. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Answers the number revoked; emits one `session.revoked` (reason `revoked_by_api`) when there were
    any, and writes the audit entry `session.revoked_all`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Revoked]
     """


    kwargs = _get_kwargs(
        id=id,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Revoked | None:
    """ Revoke every active session of the user

     Revokes every active session of one user: their refresh and access tokens stop working on this API
    at once. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Answers the number revoked; emits one `session.revoked` (reason `revoked_by_api`) when there were
    any, and writes the audit entry `session.revoked_all`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Revoked
     """


    return sync_detailed(
        id=id,
client=client,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Revoked]:
    """ Revoke every active session of the user

     Revokes every active session of one user: their refresh and access tokens stop working on this API
    at once. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Answers the number revoked; emits one `session.revoked` (reason `revoked_by_api`) when there were
    any, and writes the audit entry `session.revoked_all`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Revoked]
     """


    kwargs = _get_kwargs(
        id=id,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Revoked | None:
    """ Revoke every active session of the user

     Revokes every active session of one user: their refresh and access tokens stop working on this API
    at once. Called with a **secret key** holding the `users:write` scope; 404 for an unknown user.
    Answers the number revoked; emits one `session.revoked` (reason `revoked_by_api`) when there were
    any, and writes the audit entry `session.revoked_all`.

    Args:
        id (str):
        x_tenant_id (str):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Revoked
     """


    return (await asyncio_detailed(
        id=id,
client=client,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
