"""Request and response declarations for the public auth endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from identity.http.redirects import RedirectUrl
from identity.http.types import Body, Meta, Metadata, Model, Query
from identity.sessions.schemas import SessionCredentials
from identity.users.schemas import Email as Email
from identity.users.schemas import Password as Password
from identity.users.schemas import PublicUser as PublicUser
from identity.users.schemas import Username as Username

OneTimeToken = Annotated[str, Meta(min_length=1, max_length=512)]


class SignUp(Body):
    email: Email
    password: Password
    name: Annotated[str, Meta(max_length=200)] | None = None
    username: Username | None = None
    metadata: Metadata | None = None
    #: Required while the tenant has bot protection on (identity/http/captcha.py).
    captcha_token: Annotated[str, Meta(max_length=4096)] | None = None


class SignIn(Body):
    email: Email
    password: Password
    #: Required while the tenant has bot protection on (identity/http/captcha.py).
    captcha_token: Annotated[str, Meta(max_length=4096)] | None = None


class Refresh(Body):
    refresh_token: Annotated[str, Meta(min_length=1, max_length=256)]


class MagicLink(Body):
    email: Email
    redirect_url: RedirectUrl
    create_if_not_exists: bool = False


class EmailCodeRequest(Body):
    email: Email


class EmailCodeVerify(Body):
    email: Email
    #: The six digits from the email (spaces and hyphens between them are accepted).
    code: Annotated[str, Meta(min_length=1, max_length=32)]


class TokenBody(Body):
    token: OneTimeToken


class Forgot(Body):
    email: Email
    redirect_url: RedirectUrl


class Reset(Body):
    token: OneTimeToken
    password: Password


class Resend(Body):
    email: Email


class VerifyEmailCode(Body):
    email: Email
    #: Six digits; spaces and hyphens are ignored ("123 456").
    code: Annotated[str, Meta(min_length=1, max_length=32)]


class VerifyEmailQuery(Query):
    token: Annotated[str, Meta(max_length=512)] | None = None


class VerifyEmailForm(Model, kw_only=True):
    """The confirm page's form (application/x-www-form-urlencoded; read by the handler)."""

    token: str | None = None
    csrf_token: str | None = None


class ReducedUser(Model):
    id: str
    email: str
    name: str | None
    email_verified: bool
    created_at: datetime


class Me(Model):
    id: str
    email: str
    name: str | None
    email_verified: bool
    mfa_enabled: bool
    role: str
    public_metadata: dict[str, Any]
    created_at: datetime
    updated_at: datetime


class SignUpResult(Model):
    user: ReducedUser
    session: SessionCredentials


class SignInResult(Model):
    user: PublicUser
    session: SessionCredentials


class TokenPair(Model):
    access_token: str
    refresh_token: str
    access_token_expires_at: datetime
    refresh_token_expires_at: datetime


class Sent(Model):
    sent: bool


class UserResult(Model):
    user: PublicUser
