"""Request and response declarations for /v1/clients."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from identity.http.types import UNSET, Body, Limit, Meta, Model, Name, Pagination, Query, UnsetType

ClientType = Literal["web", "spa", "native", "machine"]
GrantType = Literal["authorization_code", "refresh_token", "client_credentials"]
#: OIDC Dynamic Client Registration's id_token_signed_response_alg; RS256 is its default.
IdTokenAlg = Literal["RS256", "ES256"]
#: How a client authenticates at the token endpoint (OIDC Dynamic Client Registration's
#: token_endpoint_auth_method). private_key_jwt clients register their public keys in jwks.
AuthMethod = Literal["client_secret_basic", "client_secret_post", "private_key_jwt", "none"]
Uri = Annotated[str, Meta(min_length=1, max_length=2048)]
UriList = Annotated[list[Uri], Meta(max_length=20)]
Origin = Annotated[str, Meta(min_length=1, max_length=500)]
OriginList = Annotated[list[Origin], Meta(max_length=20)]
# RFC 6749 §3.3 scope-token: printable ASCII except space, '"' and '\'.
ScopeToken = Annotated[str, Meta(pattern=r"^[\x21\x23-\x5b\x5d-\x7e]{1,100}$")]
ScopeList = Annotated[list[ScopeToken], Meta(max_length=50)]


class CreateClient(Body):
    name: Name
    type: ClientType
    redirect_uris: UriList
    allowed_origins: OriginList = []
    grant_types: Annotated[list[GrantType], Meta(min_length=1, max_length=3)] | None = None
    post_logout_redirect_uris: UriList = []
    scopes: ScopeList | None = None
    first_party: bool = True
    id_token_signed_response_alg: IdTokenAlg = "RS256"
    token_endpoint_auth_method: AuthMethod | None = None
    jwks: dict[str, Any] | None = None


class UpdateClient(Body):
    name: Name | UnsetType = UNSET
    redirect_uris: UriList | UnsetType = UNSET
    allowed_origins: OriginList | UnsetType = UNSET
    post_logout_redirect_uris: UriList | UnsetType = UNSET
    scopes: ScopeList | UnsetType = UNSET
    first_party: bool | UnsetType = UNSET
    id_token_signed_response_alg: IdTokenAlg | UnsetType = UNSET
    jwks: dict[str, Any] | UnsetType = UNSET


class ListClients(Query):
    type: ClientType | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class ListTokens(Query):
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class Client(Model):
    id: str
    client_id: str
    tenant_id: str
    name: str
    type: ClientType
    redirect_uris: list[str]
    allowed_origins: list[str]
    grant_types: list[str]
    scopes: list[str]
    post_logout_redirect_uris: list[str]
    first_party: bool
    token_endpoint_auth_method: str
    id_token_signed_response_alg: IdTokenAlg
    jwks: dict[str, Any] | None
    secret_rotated_at: datetime | None
    created_at: datetime
    updated_at: datetime


class ClientCreated(Client):
    """The client; client_secret only for web and machine clients, shown only here."""

    client_secret: str | UnsetType = UNSET


class ClientSummary(Model):
    id: str
    client_id: str
    name: str
    type: ClientType
    redirect_uris: list[str]
    created_at: datetime


class ClientList(Model):
    data: list[ClientSummary]
    pagination: Pagination


class SecretRotated(Model):
    client_id: str
    client_secret: str
    rotated_at: datetime


class IssuedToken(Model):
    id: str
    client_id: str
    scopes: list[str]
    created_at: datetime
    expires_at: datetime
    issued_count: int


class TokenList(Model):
    data: list[IssuedToken]
    pagination: Pagination
