from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.get_cp_v1_tenants_order import GetCpV1TenantsOrder
from ...models.get_cp_v1_tenants_plan import GetCpV1TenantsPlan
from ...models.get_cp_v1_tenants_status import GetCpV1TenantsStatus
from ...models.tenant_list import TenantList
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    q: str | Unset = UNSET,
    status: GetCpV1TenantsStatus | Unset = UNSET,
    plan: GetCpV1TenantsPlan | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetCpV1TenantsOrder | Unset = GetCpV1TenantsOrder.DESC,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["q"] = q

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_plan: str | Unset = UNSET
    if not isinstance(plan, Unset):
        json_plan = plan.value

    params["plan"] = json_plan

    params["limit"] = limit

    params["cursor"] = cursor

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/cp/v1/tenants",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TenantList | None:
    if response.status_code == 200:
        response_200 = TenantList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TenantList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    q: str | Unset = UNSET,
    status: GetCpV1TenantsStatus | Unset = UNSET,
    plan: GetCpV1TenantsPlan | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetCpV1TenantsOrder | Unset = GetCpV1TenantsOrder.DESC,

) -> Response[Error | TenantList]:
    """ List tenants

     Lists every tenant of the installation, newest first (`order=asc` for oldest first). `q` searches
    name and slug (substring, case-insensitive); filter by `status` and `plan`. Called with the **master
    key** (control plane, served under both `/cp/v1` and `/v1`). Cursor pagination (`limit`, `cursor`
    from `pagination.next_cursor`). Changes nothing.

    Args:
        q (str | Unset):
        status (GetCpV1TenantsStatus | Unset):
        plan (GetCpV1TenantsPlan | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetCpV1TenantsOrder | Unset):  Default: GetCpV1TenantsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TenantList]
     """


    kwargs = _get_kwargs(
        q=q,
status=status,
plan=plan,
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
    q: str | Unset = UNSET,
    status: GetCpV1TenantsStatus | Unset = UNSET,
    plan: GetCpV1TenantsPlan | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetCpV1TenantsOrder | Unset = GetCpV1TenantsOrder.DESC,

) -> Error | TenantList | None:
    """ List tenants

     Lists every tenant of the installation, newest first (`order=asc` for oldest first). `q` searches
    name and slug (substring, case-insensitive); filter by `status` and `plan`. Called with the **master
    key** (control plane, served under both `/cp/v1` and `/v1`). Cursor pagination (`limit`, `cursor`
    from `pagination.next_cursor`). Changes nothing.

    Args:
        q (str | Unset):
        status (GetCpV1TenantsStatus | Unset):
        plan (GetCpV1TenantsPlan | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetCpV1TenantsOrder | Unset):  Default: GetCpV1TenantsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TenantList
     """


    return sync_detailed(
        client=client,
q=q,
status=status,
plan=plan,
limit=limit,
cursor=cursor,
order=order,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    q: str | Unset = UNSET,
    status: GetCpV1TenantsStatus | Unset = UNSET,
    plan: GetCpV1TenantsPlan | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetCpV1TenantsOrder | Unset = GetCpV1TenantsOrder.DESC,

) -> Response[Error | TenantList]:
    """ List tenants

     Lists every tenant of the installation, newest first (`order=asc` for oldest first). `q` searches
    name and slug (substring, case-insensitive); filter by `status` and `plan`. Called with the **master
    key** (control plane, served under both `/cp/v1` and `/v1`). Cursor pagination (`limit`, `cursor`
    from `pagination.next_cursor`). Changes nothing.

    Args:
        q (str | Unset):
        status (GetCpV1TenantsStatus | Unset):
        plan (GetCpV1TenantsPlan | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetCpV1TenantsOrder | Unset):  Default: GetCpV1TenantsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TenantList]
     """


    kwargs = _get_kwargs(
        q=q,
status=status,
plan=plan,
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
    q: str | Unset = UNSET,
    status: GetCpV1TenantsStatus | Unset = UNSET,
    plan: GetCpV1TenantsPlan | Unset = UNSET,
    limit: int | Unset = 20,
    cursor: str | Unset = UNSET,
    order: GetCpV1TenantsOrder | Unset = GetCpV1TenantsOrder.DESC,

) -> Error | TenantList | None:
    """ List tenants

     Lists every tenant of the installation, newest first (`order=asc` for oldest first). `q` searches
    name and slug (substring, case-insensitive); filter by `status` and `plan`. Called with the **master
    key** (control plane, served under both `/cp/v1` and `/v1`). Cursor pagination (`limit`, `cursor`
    from `pagination.next_cursor`). Changes nothing.

    Args:
        q (str | Unset):
        status (GetCpV1TenantsStatus | Unset):
        plan (GetCpV1TenantsPlan | Unset):
        limit (int | Unset):  Default: 20.
        cursor (str | Unset):
        order (GetCpV1TenantsOrder | Unset):  Default: GetCpV1TenantsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TenantList
     """


    return (await asyncio_detailed(
        client=client,
q=q,
status=status,
plan=plan,
limit=limit,
cursor=cursor,
order=order,

    )).parsed
