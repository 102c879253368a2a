#!/usr/bin/env python3
"""Instructions per client_credentials request of the API process, counted by valgrind's
callgrind: a figure other work on the machine does not change (runs of the same code at load
averages from 1 to 14 agreed within about 1 %), for a before/after of a CPU change on a shared
machine.

    IDENTITY_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python ops/bench/instructions.py [--requests 300] [--code-root CHECKOUT]

The API runs alone in a process under callgrind (logs configured as the service configures
them, written to /dev/null; rate limits off; uvloop), on a fresh database of that server.
This process creates a tenant and a machine client, warms up with 100 requests over one
keep-alive connection, zeroes the counters (callgrind_control -z), sends --requests requests
one after another (HTTP Basic, one scope, as ops/bench/client_credentials.py), dumps the
counters and prints their total over the requests. --code-root runs another checkout's code
(the one before a change). Under callgrind the API is about 50 times slower: 300 requests
take 10-30 s after a start-up of about a minute. `callgrind_annotate <the dump>` shows where
the instructions went (C functions; the interpreter's share is _PyEval_EvalFrameDefault).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from client_credentials import our_client
from common import BenchDatabase
from per_request import SCOPE, RawClient, env_for
from run import PY, ROOT, free_port

WARM_UP = 100

# What runs under callgrind: the API alone, as per_request.py builds it, until it is killed.
SERVER = """
import asyncio, logging, os, sys
sys.path.insert(0, sys.argv[3])
import uvloop
from aiohttp import web
from identity import logs
from identity.app import create_app
from identity.config import Settings
from identity.db.pool import create_pool
from identity.http import server

async def main():
    settings = Settings.from_env(dict(os.environ))
    logs.configure()
    for handler in logging.getLogger().handlers:
        handler.setStream(open(os.devnull, "w"))
    pool = await create_pool(sys.argv[1], 2, 20)
    runner = web.AppRunner(create_app(settings, dsn=sys.argv[1], pool=pool), handle_signals=False, access_log=None)
    await runner.setup()
    await server.GuardedSite(runner, "127.0.0.1", int(sys.argv[2]), server.limits_of(settings, 4096)).start()
    print("READY", flush=True)
    await asyncio.Event().wait()

uvloop.run(main())
"""


async def machine_client(base: str) -> tuple[str, str]:
    """(token path, Basic authorization) of a new tenant's machine client (the bench's own)."""
    tenant_id, client_id, secret = await our_client(base)
    basic = base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    return f"/oauth/{tenant_id}/token", f"Basic {basic}"


async def main_async(args: argparse.Namespace) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="identity-bench-ir-"))
    db = await BenchDatabase.create("bench_ir", args.dsn)
    env = env_for(db.dsn, workdir)
    env["PYTHONPATH"] = args.code_root
    out = workdir / "callgrind.out"
    proc: subprocess.Popen[bytes] | None = None
    try:
        migrate = [PY, "-m", "identity.cli", "migrate"]
        subprocess.run(migrate, env=env, check=True, capture_output=True, cwd=args.code_root)
        port = free_port()
        (workdir / "server.py").write_text(SERVER)
        proc = subprocess.Popen(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", PY, str(workdir / "server.py")]
            + [db.dsn, str(port), args.code_root],
            env=env,
            stdout=subprocess.PIPE,
            stderr=(workdir / "valgrind.log").open("w"),
        )
        assert proc.stdout is not None
        line = await asyncio.to_thread(proc.stdout.readline)
        if b"READY" not in line:
            raise SystemExit(f"the API did not start: see {workdir / 'valgrind.log'}")
        path, basic = await machine_client(f"http://127.0.0.1:{port}")
        client = RawClient(port)
        await client.open()
        headers = {"Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"}
        body = f"grant_type=client_credentials&scope={SCOPE}".encode()
        for _ in range(WARM_UP):
            await client.send(path, headers, body)
        subprocess.run(["callgrind_control", "-z", str(proc.pid)], check=True, capture_output=True)
        for _ in range(args.requests):
            await client.send(path, headers, body)
        subprocess.run(["callgrind_control", "-d", "measured", str(proc.pid)], check=True, capture_output=True)
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait()
        await db.drop()
    for dump in sorted(workdir.glob("callgrind.out*")):
        text = dump.read_text(errors="replace")
        total = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        if "measured" in text[:2000] and total:
            print(f"{int(total.group(1)) / args.requests / 1000:.1f} k instructions per request ({dump})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--code-root", default=os.environ.get("BENCH_CODE_ROOT") or str(ROOT))
    ap.add_argument("--dsn", default=os.environ.get("IDENTITY_DATABASE_URL"))
    args = ap.parse_args()
    if not args.dsn:
        raise SystemExit("give a Postgres server: --dsn or IDENTITY_DATABASE_URL")
    if sys.platform != "linux":
        raise SystemExit("callgrind needs Linux")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
