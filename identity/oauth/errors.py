"""OAuth errors: the RFC 6749 shapes, not the platform's error envelope.

Token, revocation and introspection errors are JSON {error, error_description} (RFC 6749 §5.2)
with Cache-Control: no-store; authorization errors go back to the client's redirect URI
(RFC 6749 §4.1.2.1) once that URI is known to be the client's, and are shown on an error page before.
"""

from __future__ import annotations

import msgspec
from aiohttp import web

NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}


class OAuthError(Exception):
    def __init__(self, error: str, description: str, status: int = 400, headers: dict[str, str] | None = None) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.status = status
        self.headers = headers or {}

    def response(self) -> web.Response:
        body = msgspec.json.encode({"error": self.error, "error_description": self.description})
        return web.Response(
            body=body, status=self.status, content_type="application/json", headers={**NO_STORE, **self.headers}
        )


def invalid_request(description: str) -> OAuthError:
    return OAuthError("invalid_request", description)


def invalid_client(description: str = "Client authentication failed.", basic: bool = False) -> OAuthError:
    # RFC 6749 §5.2: 401, with WWW-Authenticate when the client tried HTTP Basic.
    headers = {"WWW-Authenticate": 'Basic realm="oauth", charset="UTF-8"'} if basic else {}
    return OAuthError("invalid_client", description, 401, headers)


def invalid_grant(description: str) -> OAuthError:
    return OAuthError("invalid_grant", description)


def bearer_error(description: str, error: str = "invalid_token", status: int = 401) -> web.Response:
    """RFC 6750 §3 for the userinfo endpoint."""
    escaped = description.replace('"', "'")
    body = msgspec.json.encode({"error": error, "error_description": description})
    return web.Response(
        body=body,
        status=status,
        content_type="application/json",
        headers={
            **NO_STORE,
            "WWW-Authenticate": f'Bearer error="{error}", error_description="{escaped}"',
        },
    )
