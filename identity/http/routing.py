"""Route declarations: one decorator states the path, credential, scope and typed body,
query and response of a handler. The wrapper authenticates, validates, applies
Idempotency-Key and serialises; /openapi.json is generated from the same declarations."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec
import structlog
from aiohttp import web

from identity.http import accesslog, captcha, cors, error_declarations, idempotency
from identity.http.auth import authenticate
from identity.http.bodies import read_json, read_raw
from identity.http.clientinfo import client_ip, user_agent
from identity.http.errors import INSUFFICIENT_SCOPE, NOT_FOUND, ApiError, ErrorSpec
from identity.http.pagination import Page
from identity.http.validation import decode_body, decode_query, unstorable
from identity.principals import SECRET, Principal
from identity.state import STATE

_encoder = msgspec.json.Encoder()
log = structlog.get_logger("identity.http")

#: (method, path, status, code) of every error a route answered without declaring it; the test
#: suite fails on any (tests/conftest.py), production logs `undeclared_error`.
UNDECLARED: set[tuple[str, str, int, str]] = set()


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(body=_encoder.encode(data), status=status, content_type="application/json", headers=headers)


@dataclass
class Reply:
    """A handler result whose status differs from the route's default."""

    body: Any
    status: int = 200
    headers: dict[str, str] | None = None


class Ctx:
    """What a handler receives: the request, its principal and its typed inputs."""

    __slots__ = ("request", "principal", "body", "query", "route")

    def __init__(self, request: web.Request, principal: Principal | None, body: Any, query: Any, route: Route) -> None:
        self.request = request
        self.principal = principal
        self.body = body
        self.query = query
        self.route = route

    async def rate_limit(self, subject: str) -> None:
        """Count this request for a rule kept per user that only the handler can name
        (token refresh, MFA verify); raises 429 when over."""
        assert self.principal is not None
        await self.request.app[STATE].limiter.enforce_for(
            self.request, self.route.method, self.route.path, self.principal, subject
        )

    @property
    def app(self) -> web.Application:
        return self.request.app

    @property
    def pool(self) -> Any:
        return self.request.app[STATE].pool

    @property
    def settings(self) -> Any:
        return self.request.app[STATE].settings

    @property
    def tenant_id(self) -> str:
        assert self.principal is not None and self.principal.tenant is not None
        return self.principal.tenant.id

    def param(self, name: str) -> str:
        return self.request.match_info[name]

    @property
    def ip(self) -> str | None:
        return client_ip(self.request)

    @property
    def user_agent(self) -> str | None:
        return user_agent(self.request)


#: What a handler may answer: a body for the route's declared response type, a Reply (another
#: status), a response of its own (a redirect, a page) or None (204). A Page is a list envelope.
HandlerResult = Mapping[str, Any] | msgspec.Struct | Page[Any] | Reply | web.StreamResponse | None
Handler = Callable[[Ctx], Awaitable[HandlerResult]]


@dataclass
class Route:
    method: str
    path: str
    handler: Handler
    auth: tuple[str, ...] = ()
    scope: str | None = None
    body: type | None = None
    body_optional: bool = False
    query: type | None = None
    response: Any = None
    status: int = 200
    summary: str = ""
    #: Markdown for the reference: what the operation does, who may call it, what it changes,
    #: which events and emails it causes.
    description: str = ""
    tag: str = ""
    tenant: bool = True
    idempotent: bool = True
    #: The errors the handler and the services it calls can raise, as the declarations they
    #: raise (ErrorSpec, from the packages' errors.py); the ones that the rest of this
    #: declaration implies are added by identity/http/error_declarations.py.
    errors: tuple[ErrorSpec, ...] = ()
    content_type: str = "application/json"
    #: A form body (application/x-www-form-urlencoded) that the handler reads itself, as the
    #: OAuth endpoints do; declared here so that /openapi.json describes it.
    form: type | None = None
    #: identity.http.outcomes.Outcomes: every answer counted by its error code (sign-in, sign-up)
    outcomes: Any = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: False for what is no part of the REST contract (the hosted pages, identity/hosted/): served
    #: like any route but left out of /openapi.json, so that the SDKs generated from it do not
    #: change when a page is added.
    in_schema: bool = True

    @functools.cached_property
    def declared_errors(self) -> dict[int, list[str]]:
        """Status -> every error code this operation may answer (what /openapi.json lists)."""
        return error_declarations.declared(self)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        try:
            response = await self._handle(request)
        except Exception as exc:
            if isinstance(exc, ApiError) and exc.code not in self.declared_errors.get(exc.status, ()):
                # The reference would not tell a client about this answer: a missing errors=.
                UNDECLARED.add((self.method, self.path, exc.status, exc.code))
                log.warning("undeclared_error", method=self.method, path=self.path, status=exc.status, code=exc.code)
            if self.outcomes is not None:
                # Around everything the route does, so that a refusal before the handler
                # (credential, rate limit, validation, captcha) counts under its code too.
                self.outcomes.record(exc)
            raise
        if self.outcomes is not None:
            self.outcomes.record(None, response.status)
        return response

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        for value in request.match_info.values():
            if unstorable(value):
                raise NOT_FOUND()  # no stored identifier can contain such a character
        principal = None
        st = request.app[STATE]
        if self.auth:
            principal = await authenticate(request, self.auth, self.tenant)
            if principal.tenant_id:
                request[accesslog.TENANT_ID] = principal.tenant_id
        # Counted as soon as the caller is known, so that a refused scope or a body that fails
        # validation carries the X-RateLimit headers and counts too; a rule kept per email waits
        # for the body that names it.
        per_email = st.limiter.per_email(self.method, self.path, principal)
        if not per_email:
            await st.limiter.enforce(request, self.method, self.path, principal, None)
        if principal is not None:
            if self.scope and principal.kind == SECRET and not principal.has_scope(self.scope):
                raise INSUFFICIENT_SCOPE(f"This endpoint needs the '{self.scope}' scope.")
            if principal.tenant is not None and "Origin" in request.headers:
                cors.check_origin(request, principal.tenant.auth_config.get("allowed_origins") or [])
        raw = b""
        if self.body is not None:
            raw = await read_json(request)
        elif self.method == "POST" and self.idempotent:
            raw = await read_raw(request)  # part of the Idempotency-Key's request hash
        body = None
        if self.body is not None:
            if self.body_optional and not raw.strip():
                body = self.body()
            else:
                try:
                    body = decode_body(raw, self.body)
                except ApiError:
                    if per_email:  # no email to count it by: counted per client address
                        await st.limiter.enforce(request, self.method, self.path, principal, None)
                    raise
        if per_email:  # before the work (and before any password hashing the handler would do)
            await st.limiter.enforce(request, self.method, self.path, principal, body)
        query = decode_query(request.query, self.query) if self.query is not None else None
        if (self.method, self.path) in captcha.PROTECTED and principal and principal.tenant:
            await captcha.verify(
                pool=st.pool,
                box=st.box,
                allow_http=st.settings.webhook_allow_http,
                tenant_id=principal.tenant.id,
                auth_config=principal.tenant.auth_config,
                token=getattr(body, "captcha_token", None),
                remote_ip=client_ip(request),
            )
        ctx = Ctx(request, principal, body, query, self)

        key = request.headers.get("Idempotency-Key") if self.method == "POST" and self.idempotent else None
        if key is None:
            return self._render(await self.handler(ctx))

        tenant_id = (principal.tenant_id if principal else None) or ""
        scope = f"{principal.kind}:{principal.key_id or principal.user_id or ''}" if principal else "anon"
        pool = st.pool
        claim = idempotency.Claim.of(st.box, tenant_id, scope, key, self.method, request.path_qs, raw)
        stored = await idempotency.claim(pool, claim)
        if stored is not None:
            response: web.StreamResponse = web.Response(
                body=stored.body or None,
                status=stored.status,
                content_type="application/json" if stored.body else None,
            )
            response.headers["Idempotent-Replayed"] = "true"
            return response
        try:
            response = self._render(await self.handler(ctx))
        except BaseException:
            await idempotency.release(pool, claim)
            raise
        if response.status >= 400:
            # A failure stores nothing (docs/api-conventions.md): the client may correct and retry.
            await idempotency.release(pool, claim)
        else:
            body = response.body if isinstance(response, web.Response) else None
            body_bytes = body if isinstance(body, bytes) else b""
            await idempotency.complete(pool, claim, response.status, body_bytes)
        return response

    def _render(self, result: HandlerResult) -> web.StreamResponse:
        # type() first: StreamResponse is a MutableMapping, so isinstance() goes through
        # ABCMeta's Python-level check, and most handlers that answer a response answer this one.
        if type(result) is web.Response or isinstance(result, web.StreamResponse):
            return result
        if isinstance(result, Reply):
            if result.status == 204 or result.body is None:
                return web.Response(status=result.status, headers=result.headers)
            return json_response(result.body, result.status, result.headers)
        if result is None or self.status == 204:
            return web.Response(status=204)
        return json_response(result, self.status)


class Router:
    """Collects routes from the resource packages; the app adds them and OpenAPI reads them."""

    def __init__(self) -> None:
        self.routes: list[Route] = []

    def route(self, method: str, path: str, **options: Any) -> Callable[[Handler], Handler]:
        def decorate(handler: Handler) -> Handler:
            self.routes.append(Route(method=method, path=path, handler=handler, **options))
            return handler

        return decorate

    def get(self, path: str, **options: Any) -> Callable[[Handler], Handler]:
        return self.route("GET", path, **options)

    def post(self, path: str, **options: Any) -> Callable[[Handler], Handler]:
        return self.route("POST", path, **options)

    def put(self, path: str, **options: Any) -> Callable[[Handler], Handler]:
        return self.route("PUT", path, **options)

    def patch(self, path: str, **options: Any) -> Callable[[Handler], Handler]:
        return self.route("PATCH", path, **options)

    def delete(self, path: str, **options: Any) -> Callable[[Handler], Handler]:
        return self.route("DELETE", path, **options)

    def add_to(self, app: web.Application) -> None:
        for route in self.routes:
            app.router.add_route(route.method, route.path, route.handle)
