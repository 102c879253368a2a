"""Request and response declarations for /v1/email."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

import msgspec

from identity.http.types import Body, Meta, Model, Pagination

Provider = Literal["smtp", "service"]
EmailText = Annotated[str, Meta(min_length=3, max_length=254)]
Host = Annotated[str, Meta(min_length=1, max_length=253, pattern=r"^[A-Za-z0-9._\-]+$|^\[[0-9A-Fa-f:.]+\]$")]


class SmtpIn(Body):
    host: Host
    port: Annotated[int, Meta(ge=1, le=65535)] = 587
    username: Annotated[str, Meta(min_length=1, max_length=320)] | None = None
    # Omitted: the stored password is kept when host and username are unchanged.
    password: Annotated[str, Meta(min_length=1, max_length=1000)] | None = None
    tls: bool = True  # STARTTLS
    ssl: bool = False  # implicit TLS (port 465); wins over tls


class PutConfig(Body):
    provider: Provider
    from_name: Annotated[str, Meta(max_length=200)] | None = None
    from_email: EmailText | None = None
    reply_to: EmailText | None = None
    smtp: SmtpIn | None = None


class SmtpOut(Model):
    host: str
    port: int
    username: str | None
    tls: bool
    ssl: bool
    password_set: bool


class EmailConfig(Model):
    provider: Provider
    from_name: str | None
    from_email: str | None
    reply_to: str | None
    smtp: SmtpOut | None
    updated_at: datetime | None


class ConfigTest(Body):
    to: EmailText


class ConfigTestResult(Model):
    sent: bool
    message_id: str | None
    duration_ms: int
    provider: Provider
    # 'sent' (accepted by the SMTP server), 'stored' (no relay configured: kept for the
    # operator, not sent) or 'failed' (see error)
    delivery: Literal["sent", "stored", "failed"]
    error: str | None = None


TemplateName = Literal[
    "verification",
    "magic_link",
    "invitation",
    "password_reset",
    "mfa_otp",
    "welcome",
    "account_exists",
    "email_code",
    "email_change",
    "email_changed",
]


class Template(Model):
    id: str
    subject: str
    body_html: str
    body_text: str
    variables: list[str]
    customized: bool
    updated_at: datetime | None


class TemplateList(Model):
    data: list[Template]
    pagination: Pagination


class PutTemplate(Body):
    subject: Annotated[str, Meta(min_length=1, max_length=500)]
    body_html: Annotated[str, Meta(min_length=1, max_length=100_000)]
    body_text: Annotated[str, Meta(min_length=1, max_length=100_000)]


Scalar = Annotated[str, Meta(max_length=2000)] | int | float | bool | None


class Preview(Body):
    variables: Annotated[dict[Annotated[str, Meta(max_length=64)], Scalar], Meta(max_length=50)] = msgspec.field(
        default_factory=dict
    )


class RenderedEmail(Model):
    subject: str
    body_html: str
    body_text: str
