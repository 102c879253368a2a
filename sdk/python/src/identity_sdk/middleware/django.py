"""Django: add "identity_sdk.middleware.django.IdentityAuthMiddleware" to MIDDLEWARE and set
IDENTITY_SDK in settings:

    IDENTITY_SDK = {"base_url": "https://id.example.com", "tenant_id": "tnt_…",
                    "required": True, "public_paths": ["/health"], "cookie": None,
                    "verifier": {...TokenVerifier keyword options...}}

Views read `request.auth` (an Auth, or None on a public path without a token). The verifier is
built once per process; with {"revocation": "feed"} its feed starts with the first request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from identity_sdk.errors import TokenError
from identity_sdk.middleware import Options, refusal, request_id, token_from
from identity_sdk.tokens import TokenVerifier


class IdentityAuthMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        config: dict[str, Any] = dict(settings.IDENTITY_SDK)
        verifier = config.get("verifier")
        if not isinstance(verifier, TokenVerifier):
            verifier = TokenVerifier(config["base_url"], config["tenant_id"], **(verifier or {}))
        self.verifier = verifier
        self.options = Options.of(config.get("required", True), config.get("public_paths", ()), config.get("cookie"))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.verifier.feed is not None and not self.verifier.feed.started:
            self.verifier.start()
        token = token_from(request.headers, request.COOKIES, self.options.cookie)
        request.auth = None  # type: ignore[attr-defined]
        if token is None:
            if self.options.requires(request.path):
                return self._refuse(request, None)
            return self.get_response(request)
        try:
            request.auth = self.verifier.verify(token)  # type: ignore[attr-defined]
        except TokenError as exc:
            return self._refuse(request, exc)
        return self.get_response(request)

    @staticmethod
    def _refuse(request: HttpRequest, error: TokenError | None) -> HttpResponse:
        status, body, headers = refusal(error, request_id(request.headers))
        response = HttpResponse(body, status=status, content_type="application/json")
        for name, value in headers.items():
            if name != "Content-Type":
                response[name] = value
        return response
