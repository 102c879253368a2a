"""The access log: one structured line per request (docs/observability.md).

Fields: method, route (the template, e.g. /v1/users/{user_id}), path (with secret path
parameters masked), status, error_code (4xx/5xx: the envelope's code), duration_ms,
request_id, tenant_id (authenticated, else the X-Tenant-ID the request named), client_ip.
Every 4xx and 5xx is written; 2xx and 3xx by IDENTITY_ACCESS_LOG_SAMPLE (a share, 1.0 by
default), so a request id a user reports can always be found when it failed.
"""

from __future__ import annotations

import functools
import json
import logging
import random
import re

from aiohttp import web

from identity.http.clientinfo import client_ip
from identity.logs import mask_credentials, write_info
from identity.state import STATE

# The line is written by identity.logs.write_info, not through structlog's processor chain:
# that chain cost about a fifth of the CPU of a cheap request (docs/performance.md).
log = logging.getLogger("identity.access")

#: The tenant the request was authenticated for (set by the route once the credential is known).
TENANT_ID: web.RequestKey[str] = web.RequestKey("access_tenant_id", str)
#: The error code of the envelope the middleware wrote (so the body need not be parsed again).
ERROR_CODE: web.RequestKey[str] = web.RequestKey("access_error_code", str)

# Path parameters that carry a secret (an invitation token ...): their value never reaches the log.
_SECRET_PARAM = re.compile(r"token|secret|code|key|ticket|password", re.I)
_TENANT_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")
_MAX_PATH = 512


def route_of(request: web.Request) -> str:
    info = request.match_info
    route = info.route if info is not None else None
    if route is None or route.resource is None:
        return "unmatched"
    return route.resource.canonical


@functools.lru_cache(maxsize=256)
def _secret_param(name: str) -> bool:
    # Parameter names are the routes' own, a few dozen: asked once each, not per request.
    return _SECRET_PARAM.search(name) is not None


def logged_path(request: web.Request) -> str:
    path = request.path
    info = request.match_info
    if info is not None:
        for name, value in info.items():
            if value and _secret_param(name):
                path = path.replace(value, "[redacted]")
    return path[:_MAX_PATH]


def error_code(request: web.Request, response: web.StreamResponse | None) -> str | None:
    """The error envelope's code ({"error": {"code"}}), or an OAuth-style {"error": "..."}."""
    if response is None:
        return "internal_error"
    known = request.get(ERROR_CODE)
    if known is not None:
        return str(known)[:64]
    body = getattr(response, "body", None)
    if response.status < 400 or not isinstance(body, bytes) or not body.startswith(b"{"):
        return None
    try:
        error = json.loads(body).get("error")
    except (ValueError, AttributeError):
        return None
    if isinstance(error, dict):
        error = error.get("code")
    return error[:64] if isinstance(error, str) else None


def tenant_of(request: web.Request) -> str | None:
    tenant = request.get(TENANT_ID)
    if tenant:
        return str(tenant)
    named = request.headers.get("X-Tenant-ID", "").strip()
    return named if _TENANT_SHAPE.fullmatch(named) else None


def record(
    request: web.Request,
    status: int,
    response: web.StreamResponse | None,
    request_id: str,
    duration: float,
    route: str | None = None,
) -> None:
    """The request's line; `route`: route_of(request), when the caller has it already."""
    if status < 400:
        sample = request.app[STATE].settings.access_log_sample
        if sample < 1.0 and random.random() >= sample:
            return
    # Safe by construction: keys that hold no secret (none is a sensitive-looking name), the
    # route is our own template, and every string the client could have chosen is masked of
    # credentials, as identity.logs' redaction would; the request id is ours.
    code = error_code(request, response) if status >= 400 else None
    tenant = tenant_of(request)
    ip = client_ip(request)
    write_info(
        log,
        "http_request",
        {
            "method": mask_credentials(request.method),
            "route": route if route is not None else route_of(request),
            "path": mask_credentials(logged_path(request)),
            "status": status,
            "error_code": mask_credentials(code) if code is not None else None,
            "duration_ms": round(duration * 1000, 2),
            "request_id": request_id,
            "tenant_id": mask_credentials(tenant) if tenant is not None else None,
            "client_ip": mask_credentials(ip) if ip is not None else None,
        },
    )
