from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error import Error
from ...models.webauthn_options import WebauthnOptions
from typing import cast



def _get_kwargs(
    *,
    x_tenant_id: str,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["X-Tenant-ID"] = x_tenant_id



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/auth/passkey/options",
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | WebauthnOptions | None:
    if response.status_code == 200:
        response_200 = WebauthnOptions.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())



        return response_409

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | WebauthnOptions]:
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

) -> Response[Error | WebauthnOptions]:
    """ Start a passwordless sign-in with a passkey: WebAuthn request options for any of the user's
    discoverable passkeys

     Starts a passwordless sign-in with a passkey (no email typed first). Called with the tenant's
    **publishable key**; no body. Answers `{options}`: PublicKeyCredentialRequestOptions in the WebAuthn
    JSON form for `navigator.credentials.get()` (also with `mediation: "conditional"` for autofill),
    with
    an empty `allowCredentials` (the authenticator offers its discoverable credentials for the RP id)
    and `userVerification: "required"`. The RP id is the host of the first of the tenant's
    `allowed_origins` (409 `webauthn_not_configured` without one). Stores the challenge (5 minutes,
    single use). Finish with `POST /v1/auth/passkey/verify`. Rate limit: 30 per minute per client
    address.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebauthnOptions]
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

) -> Error | WebauthnOptions | None:
    """ Start a passwordless sign-in with a passkey: WebAuthn request options for any of the user's
    discoverable passkeys

     Starts a passwordless sign-in with a passkey (no email typed first). Called with the tenant's
    **publishable key**; no body. Answers `{options}`: PublicKeyCredentialRequestOptions in the WebAuthn
    JSON form for `navigator.credentials.get()` (also with `mediation: "conditional"` for autofill),
    with
    an empty `allowCredentials` (the authenticator offers its discoverable credentials for the RP id)
    and `userVerification: "required"`. The RP id is the host of the first of the tenant's
    `allowed_origins` (409 `webauthn_not_configured` without one). Stores the challenge (5 minutes,
    single use). Finish with `POST /v1/auth/passkey/verify`. Rate limit: 30 per minute per client
    address.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebauthnOptions
     """


    return sync_detailed(
        client=client,
x_tenant_id=x_tenant_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    x_tenant_id: str,

) -> Response[Error | WebauthnOptions]:
    """ Start a passwordless sign-in with a passkey: WebAuthn request options for any of the user's
    discoverable passkeys

     Starts a passwordless sign-in with a passkey (no email typed first). Called with the tenant's
    **publishable key**; no body. Answers `{options}`: PublicKeyCredentialRequestOptions in the WebAuthn
    JSON form for `navigator.credentials.get()` (also with `mediation: "conditional"` for autofill),
    with
    an empty `allowCredentials` (the authenticator offers its discoverable credentials for the RP id)
    and `userVerification: "required"`. The RP id is the host of the first of the tenant's
    `allowed_origins` (409 `webauthn_not_configured` without one). Stores the challenge (5 minutes,
    single use). Finish with `POST /v1/auth/passkey/verify`. Rate limit: 30 per minute per client
    address.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | WebauthnOptions]
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

) -> Error | WebauthnOptions | None:
    """ Start a passwordless sign-in with a passkey: WebAuthn request options for any of the user's
    discoverable passkeys

     Starts a passwordless sign-in with a passkey (no email typed first). Called with the tenant's
    **publishable key**; no body. Answers `{options}`: PublicKeyCredentialRequestOptions in the WebAuthn
    JSON form for `navigator.credentials.get()` (also with `mediation: "conditional"` for autofill),
    with
    an empty `allowCredentials` (the authenticator offers its discoverable credentials for the RP id)
    and `userVerification: "required"`. The RP id is the host of the first of the tenant's
    `allowed_origins` (409 `webauthn_not_configured` without one). Stores the challenge (5 minutes,
    single use). Finish with `POST /v1/auth/passkey/verify`. Rate limit: 30 per minute per client
    address.

    Args:
        x_tenant_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | WebauthnOptions
     """


    return (await asyncio_detailed(
        client=client,
x_tenant_id=x_tenant_id,

    )).parsed
