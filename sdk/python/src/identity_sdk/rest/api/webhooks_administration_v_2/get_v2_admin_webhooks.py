from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.admin_webhook_list import AdminWebhookList
from ...models.error import Error
from ...models.get_v2_admin_webhooks_order import GetV2AdminWebhooksOrder
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksOrder | Unset = GetV2AdminWebhooksOrder.DESC,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["tenant_id"] = tenant_id

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v2/admin/webhooks",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AdminWebhookList | Error | None:
    if response.status_code == 200:
        response_200 = AdminWebhookList.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())



        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AdminWebhookList | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksOrder | Unset = GetV2AdminWebhooksOrder.DESC,

) -> Response[AdminWebhookList | Error]:
    """ List administration webhooks

     Lists the administration webhooks, optionally those of one `tenant_id`. Called with the **operator's
    admin token**. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Secrets are
    never returned. Changes nothing.

    Args:
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksOrder | Unset):  Default: GetV2AdminWebhooksOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminWebhookList | Error]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
limit=limit,
cursor=cursor,
order=order,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksOrder | Unset = GetV2AdminWebhooksOrder.DESC,

) -> AdminWebhookList | Error | None:
    """ List administration webhooks

     Lists the administration webhooks, optionally those of one `tenant_id`. Called with the **operator's
    admin token**. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Secrets are
    never returned. Changes nothing.

    Args:
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksOrder | Unset):  Default: GetV2AdminWebhooksOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminWebhookList | Error
     """


    return sync_detailed(
        client=client,
tenant_id=tenant_id,
limit=limit,
cursor=cursor,
order=order,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksOrder | Unset = GetV2AdminWebhooksOrder.DESC,

) -> Response[AdminWebhookList | Error]:
    """ List administration webhooks

     Lists the administration webhooks, optionally those of one `tenant_id`. Called with the **operator's
    admin token**. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Secrets are
    never returned. Changes nothing.

    Args:
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksOrder | Unset):  Default: GetV2AdminWebhooksOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminWebhookList | Error]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
limit=limit,
cursor=cursor,
order=order,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksOrder | Unset = GetV2AdminWebhooksOrder.DESC,

) -> AdminWebhookList | Error | None:
    """ List administration webhooks

     Lists the administration webhooks, optionally those of one `tenant_id`. Called with the **operator's
    admin token**. Cursor pagination (`limit`, `cursor` from `pagination.next_cursor`). Secrets are
    never returned. Changes nothing.

    Args:
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksOrder | Unset):  Default: GetV2AdminWebhooksOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminWebhookList | Error
     """


    return (await asyncio_detailed(
        client=client,
tenant_id=tenant_id,
limit=limit,
cursor=cursor,
order=order,

    )).parsed
