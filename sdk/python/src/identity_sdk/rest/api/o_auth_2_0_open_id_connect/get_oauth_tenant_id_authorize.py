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
        "url": "/oauth/{tenant_id}/authorize".format(tenant_id=quote(str(tenant_id), safe=""),),
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
    """ Authorization endpoint (RFC 6749 §4.1, OIDC Core §3.1.2). Query (GET) or form (POST):
    response_type=code, client_id, redirect_uri (exactly as registered), scope, state, nonce,
    code_challenge + code_challenge_method=S256 (required for spa and native clients), prompt (none,
    login, consent), max_age, login_hint. Answers the hosted sign-in page, the consent page, or a 302 to
    the redirect URI with code, state and iss (or error, error_description, state, iss). Errors before
    the redirect URI is validated are shown on an error page.

     The OAuth 2.0 / OpenID Connect authorization endpoint, opened in the user's browser by a registered
    client (no API credential). Checks the request (client, `redirect_uri` exactly as registered,
    scopes, PKCE S256 required for spa and native clients); errors found before the redirect URI is
    trusted are shown on an HTML page, later ones go back to it as `error`. With a live provider session
    cookie (and no `prompt=login` or exceeded `max_age`) it continues at once, else it shows the hosted
    sign-in page. A third-party client not yet consented to gets the consent page. The result is a 302
    to the redirect URI with a single-use `code` (valid 60 seconds, stored as a hash), `state` and
    `iss`.

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
    """ Authorization endpoint (RFC 6749 §4.1, OIDC Core §3.1.2). Query (GET) or form (POST):
    response_type=code, client_id, redirect_uri (exactly as registered), scope, state, nonce,
    code_challenge + code_challenge_method=S256 (required for spa and native clients), prompt (none,
    login, consent), max_age, login_hint. Answers the hosted sign-in page, the consent page, or a 302 to
    the redirect URI with code, state and iss (or error, error_description, state, iss). Errors before
    the redirect URI is validated are shown on an error page.

     The OAuth 2.0 / OpenID Connect authorization endpoint, opened in the user's browser by a registered
    client (no API credential). Checks the request (client, `redirect_uri` exactly as registered,
    scopes, PKCE S256 required for spa and native clients); errors found before the redirect URI is
    trusted are shown on an HTML page, later ones go back to it as `error`. With a live provider session
    cookie (and no `prompt=login` or exceeded `max_age`) it continues at once, else it shows the hosted
    sign-in page. A third-party client not yet consented to gets the consent page. The result is a 302
    to the redirect URI with a single-use `code` (valid 60 seconds, stored as a hash), `state` and
    `iss`.

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
    """ Authorization endpoint (RFC 6749 §4.1, OIDC Core §3.1.2). Query (GET) or form (POST):
    response_type=code, client_id, redirect_uri (exactly as registered), scope, state, nonce,
    code_challenge + code_challenge_method=S256 (required for spa and native clients), prompt (none,
    login, consent), max_age, login_hint. Answers the hosted sign-in page, the consent page, or a 302 to
    the redirect URI with code, state and iss (or error, error_description, state, iss). Errors before
    the redirect URI is validated are shown on an error page.

     The OAuth 2.0 / OpenID Connect authorization endpoint, opened in the user's browser by a registered
    client (no API credential). Checks the request (client, `redirect_uri` exactly as registered,
    scopes, PKCE S256 required for spa and native clients); errors found before the redirect URI is
    trusted are shown on an HTML page, later ones go back to it as `error`. With a live provider session
    cookie (and no `prompt=login` or exceeded `max_age`) it continues at once, else it shows the hosted
    sign-in page. A third-party client not yet consented to gets the consent page. The result is a 302
    to the redirect URI with a single-use `code` (valid 60 seconds, stored as a hash), `state` and
    `iss`.

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
    """ Authorization endpoint (RFC 6749 §4.1, OIDC Core §3.1.2). Query (GET) or form (POST):
    response_type=code, client_id, redirect_uri (exactly as registered), scope, state, nonce,
    code_challenge + code_challenge_method=S256 (required for spa and native clients), prompt (none,
    login, consent), max_age, login_hint. Answers the hosted sign-in page, the consent page, or a 302 to
    the redirect URI with code, state and iss (or error, error_description, state, iss). Errors before
    the redirect URI is validated are shown on an error page.

     The OAuth 2.0 / OpenID Connect authorization endpoint, opened in the user's browser by a registered
    client (no API credential). Checks the request (client, `redirect_uri` exactly as registered,
    scopes, PKCE S256 required for spa and native clients); errors found before the redirect URI is
    trusted are shown on an HTML page, later ones go back to it as `error`. With a live provider session
    cookie (and no `prompt=login` or exceeded `max_age`) it continues at once, else it shows the hosted
    sign-in page. A third-party client not yet consented to gets the consent page. The result is a 302
    to the redirect URI with a single-use `code` (valid 60 seconds, stored as a hash), `state` and
    `iss`.

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
