from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.o_auth_error_body import OAuthErrorBody
from ...models.user_info import UserInfo
from typing import cast



def _get_kwargs(
    tenant_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/oauth/{tenant_id}/userinfo".format(tenant_id=quote(str(tenant_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | OAuthErrorBody | UserInfo | None:
    if response.status_code == 200:
        response_200 = UserInfo.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = OAuthErrorBody.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = OAuthErrorBody.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())



        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | OAuthErrorBody | UserInfo]:
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

) -> Response[Error | OAuthErrorBody | UserInfo]:
    """ OIDC UserInfo (Bearer access token)

     OpenID Connect UserInfo sent as POST: the same answer and rules as `GET /oauth/{tenant_id}/userinfo`
    (no API credential: the **OAuth access token** as `Authorization: Bearer`, the `openid` scope
    required, claims limited to the token's scopes). Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OAuthErrorBody | UserInfo]
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

) -> Error | OAuthErrorBody | UserInfo | None:
    """ OIDC UserInfo (Bearer access token)

     OpenID Connect UserInfo sent as POST: the same answer and rules as `GET /oauth/{tenant_id}/userinfo`
    (no API credential: the **OAuth access token** as `Authorization: Bearer`, the `openid` scope
    required, claims limited to the token's scopes). Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OAuthErrorBody | UserInfo
     """


    return sync_detailed(
        tenant_id=tenant_id,
client=client,

    ).parsed

async def asyncio_detailed(
    tenant_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Error | OAuthErrorBody | UserInfo]:
    """ OIDC UserInfo (Bearer access token)

     OpenID Connect UserInfo sent as POST: the same answer and rules as `GET /oauth/{tenant_id}/userinfo`
    (no API credential: the **OAuth access token** as `Authorization: Bearer`, the `openid` scope
    required, claims limited to the token's scopes). Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | OAuthErrorBody | UserInfo]
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

) -> Error | OAuthErrorBody | UserInfo | None:
    """ OIDC UserInfo (Bearer access token)

     OpenID Connect UserInfo sent as POST: the same answer and rules as `GET /oauth/{tenant_id}/userinfo`
    (no API credential: the **OAuth access token** as `Authorization: Bearer`, the `openid` scope
    required, claims limited to the token's scopes). Changes nothing.

    Args:
        tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | OAuthErrorBody | UserInfo
     """


    return (await asyncio_detailed(
        tenant_id=tenant_id,
client=client,

    )).parsed
