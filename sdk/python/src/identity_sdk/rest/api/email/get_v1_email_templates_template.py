from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.template import Template
from typing import cast



def _get_kwargs(
    template: str,
    *,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/email/templates/{template}".format(template=quote(str(template), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Template | None:
    if response.status_code == 200:
        response_200 = Template.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Template]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    template: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | Template]:
    """ One template

     Returns one email template (the tenant's override or the default) and the variables it may use.
    Called with a **secret key** holding the `*` scope; 404 for a name that is not one of the ten
    templates. Changes nothing.

    Args:
        template (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
     """


    kwargs = _get_kwargs(
        template=template,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    template: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Error | Template | None:
    """ One template

     Returns one email template (the tenant's override or the default) and the variables it may use.
    Called with a **secret key** holding the `*` scope; 404 for a name that is not one of the ten
    templates. Changes nothing.

    Args:
        template (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
     """


    return sync_detailed(
        template=template,
client=client,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    template: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | Template]:
    """ One template

     Returns one email template (the tenant's override or the default) and the variables it may use.
    Called with a **secret key** holding the `*` scope; 404 for a name that is not one of the ten
    templates. Changes nothing.

    Args:
        template (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Template]
     """


    kwargs = _get_kwargs(
        template=template,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    template: str,
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Error | Template | None:
    """ One template

     Returns one email template (the tenant's override or the default) and the variables it may use.
    Called with a **secret key** holding the `*` scope; 404 for a name that is not one of the ten
    templates. Changes nothing.

    Args:
        template (str):
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Template
     """


    return (await asyncio_detailed(
        template=template,
client=client,
x_tenant_id=x_tenant_id,

    )).parsed
