"""Revoked to refused: from a session revoked through the API to the first refusal of its token
by the TypeScript SDK's verifier (sdk/typescript) with the revocation feed on, in a node process
of its own.

Starts the service (`identity web` and a worker, as run.py does), makes a tenant, builds the SDK
(`npm ci` when node_modules is missing, then its build) and runs
sdk/typescript/tools/refusal_delay.mjs, which signs N users up, then for each one revokes the
session with DELETE /v1/sessions/{id} and verifies the token until it is refused. Prints
p50/p99/max of the delay counted from the DELETE's response and from its sending.

    .venv/bin/python ops/bench/sdk_refusal_delay.py [-n 50] [--json out.json]

Uses IDENTITY_DATABASE_URL (a scratch database is created on that server and dropped), or an
embedded Postgres in a temporary directory when it is unset. Runs in well under a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import tempfile
from pathlib import Path

import aiohttp
from common import BenchDatabase
from run import MASTER, free_port, start_service, stop, wait_healthy

SDK = Path(__file__).resolve().parents[2] / "sdk" / "typescript"


def build_sdk() -> None:
    if not (SDK / "node_modules").exists():
        subprocess.run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], cwd=SDK, check=True)
    subprocess.run(["node", "tools/build.mjs"], cwd=SDK, check=True)


async def measure(base: str, n: int) -> dict:
    async with (
        aiohttp.ClientSession() as s,
        s.post(
            base + "/v1/tenants",
            headers={"Authorization": f"Bearer {MASTER}"},
            json={
                "name": "bench sdk refusal",
                "plan": "enterprise",
                "auth_config": {"email_verification_required": False},
            },
        ) as r,
    ):
        tenant = await r.json()
        assert r.status == 201, tenant
    env = {
        **os.environ,
        "IDENTITY_URL": base,
        "IDENTITY_TENANT_ID": tenant["id"],
        "IDENTITY_SECRET_KEY": tenant["secret_key"],
        "IDENTITY_PUBLISHABLE_KEY": tenant["publishable_key"],
        "N": str(n),
    }
    child = await asyncio.create_subprocess_exec(
        "node", "tools/refusal_delay.mjs", cwd=SDK, env=env, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await asyncio.wait_for(child.communicate(), 300)
    assert child.returncode == 0, out
    return json.loads(out.decode().strip().splitlines()[-1])


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=50, help="sessions revoked, one at a time")
    parser.add_argument("--json", help="also write the result to this file")
    args = parser.parse_args()
    build_sdk()
    db = await BenchDatabase.create("sdk_refusal_delay")
    workdir = Path(tempfile.mkdtemp(prefix="sdk-refusal-delay-"))
    port = free_port()
    procs = start_service(db.dsn, port, workdir, api_procs=1, cores="0,1")
    try:
        base = f"http://127.0.0.1:{port}"
        await wait_healthy(base)
        result = await measure(base, args.n)
    finally:
        stop(procs)
        await db.drop()
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result))


if __name__ == "__main__":
    asyncio.run(main())
