"""Generates the OpenAPI 3.1 description (JSON Schema 2020-12) from the route declarations.

Schema names are public: a client generator turns each into a class name. They come from the
registry in identity/http/schema_names.py, never from a Python class name alone, so renaming
a class cannot rename (or merge) a public schema; tests/test_openapi_document.py fails when a
struct is missing from the registry or two would share a name.
"""

from __future__ import annotations

import inspect
import json
import re
from typing import Any

import msgspec

from identity import __version__
from identity.http import examples
from identity.http.error_declarations import TENANT_KINDS, declared_specs
from identity.http.info import DESCRIPTION
from identity.http.routing import Route
from identity.http.schema_names import PUBLIC_NAMES
from identity.principals import ACCESS_TOKEN, ADMIN_TOKEN, CP_ADMIN, MASTER, PUBLISHABLE, SECRET

_SCHEMES = {
    MASTER: ("masterKey", "Master key (`mk_live_...`) for the control plane."),
    SECRET: ("secretKey", "Tenant secret key (`sk_live_...` / `sk_test_...`), for servers; with `X-Tenant-ID`."),
    PUBLISHABLE: (
        "publishableKey",
        "Tenant publishable key (`pk_live_...` / `pk_test_...`), for browsers and apps; with `X-Tenant-ID`.",
    ),
    ACCESS_TOKEN: ("accessToken", "An end user's access token (ES256 JWT); with `X-Tenant-ID`."),
    CP_ADMIN: ("cpAdminKey", "Control plane admin key (`sk_cp_...`); with `X-Tenant-ID`."),
    ADMIN_TOKEN: ("adminToken", "The operator's admin token (`IDENTITY_ADMIN_TOKEN`)."),
}
_STATUS_TEXT = {
    302: "Redirect (Location)",
    400: "Bad request",
    401: "Unauthenticated",
    403: "Forbidden",
    404: "Not found",
    408: "Request timeout",
    409: "Conflict",
    413: "Payload too large",
    415: "Unsupported media type",
    422: "Validation error",
    429: "Rate limited",
    501: "Not implemented",
    503: "Unavailable",
}
_PARAM = re.compile(r"\{([^}:]+)(?::[^}]*)?\}")
_REF = "#/components/schemas/"


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
    return (inspect.getdoc(r.handler) or "") if r.summary else ""


def _qualified(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _component_classes(types: list[Any]) -> list[type]:
    """Every named type (struct, enum) that msgspec places in the components, in its order."""
    seen: dict[type, None] = {}

    def walk(t: Any) -> None:
        mi = msgspec.inspect
        if isinstance(t, (mi.StructType, mi.DataclassType, mi.TypedDictType, mi.NamedTupleType)):
            if t.cls not in seen:
                seen[t.cls] = None
                for f in t.fields:
                    walk(f.type)
        elif isinstance(t, mi.EnumType):
            seen[t.cls] = None
        elif isinstance(t, mi.Metadata):
            walk(t.type)
        elif isinstance(t, mi.CollectionType):
            walk(t.item_type)
        elif isinstance(t, mi.TupleType):
            for item in t.item_types:
                walk(item)
        elif isinstance(t, (mi.DictType, mi.FrozenDictType)):
            walk(t.key_type)
            walk(t.value_type)
        elif isinstance(t, mi.UnionType):
            for item in t.types:
                walk(item)

    for info in msgspec.inspect.multi_type_info(types):
        walk(info)
    return list(seen)


def public_names(types: list[Any]) -> dict[type, str]:
    """Class -> its public schema name (the registry's, or the class name until registered)."""
    out = {cls: PUBLIC_NAMES.get(_qualified(cls), cls.__name__) for cls in _component_classes(types)}
    clashes = sorted({n for n in out.values() if list(out.values()).count(n) > 1})
    if clashes:
        raise ValueError(
            f"two public schemas would share a name: {clashes}; give each an entry in identity/http/schema_names.py"
        )
    return out


def _msgspec_name(cls: type, classes: list[type]) -> str:
    # msgspec names a component by its class name, or by module.qualname when two classes share
    # it (msgspec/_json_schema.py, _build_name_map); mapped to our names right after.
    name = re.sub(r"[^a-zA-Z0-9.\-_]", "_", cls.__name__)
    if sum(1 for c in classes if c.__name__ == cls.__name__) > 1:
        name = re.sub(r"[^a-zA-Z0-9.\-_]", "_", _qualified(cls))
    return name


def _rename_refs(node: Any, renames: dict[str, str]) -> Any:
    if isinstance(node, dict):
        out = {}
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str) and v.startswith(_REF):
                out[k] = _REF + renames.get(v[len(_REF) :], v[len(_REF) :])
            else:
                out[k] = _rename_refs(v, renames)
        return out
    if isinstance(node, list):
        return [_rename_refs(v, renames) for v in node]
    return node


def _tidy(node: Any) -> Any:
    """`required: []` says nothing and some tools refuse it: dropped. A free-form object (a
    `dict[str, Any]`, such as metadata) says so with `additionalProperties: true`, which some
    generators otherwise read as an empty object."""
    if isinstance(node, dict):
        out = {k: _tidy(v) for k, v in node.items() if not (k == "required" and v == [])}
        if out.get("type") == "object" and "properties" not in out and "additionalProperties" not in out:
            out["additionalProperties"] = True
        return out
    if isinstance(node, list):
        return [_tidy(v) for v in node]
    return node


def _optional(schema: dict[str, Any]) -> dict[str, Any]:
    """A query parameter is optional by not being required; null is not a value a query string
    can carry, so `anyOf [X, null]` with `default: null` becomes X."""
    schema = dict(schema)
    any_of = schema.get("anyOf")
    if isinstance(any_of, list) and {"type": "null"} in any_of:
        rest = [s for s in any_of if s != {"type": "null"}]
        del schema["anyOf"]
        if len(rest) == 1:
            schema = {**rest[0], **schema}
        else:
            schema["anyOf"] = rest
    if schema.get("default", 0) is None:
        del schema["default"]
    return schema


def _refs_in(node: Any, into: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(_REF):
            into.add(ref[len(_REF) :])
        for v in node.values():
            _refs_in(v, into)
    elif isinstance(node, list):
        for v in node:
            _refs_in(v, into)


def _reachable(paths: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """Only the components that the operations use (a query struct is spread into parameters)."""
    todo: set[str] = set()
    _refs_in(paths, todo)
    kept: set[str] = set()
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        kept.add(name)
        _refs_in(components[name], todo)
    return {name: schema for name, schema in components.items() if name in kept}


def _other_responses(route: Route) -> dict[int, Any]:
    """Answers outside the error envelope that a route declares (`extra={"responses": ...}`):
    status -> a struct (a JSON body, such as /health's 503 or an OAuth error), a content type
    (a page), or None (no body, such as a 302)."""
    responses: dict[int, Any] = route.extra.get("responses", {})
    return responses


def _events(route: Route) -> dict[str, Any]:
    """The events of a text/event-stream route (`extra={"events": ...}`): name -> the struct of
    its JSON `data`, or None for an empty object."""
    events: dict[str, Any] = route.extra.get("events", {})
    return events


def _event_example(events: dict[str, Any], components: dict[str, Any]) -> str:
    """A stream as it is sent: one example of each event, in declared order; an event that carries
    a struct also carries an id (what a client resumes from), an empty one sends `{}`."""
    frames = []
    for n, (name, ref) in enumerate(events.items(), start=1):
        data = json.dumps(examples.of(ref, components) if ref is not None else {}, separators=(",", ":"))
        head = f"id: {n:032x}\n" if ref is not None else ""
        frames.append(f"{head}event: {name}\ndata: {data}\n\n")
    return "".join(frames)


def _event_schema(events: dict[str, Any]) -> dict[str, Any]:
    """One server-sent event (Open API 3.1 reads an event stream's `schema` as each event's):
    one shape per event name, its `data` JSON text described by contentSchema."""
    return {
        "oneOf": [
            {
                "type": "object",
                "required": ["event", "data"],
                "properties": {
                    "id": {"type": "string"},
                    "event": {"const": name},
                    "data": {
                        "type": "string",
                        "contentMediaType": "application/json",
                        "contentSchema": data if data is not None else {"type": "object", "maxProperties": 0},
                    },
                },
            }
            for name, data in events.items()
        ]
    }


def operation_id(method: str, path: str) -> str:
    return f"{method.lower()}_{re.sub(r'[^a-zA-Z0-9]+', '_', path).strip('_')}"


def build(routes: list[Route], public_url: str) -> dict[str, Any]:
    routes = [r for r in routes if r.in_schema]  # the hosted pages are no part of the contract
    types: list[Any] = [Error]
    for r in routes:
        for t in (r.body, r.response, r.query, r.form, *_other_responses(r).values(), *_events(r).values()):
            if t is not None and not isinstance(t, str):
                types.append(t)
    names = public_names(types)
    classes = list(names)
    renames = {_msgspec_name(cls, classes): public for cls, public in names.items()}
    schemas, raw_components = msgspec.json.schema_components(types, ref_template=_REF + "{name}")
    components: dict[str, Any] = {}
    for name, schema in raw_components.items():
        public = renames.get(name, name)
        components[public] = _tidy(_rename_refs({**schema, "title": public}, renames))
    refs = {id(t): _rename_refs(s, renames) for t, s in zip(types, schemas, strict=True)}
    error_ref = refs[id(Error)]

    paths: dict[str, Any] = {}
    for r in routes:
        path = _PARAM.sub(r"{\1}", r.path)
        op: dict[str, Any] = {
            "operationId": operation_id(r.method, path),
            "summary": r.summary or r.handler.__doc__ or "",
            **({"description": d} if (d := r.description or _docstring(r)) else {}),
            "tags": [r.tag] if r.tag else [],
            "responses": {},
        }
        params: list[dict[str, Any]] = [
            {"name": n, "in": "path", "required": True, "schema": {"type": "string"}} for n in _PARAM.findall(r.path)
        ]
        if r.query is not None:
            qschema = components[names[r.query]]
            required = set(qschema.get("required", []))
            for name, prop in qschema.get("properties", {}).items():
                param: dict[str, Any] = {
                    "name": name,
                    "in": "query",
                    "required": name in required,
                    "schema": _optional(prop),
                }
                if "description" in prop:
                    param["description"] = prop["description"]
                params.append(param)
        tenant_scoped = r.tenant and any(k in TENANT_KINDS for k in r.auth)
        if tenant_scoped:
            params.append(
                {
                    "name": "X-Tenant-ID",
                    "in": "header",
                    "required": True,
                    "schema": {"type": "string"},
                    "description": "The tenant (tnt_...).",
                }
            )
        if r.method == "POST" and r.idempotent:
            params.append(
                {
                    "name": "Idempotency-Key",
                    "in": "header",
                    "required": False,
                    "schema": {"type": "string", "maxLength": 255},
                    "description": "Replays the first answer to a retried request (see Idempotency above).",
                }
            )
        if params:
            op["parameters"] = params
        if r.body is not None:
            op["requestBody"] = {
                "required": not r.body_optional,
                "content": {
                    "application/json": {
                        "schema": refs[id(r.body)],
                        "example": examples.of(refs[id(r.body)], components),
                    }
                },
            }
        elif r.form is not None:
            op["requestBody"] = {
                "required": True,
                "content": {
                    "application/x-www-form-urlencoded": {
                        "schema": refs[id(r.form)],
                        "example": examples.of(refs[id(r.form)], components),
                    }
                },
            }
        op["security"] = [{_SCHEMES[k][0]: []} for k in r.auth]
        if r.status == 204:
            op["responses"]["204"] = {"description": "No content"}
        elif r.content_type == "text/event-stream":
            events = {name: refs[id(t)] if t is not None else None for name, t in _events(r).items()}
            op["responses"][str(r.status)] = {
                "description": "OK",
                "content": {
                    r.content_type: {"schema": _event_schema(events), "example": _event_example(events, components)}
                },
            }
        elif r.content_type != "application/json":
            op["responses"][str(r.status)] = {
                "description": "OK",
                "content": {r.content_type: {"schema": {"type": "string"}}},
            }
        elif r.response is not None:
            op["responses"][str(r.status)] = {
                "description": "OK",
                "content": {
                    "application/json": {
                        "schema": refs[id(r.response)],
                        "example": examples.of(refs[id(r.response)], components),
                    }
                },
            }
        else:
            op["responses"][str(r.status)] = {"description": "OK"}
        if r.content_type == "text/html" and (r.query or r.form or "{" in r.path):
            # A page that takes input answers its own refusals (an invalid or spent link) as a page.
            op["responses"]["400"] = {
                "description": "A page explaining the refusal",
                "content": {"text/html": {"schema": {"type": "string"}}},
            }
        for status, t in _other_responses(r).items():
            other: dict[str, Any] = {"description": _STATUS_TEXT.get(status, "Other")}
            if isinstance(t, str):  # a page (text/html) rather than JSON
                other["content"] = {t: {"schema": {"type": "string"}}}
            elif t is not None:
                other["content"] = {"application/json": {"schema": refs[id(t)]}}
            op["responses"][str(status)] = other
        for status, specs in declared_specs(r).items():
            codes = sorted(s.code for s in specs)
            content: dict[str, Any] = {
                "application/json": {
                    "schema": error_ref,
                    "example": {
                        "error": {
                            "code": specs[0].code,
                            "message": specs[0].message,
                            "status": status,
                            "request_id": "req_2x9k4m7p1q8r",
                        }
                    },
                }
            }
            if r.content_type == "text/html":
                # A page answers its own refusals (an invalid link) as a page; the platform's
                # (bad query, database down) stay in the JSON envelope.
                content["text/html"] = {"schema": {"type": "string"}}
            listed = ", ".join(f"`{c}`" for c in codes)
            op["responses"][str(status)] = {
                "description": f"{_STATUS_TEXT.get(status, 'Error')}. `error.code` is one of: {listed}.",
                "x-error-codes": codes,
                "content": content,
            }
        paths.setdefault(path, {})[r.method.lower()] = op

    return {
        "openapi": "3.1.0",
        "info": {"title": "Identity service", "version": __version__, "description": DESCRIPTION},
        "servers": [{"url": public_url}],
        "tags": [{"name": t} for t in dict.fromkeys(r.tag for r in routes if r.tag)],
        "paths": paths,
        "components": {
            "schemas": _reachable(paths, components),
            "securitySchemes": {
                name: {"type": "http", "scheme": "bearer", "description": text} for name, text in _SCHEMES.values()
            },
        },
    }
