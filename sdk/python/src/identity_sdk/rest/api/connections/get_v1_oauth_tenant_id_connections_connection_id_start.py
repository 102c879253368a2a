from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    tenant_id: str,
    connection_id: str,
    *,
    redirect_url: str | Unset = UNSET,
    link_token: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["redirect_url"] = redirect_url

    params["link_token"] = link_token


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/oauth/{tenant_id}/connections/{connection_id}/start".format(tenant_id=quote(str(tenant_id), safe=""),connection_id=quote(str(connection_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = response.text
        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

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
    tenant_id: str,
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
    link_token: str | Unset = UNSET,

) -> Response[Error | str]:
    """ Start signing in with a connection (a browser navigation, no credential): 302 to the provider.
    redirect_url (absolute http(s), its origin exactly one of the tenant's allowed_origins; an empty
    list or '*' allows none) receives ?token=... or ?error=...&error_description=...; or link_token from
    POST /v1/me/identities/link. Invalid requests get an HTML error page, never a redirect.

     Starts signing in with a connection: a browser navigation, without any credential, answered with a
    302 to the provider (state, PKCE and nonce kept server-side, bound to this browser by a cookie).
    `redirect_url` must be an absolute http(s) URL on an origin listed in the tenant's `allowed_origins`
    (exact match; an empty list or `*` allows none); it later receives `?token=...` or
    `?error=...&error_description=...`. With `link_token` (from `POST /v1/me/identities/link`) the flow
    links an account instead. Invalid requests get an HTML error page, never a redirect. Limited to 30
    starts and callbacks per minute per address.

    Args:
        tenant_id (str):
        connection_id (str):
        redirect_url (str | Unset):
        link_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
connection_id=connection_id,
redirect_url=redirect_url,
link_token=link_token,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tenant_id: str,
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
    link_token: str | Unset = UNSET,

) -> Error | str | None:
    """ Start signing in with a connection (a browser navigation, no credential): 302 to the provider.
    redirect_url (absolute http(s), its origin exactly one of the tenant's allowed_origins; an empty
    list or '*' allows none) receives ?token=... or ?error=...&error_description=...; or link_token from
    POST /v1/me/identities/link. Invalid requests get an HTML error page, never a redirect.

     Starts signing in with a connection: a browser navigation, without any credential, answered with a
    302 to the provider (state, PKCE and nonce kept server-side, bound to this browser by a cookie).
    `redirect_url` must be an absolute http(s) URL on an origin listed in the tenant's `allowed_origins`
    (exact match; an empty list or `*` allows none); it later receives `?token=...` or
    `?error=...&error_description=...`. With `link_token` (from `POST /v1/me/identities/link`) the flow
    links an account instead. Invalid requests get an HTML error page, never a redirect. Limited to 30
    starts and callbacks per minute per address.

    Args:
        tenant_id (str):
        connection_id (str):
        redirect_url (str | Unset):
        link_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        tenant_id=tenant_id,
connection_id=connection_id,
client=client,
redirect_url=redirect_url,
link_token=link_token,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
    link_token: str | Unset = UNSET,

) -> Response[Error | str]:
    """ Start signing in with a connection (a browser navigation, no credential): 302 to the provider.
    redirect_url (absolute http(s), its origin exactly one of the tenant's allowed_origins; an empty
    list or '*' allows none) receives ?token=... or ?error=...&error_description=...; or link_token from
    POST /v1/me/identities/link. Invalid requests get an HTML error page, never a redirect.

     Starts signing in with a connection: a browser navigation, without any credential, answered with a
    302 to the provider (state, PKCE and nonce kept server-side, bound to this browser by a cookie).
    `redirect_url` must be an absolute http(s) URL on an origin listed in the tenant's `allowed_origins`
    (exact match; an empty list or `*` allows none); it later receives `?token=...` or
    `?error=...&error_description=...`. With `link_token` (from `POST /v1/me/identities/link`) the flow
    links an account instead. Invalid requests get an HTML error page, never a redirect. Limited to 30
    starts and callbacks per minute per address.

    Args:
        tenant_id (str):
        connection_id (str):
        redirect_url (str | Unset):
        link_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
connection_id=connection_id,
redirect_url=redirect_url,
link_token=link_token,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tenant_id: str,
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    redirect_url: str | Unset = UNSET,
    link_token: str | Unset = UNSET,

) -> Error | str | None:
    """ Start signing in with a connection (a browser navigation, no credential): 302 to the provider.
    redirect_url (absolute http(s), its origin exactly one of the tenant's allowed_origins; an empty
    list or '*' allows none) receives ?token=... or ?error=...&error_description=...; or link_token from
    POST /v1/me/identities/link. Invalid requests get an HTML error page, never a redirect.

     Starts signing in with a connection: a browser navigation, without any credential, answered with a
    302 to the provider (state, PKCE and nonce kept server-side, bound to this browser by a cookie).
    `redirect_url` must be an absolute http(s) URL on an origin listed in the tenant's `allowed_origins`
    (exact match; an empty list or `*` allows none); it later receives `?token=...` or
    `?error=...&error_description=...`. With `link_token` (from `POST /v1/me/identities/link`) the flow
    links an account instead. Invalid requests get an HTML error page, never a redirect. Limited to 30
    starts and callbacks per minute per address.

    Args:
        tenant_id (str):
        connection_id (str):
        redirect_url (str | Unset):
        link_token (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
connection_id=connection_id,
client=client,
redirect_url=redirect_url,
link_token=link_token,

    )).parsed
