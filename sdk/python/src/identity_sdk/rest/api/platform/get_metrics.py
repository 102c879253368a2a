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
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())



        return response_401

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Error | str]:
    """ Prometheus metrics (404 unless IDENTITY_METRICS_TOKEN is set; then that bearer token)

     Prometheus metrics of this process in the text exposition format: HTTP requests and latencies,
    sign-in and sign-up outcomes by error code, the database pool, the job queues, the outbox and
    pending webhook deliveries. No API credential: on the API port it answers 404 unless
    `IDENTITY_METRICS_TOKEN` is set, and then only to `Authorization: Bearer <IDENTITY_METRICS_TOKEN>`;
    the listener of its own (`IDENTITY_METRICS_ADDR`) serves it without a token. Not rate limited.
    Changes nothing.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> Error | str | None:
    """ Prometheus metrics (404 unless IDENTITY_METRICS_TOKEN is set; then that bearer token)

     Prometheus metrics of this process in the text exposition format: HTTP requests and latencies,
    sign-in and sign-up outcomes by error code, the database pool, the job queues, the outbox and
    pending webhook deliveries. No API credential: on the API port it answers 404 unless
    `IDENTITY_METRICS_TOKEN` is set, and then only to `Authorization: Bearer <IDENTITY_METRICS_TOKEN>`;
    the listener of its own (`IDENTITY_METRICS_ADDR`) serves it without a token. Not rate limited.
    Changes nothing.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[Error | str]:
    """ Prometheus metrics (404 unless IDENTITY_METRICS_TOKEN is set; then that bearer token)

     Prometheus metrics of this process in the text exposition format: HTTP requests and latencies,
    sign-in and sign-up outcomes by error code, the database pool, the job queues, the outbox and
    pending webhook deliveries. No API credential: on the API port it answers 404 unless
    `IDENTITY_METRICS_TOKEN` is set, and then only to `Authorization: Bearer <IDENTITY_METRICS_TOKEN>`;
    the listener of its own (`IDENTITY_METRICS_ADDR`) serves it without a token. Not rate limited.
    Changes nothing.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> Error | str | None:
    """ Prometheus metrics (404 unless IDENTITY_METRICS_TOKEN is set; then that bearer token)

     Prometheus metrics of this process in the text exposition format: HTTP requests and latencies,
    sign-in and sign-up outcomes by error code, the database pool, the job queues, the outbox and
    pending webhook deliveries. No API credential: on the API port it answers 404 unless
    `IDENTITY_METRICS_TOKEN` is set, and then only to `Authorization: Bearer <IDENTITY_METRICS_TOKEN>`;
    the listener of its own (`IDENTITY_METRICS_ADDR`) serves it without a token. Not rate limited.
    Changes nothing.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
