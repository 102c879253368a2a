"""µs per access-log line: identity.http.accesslog.record() on a resolved request, with the
logs configured as the service configures them (identity.logs) and the lines going to a file
(default /dev/null). Three requests: a 200 on the client_credentials route, a 401 whose body
carries the error envelope, and a 404 with a secret-looking path parameter.

    PYTHONPATH=$PWD /work/main/.venv/bin/python ops/bench/accesslog.py [-n 20000] [--out FILE]

--out FILE keeps the lines (to compare the format before and after a change).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import time
import types

from aiohttp import web
from aiohttp.test_utils import make_mocked_request

from identity import logs, origin
from identity.config import Settings
from identity.http import accesslog
from identity.http.errors import ApiError
from identity.state import STATE


async def _ok(request: web.Request) -> web.Response:
    return web.json_response({})


def _app() -> web.Application:
    app = web.Application()
    app[STATE] = types.SimpleNamespace(settings=Settings.from_env({}))  # type: ignore[assignment]
    app.router.add_post("/v1/oauth/token", _ok)
    app.router.add_post("/v1/invitations/{token}/accept", _ok)
    return app


async def _resolved(app: web.Application, method: str, path: str, headers: dict) -> web.Request:
    request = make_mocked_request(method, path, headers=headers, app=app)
    match = await app.router.resolve(request)
    match.add_app(app)
    match.freeze()
    request._match_info = match  # what aiohttp's handler does once it has resolved the route
    return request


async def _cases(app: web.Application) -> list[tuple[web.Request, int, web.StreamResponse]]:
    ok = await _resolved(app, "POST", "/v1/oauth/token", {"X-Tenant-ID": "ten_01abc"})
    refused = await _resolved(app, "POST", "/v1/oauth/token", {"X-Tenant-ID": "ten_01abc"})
    secret = await _resolved(app, "POST", "/v1/invitations/inv_sometokenvalue/accept", {})
    error = ApiError("Unknown client.", code="invalid_client", status=401)
    # What the middleware notes when it writes an ApiError's envelope (absent before it did).
    error_key = getattr(accesslog, "ERROR_CODE", None)
    if error_key is not None:
        refused[error_key], secret[error_key] = "invalid_client", "not_found"
    return [
        (ok, 200, web.json_response({"access_token": "x"})),
        (refused, 401, web.json_response(error.body("req_x"), status=401)),
        (
            secret,
            404,
            web.json_response(ApiError("No such invitation.", code="not_found", status=404).body("req_x"), status=404),
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=20000, help="calls per request kind")
    parser.add_argument("--out", default="/dev/null")
    args = parser.parse_args()
    logs.configure("INFO")
    handler = logging.getLogger().handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    out = open(args.out, "w")  # noqa: SIM115 - open for the whole run
    handler.setStream(out)
    cases = asyncio.run(_cases(_app()))
    with origin.opened("req_0123456789abcdef"):
        for request, status, response in cases:
            accesslog.record(request, status, response, "req_0123456789abcdef", 0.00123)  # warm-up
        for request, status, response in cases:
            started = time.perf_counter()
            for _ in range(args.n):
                accesslog.record(request, status, response, "req_0123456789abcdef", 0.00123)
            per_call = (time.perf_counter() - started) / args.n * 1e6
            print(f"{request.method} {request.path} {status}: {per_call:.1f} µs per record()")
    out.close()


if __name__ == "__main__":
    main()
