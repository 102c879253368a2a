from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.link_started import LinkStarted
from ...models.start_link import StartLink
from typing import cast



def _get_kwargs(
    *,
    body: StartLink,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/identities/link",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | LinkStarted | None:
    if response.status_code == 201:
        response_201 = LinkStarted.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | LinkStarted]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: StartLink,
    x_tenant_id: str,

) -> Response[Error | LinkStarted]:
    """ Start connecting another provider account: answers a URL (valid 5 minutes, single use) to open in
    the user's browser. Needs a verified address (else 403 email_not_verified) and a sign-in less than
    10 minutes old (else 403 reauthentication_required). redirect_url must be on an origin in the
    tenant's allowed_origins ('*' allows none); it receives ?link_token=... (or ?error=...), which this
    session completes with POST /v1/me/identities/link/complete

     Starts connecting another provider account to the signed-in user. Called with the **user's access
    token** of a sign-in less than 10 minutes old (else 403 `reauthentication_required`). Answers a
    start URL, valid 5 minutes and usable once, to open in the user's browser; after the provider, the
    browser lands on `redirect_url` with `link_token` (or `error`), which this same session passes to
    `POST /v1/me/identities/link/complete`. `redirect_url` must be on an origin listed in the tenant's
    `allowed_origins` (exact match; an empty list or `*` allows none; else 422). 404 for an unknown
    connection, 409 for a disabled one. Stores only a hash of the ticket.

    Args:
        x_tenant_id (str):
        body (StartLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LinkStarted]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: StartLink,
    x_tenant_id: str,

) -> Error | LinkStarted | None:
    """ Start connecting another provider account: answers a URL (valid 5 minutes, single use) to open in
    the user's browser. Needs a verified address (else 403 email_not_verified) and a sign-in less than
    10 minutes old (else 403 reauthentication_required). redirect_url must be on an origin in the
    tenant's allowed_origins ('*' allows none); it receives ?link_token=... (or ?error=...), which this
    session completes with POST /v1/me/identities/link/complete

     Starts connecting another provider account to the signed-in user. Called with the **user's access
    token** of a sign-in less than 10 minutes old (else 403 `reauthentication_required`). Answers a
    start URL, valid 5 minutes and usable once, to open in the user's browser; after the provider, the
    browser lands on `redirect_url` with `link_token` (or `error`), which this same session passes to
    `POST /v1/me/identities/link/complete`. `redirect_url` must be on an origin listed in the tenant's
    `allowed_origins` (exact match; an empty list or `*` allows none; else 422). 404 for an unknown
    connection, 409 for a disabled one. Stores only a hash of the ticket.

    Args:
        x_tenant_id (str):
        body (StartLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LinkStarted
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: StartLink,
    x_tenant_id: str,

) -> Response[Error | LinkStarted]:
    """ Start connecting another provider account: answers a URL (valid 5 minutes, single use) to open in
    the user's browser. Needs a verified address (else 403 email_not_verified) and a sign-in less than
    10 minutes old (else 403 reauthentication_required). redirect_url must be on an origin in the
    tenant's allowed_origins ('*' allows none); it receives ?link_token=... (or ?error=...), which this
    session completes with POST /v1/me/identities/link/complete

     Starts connecting another provider account to the signed-in user. Called with the **user's access
    token** of a sign-in less than 10 minutes old (else 403 `reauthentication_required`). Answers a
    start URL, valid 5 minutes and usable once, to open in the user's browser; after the provider, the
    browser lands on `redirect_url` with `link_token` (or `error`), which this same session passes to
    `POST /v1/me/identities/link/complete`. `redirect_url` must be on an origin listed in the tenant's
    `allowed_origins` (exact match; an empty list or `*` allows none; else 422). 404 for an unknown
    connection, 409 for a disabled one. Stores only a hash of the ticket.

    Args:
        x_tenant_id (str):
        body (StartLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | LinkStarted]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: StartLink,
    x_tenant_id: str,

) -> Error | LinkStarted | None:
    """ Start connecting another provider account: answers a URL (valid 5 minutes, single use) to open in
    the user's browser. Needs a verified address (else 403 email_not_verified) and a sign-in less than
    10 minutes old (else 403 reauthentication_required). redirect_url must be on an origin in the
    tenant's allowed_origins ('*' allows none); it receives ?link_token=... (or ?error=...), which this
    session completes with POST /v1/me/identities/link/complete

     Starts connecting another provider account to the signed-in user. Called with the **user's access
    token** of a sign-in less than 10 minutes old (else 403 `reauthentication_required`). Answers a
    start URL, valid 5 minutes and usable once, to open in the user's browser; after the provider, the
    browser lands on `redirect_url` with `link_token` (or `error`), which this same session passes to
    `POST /v1/me/identities/link/complete`. `redirect_url` must be on an origin listed in the tenant's
    `allowed_origins` (exact match; an empty list or `*` allows none; else 422). 404 for an unknown
    connection, 409 for a disabled one. Stores only a hash of the ticket.

    Args:
        x_tenant_id (str):
        body (StartLink):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | LinkStarted
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
