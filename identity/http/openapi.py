"""Generates the OpenAPI 3.0 description from the route declarations."""

from __future__ import annotations

import inspect
import re
from typing import Any

import msgspec

from identity import __version__
from identity.http.auth import ACCESS_TOKEN, ADMIN_TOKEN, CP_ADMIN, MASTER, PUBLISHABLE, SECRET
from identity.http.routing import Route

_SCHEMES = {
    MASTER: ("masterKey", "Master key (mk_live_...) for the control plane."),
    SECRET: ("secretKey", "Tenant secret key (sk_live_... / sk_test_...)."),
    PUBLISHABLE: ("publishableKey", "Tenant publishable key (pk_live_... / pk_test_...)."),
    ACCESS_TOKEN: ("accessToken", "An end user's access token (JWT)."),
    CP_ADMIN: ("cpAdminKey", "Control plane admin key (sk_cp_...)."),
    ADMIN_TOKEN: ("adminToken", "The operator's admin token (IDENTITY_ADMIN_TOKEN)."),
}
_STATUS_TEXT = {
    400: "Bad request", 401: "Unauthenticated", 403: "Forbidden", 404: "Not found",
    409: "Conflict", 413: "Payload too large", 422: "Validation error", 429: "Rate limited",
    503: "Unavailable",
}
_PARAM = re.compile(r"\{([^}:]+)(?::[^}]*)?\}")


class ErrorDetail(msgspec.Struct):
    field: str
    message: str


class ErrorInfo(msgspec.Struct):
    code: str
    message: str
    status: int
    request_id: str
    details: list[ErrorDetail] | msgspec.UnsetType = msgspec.UNSET


class Error(msgspec.Struct):
    error: ErrorInfo



def _docstring(r: Route) -> str:
    """A handler's docstring is its operation's description (the summary comes from the
    declaration), so the reference text sits with the code it describes."""
    return inspect.getdoc(r.handler) or "" if r.summary else ""

def _nullable(schema: Any) -> Any:
    """msgspec writes JSON Schema (anyOf with null); OpenAPI 3.0 wants nullable: true."""
    if isinstance(schema, dict):
        any_of = schema.get("anyOf")
        if isinstance(any_of, list) and any(s == {"type": "null"} for s in any_of):
            rest = [s for s in any_of if s != {"type": "null"}]
            new = {k: v for k, v in schema.items() if k != "anyOf"}
            if len(rest) == 1:
                inner = _nullable(rest[0])
                if "$ref" in inner:
                    new["allOf"] = [inner]
                else:
                    new.update(inner)
            else:
                new["anyOf"] = [_nullable(s) for s in rest]
            new["nullable"] = True
            return new
        if schema.get("type") == "null":
            return {"nullable": True}
        return {k: _nullable(v) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_nullable(s) for s in schema]
    return schema


def build(routes: list[Route], public_url: str) -> dict[str, Any]:
    types: list[Any] = [Error]
    for r in routes:
        for t in (r.body, r.response, r.query, r.form):
            if t is not None:
                types.append(t)
    schemas, components = msgspec.json.schema_components(
        types, ref_template="#/components/schemas/{name}"
    )
    refs = dict(zip([id(t) for t in types], schemas, strict=True))
    error_ref = refs[id(Error)]

    paths: dict[str, Any] = {}
    for r in routes:
        path = _PARAM.sub(r"{\1}", r.path)
        op: dict[str, Any] = {
            "operationId": f"{r.method.lower()}_{re.sub(r'[^a-zA-Z0-9]+', '_', path).strip('_')}",
            "summary": r.summary or r.handler.__doc__ or "",
            **({"description": d} if (d := r.description or _docstring(r)) else {}),
            "tags": [r.tag] if r.tag else [],
            "responses": {},
        }
        params = [
            {"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
            for n in _PARAM.findall(r.path)
        ]
        if r.query is not None:
            qschema = components.get(r.query.__name__, {})
            required = set(qschema.get("required", []))
            for name, prop in qschema.get("properties", {}).items():
                params.append(
                    {"name": name, "in": "query", "required": name in required, "schema": prop}
                )
            components.pop(r.query.__name__, None)
        tenant_scoped = r.tenant and any(k in (SECRET, PUBLISHABLE, ACCESS_TOKEN, CP_ADMIN) for k in r.auth)
        if tenant_scoped:
            params.append(
                {"name": "X-Tenant-ID", "in": "header", "required": True,
                 "schema": {"type": "string"}, "description": "The tenant (tnt_...)."}
            )
        if r.method == "POST" and r.idempotent:
            params.append(
                {"name": "Idempotency-Key", "in": "header", "required": False,
                 "schema": {"type": "string", "maxLength": 255}}
            )
        if params:
            op["parameters"] = params
        if r.body is not None:
            op["requestBody"] = {
                "required": not r.body_optional,
                "content": {"application/json": {"schema": refs[id(r.body)]}},
            }
        elif r.form is not None:
            op["requestBody"] = {
                "required": True,
                "content": {"application/x-www-form-urlencoded": {"schema": refs[id(r.form)]}},
            }
        if r.auth:
            op["security"] = [{_SCHEMES[k][0]: []} for k in r.auth]
        else:
            op["security"] = []
        if r.status == 204:
            op["responses"]["204"] = {"description": "No content"}
        elif r.content_type != "application/json":
            op["responses"][str(r.status)] = {
                "description": "OK", "content": {r.content_type: {"schema": {"type": "string"}}}
            }
        elif r.response is not None:
            op["responses"][str(r.status)] = {
                "description": "OK", "content": {"application/json": {"schema": refs[id(r.response)]}}
            }
        else:
            op["responses"][str(r.status)] = {"description": "OK"}
        codes = set(r.errors)
        if r.auth:
            codes |= {401, 403}
        if r.body is not None or r.query is not None:
            codes |= {400, 422}
        if r.method == "POST" and r.idempotent:
            codes |= {409, 422}
        if "{" in r.path:
            codes.add(404)
        if tenant_scoped:
            codes |= {400, 404, 429}  # tenant_header_required, tenant_not_found, rate limits
        if r.auth:
            codes.add(503)  # the database is unreachable
        for code in sorted(codes):
            content: dict[str, Any] = {"application/json": {"schema": error_ref}}
            if r.content_type == "text/html":
                # A page answers its own refusals (an invalid link) as a page; the platform's
                # (bad query, database down) stay in the JSON envelope.
                content["text/html"] = {"schema": {"type": "string"}}
            op["responses"][str(code)] = {"description": _STATUS_TEXT.get(code, "Error"), "content": content}
        paths.setdefault(path, {})[r.method.lower()] = op

    return {
        "openapi": "3.0.3",
        "info": {"title": "Identity service", "version": __version__},
        "servers": [{"url": public_url}],
        "paths": paths,
        "components": {
            "schemas": _nullable(components),
            "securitySchemes": {
                name: {"type": "http", "scheme": "bearer", "description": text}
                for name, text in _SCHEMES.values()
            },
        },
    }
