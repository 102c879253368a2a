"""Starlette and FastAPI: `app.add_middleware(IdentityAuthMiddleware, verifier=verifier)`;
endpoints read `request.state.auth` (an Auth, or None on a public path without a token).
A pure ASGI middleware (not BaseHTTPMiddleware), so streaming answers pass through untouched."""

from __future__ import annotations

from collections.abc import Iterable
from http.cookies import SimpleCookie
from typing import Any

from identity_sdk.errors import TokenError
from identity_sdk.middleware import Options, refusal, request_id, token_from
from identity_sdk.tokens import TokenVerifier

Scope = dict[str, Any]


class IdentityAuthMiddleware:
    def __init__(
        self,
        app: Any,
        *,
        verifier: TokenVerifier,
        required: bool = True,
        public_paths: Iterable[str] = (),
        cookie: str | None = None,
    ) -> None:
        self.app = app
        self.verifier = verifier
        self.options = Options.of(required, public_paths, cookie)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if self.verifier.feed is not None and not self.verifier.feed.started:
            await self.verifier.astart()  # the revocation feed, once (an app may also start it at start-up)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        cookies: dict[str, str] = {}
        if "cookie" in headers:
            parsed = SimpleCookie()
            parsed.load(headers["cookie"])
            cookies = {k: m.value for k, m in parsed.items()}
        state = scope.setdefault("state", {})
        state["auth"] = None
        token = token_from(headers, cookies, self.options.cookie)
        error: TokenError | None = None
        if token is not None:
            try:
                state["auth"] = await self.verifier.averify(token)
            except TokenError as exc:
                error = exc
        if error is not None or (token is None and self.options.requires(scope.get("path", "/"))):
            await self._refuse(send, error, request_id(headers))
            return
        await self.app(scope, receive, send)

    @staticmethod
    async def _refuse(send: Any, error: TokenError | None, rid: str) -> None:
        status, body, fields = refusal(error, rid)
        headers = [(k.lower().encode(), v.encode()) for k, v in fields.items()]
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})
