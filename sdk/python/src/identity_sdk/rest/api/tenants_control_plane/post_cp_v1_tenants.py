from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.create_tenant import CreateTenant
from ...models.error import Error
from ...models.tenant_created import TenantCreated
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateTenant,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/cp/v1/tenants",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TenantCreated | None:
    if response.status_code == 201:
        response_201 = TenantCreated.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TenantCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTenant,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | TenantCreated]:
    """ Create a tenant with its first publishable and secret keys

     Creates a tenant with its authentication configuration and its first two API keys, a publishable key
    and a secret key with every scope. Called with the **master key** (served under both `/cp/v1` and
    `/v1`). The two full keys appear only in this answer; only their hashes are stored. Without `slug`,
    one is derived from the name (409 `slug_already_exists` for a taken explicit slug). Custom
    `rate_limits` are for the enterprise plan only (422 otherwise).

    With `owner_email`, an admin user without a password is created too (emits `user.created`; they sign
    in by magic link or set a password through the reset flow). Writes the audit entry `tenant.created`.

    Args:
        idempotency_key (str | Unset):
        body (CreateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TenantCreated]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: CreateTenant,
    idempotency_key: str | Unset = UNSET,

) -> Error | TenantCreated | None:
    """ Create a tenant with its first publishable and secret keys

     Creates a tenant with its authentication configuration and its first two API keys, a publishable key
    and a secret key with every scope. Called with the **master key** (served under both `/cp/v1` and
    `/v1`). The two full keys appear only in this answer; only their hashes are stored. Without `slug`,
    one is derived from the name (409 `slug_already_exists` for a taken explicit slug). Custom
    `rate_limits` are for the enterprise plan only (422 otherwise).

    With `owner_email`, an admin user without a password is created too (emits `user.created`; they sign
    in by magic link or set a password through the reset flow). Writes the audit entry `tenant.created`.

    Args:
        idempotency_key (str | Unset):
        body (CreateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TenantCreated
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateTenant,
    idempotency_key: str | Unset = UNSET,

) -> Response[Error | TenantCreated]:
    """ Create a tenant with its first publishable and secret keys

     Creates a tenant with its authentication configuration and its first two API keys, a publishable key
    and a secret key with every scope. Called with the **master key** (served under both `/cp/v1` and
    `/v1`). The two full keys appear only in this answer; only their hashes are stored. Without `slug`,
    one is derived from the name (409 `slug_already_exists` for a taken explicit slug). Custom
    `rate_limits` are for the enterprise plan only (422 otherwise).

    With `owner_email`, an admin user without a password is created too (emits `user.created`; they sign
    in by magic link or set a password through the reset flow). Writes the audit entry `tenant.created`.

    Args:
        idempotency_key (str | Unset):
        body (CreateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TenantCreated]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateTenant,
    idempotency_key: str | Unset = UNSET,

) -> Error | TenantCreated | None:
    """ Create a tenant with its first publishable and secret keys

     Creates a tenant with its authentication configuration and its first two API keys, a publishable key
    and a secret key with every scope. Called with the **master key** (served under both `/cp/v1` and
    `/v1`). The two full keys appear only in this answer; only their hashes are stored. Without `slug`,
    one is derived from the name (409 `slug_already_exists` for a taken explicit slug). Custom
    `rate_limits` are for the enterprise plan only (422 otherwise).

    With `owner_email`, an admin user without a password is created too (emits `user.created`; they sign
    in by magic link or set a password through the reset flow). Writes the audit entry `tenant.created`.

    Args:
        idempotency_key (str | Unset):
        body (CreateTenant):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TenantCreated
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
