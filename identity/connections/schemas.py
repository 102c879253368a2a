"""Request and response declarations for connections (external OAuth 2.0 / OIDC providers),
linked identities and the sign-in flow."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from identity.auth.schemas import PublicUser
from identity.http.redirects import RedirectUrl
from identity.http.types import UNSET, Body, Limit, Meta, Model, Name, Pagination, Query, UnsetType, Url
from identity.sessions.schemas import SessionCredentials

ProviderName = Literal["google", "github", "microsoft", "apple", "oidc", "oauth2"]
AuthMethod = Literal["client_secret_basic", "client_secret_post"]
ClientId = Annotated[str, Meta(min_length=1, max_length=500)]
Secret = Annotated[str, Meta(min_length=1, max_length=4096)]
#: An RFC 6749 §3.3 scope token.
ScopeToken = Annotated[str, Meta(pattern=r"^[\x21\x23-\x5b\x5d-\x7e]{1,200}$")]
Scopes = Annotated[list[ScopeToken], Meta(min_length=1, max_length=30)]
#: A dotted path into the provider's profile JSON ("sub", "data.attributes.email").
FieldPath = Annotated[str, Meta(pattern=r"^[A-Za-z0-9_\-]{1,100}(\.[A-Za-z0-9_\-]{1,100}){0,9}$")]
AppleId = Annotated[str, Meta(pattern=r"^[A-Z0-9]{10}$", description="10 characters, as Apple shows it")]
ConnectionId = Annotated[str, Meta(min_length=1, max_length=64)]
Token = Annotated[str, Meta(min_length=1, max_length=512)]


class Endpoints(Body):
    """Overrides of the provider's endpoints. `oidc` needs discovery_url; `oauth2` needs
    authorization_url, token_url and userinfo_url; built-in providers need none."""

    discovery_url: Url | None = None
    authorization_url: Url | None = None
    token_url: Url | None = None
    userinfo_url: Url | None = None
    jwks_url: Url | None = None
    emails_url: Url | None = None


class FieldMapping(Body):
    """Where the generic oauth2 provider's userinfo JSON keeps each profile field."""

    id: FieldPath = "sub"
    email: FieldPath | None = "email"
    email_verified: FieldPath | None = "email_verified"
    name: FieldPath | None = "name"
    picture: FieldPath | None = "picture"


class AppleKey(Body):
    """Sign in with Apple: the client secret is a JWT signed with this key (made per request)."""

    team_id: AppleId
    key_id: AppleId
    private_key: Annotated[str, Meta(min_length=1, max_length=10_000, description="PEM of the .p8 key")]


class CreateConnection(Body):
    provider: ProviderName
    client_id: ClientId
    name: Name | None = None
    client_secret: Secret | None = None
    scopes: Scopes | None = None
    enabled: bool = True
    endpoints: Endpoints | None = None
    token_endpoint_auth_method: AuthMethod | None = None
    field_mapping: FieldMapping | None = None
    apple: AppleKey | None = None


class UpdateConnection(Body):
    name: Name | UnsetType = UNSET
    client_id: ClientId | UnsetType = UNSET
    client_secret: Secret | UnsetType = UNSET
    scopes: Scopes | UnsetType = UNSET
    enabled: bool | UnsetType = UNSET
    endpoints: Endpoints | UnsetType = UNSET
    token_endpoint_auth_method: AuthMethod | UnsetType = UNSET
    field_mapping: FieldMapping | UnsetType = UNSET
    apple: AppleKey | UnsetType = UNSET


class ListConnections(Query):
    provider: ProviderName | None = None
    enabled: bool | None = None
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class EndpointsOut(Model):
    discovery_url: str | None
    authorization_url: str | None
    token_url: str | None
    userinfo_url: str | None
    jwks_url: str | None
    emails_url: str | None


class FieldMappingOut(Model):
    id: str
    email: str | None
    email_verified: str | None
    name: str | None
    picture: str | None


class AppleOut(Model):
    team_id: str
    key_id: str


class Connection(Model):
    id: str
    tenant_id: str
    provider: ProviderName
    name: str
    client_id: str
    #: The secret itself is never returned.
    has_client_secret: bool
    scopes: list[str]
    enabled: bool
    endpoints: EndpointsOut
    token_endpoint_auth_method: AuthMethod
    field_mapping: FieldMappingOut | None
    apple: AppleOut | None
    #: Register this as the redirect URI at the provider.
    callback_url: str
    created_at: datetime
    updated_at: datetime


class ConnectionList(Model):
    data: list[Connection]
    pagination: Pagination


class PublicConnection(Model):
    id: str
    provider: ProviderName
    name: str
    #: Send the browser here with ?redirect_url=<your page>.
    start_url: str


class PublicConnectionList(Model):
    data: list[PublicConnection]


class Identity(Model):
    id: str
    user_id: str
    connection_id: str
    provider: ProviderName
    provider_user_id: str
    email: str | None
    email_verified: bool
    name: str | None
    avatar_url: str | None
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None


class IdentityList(Model):
    data: list[Identity]
    pagination: Pagination


class ListIdentities(Query):
    limit: Limit = 20
    cursor: str | None = None
    order: Literal["asc", "desc"] = "desc"


class StartLink(Body):
    connection_id: ConnectionId
    redirect_url: RedirectUrl


class LinkStarted(Model):
    #: Open this in the user's browser (a top-level navigation) within expires_at.
    url: str
    expires_at: datetime


class CompleteLink(Body):
    #: The link_token the flow put on the redirect_url.
    token: Token


class Exchange(Body):
    token: Token


class ExchangeResult(Model):
    user: PublicUser
    session: SessionCredentials
    #: The user was created by this sign-in.
    new_user: bool
    identity_id: str


class StartQuery(Query):
    """Read leniently (all optional) so that a browser always gets a page or a redirect, never
    a JSON error."""

    redirect_url: str | None = None
    link_token: str | None = None


class CallbackQuery(Query):
    code: str | None = None
    state: str | None = None
    error: str | None = None
    error_description: str | None = None
    iss: str | None = None
    #: Sign in with Apple posts the user's name once, as JSON, on the first authorization.
    user: str | None = None
