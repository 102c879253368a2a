from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.config_test import ConfigTest
from ...models.config_test_result import ConfigTestResult
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: ConfigTest,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id

    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/email/config/test",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ConfigTestResult | Error | None:
    if response.status_code == 200:
        response_200 = ConfigTestResult.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ConfigTestResult | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ConfigTest,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ConfigTestResult | Error]:
    """ Send a test message now through the configured provider; a delivery failure answers 200 with sent
    false and the server's error

     Sends one test message to `to` right away through the tenant's configured provider and reports the
    outcome: a delivery failure answers 200 with `sent: false` and the server's error (never a secret),
    within 15 seconds. Called with a **secret key** holding the `*` scope. Without a mail server for the
    installation the message is stored for the operator (`delivery: "stored"`). Changes no
    configuration. Rate limit: 5 per hour per key.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfigTest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConfigTestResult | Error]
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
    body: ConfigTest,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> ConfigTestResult | Error | None:
    """ Send a test message now through the configured provider; a delivery failure answers 200 with sent
    false and the server's error

     Sends one test message to `to` right away through the tenant's configured provider and reports the
    outcome: a delivery failure answers 200 with `sent: false` and the server's error (never a secret),
    within 15 seconds. Called with a **secret key** holding the `*` scope. Without a mail server for the
    installation the message is stored for the operator (`delivery: "stored"`). Changes no
    configuration. Rate limit: 5 per hour per key.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfigTest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConfigTestResult | Error
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
    body: ConfigTest,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> Response[ConfigTestResult | Error]:
    """ Send a test message now through the configured provider; a delivery failure answers 200 with sent
    false and the server's error

     Sends one test message to `to` right away through the tenant's configured provider and reports the
    outcome: a delivery failure answers 200 with `sent: false` and the server's error (never a secret),
    within 15 seconds. Called with a **secret key** holding the `*` scope. Without a mail server for the
    installation the message is stored for the operator (`delivery: "stored"`). Changes no
    configuration. Rate limit: 5 per hour per key.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfigTest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConfigTestResult | Error]
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
    body: ConfigTest,
    x_tenant_id: str,
    idempotency_key: str | Unset = UNSET,

) -> ConfigTestResult | Error | None:
    """ Send a test message now through the configured provider; a delivery failure answers 200 with sent
    false and the server's error

     Sends one test message to `to` right away through the tenant's configured provider and reports the
    outcome: a delivery failure answers 200 with `sent: false` and the server's error (never a secret),
    within 15 seconds. Called with a **secret key** holding the `*` scope. Without a mail server for the
    installation the message is stored for the operator (`delivery: "stored"`). Changes no
    configuration. Rate limit: 5 per hour per key.

    Args:
        x_tenant_id (str):
        idempotency_key (str | Unset):
        body (ConfigTest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConfigTestResult | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,
idempotency_key=idempotency_key,

    )).parsed
