"""The ceiling for the HTTP layer: an aiohttp JSON hello-world on the same core."""

import sys

from aiohttp import web


async def hello(request: web.Request) -> web.Response:
    return web.json_response({"hello": "world"})


app = web.Application()
app.router.add_get("/", hello)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), access_log=None, print=None)
