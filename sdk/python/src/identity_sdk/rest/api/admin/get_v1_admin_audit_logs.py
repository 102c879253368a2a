from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.audit_log_page import AuditLogPage
from ...models.error import Error
from ...models.get_v1_admin_audit_logs_order import GetV1AdminAuditLogsOrder
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: GetV1AdminAuditLogsOrder | Unset = GetV1AdminAuditLogsOrder.DESC,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    params: dict[str, Any] = {}

    params["actor_id"] = actor_id

    params["action"] = action

    params["resource_type"] = resource_type

    params["resource_id"] = resource_id

    params["from"] = from_

    params["to"] = to

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/admin/audit-logs",
        "params": params,
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuditLogPage | Error | None:
    if response.status_code == 200:
        response_200 = AuditLogPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AuditLogPage | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: GetV1AdminAuditLogsOrder | Unset = GetV1AdminAuditLogsOrder.DESC,
    x_tenant_id: str,

) -> Response[AuditLogPage | Error]:
    """ The audit log, newest first: filter by actor_id, action, resource_type, from, to

     Reads the tenant's audit log, newest first (`order=asc` for oldest first): who did what to which
    resource, from which address, with details. Filter by `actor_id`, `action`, `resource_type`,
    `resource_id` and an inclusive `from` / `to` time range (ISO 8601; UTC without an offset). Called
    with a **secret key** holding the `audit-logs:read` scope. Cursor pagination: up to `limit` entries
    (500 at most) and `next_cursor` to pass as `cursor`. Changes nothing.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (GetV1AdminAuditLogsOrder | Unset):  Default: GetV1AdminAuditLogsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditLogPage | Error]
     """


    kwargs = _get_kwargs(
        actor_id=actor_id,
action=action,
resource_type=resource_type,
resource_id=resource_id,
from_=from_,
to=to,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: GetV1AdminAuditLogsOrder | Unset = GetV1AdminAuditLogsOrder.DESC,
    x_tenant_id: str,

) -> AuditLogPage | Error | None:
    """ The audit log, newest first: filter by actor_id, action, resource_type, from, to

     Reads the tenant's audit log, newest first (`order=asc` for oldest first): who did what to which
    resource, from which address, with details. Filter by `actor_id`, `action`, `resource_type`,
    `resource_id` and an inclusive `from` / `to` time range (ISO 8601; UTC without an offset). Called
    with a **secret key** holding the `audit-logs:read` scope. Cursor pagination: up to `limit` entries
    (500 at most) and `next_cursor` to pass as `cursor`. Changes nothing.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (GetV1AdminAuditLogsOrder | Unset):  Default: GetV1AdminAuditLogsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditLogPage | Error
     """


    return sync_detailed(
        client=client,
actor_id=actor_id,
action=action,
resource_type=resource_type,
resource_id=resource_id,
from_=from_,
to=to,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: GetV1AdminAuditLogsOrder | Unset = GetV1AdminAuditLogsOrder.DESC,
    x_tenant_id: str,

) -> Response[AuditLogPage | Error]:
    """ The audit log, newest first: filter by actor_id, action, resource_type, from, to

     Reads the tenant's audit log, newest first (`order=asc` for oldest first): who did what to which
    resource, from which address, with details. Filter by `actor_id`, `action`, `resource_type`,
    `resource_id` and an inclusive `from` / `to` time range (ISO 8601; UTC without an offset). Called
    with a **secret key** holding the `audit-logs:read` scope. Cursor pagination: up to `limit` entries
    (500 at most) and `next_cursor` to pass as `cursor`. Changes nothing.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (GetV1AdminAuditLogsOrder | Unset):  Default: GetV1AdminAuditLogsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditLogPage | Error]
     """


    kwargs = _get_kwargs(
        actor_id=actor_id,
action=action,
resource_type=resource_type,
resource_id=resource_id,
from_=from_,
to=to,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    actor_id: str | Unset = UNSET,
    action: str | Unset = UNSET,
    resource_type: str | Unset = UNSET,
    resource_id: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    limit: int | Unset = 50,
    cursor: str | Unset = UNSET,
    order: GetV1AdminAuditLogsOrder | Unset = GetV1AdminAuditLogsOrder.DESC,
    x_tenant_id: str,

) -> AuditLogPage | Error | None:
    """ The audit log, newest first: filter by actor_id, action, resource_type, from, to

     Reads the tenant's audit log, newest first (`order=asc` for oldest first): who did what to which
    resource, from which address, with details. Filter by `actor_id`, `action`, `resource_type`,
    `resource_id` and an inclusive `from` / `to` time range (ISO 8601; UTC without an offset). Called
    with a **secret key** holding the `audit-logs:read` scope. Cursor pagination: up to `limit` entries
    (500 at most) and `next_cursor` to pass as `cursor`. Changes nothing.

    Args:
        actor_id (str | Unset):
        action (str | Unset):
        resource_type (str | Unset):
        resource_id (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        limit (int | Unset):  Default: 50.
        cursor (str | Unset):
        order (GetV1AdminAuditLogsOrder | Unset):  Default: GetV1AdminAuditLogsOrder.DESC.
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditLogPage | Error
     """


    return (await asyncio_detailed(
        client=client,
actor_id=actor_id,
action=action,
resource_type=resource_type,
resource_id=resource_id,
from_=from_,
to=to,
limit=limit,
cursor=cursor,
order=order,
x_tenant_id=x_tenant_id,

    )).parsed
