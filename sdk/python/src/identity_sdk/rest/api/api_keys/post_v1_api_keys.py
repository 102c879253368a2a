from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.api_key_created import ApiKeyCreated
from ...models.create_key import CreateKey
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CreateKey,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/api-keys",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiKeyCreated | Error | None:
    if response.status_code == 201:
        response_201 = ApiKeyCreated.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiKeyCreated | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateKey,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiKeyCreated | Error]:
    """ Create an API key; the full key is shown only here

     Creates a publishable or secret key. Called with a **secret key** holding the `*` scope. The full
    key appears only in this answer; only its hash is stored. A secret key can be limited to some scopes
    (`*` alone grants all; publishable keys take no scopes) and can expire (`expires_in`, 1 minute to
    3650 days). Writes an audit entry (`api_key.created`).

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateKey):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyCreated | Error]
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
    body: CreateKey,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> ApiKeyCreated | Error | None:
    """ Create an API key; the full key is shown only here

     Creates a publishable or secret key. Called with a **secret key** holding the `*` scope. The full
    key appears only in this answer; only its hash is stored. A secret key can be limited to some scopes
    (`*` alone grants all; publishable keys take no scopes) and can expire (`expires_in`, 1 minute to
    3650 days). Writes an audit entry (`api_key.created`).

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateKey):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyCreated | Error
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
    body: CreateKey,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ApiKeyCreated | Error]:
    """ Create an API key; the full key is shown only here

     Creates a publishable or secret key. Called with a **secret key** holding the `*` scope. The full
    key appears only in this answer; only its hash is stored. A secret key can be limited to some scopes
    (`*` alone grants all; publishable keys take no scopes) and can expire (`expires_in`, 1 minute to
    3650 days). Writes an audit entry (`api_key.created`).

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateKey):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyCreated | Error]
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
    body: CreateKey,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> ApiKeyCreated | Error | None:
    """ Create an API key; the full key is shown only here

     Creates a publishable or secret key. Called with a **secret key** holding the `*` scope. The full
    key appears only in this answer; only its hash is stored. A secret key can be limited to some scopes
    (`*` alone grants all; publishable keys take no scopes) and can expire (`expires_in`, 1 minute to
    3650 days). Writes an audit entry (`api_key.created`).

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (CreateKey):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyCreated | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
