"""A listener that runs out of descriptors, in a process of its own (its descriptor limit is
lowered): `python -m tests.support.descriptors asyncio|uvloop`.

It serves /health and /report with identity/http/server.py's GuardedSite (its connections
accepted by identity/http/listener.py) on 127.0.0.1, prints
`port N`, takes every descriptor left, prints `full`, gives RELEASE_DESCRIPTORS of them back
HOLD_SECONDS later (connections made meanwhile wait in the backlog), and serves until killed.
GET /report: the listener's failed accept() calls and the events it logged (JSON)."""

from __future__ import annotations

import asyncio
import resource
import sys

import structlog
from aiohttp import web

from identity.config import Settings
from identity.http import listener as accept
from identity.http import server
from identity.runner import run_in_loop

DESCRIPTOR_LIMIT = 256
HOLD_SECONDS = 2.0
RELEASE_DESCRIPTORS = 64


async def serve() -> None:
    with structlog.testing.capture_logs() as logged:
        listeners: list[accept.Listener] = []

        async def report(_: web.Request) -> web.Response:
            return web.json_response({"failures": listeners[0].failures, "events": [e["event"] for e in logged]})

        async def health(_: web.Request) -> web.Response:
            return web.Response(text="ok")

        app = web.Application()
        app.router.add_get("/health", health)
        app.router.add_get("/report", report)
        runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await runner.setup()
        limits = server.Limits(header_timeout=30, idle_timeout=30, max_connections=1000)
        site = server.GuardedSite(runner, "127.0.0.1", 0, limits)
        await site.start()
        listener = site._server
        assert isinstance(listener, accept.Listener)
        listeners.append(listener)
        print("port", listener.sockets[0].getsockname()[1], flush=True)
        held = []
        try:
            while True:
                held.append(open("/dev/null"))  # noqa: SIM115 - released below
        except OSError:
            pass
        print("full", flush=True)
        await asyncio.sleep(HOLD_SECONDS)
        for handle in held[:RELEASE_DESCRIPTORS]:
            handle.close()
        await asyncio.Event().wait()


def main() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(DESCRIPTOR_LIMIT, hard), hard))
    run_in_loop(Settings(event_loop=sys.argv[1]), serve())


if __name__ == "__main__":
    main()
