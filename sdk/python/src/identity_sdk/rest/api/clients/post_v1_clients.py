from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.client_created import ClientCreated
from ...models.create_client import CreateClient
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/clients",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ClientCreated | Error | None:
    if response.status_code == 201:
        response_201 = ClientCreated.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ClientCreated | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ClientCreated | Error]:
    """ Register an OAuth client; a web or machine client's secret is shown only here

     Registers an application that signs users in through this tenant's OAuth 2.0 / OpenID Connect
    provider: `web`, `spa`, `native` or `machine`. Called with a **secret key** holding the `*` scope.
    Redirect URIs are checked strictly, because they are compared exactly later: absolute, no wildcard,
    fragment or credentials, https (http only on a loopback host; native apps may use a reverse-domain
    private scheme). Grant types default by type and must suit it (422). A web or machine client gets a
    secret (`cs_...`) that appears only in this answer; only its hash is stored. Writes the audit entry
    `client.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateClient):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClientCreated | Error]
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
    body: CreateClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> ClientCreated | Error | None:
    """ Register an OAuth client; a web or machine client's secret is shown only here

     Registers an application that signs users in through this tenant's OAuth 2.0 / OpenID Connect
    provider: `web`, `spa`, `native` or `machine`. Called with a **secret key** holding the `*` scope.
    Redirect URIs are checked strictly, because they are compared exactly later: absolute, no wildcard,
    fragment or credentials, https (http only on a loopback host; native apps may use a reverse-domain
    private scheme). Grant types default by type and must suit it (422). A web or machine client gets a
    secret (`cs_...`) that appears only in this answer; only its hash is stored. Writes the audit entry
    `client.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateClient):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClientCreated | Error
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
    body: CreateClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ClientCreated | Error]:
    """ Register an OAuth client; a web or machine client's secret is shown only here

     Registers an application that signs users in through this tenant's OAuth 2.0 / OpenID Connect
    provider: `web`, `spa`, `native` or `machine`. Called with a **secret key** holding the `*` scope.
    Redirect URIs are checked strictly, because they are compared exactly later: absolute, no wildcard,
    fragment or credentials, https (http only on a loopback host; native apps may use a reverse-domain
    private scheme). Grant types default by type and must suit it (422). A web or machine client gets a
    secret (`cs_...`) that appears only in this answer; only its hash is stored. Writes the audit entry
    `client.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateClient):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ClientCreated | Error]
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
    body: CreateClient,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> ClientCreated | Error | None:
    """ Register an OAuth client; a web or machine client's secret is shown only here

     Registers an application that signs users in through this tenant's OAuth 2.0 / OpenID Connect
    provider: `web`, `spa`, `native` or `machine`. Called with a **secret key** holding the `*` scope.
    Redirect URIs are checked strictly, because they are compared exactly later: absolute, no wildcard,
    fragment or credentials, https (http only on a loopback host; native apps may use a reverse-domain
    private scheme). Grant types default by type and must suit it (422). A web or machine client gets a
    secret (`cs_...`) that appears only in this answer; only its hash is stored. Writes the audit entry
    `client.created`.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateClient):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ClientCreated | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
