from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_organization import CreateOrganization
from ...models.error import Error
from ...models.organization import Organization
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateOrganization,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/organizations",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Organization | None:
    if response.status_code == 201:
        response_201 = Organization.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Organization]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateOrganization,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Organization]:
    """ Create an organization; created_by becomes its owner

     Creates an organization. Called with a **secret key** holding the `organizations:write` scope.
    Without `slug`, one is derived from the name (409 for a taken explicit slug). With `created_by`,
    that user becomes its first member with the role `owner` (404 when the tenant has no such user).
    Emits `org.created` (and `org.member.added` for the owner) and writes the audit entry
    `organization.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Organization]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: CreateOrganization,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Organization | None:
    """ Create an organization; created_by becomes its owner

     Creates an organization. Called with a **secret key** holding the `organizations:write` scope.
    Without `slug`, one is derived from the name (409 for a taken explicit slug). With `created_by`,
    that user becomes its first member with the role `owner` (404 when the tenant has no such user).
    Emits `org.created` (and `org.member.added` for the owner) and writes the audit entry
    `organization.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Organization
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateOrganization,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | Organization]:
    """ Create an organization; created_by becomes its owner

     Creates an organization. Called with a **secret key** holding the `organizations:write` scope.
    Without `slug`, one is derived from the name (409 for a taken explicit slug). With `created_by`,
    that user becomes its first member with the role `owner` (404 when the tenant has no such user).
    Emits `org.created` (and `org.member.added` for the owner) and writes the audit entry
    `organization.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Organization]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateOrganization,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Error | Organization | None:
    """ Create an organization; created_by becomes its owner

     Creates an organization. Called with a **secret key** holding the `organizations:write` scope.
    Without `slug`, one is derived from the name (409 for a taken explicit slug). With `created_by`,
    that user becomes its first member with the role `owner` (404 when the tenant has no such user).
    Emits `org.created` (and `org.member.added` for the owner) and writes the audit entry
    `organization.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Organization
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
