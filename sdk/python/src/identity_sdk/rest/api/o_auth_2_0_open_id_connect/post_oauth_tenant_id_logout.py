from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.end_session_form import EndSessionForm
from ...models.error import Error
from typing import cast



def _get_kwargs(
    tenant_id: str,
    *,
    body: EndSessionForm,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/{tenant_id}/logout".format(tenant_id=quote(str(tenant_id), safe=""),),
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
    body: EndSessionForm,

) -> Response[Any | Error | str]:
    """ End session (form post or confirmation)

     The end-session endpoint as a form post, including the answer to its confirmation page (with the
    CSRF token): ends the provider session of this browser (`session.revoked`, reason `signed_out`) and
    sends the browser to the registered `post_logout_redirect_uri` with `state`, or shows a signed-out
    page. No API credential.

    Args:
        tenant_id (str):
        body (EndSessionForm):

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
    body: EndSessionForm,

) -> Any | Error | str | None:
    """ End session (form post or confirmation)

     The end-session endpoint as a form post, including the answer to its confirmation page (with the
    CSRF token): ends the provider session of this browser (`session.revoked`, reason `signed_out`) and
    sends the browser to the registered `post_logout_redirect_uri` with `state`, or shows a signed-out
    page. No API credential.

    Args:
        tenant_id (str):
        body (EndSessionForm):

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
    body: EndSessionForm,

) -> Response[Any | Error | str]:
    """ End session (form post or confirmation)

     The end-session endpoint as a form post, including the answer to its confirmation page (with the
    CSRF token): ends the provider session of this browser (`session.revoked`, reason `signed_out`) and
    sends the browser to the registered `post_logout_redirect_uri` with `state`, or shows a signed-out
    page. No API credential.

    Args:
        tenant_id (str):
        body (EndSessionForm):

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
    body: EndSessionForm,

) -> Any | Error | str | None:
    """ End session (form post or confirmation)

     The end-session endpoint as a form post, including the answer to its confirmation page (with the
    CSRF token): ends the provider session of this browser (`session.revoked`, reason `signed_out`) and
    sends the browser to the registered `post_logout_redirect_uri` with `state`, or shows a signed-out
    page. No API credential.

    Args:
        tenant_id (str):
        body (EndSessionForm):

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
