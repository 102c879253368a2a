"""HTTP handlers for /v1/email (secret key with the '*' scope)."""

from __future__ import annotations

from identity.audit.context import from_ctx
from identity.email import service
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
from identity.http.auth import SECRET
from identity.http.errors import INVALID_EMAIL, not_found
from identity.http.routing import Ctx, Router
from identity.state import state

router = Router()
_common = {"auth": (SECRET,), "scope": "*", "tag": "Email"}


def _box(ctx: Ctx):
    return state(ctx.app).box


@router.get("/v1/email/config", response=EmailConfig,
            summary="The tenant's email delivery configuration (never the SMTP password)", **_common)
async def get_config(ctx: Ctx):
    return await service.get_config(ctx.pool, ctx.tenant_id)


@router.put("/v1/email/config", body=PutConfig, response=EmailConfig,
            summary="Replace the email configuration; the smtp object is required for provider "
                    "smtp, and an omitted password keeps the stored one for the same server",
            **_common,
            errors=(INVALID_EMAIL,))
async def put_config(ctx: Ctx):
    return await service.put_config(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.body,
                                     from_ctx(ctx))


@router.post("/v1/email/config/test", body=ConfigTest, response=ConfigTestResult,
             summary="Send a test message now through the configured provider; a delivery "
                     "failure answers 200 with sent false and the server's error", **_common,
             errors=(INVALID_EMAIL,))
async def test_config(ctx: Ctx):
    return await service.test_config(ctx.pool, _box(ctx), ctx.settings, ctx.tenant_id, ctx.body)


@router.get("/v1/email/templates", response=TemplateList,
            summary="The six templates, customised or default", **_common)
async def list_templates(ctx: Ctx):
    return await service.list_templates(ctx.pool, ctx.tenant_id)


@router.get("/v1/email/templates/{template}", response=Template,
            summary="One template", **_common,
            errors=(not_found("email_template"),))
async def get_template(ctx: Ctx):
    return await service.get_template(ctx.pool, ctx.tenant_id, ctx.param("template"))


@router.put("/v1/email/templates/{template}", body=PutTemplate, response=Template,
            summary="Override a template; one that does not compile or uses anything but "
                    "{{ variable }}, filters and {% if %} is refused with 422", **_common,
            errors=(not_found("email_template"), service.INVALID_TEMPLATE))
async def put_template(ctx: Ctx):
    return await service.put_template(ctx.pool, ctx.tenant_id, ctx.param("template"), ctx.body,
                                      from_ctx(ctx))


@router.delete("/v1/email/templates/{template}", status=204,
               summary="Reset a template to the default", **_common,
               errors=(not_found("email_template"),))
async def delete_template(ctx: Ctx):
    await service.delete_template(ctx.pool, ctx.tenant_id, ctx.param("template"), from_ctx(ctx))


@router.post("/v1/email/templates/{template}/preview", body=Preview, body_optional=True,
             response=RenderedEmail,
             summary="Render the current template with sample values overridden by variables",
             **_common,
             errors=(not_found("email_template"), service.INVALID_TEMPLATE))
async def preview_template(ctx: Ctx):
    return await service.preview(ctx.pool, ctx.tenant_id, ctx.param("template"), ctx.body)


async def _register_metrics(app) -> None:
    from identity.outbox.metrics import refresher

    refreshers = state(app).metrics_refreshers
    if refresher not in refreshers:
        refreshers.append(refresher)


def _install() -> None:
    from identity.app import STARTUP_HOOKS

    if _register_metrics not in STARTUP_HOOKS:
        STARTUP_HOOKS.append(_register_metrics)


_install()
