"""Email templates: the built-ins, the variables each receives, and safe rendering.

Templates are jinja2 sources rendered in an ImmutableSandboxedEnvironment, and, before that,
checked against a small grammar: `{{ variable }}`, a few text filters and `{% if %}`. Anything
else (attribute access, calls, loops, macros, includes, `safe`) is refused when the template is
saved, so a tenant cannot reach Python objects, spin the CPU, or switch off HTML escaping. The
sandbox stays as a second wall. HTML bodies autoescape variables; subjects are single-line.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from identity.email.queue import TEMPLATES

COMMON_VARIABLES = ("app_name", "user_email")
VARIABLES: dict[str, tuple[str, ...]] = {
    "verification": ("verify_url", "code", "user_name", "expires_in"),
    "magic_link": ("magic_link_url", "expires_in"),
    "password_reset": ("reset_url", "expires_in"),
    "invitation": ("invite_url", "org_name", "inviter_name", "role", "expires_in"),
    "mfa_otp": ("code", "expires_in"),
    "welcome": ("user_name",),
    "account_exists": ("sign_in_url", "forgot_password_url"),
    "email_code": ("code", "expires_in"),
    "email_change": ("code", "new_email", "user_name", "expires_in"),
    "email_changed": ("new_email", "user_name"),
}
assert set(VARIABLES) == set(TEMPLATES)

#: Values used by previews and by the test render at save time.
SAMPLES: dict[str, str] = {
    "app_name": "Acme",
    "user_email": "ada@example.com",
    "user_name": "Ada Lovelace",
    "verify_url": "https://example.com/v1/auth/verify-email?token=sample-token",
    "magic_link_url": "https://example.com/auth/callback?token=sample-token",
    "reset_url": "https://example.com/reset-password?token=sample-token",
    "invite_url": "https://example.com/accept-invitation?token=sample-token",
    "org_name": "Analytical Engines",
    "inviter_name": "Charles Babbage",
    "role": "member",
    "code": "123456",
    "sign_in_url": "https://example.com/oauth/tnt_sample/sign-in",
    "forgot_password_url": "https://example.com/oauth/tnt_sample/forgot-password",
    "expires_in": "1 hour",
    "new_email": "ada.lovelace@example.org",
}

MAX_SUBJECT = 500
MAX_BODY = 100_000
SUBJECT_OUT_MAX = 255

ALLOWED_FILTERS = frozenset(
    {"upper", "lower", "title", "capitalize", "trim", "default", "d", "truncate", "e", "escape"}
)
_ALLOWED_NODES = (
    nodes.Template,
    nodes.Output,
    nodes.TemplateData,
    nodes.Name,
    nodes.Const,
    nodes.If,
    nodes.Filter,
    nodes.Keyword,
    nodes.Not,
    nodes.And,
    nodes.Or,
    nodes.Compare,
    nodes.Operand,
    nodes.CondExpr,
    nodes.Concat,
)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")

_DEFAULTS_DIR = Path(__file__).resolve().parents[1] / "templates" / "email"


class TemplateRefused(ValueError):
    """A template that may not be saved; field is subject, body_html or body_text."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Source:
    subject: str
    body_html: str
    body_text: str


@dataclass(frozen=True)
class Rendered:
    subject: str
    body_html: str
    body_text: str


def variables_of(template: str) -> list[str]:
    return [*VARIABLES[template], *COMMON_VARIABLES]


@functools.cache
def default(template: str) -> Source:
    if template not in VARIABLES:
        raise KeyError(template)

    def read(suffix: str) -> str:
        return (_DEFAULTS_DIR / f"{template}{suffix}").read_text(encoding="utf-8")

    return Source(read(".subject.txt").strip(), read(".html"), read(".txt"))


_html_env = ImmutableSandboxedEnvironment(autoescape=True)
_text_env = ImmutableSandboxedEnvironment(autoescape=False)


def _check(field: str, source: str, allowed_names: set[str]) -> None:
    env = _html_env if field == "body_html" else _text_env
    try:
        tree = env.parse(source)
    except TemplateSyntaxError as exc:
        raise TemplateRefused(field, f"does not compile (line {exc.lineno}): {exc.message}") from None
    for node in tree.find_all(nodes.Node):
        if not isinstance(node, _ALLOWED_NODES):
            raise TemplateRefused(
                field,
                f"uses {type(node).__name__.lower()}, which templates may not use; use "
                "{{ variable }}, filters and {% if %} only",
            )
        if isinstance(node, nodes.Name) and node.name not in allowed_names:
            raise TemplateRefused(
                field,
                f"unknown variable {node.name!r}; available: {', '.join(sorted(allowed_names))}",
            )
        if isinstance(node, nodes.Filter) and node.name not in ALLOWED_FILTERS:
            raise TemplateRefused(
                field,
                f"filter {node.name!r} is not allowed; available: {', '.join(sorted(ALLOWED_FILTERS))}",
            )


def validate(template: str, source: Source) -> None:
    """Raise TemplateRefused unless the three parts compile, use only allowed constructs and
    variables, and render with sample values."""
    allowed = set(variables_of(template))
    for field, text, limit in (
        ("subject", source.subject, MAX_SUBJECT),
        ("body_html", source.body_html, MAX_BODY),
        ("body_text", source.body_text, MAX_BODY),
    ):
        if not text.strip():
            raise TemplateRefused(field, "must not be empty")
        if len(text) > limit:
            raise TemplateRefused(field, f"must be at most {limit} characters")
        _check(field, text, allowed)
    try:
        render(source, SAMPLES)
    except RenderError as exc:
        raise TemplateRefused(exc.field, exc.message) from None


class RenderError(Exception):
    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@functools.lru_cache(maxsize=512)
def _compiled(field: str, source: str) -> Any:
    env = _html_env if field == "body_html" else _text_env
    return env.from_string(source)


def one_line(value: str, limit: int = SUBJECT_OUT_MAX) -> str:
    """A header-safe value: control characters (CR and LF included) become spaces."""
    return " ".join(_CONTROL.sub(" ", value).split())[:limit]


def _stringify(variables: dict[str, Any]) -> dict[str, str]:
    # Values render as text; None as empty (so `{% if user_name %}` works for absent names).
    return {k: "" if v is None else str(v) for k, v in variables.items()}


def render(source: Source, variables: dict[str, Any]) -> Rendered:
    """Render the three parts; raises RenderError (never a Python object or a traceback)."""
    values = _stringify(variables)
    out: dict[str, str] = {}
    for field in ("subject", "body_html", "body_text"):
        try:
            out[field] = _compiled(field, getattr(source, field)).render(values)
        except SecurityError:
            raise RenderError(field, "uses something templates may not access") from None
        except TemplateSyntaxError as exc:
            raise RenderError(field, f"does not compile: {exc.message}") from None
        except Exception as exc:  # any runtime error of a template is the template's fault
            raise RenderError(field, f"does not render: {type(exc).__name__}") from None
    return Rendered(one_line(out["subject"]), out["body_html"], out["body_text"])
