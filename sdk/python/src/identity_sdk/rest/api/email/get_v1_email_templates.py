from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.template_list import TemplateList
from typing import cast



def _get_kwargs(
    *,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/email/templates",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | TemplateList | None:
    if response.status_code == 200:
        response_200 = TemplateList.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | TemplateList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | TemplateList]:
    """ The built-in templates, customised or default

     Lists the ten email templates (verification, magic_link, invitation, password_reset, mfa_otp,
    welcome, account_exists, email_code, email_change, email_changed): the tenant's override where
    there is one, else the default, with the variables each may use. Called with a **secret key**
    holding the `*` scope. Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TemplateList]
     """


    kwargs = _get_kwargs(
        x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Error | TemplateList | None:
    """ The built-in templates, customised or default

     Lists the ten email templates (verification, magic_link, invitation, password_reset, mfa_otp,
    welcome, account_exists, email_code, email_change, email_changed): the tenant's override where
    there is one, else the default, with the variables each may use. Called with a **secret key**
    holding the `*` scope. Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TemplateList
     """


    return sync_detailed(
        client=client,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | TemplateList]:
    """ The built-in templates, customised or default

     Lists the ten email templates (verification, magic_link, invitation, password_reset, mfa_otp,
    welcome, account_exists, email_code, email_change, email_changed): the tenant's override where
    there is one, else the default, with the variables each may use. Called with a **secret key**
    holding the `*` scope. Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TemplateList]
     """


    kwargs = _get_kwargs(
        x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Error | TemplateList | None:
    """ The built-in templates, customised or default

     Lists the ten email templates (verification, magic_link, invitation, password_reset, mfa_otp,
    welcome, account_exists, email_code, email_change, email_changed): the tenant's override where
    there is one, else the default, with the variables each may use. Called with a **secret key**
    holding the `*` scope. Changes nothing.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TemplateList
     """


    return (await asyncio_detailed(
        client=client,
x_tenant_id=x_tenant_id,

    )).parsed
