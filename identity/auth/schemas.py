"""Request and response declarations for the public auth endpoints."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from identity.http.redirects import RedirectUrl
from identity.http.types import UNSET, Body, Meta, Metadata, Model, Pagination, Query, UnsetType
from identity.sessions.schemas import SessionCredentials
from identity.users.schemas import Email as Email
from identity.users.schemas import ListUserSessions
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


class Sent(Model):
    sent: bool


class UserResult(Model):
    user: PublicUser


# -- account self-service (identity/auth/account.py) --------------------------------------------

#: A six-digit code, as typed (spaces are removed before it is checked).
EmailCode = Annotated[str, Meta(min_length=1, max_length=20)]


class UpdateProfile(Body):
    """PATCH /v1/auth/me: what a user may change about themselves (metadata is the backend's)."""

    name: Annotated[str, Meta(max_length=200)] | None | UnsetType = UNSET
    username: Username | None | UnsetType = UNSET


class ChangePassword(Body):
    new_password: Password
    #: Required when the user has a password; a user without one (social or passkey sign-in)
    #: sets one with a sign-in less than 10 minutes old instead.
    current_password: Password | None = None
    #: End every other session of the user (this one stays), as Clerk's sign_out_of_other_sessions.
    sign_out_other_sessions: bool = True


class PasswordChanged(Model):
    user: PublicUser
    sessions_revoked: int


class StartEmailChange(Body):
    email: Email
    #: The current password (re-authentication); a user without one needs a recent sign-in.
    password: Password | None = None


class EmailChangeSent(Model):
    sent: bool
    email: str
    expires_at: datetime


class VerifyEmailChange(Body):
    code: EmailCode


class MySession(Model):
    id: str
    user_agent: str | None
    browser: str | None
    os: str | None
    device_type: str | None
    ip_address: str | None
    country: str | None
    created_at: datetime
    last_active_at: datetime
    expires_at: datetime
    #: The session of the access token that asked.
    current: bool


class MySessionList(Model):
    data: list[MySession]
    pagination: Pagination


class ListMySessions(ListUserSessions):
    pass
