from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.tenant import Tenant
from ...models.update_tenant import UpdateTenant
from typing import cast



def _get_kwargs(
    id: str,
    *,
    body: UpdateTenant,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/tenants/{id}".format(id=quote(str(id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Tenant | None:
    if response.status_code == 200:
        response_200 = Tenant.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Tenant]:
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
    body: UpdateTenant,

) -> Response[Error | Tenant]:
    """ Update a tenant; auth_config is merged, metadata replaced

     Changes a tenant's name, slug, plan, status or metadata (metadata objects are replaced whole);
    `auth_config` is merged key by key into the current configuration and validated as a whole. Called
    with the **master key** (served under both `/cp/v1` and `/v1`). 409 for a taken slug, 422 for custom
    rate limits outside the enterprise plan; leaving the enterprise plan drops them. The change applies
    to requests at once in every process and writes the audit entry `tenant.updated`; a body that
    changes nothing writes nothing.

    Args:
        id (str):
        body (UpdateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Tenant]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTenant,

) -> Error | Tenant | None:
    """ Update a tenant; auth_config is merged, metadata replaced

     Changes a tenant's name, slug, plan, status or metadata (metadata objects are replaced whole);
    `auth_config` is merged key by key into the current configuration and validated as a whole. Called
    with the **master key** (served under both `/cp/v1` and `/v1`). 409 for a taken slug, 422 for custom
    rate limits outside the enterprise plan; leaving the enterprise plan drops them. The change applies
    to requests at once in every process and writes the audit entry `tenant.updated`; a body that
    changes nothing writes nothing.

    Args:
        id (str):
        body (UpdateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Tenant
     """


    return sync_detailed(
        id=id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTenant,

) -> Response[Error | Tenant]:
    """ Update a tenant; auth_config is merged, metadata replaced

     Changes a tenant's name, slug, plan, status or metadata (metadata objects are replaced whole);
    `auth_config` is merged key by key into the current configuration and validated as a whole. Called
    with the **master key** (served under both `/cp/v1` and `/v1`). 409 for a taken slug, 422 for custom
    rate limits outside the enterprise plan; leaving the enterprise plan drops them. The change applies
    to requests at once in every process and writes the audit entry `tenant.updated`; a body that
    changes nothing writes nothing.

    Args:
        id (str):
        body (UpdateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Tenant]
     """


    kwargs = _get_kwargs(
        id=id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    body: UpdateTenant,

) -> Error | Tenant | None:
    """ Update a tenant; auth_config is merged, metadata replaced

     Changes a tenant's name, slug, plan, status or metadata (metadata objects are replaced whole);
    `auth_config` is merged key by key into the current configuration and validated as a whole. Called
    with the **master key** (served under both `/cp/v1` and `/v1`). 409 for a taken slug, 422 for custom
    rate limits outside the enterprise plan; leaving the enterprise plan drops them. The change applies
    to requests at once in every process and writes the audit entry `tenant.updated`; a body that
    changes nothing writes nothing.

    Args:
        id (str):
        body (UpdateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Tenant
     """


    return (await asyncio_detailed(
        id=id,
client=client,
body=body,

    )).parsed
