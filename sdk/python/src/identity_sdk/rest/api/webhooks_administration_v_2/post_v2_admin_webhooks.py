from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.admin_create_webhook import AdminCreateWebhook
from ...models.admin_webhook import AdminWebhook
from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: AdminCreateWebhook,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v2/admin/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AdminWebhook | Error | None:
    if response.status_code == 201:
        response_201 = AdminWebhook.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AdminWebhook | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AdminCreateWebhook,
    idempotency_key: str | Unset = UNSET,

) -> Response[AdminWebhook | Error]:
    """ Create a webhook for one tenant or (tenant_id null) every tenant

     Creates an administration webhook for one tenant (`tenant_id`) or, with `tenant_id: null`, for
    events of every tenant, with the secret the operator chooses (stored encrypted). Called with the
    **operator's admin token** (`IDENTITY_ADMIN_TOKEN`), without a tenant header. The URL is checked as
    for tenant webhooks (422); 404 for an unknown tenant. For a single tenant, writes the audit entry
    `webhook.created` in that tenant's log. Deliveries carry the v2 payload.

    Args:
        idempotency_key (str | Unset):
        body (AdminCreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminWebhook | Error]
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
    body: AdminCreateWebhook,
    idempotency_key: str | Unset = UNSET,

) -> AdminWebhook | Error | None:
    """ Create a webhook for one tenant or (tenant_id null) every tenant

     Creates an administration webhook for one tenant (`tenant_id`) or, with `tenant_id: null`, for
    events of every tenant, with the secret the operator chooses (stored encrypted). Called with the
    **operator's admin token** (`IDENTITY_ADMIN_TOKEN`), without a tenant header. The URL is checked as
    for tenant webhooks (422); 404 for an unknown tenant. For a single tenant, writes the audit entry
    `webhook.created` in that tenant's log. Deliveries carry the v2 payload.

    Args:
        idempotency_key (str | Unset):
        body (AdminCreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminWebhook | Error
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AdminCreateWebhook,
    idempotency_key: str | Unset = UNSET,

) -> Response[AdminWebhook | Error]:
    """ Create a webhook for one tenant or (tenant_id null) every tenant

     Creates an administration webhook for one tenant (`tenant_id`) or, with `tenant_id: null`, for
    events of every tenant, with the secret the operator chooses (stored encrypted). Called with the
    **operator's admin token** (`IDENTITY_ADMIN_TOKEN`), without a tenant header. The URL is checked as
    for tenant webhooks (422); 404 for an unknown tenant. For a single tenant, writes the audit entry
    `webhook.created` in that tenant's log. Deliveries carry the v2 payload.

    Args:
        idempotency_key (str | Unset):
        body (AdminCreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminWebhook | Error]
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
    body: AdminCreateWebhook,
    idempotency_key: str | Unset = UNSET,

) -> AdminWebhook | Error | None:
    """ Create a webhook for one tenant or (tenant_id null) every tenant

     Creates an administration webhook for one tenant (`tenant_id`) or, with `tenant_id: null`, for
    events of every tenant, with the secret the operator chooses (stored encrypted). Called with the
    **operator's admin token** (`IDENTITY_ADMIN_TOKEN`), without a tenant header. The URL is checked as
    for tenant webhooks (422); 404 for an unknown tenant. For a single tenant, writes the audit entry
    `webhook.created` in that tenant's log. Deliveries carry the v2 payload.

    Args:
        idempotency_key (str | Unset):
        body (AdminCreateWebhook):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminWebhook | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed
