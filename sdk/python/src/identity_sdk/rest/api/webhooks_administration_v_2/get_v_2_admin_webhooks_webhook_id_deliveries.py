from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.admin_delivery_list import AdminDeliveryList
from ...models.error import Error
from ...models.get_v2_admin_webhooks_webhook_id_deliveries_order import GetV2AdminWebhooksWebhookIdDeliveriesOrder
from ...models.get_v2_admin_webhooks_webhook_id_deliveries_status import GetV2AdminWebhooksWebhookIdDeliveriesStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    webhook_id: str,
    *,
    status: GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset = UNSET,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset = GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

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
        "url": "/v2/admin/webhooks/{webhook_id}/deliveries".format(webhook_id=quote(str(webhook_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AdminDeliveryList | Error | None:
    if response.status_code == 200:
        response_200 = AdminDeliveryList.from_dict(response.json())



        return response_200

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AdminDeliveryList | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    status: GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset = UNSET,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset = GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC,

) -> Response[AdminDeliveryList | Error]:
    """ Delivery history, newest first

     Lists an administration webhook's deliveries, newest first; filter by `status` and `tenant_id`.
    Called with the **operator's admin token**; 404 for an unknown webhook. Cursor pagination (`limit`,
    `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        webhook_id (str):
        status (GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset):
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset):  Default:
            GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminDeliveryList | Error]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
status=status,
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
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    status: GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset = UNSET,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset = GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC,

) -> AdminDeliveryList | Error | None:
    """ Delivery history, newest first

     Lists an administration webhook's deliveries, newest first; filter by `status` and `tenant_id`.
    Called with the **operator's admin token**; 404 for an unknown webhook. Cursor pagination (`limit`,
    `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        webhook_id (str):
        status (GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset):
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset):  Default:
            GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminDeliveryList | Error
     """


    return sync_detailed(
        webhook_id=webhook_id,
client=client,
status=status,
tenant_id=tenant_id,
limit=limit,
cursor=cursor,
order=order,

    ).parsed

async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    status: GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset = UNSET,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset = GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC,

) -> Response[AdminDeliveryList | Error]:
    """ Delivery history, newest first

     Lists an administration webhook's deliveries, newest first; filter by `status` and `tenant_id`.
    Called with the **operator's admin token**; 404 for an unknown webhook. Cursor pagination (`limit`,
    `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        webhook_id (str):
        status (GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset):
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset):  Default:
            GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdminDeliveryList | Error]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
status=status,
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
    webhook_id: str,
    *,
    client: AuthenticatedClient,
    status: GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset = UNSET,
    tenant_id: str | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset = GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC,

) -> AdminDeliveryList | Error | None:
    """ Delivery history, newest first

     Lists an administration webhook's deliveries, newest first; filter by `status` and `tenant_id`.
    Called with the **operator's admin token**; 404 for an unknown webhook. Cursor pagination (`limit`,
    `cursor` from `pagination.next_cursor`). Changes nothing.

    Args:
        webhook_id (str):
        status (GetV2AdminWebhooksWebhookIdDeliveriesStatus | Unset):
        tenant_id (str | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetV2AdminWebhooksWebhookIdDeliveriesOrder | Unset):  Default:
            GetV2AdminWebhooksWebhookIdDeliveriesOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdminDeliveryList | Error
     """


    return (await asyncio_detailed(
        webhook_id=webhook_id,
client=client,
status=status,
tenant_id=tenant_id,
limit=limit,
cursor=cursor,
order=order,

    )).parsed
