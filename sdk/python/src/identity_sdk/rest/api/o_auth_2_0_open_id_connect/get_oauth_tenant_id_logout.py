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
    tenant_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/oauth/{tenant_id}/logout".format(tenant_id=quote(str(tenant_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = response.text
        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | Error | str]:
    """ End session (OIDC RP-Initiated Logout): id_token_hint, post_logout_redirect_uri (as registered),
    state, client_id

     OpenID Connect RP-Initiated Logout, opened in the browser: ends the provider session of this browser
    (its cookie and the session behind it, `session.revoked` with reason `signed_out`). `id_token_hint`
    names the user; without a hint naming the signed-in user a confirmation page is shown first, so that
    a link cannot sign users out. `post_logout_redirect_uri` must be registered for the client, else an
    error page (never an open redirect); the browser is sent there with `state`, or shown a signed-out
    page. No API credential.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Any | Error | str | None:
    """ End session (OIDC RP-Initiated Logout): id_token_hint, post_logout_redirect_uri (as registered),
    state, client_id

     OpenID Connect RP-Initiated Logout, opened in the browser: ends the provider session of this browser
    (its cookie and the session behind it, `session.revoked` with reason `signed_out`). `id_token_hint`
    names the user; without a hint naming the signed-in user a confirmation page is shown first, so that
    a link cannot sign users out. `post_logout_redirect_uri` must be registered for the client, else an
    error page (never an open redirect); the browser is sent there with `state`, or shown a signed-out
    page. No API credential.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | str
     """


    return sync_detailed(
        tenant_id=tenant_id,
client=client,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | Error | str]:
    """ End session (OIDC RP-Initiated Logout): id_token_hint, post_logout_redirect_uri (as registered),
    state, client_id

     OpenID Connect RP-Initiated Logout, opened in the browser: ends the provider session of this browser
    (its cookie and the session behind it, `session.revoked` with reason `signed_out`). `id_token_hint`
    names the user; without a hint naming the signed-in user a confirmation page is shown first, so that
    a link cannot sign users out. `post_logout_redirect_uri` must be registered for the client, else an
    error page (never an open redirect); the browser is sent there with `state`, or shown a signed-out
    page. No API credential.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Any | Error | str | None:
    """ End session (OIDC RP-Initiated Logout): id_token_hint, post_logout_redirect_uri (as registered),
    state, client_id

     OpenID Connect RP-Initiated Logout, opened in the browser: ends the provider session of this browser
    (its cookie and the session behind it, `session.revoked` with reason `signed_out`). `id_token_hint`
    names the user; without a hint naming the signed-in user a confirmation page is shown first, so that
    a link cannot sign users out. `post_logout_redirect_uri` must be registered for the client, else an
    error page (never an open redirect); the browser is sent there with `state`, or shown a signed-out
    page. No API credential.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | str
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
client=client,

    )).parsed
