from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.connection import Connection
from ...models.error import Error
from ...models.update_connection import UpdateConnection
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: UpdateConnection,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/connections/{id}".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Connection | Error | None:
    if response.status_code == 200:
        response_200 = Connection.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Connection | Error]:
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
    body: UpdateConnection,
    x_tenant_id: str,

) -> Response[Connection | Error]:
    """ Change a connection (endpoints and field_mapping are replaced whole; the provider cannot change)

     Changes a connection's name, credentials, scopes, endpoints, field mapping or `enabled` flag;
    `endpoints` and `field_mapping` are replaced whole and checked as at creation (422), and the
    provider cannot change. A new secret is stored encrypted. Called with a **secret key** holding the
    `*` scope; 404 for an unknown connection. Disabling a connection stops new sign-ins with it. Writes
    the audit entry `connection.updated`.

    Args:
        id (str):
        x_tenant_id (str):
        body (UpdateConnection):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Connection | Error]
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
    body: UpdateConnection,
    x_tenant_id: str,

) -> Connection | Error | None:
    """ Change a connection (endpoints and field_mapping are replaced whole; the provider cannot change)

     Changes a connection's name, credentials, scopes, endpoints, field mapping or `enabled` flag;
    `endpoints` and `field_mapping` are replaced whole and checked as at creation (422), and the
    provider cannot change. A new secret is stored encrypted. Called with a **secret key** holding the
    `*` scope; 404 for an unknown connection. Disabling a connection stops new sign-ins with it. Writes
    the audit entry `connection.updated`.

    Args:
        id (str):
        x_tenant_id (str):
        body (UpdateConnection):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Connection | Error
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
    body: UpdateConnection,
    x_tenant_id: str,

) -> Response[Connection | Error]:
    """ Change a connection (endpoints and field_mapping are replaced whole; the provider cannot change)

     Changes a connection's name, credentials, scopes, endpoints, field mapping or `enabled` flag;
    `endpoints` and `field_mapping` are replaced whole and checked as at creation (422), and the
    provider cannot change. A new secret is stored encrypted. Called with a **secret key** holding the
    `*` scope; 404 for an unknown connection. Disabling a connection stops new sign-ins with it. Writes
    the audit entry `connection.updated`.

    Args:
        id (str):
        x_tenant_id (str):
        body (UpdateConnection):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Connection | Error]
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
    body: UpdateConnection,
    x_tenant_id: str,

) -> Connection | Error | None:
    """ Change a connection (endpoints and field_mapping are replaced whole; the provider cannot change)

     Changes a connection's name, credentials, scopes, endpoints, field mapping or `enabled` flag;
    `endpoints` and `field_mapping` are replaced whole and checked as at creation (422), and the
    provider cannot change. A new secret is stored encrypted. Called with a **secret key** holding the
    `*` scope; 404 for an unknown connection. Disabling a connection stops new sign-ins with it. Writes
    the audit entry `connection.updated`.

    Args:
        id (str):
        x_tenant_id (str):
        body (UpdateConnection):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Connection | Error
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
