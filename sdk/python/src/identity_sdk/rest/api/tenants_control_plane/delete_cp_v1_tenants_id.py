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
    id: str,
    *,
    confirm: str,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["confirm"] = confirm


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/cp/v1/tenants/{id}".format(id=quote(str(id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    confirm: str,

) -> Response[Any | Error]:
    """ Delete a tenant and all its data; confirm must equal the slug

     Deletes a tenant and everything it owns (users, sessions, keys, organizations, webhooks, logs...);
    it cannot be undone. Called with the **master key** (served under both `/cp/v1` and `/v1`). The
    `confirm` query parameter must equal the tenant's slug, else 422 and nothing is deleted; 404 for an
    unknown tenant. The tenant's API keys stop working at once.

    Args:
        id (str):
        confirm (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        id=id,
confirm=confirm,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    confirm: str,

) -> Any | Error | None:
    """ Delete a tenant and all its data; confirm must equal the slug

     Deletes a tenant and everything it owns (users, sessions, keys, organizations, webhooks, logs...);
    it cannot be undone. Called with the **master key** (served under both `/cp/v1` and `/v1`). The
    `confirm` query parameter must equal the tenant's slug, else 422 and nothing is deleted; 404 for an
    unknown tenant. The tenant's API keys stop working at once.

    Args:
        id (str):
        confirm (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return sync_detailed(
        id=id,
client=client,
confirm=confirm,

    ).parsed

async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    confirm: str,

) -> Response[Any | Error]:
    """ Delete a tenant and all its data; confirm must equal the slug

     Deletes a tenant and everything it owns (users, sessions, keys, organizations, webhooks, logs...);
    it cannot be undone. Called with the **master key** (served under both `/cp/v1` and `/v1`). The
    `confirm` query parameter must equal the tenant's slug, else 422 and nothing is deleted; 404 for an
    unknown tenant. The tenant's API keys stop working at once.

    Args:
        id (str):
        confirm (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error]
     """


    kwargs = _get_kwargs(
        id=id,
confirm=confirm,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    confirm: str,

) -> Any | Error | None:
    """ Delete a tenant and all its data; confirm must equal the slug

     Deletes a tenant and everything it owns (users, sessions, keys, organizations, webhooks, logs...);
    it cannot be undone. Called with the **master key** (served under both `/cp/v1` and `/v1`). The
    `confirm` query parameter must equal the tenant's slug, else 422 and nothing is deleted; 404 for an
    unknown tenant. The tenant's API keys stop working at once.

    Args:
        id (str):
        confirm (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error
     """


    return (await asyncio_detailed(
        id=id,
client=client,
confirm=confirm,

    )).parsed
