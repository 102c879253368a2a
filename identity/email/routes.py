"""HTTP handlers for /v1/email (secret key with the '*' scope)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.crypto import SecretBox
from identity.email import service
from identity.email.errors import EMAIL_TEMPLATE_NOT_FOUND, INVALID_TEMPLATE
from identity.email.schemas import (
    ConfigTest,
    ConfigTestResult,
    EmailConfig,
    Preview,
    PutConfig,
    PutTemplate,
    RenderedEmail,
    Template,
    TemplateList,
)
from identity.http.errors import INVALID_EMAIL
from identity.http.routing import Ctx, HandlerResult, Router
from identity.principals import SECRET
from identity.state import state

router = Router()
_common = {"auth": (SECRET,), "scope": "*", "tag": "Email"}


def _box(ctx: Ctx) -> SecretBox:
    return state(ctx.app).box


@router.get(
    "/v1/email/config",
    response=EmailConfig,
    summary="The tenant's email delivery configuration (never the SMTP password)",
    **_common,
)
async def get_config(ctx: Ctx) -> HandlerResult:
    """Returns how the tenant's emails are sent: the provider (`service`, the installation's own mail
    server, or the tenant's `smtp` server), sender name and address, reply-to and the SMTP server
    settings. The SMTP password is never returned, only `password_set`. Called with a **secret key**
    holding the `*` scope. Changes nothing."""
    return await service.get_config(ctx.pool, ctx.tenant_id)


@router.put(
    "/v1/email/config",
    body=PutConfig,
    response=EmailConfig,
    summary="Replace the email configuration; the smtp object is required for provider "
    "smtp, and an omitted password keeps the stored one for the same server",
    **_common,
    errors=(INVALID_EMAIL,),
)
async def put_config(ctx: Ctx) -> HandlerResult:
    """Replaces the tenant's email configuration. Called with a **secret key** holding the `*` scope. The
    `smtp` object is required for provider `smtp`; its host must be a public address (422 for localhost,
    private ranges and names resolving to them; checked again at each connection). The SMTP password is
    stored encrypted; omitting it keeps the stored one as long as host and username stay the same.
    Sender and reply-to must be single-line email addresses. Writes the audit entry
    `email_config.updated`; later emails use the new configuration."""
    return await service.put_config(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.body, from_ctx(ctx))


@router.post(
    "/v1/email/config/test",
    body=ConfigTest,
    response=ConfigTestResult,
    summary="Send a test message now through the configured provider; a delivery "
    "failure answers 200 with sent false and the server's error",
    **_common,
    errors=(INVALID_EMAIL,),
)
async def test_config(ctx: Ctx) -> HandlerResult:
    """Sends one test message to `to` right away through the tenant's configured provider and reports the
    outcome: a delivery failure answers 200 with `sent: false` and the server's error (never a secret),
    within 15 seconds. Called with a **secret key** holding the `*` scope. Without a mail server for the
    installation the message is stored for the operator (`delivery: "stored"`). Changes no
    configuration. Rate limit: 5 per hour per key."""
    return await service.test_config(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.body)


@router.get(
    "/v1/email/templates", response=TemplateList, summary="The built-in templates, customised or default", **_common
)
async def list_templates(ctx: Ctx) -> HandlerResult:
    """Lists the ten email templates (verification, magic_link, invitation, password_reset, mfa_otp,
    welcome, account_exists, email_code, email_change, email_changed): the tenant's override where
    there is one, else the default, with the variables each may use. Called with a **secret key**
    holding the `*` scope. Changes nothing."""
    return await service.list_templates(ctx.pool, ctx.tenant_id)


@router.get(
    "/v1/email/templates/{template}",
    response=Template,
    summary="One template",
    **_common,
    errors=(EMAIL_TEMPLATE_NOT_FOUND,),
)
async def get_template(ctx: Ctx) -> HandlerResult:
    """Returns one email template (the tenant's override or the default) and the variables it may use.
    Called with a **secret key** holding the `*` scope; 404 for a name that is not one of the ten
    templates. Changes nothing."""
    return await service.get_template(ctx.pool, ctx.tenant_id, ctx.param("template"))


@router.put(
    "/v1/email/templates/{template}",
    body=PutTemplate,
    response=Template,
    summary="Override a template; one that does not compile or uses anything but "
    "{{ variable }}, filters and {% if %} is refused with 422",
    **_common,
    errors=(EMAIL_TEMPLATE_NOT_FOUND, INVALID_TEMPLATE),
)
async def put_template(ctx: Ctx) -> HandlerResult:
    """Overrides one email template (subject, HTML and text bodies) for the tenant's future emails. Called
    with a **secret key** holding the `*` scope. The template is checked now: one that does not compile,
    or uses anything beyond `{{ variable }}` (of that template's variables), filters and `{% if %}`, is
    refused with 422 `invalid_template`. 404 for an unknown template name. Writes the audit entry
    `email_template.updated`."""
    return await service.put_template(ctx.pool, ctx.tenant_id, ctx.param("template"), ctx.body, from_ctx(ctx))


@router.delete(
    "/v1/email/templates/{template}",
    status=204,
    summary="Reset a template to the default",
    **_common,
    errors=(EMAIL_TEMPLATE_NOT_FOUND,),
)
async def delete_template(ctx: Ctx) -> None:
    """Drops the tenant's override of a template, so that the default is used again. Called with a **secret
    key** holding the `*` scope; 404 for an unknown template name. Writes the audit entry
    `email_template.reset` (also when there was no override)."""
    await service.delete_template(ctx.pool, ctx.tenant_id, ctx.param("template"), from_ctx(ctx))


@router.post(
    "/v1/email/templates/{template}/preview",
    body=Preview,
    body_optional=True,
    response=RenderedEmail,
    summary="Render the current template with sample values overridden by variables",
    **_common,
    errors=(EMAIL_TEMPLATE_NOT_FOUND, INVALID_TEMPLATE),
)
async def preview_template(ctx: Ctx) -> HandlerResult:
    """Renders the template the tenant currently uses with sample values, overridden by the `variables`
    given, and returns subject, HTML and text. Called with a **secret key** holding the `*` scope. Sends
    nothing and changes nothing; 404 for an unknown template name, 422 when the template does not
    render. Rate limit: 30 per minute per key."""
    return await service.preview(ctx.pool, ctx.tenant_id, ctx.param("template"), ctx.body)
