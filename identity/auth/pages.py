"""HTML pages the service serves itself (jinja2, autoescaped)."""

from __future__ import annotations

import functools

import jinja2


@functools.cache
def _env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("identity", "templates"),
        autoescape=jinja2.select_autoescape(["html"]),
        undefined=jinja2.StrictUndefined,
    )


_MESSAGES = {
    "verified": ("Email verified", "Your email address is verified. You can close this page."),
    "already": ("Email verified", "Your email address was already verified."),
    "expired": ("Link expired", "This verification link has expired. Request a new one from the app."),
    "invalid": ("Link not valid", "This verification link is not valid or was already used."),
}


def verify_email(outcome: str, email: str | None) -> str:
    title, text = _MESSAGES[outcome]
    return _env().get_template("verify_email.html").render(
        title=title, message=text, email=email,
        ok=outcome in ("verified", "already"),
    )
