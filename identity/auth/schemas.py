"""Request and response declarations for the public auth endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from identity.auth.passwords import MAX_PASSWORD_LENGTH
from identity.http.redirects import RedirectUrl
from identity.http.types import Body, Meta, Metadata, Model, Query
from identity.sessions.schemas import SessionCredentials

Email = Annotated[str, Meta(min_length=1, max_length=320)]
Password = Annotated[str, Meta(min_length=1, max_length=MAX_PASSWORD_LENGTH)]
OneTimeToken = Annotated[str, Meta(min_length=1, max_length=512)]
Username = Annotated[str, Meta(min_length=3, max_length=64, pattern=r"^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$")]


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


class PublicUser(Model):
    """The user as a frontend sees it (no private_metadata)."""

    id: str
    email: str
    username: str | None
    name: str | None
    phone: str | None
    avatar_url: str | None
    email_verified: bool
    phone_verified: bool
    role: str
    status: str
    mfa_enabled: bool
    public_metadata: dict[str, Any]
    created_at: datetime
    updated_at: datetime
    last_sign_in_at: datetime | None


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
