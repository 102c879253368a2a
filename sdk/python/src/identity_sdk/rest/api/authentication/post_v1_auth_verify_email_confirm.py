from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.verify_email_form import VerifyEmailForm
from typing import cast



def _get_kwargs(
    *,
    body: VerifyEmailForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/verify-email/confirm",
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 408:
        response_408 = Error.from_dict(response.json())



        return response_408

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())



        return response_415

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
    *,
    client: AuthenticatedClient | Client,
    body: VerifyEmailForm,

) -> Response[Error | str]:
    """ The verification page's confirm button (form: token, csrf_token): verifies the address and shows an
    HTML page

     The confirm button of the verification page: a form post (token, csrf_token) from the page, no API
    credential (the token names the tenant; a double-submit CSRF cookie and the Origin check guard the
    form). Verifies the address like `POST /v1/auth/verify-email` (emits `user.updated`; earlier
    sessions end with `session.revoked`; provider accounts that do not vouch for the address are
    unlinked with `oauth.disconnected`) and answers an HTML page: verified, already verified, expired or
    invalid (400 for the last two), or "page expired" when the form's CSRF token does not match.

    Args:
        body (VerifyEmailForm): The confirm page's form (application/x-www-form-urlencoded; read
            by the handler).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyEmailForm,

) -> Error | str | None:
    """ The verification page's confirm button (form: token, csrf_token): verifies the address and shows an
    HTML page

     The confirm button of the verification page: a form post (token, csrf_token) from the page, no API
    credential (the token names the tenant; a double-submit CSRF cookie and the Origin check guard the
    form). Verifies the address like `POST /v1/auth/verify-email` (emits `user.updated`; earlier
    sessions end with `session.revoked`; provider accounts that do not vouch for the address are
    unlinked with `oauth.disconnected`) and answers an HTML page: verified, already verified, expired or
    invalid (400 for the last two), or "page expired" when the form's CSRF token does not match.

    Args:
        body (VerifyEmailForm): The confirm page's form (application/x-www-form-urlencoded; read
            by the handler).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyEmailForm,

) -> Response[Error | str]:
    """ The verification page's confirm button (form: token, csrf_token): verifies the address and shows an
    HTML page

     The confirm button of the verification page: a form post (token, csrf_token) from the page, no API
    credential (the token names the tenant; a double-submit CSRF cookie and the Origin check guard the
    form). Verifies the address like `POST /v1/auth/verify-email` (emits `user.updated`; earlier
    sessions end with `session.revoked`; provider accounts that do not vouch for the address are
    unlinked with `oauth.disconnected`) and answers an HTML page: verified, already verified, expired or
    invalid (400 for the last two), or "page expired" when the form's CSRF token does not match.

    Args:
        body (VerifyEmailForm): The confirm page's form (application/x-www-form-urlencoded; read
            by the handler).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: VerifyEmailForm,

) -> Error | str | None:
    """ The verification page's confirm button (form: token, csrf_token): verifies the address and shows an
    HTML page

     The confirm button of the verification page: a form post (token, csrf_token) from the page, no API
    credential (the token names the tenant; a double-submit CSRF cookie and the Origin check guard the
    form). Verifies the address like `POST /v1/auth/verify-email` (emits `user.updated`; earlier
    sessions end with `session.revoked`; provider accounts that do not vouch for the address are
    unlinked with `oauth.disconnected`) and answers an HTML page: verified, already verified, expired or
    invalid (400 for the last two), or "page expired" when the form's CSRF token does not match.

    Args:
        body (VerifyEmailForm): The confirm page's form (application/x-www-form-urlencoded; read
            by the handler).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
