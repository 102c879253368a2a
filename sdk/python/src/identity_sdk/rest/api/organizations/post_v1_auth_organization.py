from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.active_organization import ActiveOrganization
from ...models.error import Error
from ...models.set_active_organization import SetActiveOrganization
from typing import cast



def _get_kwargs(
    *,
    body: SetActiveOrganization,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/organization",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ActiveOrganization | Error | None:
    if response.status_code == 200:
        response_200 = ActiveOrganization.from_dict(response.json())



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

    if response.status_code == 408:
        response_408 = Error.from_dict(response.json())



        return response_408

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())



        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ActiveOrganization | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SetActiveOrganization,
    x_tenant_id: str,

) -> Response[ActiveOrganization | Error]:
    """ Make one of the signed-in user's organizations active for the session (null clears it); answers a
    new access token

     Makes one of the signed-in user's organizations the active one of the current session (or, with
    `null`, none) and answers a new access token whose `org_id` and `org_role` claims name it; it
    expires no later than the token presented. Called with the **user's access token**. Later refreshes
    keep the organization. 404 when the user is not a member of such an organization (not told apart
    from one that does not exist). Idempotency-Key is ignored (the answer carries a fresh token); an
    administrator's impersonation token also writes an audit entry.

    Args:
        x_tenant_id (str):
        body (SetActiveOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActiveOrganization | Error]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: SetActiveOrganization,
    x_tenant_id: str,

) -> ActiveOrganization | Error | None:
    """ Make one of the signed-in user's organizations active for the session (null clears it); answers a
    new access token

     Makes one of the signed-in user's organizations the active one of the current session (or, with
    `null`, none) and answers a new access token whose `org_id` and `org_role` claims name it; it
    expires no later than the token presented. Called with the **user's access token**. Later refreshes
    keep the organization. 404 when the user is not a member of such an organization (not told apart
    from one that does not exist). Idempotency-Key is ignored (the answer carries a fresh token); an
    administrator's impersonation token also writes an audit entry.

    Args:
        x_tenant_id (str):
        body (SetActiveOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActiveOrganization | Error
     """


    return sync_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SetActiveOrganization,
    x_tenant_id: str,

) -> Response[ActiveOrganization | Error]:
    """ Make one of the signed-in user's organizations active for the session (null clears it); answers a
    new access token

     Makes one of the signed-in user's organizations the active one of the current session (or, with
    `null`, none) and answers a new access token whose `org_id` and `org_role` claims name it; it
    expires no later than the token presented. Called with the **user's access token**. Later refreshes
    keep the organization. 404 when the user is not a member of such an organization (not told apart
    from one that does not exist). Idempotency-Key is ignored (the answer carries a fresh token); an
    administrator's impersonation token also writes an audit entry.

    Args:
        x_tenant_id (str):
        body (SetActiveOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ActiveOrganization | Error]
     """


    kwargs = _get_kwargs(
        body=body,
x_tenant_id=x_tenant_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SetActiveOrganization,
    x_tenant_id: str,

) -> ActiveOrganization | Error | None:
    """ Make one of the signed-in user's organizations active for the session (null clears it); answers a
    new access token

     Makes one of the signed-in user's organizations the active one of the current session (or, with
    `null`, none) and answers a new access token whose `org_id` and `org_role` claims name it; it
    expires no later than the token presented. Called with the **user's access token**. Later refreshes
    keep the organization. 404 when the user is not a member of such an organization (not told apart
    from one that does not exist). Idempotency-Key is ignored (the answer carries a fresh token); an
    administrator's impersonation token also writes an audit entry.

    Args:
        x_tenant_id (str):
        body (SetActiveOrganization):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ActiveOrganization | Error
     """


    return (await asyncio_detailed(
        client=client,
body=body,
x_tenant_id=x_tenant_id,

    )).parsed
