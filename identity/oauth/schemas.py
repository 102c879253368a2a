"""Declarations of the provider's forms and JSON answers, for /openapi.json (the handlers read
the forms themselves: their errors are OAuth errors, not the platform's envelope)."""

from __future__ import annotations

from identity.http.types import Model


class Form(Model, kw_only=True):
    """An application/x-www-form-urlencoded body."""


class TokenForm(Form, kw_only=True):
    grant_type: str
    code: str | None = None
    redirect_uri: str | None = None
    code_verifier: str | None = None
    refresh_token: str | None = None
    scope: str | None = None
    client_id: str | None = None
    client_secret: str | None = None
    client_assertion_type: str | None = None
    client_assertion: str | None = None


class TokenHintForm(Form, kw_only=True):
    token: str
    token_type_hint: str | None = None
    client_id: str | None = None
    client_secret: str | None = None
    client_assertion_type: str | None = None
    client_assertion: str | None = None


class SignInForm(Form, kw_only=True):
    csrf_token: str
    email: str
    password: str
    #: The hosted pages' flow (docs/hosted-pages.md); the request's fields below are carried too.
    flow: str | None = None
    client_id: str | None = None
    redirect_uri: str | None = None
    response_type: str | None = None
    scope: str | None = None
    state: str | None = None
    nonce: str | None = None
    code_challenge: str | None = None
    code_challenge_method: str | None = None


class MfaForm(Form, kw_only=True):
    csrf_token: str
    code: str
    flow: str | None = None
    challenge_id: str | None = None
    client_id: str | None = None


class ConsentForm(Form, kw_only=True):
    csrf_token: str
    decision: str
    client_id: str


class EndSessionForm(Form, kw_only=True):
    id_token_hint: str | None = None
    post_logout_redirect_uri: str | None = None
    state: str | None = None
    client_id: str | None = None
    csrf_token: str | None = None


class TokenResponse(Model):
    access_token: str
    token_type: str
    expires_in: int
    scope: str
    refresh_token: str | None = None
    id_token: str | None = None


class UserInfo(Model):
    sub: str
    email: str | None = None
    email_verified: bool | None = None
    name: str | None = None
    preferred_username: str | None = None
    picture: str | None = None
    updated_at: int | None = None


class Introspection(Model):
    active: bool
    scope: str | None = None
    client_id: str | None = None
    sub: str | None = None
    aud: str | None = None
    iss: str | None = None
    exp: int | None = None
    iat: int | None = None
    token_type: str | None = None


class Discovery(Model):
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    userinfo_endpoint: str
    jwks_uri: str
    revocation_endpoint: str
    introspection_endpoint: str
    end_session_endpoint: str
    scopes_supported: list[str]
    response_types_supported: list[str]
    grant_types_supported: list[str]
    subject_types_supported: list[str]
    id_token_signing_alg_values_supported: list[str]
    token_endpoint_auth_methods_supported: list[str]
    token_endpoint_auth_signing_alg_values_supported: list[str]
    code_challenge_methods_supported: list[str]
    claims_supported: list[str]


class OAuthErrorBody(Model):
    """The RFC 6749 §5.2 error (token, revocation, introspection, userinfo): not the platform's
    error envelope."""

    error: str
    error_description: str
