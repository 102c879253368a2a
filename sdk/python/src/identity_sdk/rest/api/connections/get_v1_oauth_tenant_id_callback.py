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
    *,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    user: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["code"] = code

    params["state"] = state

    params["error"] = error

    params["error_description"] = error_description

    params["iss"] = iss

    params["user"] = user


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/oauth/{tenant_id}/callback".format(tenant_id=quote(str(tenant_id), safe=""),),
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
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    user: str | Unset = UNSET,

) -> Response[Error | str]:
    """ The redirect URI to register at every provider (code, state, iss or error): 302 to the app's
    redirect_url with token=<one-time token> (or link_token=... for a link, or error +
    error_description); an HTML error page when the state is unknown

     The redirect URI to register at every provider (one per tenant). The provider sends the browser here
    with `code` and `state` (or `error`); the service checks the state, its browser cookie, single use
    and expiry, exchanges the code and reads the profile. Then, in one transaction, it signs in the
    existing user, connects the account (`oauth.connected`) or creates a new user (`user.created`, and
    the **verification email** when the provider did not verify the address), and redirects to the app's
    `redirect_url` with a one-time `token` (or `link_token`, or `error`). When the provider vouches for
    an existing user's unverified address, that first proof marks it verified (`user.updated`), ends
    earlier sessions (`session.revoked`), drops a password set before it (`user.password_changed`) and
    unlinks accounts that do not vouch for it (`oauth.disconnected`). An unknown state gets an HTML
    error page. No credential.

    Args:
        tenant_id (str):
        code (str | Unset):
        state (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        iss (str | Unset):
        user (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
code=code,
state=state,
error=error,
error_description=error_description,
iss=iss,
user=user,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    user: str | Unset = UNSET,

) -> Error | str | None:
    """ The redirect URI to register at every provider (code, state, iss or error): 302 to the app's
    redirect_url with token=<one-time token> (or link_token=... for a link, or error +
    error_description); an HTML error page when the state is unknown

     The redirect URI to register at every provider (one per tenant). The provider sends the browser here
    with `code` and `state` (or `error`); the service checks the state, its browser cookie, single use
    and expiry, exchanges the code and reads the profile. Then, in one transaction, it signs in the
    existing user, connects the account (`oauth.connected`) or creates a new user (`user.created`, and
    the **verification email** when the provider did not verify the address), and redirects to the app's
    `redirect_url` with a one-time `token` (or `link_token`, or `error`). When the provider vouches for
    an existing user's unverified address, that first proof marks it verified (`user.updated`), ends
    earlier sessions (`session.revoked`), drops a password set before it (`user.password_changed`) and
    unlinks accounts that do not vouch for it (`oauth.disconnected`). An unknown state gets an HTML
    error page. No credential.

    Args:
        tenant_id (str):
        code (str | Unset):
        state (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        iss (str | Unset):
        user (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        tenant_id=tenant_id,
client=client,
code=code,
state=state,
error=error,
error_description=error_description,
iss=iss,
user=user,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    user: str | Unset = UNSET,

) -> Response[Error | str]:
    """ The redirect URI to register at every provider (code, state, iss or error): 302 to the app's
    redirect_url with token=<one-time token> (or link_token=... for a link, or error +
    error_description); an HTML error page when the state is unknown

     The redirect URI to register at every provider (one per tenant). The provider sends the browser here
    with `code` and `state` (or `error`); the service checks the state, its browser cookie, single use
    and expiry, exchanges the code and reads the profile. Then, in one transaction, it signs in the
    existing user, connects the account (`oauth.connected`) or creates a new user (`user.created`, and
    the **verification email** when the provider did not verify the address), and redirects to the app's
    `redirect_url` with a one-time `token` (or `link_token`, or `error`). When the provider vouches for
    an existing user's unverified address, that first proof marks it verified (`user.updated`), ends
    earlier sessions (`session.revoked`), drops a password set before it (`user.password_changed`) and
    unlinks accounts that do not vouch for it (`oauth.disconnected`). An unknown state gets an HTML
    error page. No credential.

    Args:
        tenant_id (str):
        code (str | Unset):
        state (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        iss (str | Unset):
        user (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
code=code,
state=state,
error=error,
error_description=error_description,
iss=iss,
user=user,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    code: str | Unset = UNSET,
    state: str | Unset = UNSET,
    error: str | Unset = UNSET,
    error_description: str | Unset = UNSET,
    iss: str | Unset = UNSET,
    user: str | Unset = UNSET,

) -> Error | str | None:
    """ The redirect URI to register at every provider (code, state, iss or error): 302 to the app's
    redirect_url with token=<one-time token> (or link_token=... for a link, or error +
    error_description); an HTML error page when the state is unknown

     The redirect URI to register at every provider (one per tenant). The provider sends the browser here
    with `code` and `state` (or `error`); the service checks the state, its browser cookie, single use
    and expiry, exchanges the code and reads the profile. Then, in one transaction, it signs in the
    existing user, connects the account (`oauth.connected`) or creates a new user (`user.created`, and
    the **verification email** when the provider did not verify the address), and redirects to the app's
    `redirect_url` with a one-time `token` (or `link_token`, or `error`). When the provider vouches for
    an existing user's unverified address, that first proof marks it verified (`user.updated`), ends
    earlier sessions (`session.revoked`), drops a password set before it (`user.password_changed`) and
    unlinks accounts that do not vouch for it (`oauth.disconnected`). An unknown state gets an HTML
    error page. No credential.

    Args:
        tenant_id (str):
        code (str | Unset):
        state (str | Unset):
        error (str | Unset):
        error_description (str | Unset):
        iss (str | Unset):
        user (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
client=client,
code=code,
state=state,
error=error,
error_description=error_description,
iss=iss,
user=user,

    )).parsed
