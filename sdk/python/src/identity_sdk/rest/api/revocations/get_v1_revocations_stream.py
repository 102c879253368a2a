from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_v1_revocations_stream_response_200_type_0 import GetV1RevocationsStreamResponse200Type0
from ...models.get_v1_revocations_stream_response_200_type_1 import GetV1RevocationsStreamResponse200Type1
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    last_event_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    params: dict[str, Any] = {}

    params["last_event_id"] = last_event_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/revocations/stream",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1 | None:
    if response.status_code == 200:
        def _parse_response_200(data: object) -> GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = GetV1RevocationsStreamResponse200Type0.from_dict(data)



                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = GetV1RevocationsStreamResponse200Type1.from_dict(data)



            return response_200_type_1

        response_200 = _parse_response_200(response.text)

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Response[Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1]:
    """ Stream the tenant's revocations (server-sent events) for local token verifiers

     Streams what a verifier of access tokens must refuse before the tokens expire: revoked sessions
    (`kind` `session`, matched against the token's `sid`), banned or deleted users (`user`, matched
    against `sub` for tokens whose `iat` is not after `revoked_at`) and withdrawn signing keys
    (`signing_key`, matched against the header's `kid`). Called with a **secret key** holding the
    `sessions:read` scope; the answer is `text/event-stream`. Without `Last-Event-ID` (header, or the
    `last_event_id` query parameter) every entry whose `forget_after` is still ahead is replayed first;
    with one, the entries after it. Then comes one `event: ready`, then each revocation as it commits
    (`id:`, `event: revocation`, `data:` a JSON object with `kind`, `id`, `reason`, `revoked_at`,
    `forget_after`), with a `: keepalive` comment line every 15 s. The service ends a stream after at
    most an hour; clients reconnect with the last id they received. One process serves at most 100
    streams of a tenant at once (429 `too_many_streams` beyond). Changes nothing; emits no event
    (the revocations themselves emit `session.revoked`, `user.disabled`, `user.deleted`).

    Args:
        last_event_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1]
     """


    kwargs = _get_kwargs(
        last_event_id=last_event_id,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1 | None:
    """ Stream the tenant's revocations (server-sent events) for local token verifiers

     Streams what a verifier of access tokens must refuse before the tokens expire: revoked sessions
    (`kind` `session`, matched against the token's `sid`), banned or deleted users (`user`, matched
    against `sub` for tokens whose `iat` is not after `revoked_at`) and withdrawn signing keys
    (`signing_key`, matched against the header's `kid`). Called with a **secret key** holding the
    `sessions:read` scope; the answer is `text/event-stream`. Without `Last-Event-ID` (header, or the
    `last_event_id` query parameter) every entry whose `forget_after` is still ahead is replayed first;
    with one, the entries after it. Then comes one `event: ready`, then each revocation as it commits
    (`id:`, `event: revocation`, `data:` a JSON object with `kind`, `id`, `reason`, `revoked_at`,
    `forget_after`), with a `: keepalive` comment line every 15 s. The service ends a stream after at
    most an hour; clients reconnect with the last id they received. One process serves at most 100
    streams of a tenant at once (429 `too_many_streams` beyond). Changes nothing; emits no event
    (the revocations themselves emit `session.revoked`, `user.disabled`, `user.deleted`).

    Args:
        last_event_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1
     """


    return sync_detailed(
        client=client,
last_event_id=last_event_id,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Response[Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1]:
    """ Stream the tenant's revocations (server-sent events) for local token verifiers

     Streams what a verifier of access tokens must refuse before the tokens expire: revoked sessions
    (`kind` `session`, matched against the token's `sid`), banned or deleted users (`user`, matched
    against `sub` for tokens whose `iat` is not after `revoked_at`) and withdrawn signing keys
    (`signing_key`, matched against the header's `kid`). Called with a **secret key** holding the
    `sessions:read` scope; the answer is `text/event-stream`. Without `Last-Event-ID` (header, or the
    `last_event_id` query parameter) every entry whose `forget_after` is still ahead is replayed first;
    with one, the entries after it. Then comes one `event: ready`, then each revocation as it commits
    (`id:`, `event: revocation`, `data:` a JSON object with `kind`, `id`, `reason`, `revoked_at`,
    `forget_after`), with a `: keepalive` comment line every 15 s. The service ends a stream after at
    most an hour; clients reconnect with the last id they received. One process serves at most 100
    streams of a tenant at once (429 `too_many_streams` beyond). Changes nothing; emits no event
    (the revocations themselves emit `session.revoked`, `user.disabled`, `user.deleted`).

    Args:
        last_event_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1]
     """


    kwargs = _get_kwargs(
        last_event_id=last_event_id,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
    x_tenant_id: str,

) -> Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1 | None:
    """ Stream the tenant's revocations (server-sent events) for local token verifiers

     Streams what a verifier of access tokens must refuse before the tokens expire: revoked sessions
    (`kind` `session`, matched against the token's `sid`), banned or deleted users (`user`, matched
    against `sub` for tokens whose `iat` is not after `revoked_at`) and withdrawn signing keys
    (`signing_key`, matched against the header's `kid`). Called with a **secret key** holding the
    `sessions:read` scope; the answer is `text/event-stream`. Without `Last-Event-ID` (header, or the
    `last_event_id` query parameter) every entry whose `forget_after` is still ahead is replayed first;
    with one, the entries after it. Then comes one `event: ready`, then each revocation as it commits
    (`id:`, `event: revocation`, `data:` a JSON object with `kind`, `id`, `reason`, `revoked_at`,
    `forget_after`), with a `: keepalive` comment line every 15 s. The service ends a stream after at
    most an hour; clients reconnect with the last id they received. One process serves at most 100
    streams of a tenant at once (429 `too_many_streams` beyond). Changes nothing; emits no event
    (the revocations themselves emit `session.revoked`, `user.disabled`, `user.deleted`).

    Args:
        last_event_id (str | Unset):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetV1RevocationsStreamResponse200Type0 | GetV1RevocationsStreamResponse200Type1
     """


    return (await asyncio_detailed(
        client=client,
last_event_id=last_event_id,
x_tenant_id=x_tenant_id,

    )).parsed
