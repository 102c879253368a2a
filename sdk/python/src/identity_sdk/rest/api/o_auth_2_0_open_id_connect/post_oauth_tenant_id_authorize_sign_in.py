from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.sign_in_form import SignInForm
from typing import cast



def _get_kwargs(
    tenant_id: str,
    *,
    body: SignInForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/{tenant_id}/authorize/sign-in".format(tenant_id=quote(str(tenant_id), safe=""),),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if response.status_code == 408:
        response_408 = Error.from_dict(response.json())



        return response_408

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())



        return response_415

    if response.status_code == 429:
        response_429 = response.text
        return response_429

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
    body: SignInForm,

) -> Response[Any | Error | str]:
    """ The hosted sign-in form (email and password, CSRF token, the request as hidden fields)

     Receives the hosted sign-in form (email, password, CSRF token and the original request as hidden
    fields), posted by the browser without an API credential. Applies the tenant's sign-in rules
    (lockout, verified email, suspension, bot protection) and answers the form again with the error, the
    MFA code page when the user has a second factor, or continues to consent or the code. A successful
    sign-in creates a session (`session.created`), sets the provider session cookie and queues the
    **welcome email** on a first sign-in. Limited to 10 attempts per minute per address (the page
    answers 429).

    Args:
        tenant_id (str):
        body (SignInForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SignInForm,

) -> Any | Error | str | None:
    """ The hosted sign-in form (email and password, CSRF token, the request as hidden fields)

     Receives the hosted sign-in form (email, password, CSRF token and the original request as hidden
    fields), posted by the browser without an API credential. Applies the tenant's sign-in rules
    (lockout, verified email, suspension, bot protection) and answers the form again with the error, the
    MFA code page when the user has a second factor, or continues to consent or the code. A successful
    sign-in creates a session (`session.created`), sets the provider session cookie and queues the
    **welcome email** on a first sign-in. Limited to 10 attempts per minute per address (the page
    answers 429).

    Args:
        tenant_id (str):
        body (SignInForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | str
     """


    return sync_detailed(
        tenant_id=tenant_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SignInForm,

) -> Response[Any | Error | str]:
    """ The hosted sign-in form (email and password, CSRF token, the request as hidden fields)

     Receives the hosted sign-in form (email, password, CSRF token and the original request as hidden
    fields), posted by the browser without an API credential. Applies the tenant's sign-in rules
    (lockout, verified email, suspension, bot protection) and answers the form again with the error, the
    MFA code page when the user has a second factor, or continues to consent or the code. A successful
    sign-in creates a session (`session.created`), sets the provider session cookie and queues the
    **welcome email** on a first sign-in. Limited to 10 attempts per minute per address (the page
    answers 429).

    Args:
        tenant_id (str):
        body (SignInForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | str]
     """


    kwargs = _get_kwargs(
        tenant_id=tenant_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SignInForm,

) -> Any | Error | str | None:
    """ The hosted sign-in form (email and password, CSRF token, the request as hidden fields)

     Receives the hosted sign-in form (email, password, CSRF token and the original request as hidden
    fields), posted by the browser without an API credential. Applies the tenant's sign-in rules
    (lockout, verified email, suspension, bot protection) and answers the form again with the error, the
    MFA code page when the user has a second factor, or continues to consent or the code. A successful
    sign-in creates a session (`session.created`), sets the provider session cookie and queues the
    **welcome email** on a first sign-in. Limited to 10 attempts per minute per address (the page
    answers 429).

    Args:
        tenant_id (str):
        body (SignInForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | str
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
client=client,
body=body,

    )).parsed
