"""Which errors an operation can answer: the ones its route declares in `errors=` and the ones
its declaration implies (a credential, a scope, a body, a path parameter, Idempotency-Key, a
rate limit, a captcha). /openapi.json lists exactly these, and Route.handle reports any error
it answers that is not among them (docs/api-conventions.md, "The reference")."""

from __future__ import annotations

import re
from typing import Any

from identity.http.captcha import PROTECTED
from identity.http.errors import (
    CAPTCHA_FAILED,
    CAPTCHA_REQUIRED,
    CAPTCHA_UNAVAILABLE,
    FORBIDDEN,
    IDEMPOTENCY_KEY_IN_USE,
    IDEMPOTENCY_KEY_MISMATCH,
    INCOMPLETE_BODY,
    INSUFFICIENT_SCOPE,
    INVALID_FORM,
    INVALID_JSON,
    NOT_FOUND,
    ORIGIN_NOT_ALLOWED,
    PAYLOAD_TOO_LARGE,
    REQUEST_TIMEOUT,
    SERVICE_UNAVAILABLE,
    TENANT_HEADER_REQUIRED,
    TENANT_NOT_FOUND,
    UNAUTHENTICATED,
    UNSUPPORTED_MEDIA_TYPE,
    VALIDATION_ERROR,
    ErrorSpec,
)
from identity.http.ratelimit.errors import RATE_LIMITED
from identity.http.ratelimit.rules import ANONYMOUS_RULES, ENDPOINT_RULES
from identity.principals import ACCESS_TOKEN, CP_ADMIN, PUBLISHABLE, SECRET

#: Credentials that name a tenant with X-Tenant-ID.
TENANT_KINDS = (SECRET, PUBLISHABLE, ACCESS_TOKEN, CP_ADMIN)
#: Credentials whose requests are counted against the tenant's plan (identity/http/ratelimit/rules.py).
LIMITED_KINDS = (SECRET, PUBLISHABLE, ACCESS_TOKEN)
_PARAM = re.compile(r"\{[^}]+\}")


def implied(route: Any) -> list[ErrorSpec]:
    """The errors that the platform answers for any route declared like this one."""
    specs: list[ErrorSpec] = []
    if _PARAM.search(route.path):
        specs.append(NOT_FOUND)  # an identifier no row can hold (Route.handle)
    if "{tenant_id}" in route.path:
        specs.append(TENANT_NOT_FOUND)  # the OAuth endpoints name their tenant in the path
    if route.auth:
        specs += [UNAUTHENTICATED, FORBIDDEN, SERVICE_UNAVAILABLE]
        if route.tenant and any(k in TENANT_KINDS for k in route.auth):
            specs += [TENANT_HEADER_REQUIRED, TENANT_NOT_FOUND, ORIGIN_NOT_ALLOWED]
        if route.scope and SECRET in route.auth:
            specs.append(INSUFFICIENT_SCOPE)
    if route.body is not None or (route.method == "POST" and route.idempotent):
        specs.append(PAYLOAD_TOO_LARGE)
    if route.body is not None:
        specs += [INVALID_JSON, VALIDATION_ERROR]
    if route.body is not None or route.form is not None:
        # identity/http/bodies.py: the declared media type, strict UTF-8, the body's deadline
        specs += [UNSUPPORTED_MEDIA_TYPE, REQUEST_TIMEOUT, INCOMPLETE_BODY, PAYLOAD_TOO_LARGE]
    if route.form is not None and route.content_type == "text/html":
        specs.append(INVALID_FORM)  # the hosted pages' forms (OAuth's own endpoints answer RFC 6749 errors)
    if route.query is not None:
        specs.append(VALIDATION_ERROR)
    if route.method == "POST" and route.idempotent:
        specs += [IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_MISMATCH, VALIDATION_ERROR]
    key = (route.method, route.path)
    if key in ENDPOINT_RULES or key in ANONYMOUS_RULES or any(k in LIMITED_KINDS for k in route.auth):
        specs.append(RATE_LIMITED)
    if key in PROTECTED:
        specs += [CAPTCHA_REQUIRED, CAPTCHA_FAILED, CAPTCHA_UNAVAILABLE]
    return specs


def declared_specs(route: Any) -> dict[int, list[ErrorSpec]]:
    """Status -> the declarations of the errors the operation can answer with it (one per
    code; the route's own first)."""
    out: dict[int, dict[str, ErrorSpec]] = {}
    for spec in (*route.errors, *implied(route)):
        out.setdefault(spec.status, {}).setdefault(spec.code, spec)
    return {status: list(out[status].values()) for status in sorted(out)}


def declared(route: Any) -> dict[int, list[str]]:
    """Status -> the error codes the operation can answer with it, sorted."""
    return {
        status: sorted(specs)
        for status, specs in ((s, [spec.code for spec in specs]) for s, specs in declared_specs(route).items())
    }
