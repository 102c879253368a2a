"""Verifies the captcha_token of a sign-in or sign-up with the tenant's provider.

The three providers share one protocol: a form POST of secret, response and remoteip to a
siteverify URL, answered with JSON whose `success` says whether the token is good. A tenant
(or a test, or a self-hosted verifier) may point verify_url elsewhere. The check runs before
the password is even looked at. A verifier that cannot be reached fails closed (503): letting
requests through while the verifier is down would switch protection off for an attacker
who can make it slow. The call goes through the outbound path (identity/outbound): the
verify_url must reach a public address unless IDENTITY_WEBHOOK_ALLOW_HTTP is on, and a refused
address fails closed the same way, without anything being sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import structlog

from identity import jsontext, tracing
from identity.http import captcha_store as store
from identity.http.errors import CAPTCHA_FAILED, CAPTCHA_REQUIRED, CAPTCHA_UNAVAILABLE, ApiError
from identity.outbound import http as outbound
from identity.outbound.addresses import AddressRefused

log = structlog.get_logger("identity.botprotection")

DEFAULT_VERIFY_URLS = {
    "turnstile": "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    "hcaptcha": "https://api.hcaptcha.com/siteverify",
    "recaptcha": "https://www.google.com/recaptcha/api/siteverify",
}
TIMEOUT_SECONDS = 5
#: A siteverify answer is a small JSON object; anything longer is not one.
MAX_ANSWER = 64 * 1024


@dataclass(frozen=True)
class Widget:
    """What a hosted page needs to show a provider's widget: its script, the element it fills,
    the origins the page's CSP must allow, and the form field the widget posts its token in."""

    script: str
    css_class: str
    origins: str
    field: str


WIDGETS = {
    "turnstile": Widget(
        "https://challenges.cloudflare.com/turnstile/v0/api.js",
        "cf-turnstile",
        "https://challenges.cloudflare.com",
        "cf-turnstile-response",
    ),
    "hcaptcha": Widget(
        "https://js.hcaptcha.com/1/api.js",
        "h-captcha",
        "https://hcaptcha.com https://*.hcaptcha.com",
        "h-captcha-response",
    ),
    "recaptcha": Widget(
        "https://www.google.com/recaptcha/api.js",
        "g-recaptcha",
        "https://www.google.com https://www.gstatic.com",
        "g-recaptcha-response",
    ),
}


def widget_for(auth_config: dict[str, Any]) -> tuple[Widget, str] | None:
    """The widget and site key a hosted page shows, when the tenant has bot protection on."""
    setting = auth_config.get("bot_protection") or {}
    if not setting.get("enabled") or not setting.get("site_key"):
        return None
    return WIDGETS[setting.get("provider", "turnstile")], setting["site_key"]


def token_from_form(form: Any) -> str | None:
    """A hosted form's captcha token, under our name or the field the provider's widget uses."""
    for name in ("captcha_token", *(w.field for w in WIDGETS.values())):
        value = form.get(name)
        if isinstance(value, str) and value:
            return value[:4096]
    return None


#: The endpoints that require a captcha_token while a tenant has bot protection on.
PROTECTED = frozenset({("POST", "/v1/auth/sign-in"), ("POST", "/v1/auth/sign-up")})


class CaptchaRequired(ApiError):
    spec = CAPTCHA_REQUIRED


class CaptchaFailed(ApiError):
    spec = CAPTCHA_FAILED


class CaptchaUnavailable(ApiError):
    spec = CAPTCHA_UNAVAILABLE


def enabled(auth_config: dict[str, Any]) -> bool:
    return bool((auth_config.get("bot_protection") or {}).get("enabled"))


async def verify(
    *,
    pool: Any,
    box: Any,
    allow_http: bool,
    tenant_id: str,
    auth_config: dict[str, Any],
    token: str | None,
    remote_ip: str | None,
) -> None:
    """Return if the request may proceed; raise a 4xx (or 503) otherwise. allow_http:
    IDENTITY_WEBHOOK_ALLOW_HTTP (the verifier is the tenant's to choose)."""
    if not enabled(auth_config):
        return
    if not token:
        raise CaptchaRequired()
    setting = auth_config["bot_protection"]
    sealed = await store.sealed_secret(pool, tenant_id)
    if not sealed:
        raise CaptchaUnavailable("Bot protection is on but no provider secret is stored.")
    secret = box.decrypt(sealed, associated=tenant_id)
    url = setting.get("verify_url") or DEFAULT_VERIFY_URLS[setting.get("provider", "turnstile")]
    form = {"secret": secret, "response": token}
    if remote_ip:
        form["remoteip"] = remote_ip
    try:
        with tracing.span("captcha verify", kind="client", attributes={"url.full": url}):
            answer = await outbound.request(
                "POST", url, data=form, allow_http=allow_http, timeout=TIMEOUT_SECONDS, max_body=MAX_ANSWER
            )
    except AddressRefused as exc:
        log.warning("captcha_verifier_refused", tenant_id=tenant_id, reason=str(exc))
        raise CaptchaUnavailable(
            "The captcha verifier's address is refused by the outbound "
            "address policy; the tenant must change verify_url."
        ) from None
    except outbound.OutboundError as exc:
        log.warning("captcha_verifier_unreachable", tenant_id=tenant_id, reason=str(exc))
        raise CaptchaUnavailable() from None
    result = None
    if answer.status == 200:
        try:
            result = jsontext.loads(answer.body)
        except ValueError:  # not JSON, not UTF-8, or nested too deeply
            result = None
    if not isinstance(result, dict):
        raise CaptchaUnavailable()
    if result.get("success") is not True:
        log.info("captcha_refused", tenant_id=tenant_id, codes=result.get("error-codes"))
        raise CaptchaFailed()
