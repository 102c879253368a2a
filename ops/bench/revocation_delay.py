"""Revocation feed delay: from a session revoked through the API to its entry reaching a
verifier's stream in another process.

Starts the service (`identity web` and a worker, as run.py does), signs N users up, opens
GET /v1/revocations/stream in a child process, then revokes the sessions one at a time with
DELETE /v1/sessions/{id} and waits for each entry. Prints p50/p99/max of the delay counted from
the DELETE's response (below zero when the entry arrived first) and from the DELETE being sent.
Both processes read CLOCK_MONOTONIC, which is one clock for the whole machine.

    .venv/bin/python ops/bench/revocation_delay.py [-n 100] [--json out.json]

Uses IDENTITY_DATABASE_URL (a scratch database is created on that server and dropped), or an
embedded Postgres in a temporary directory when it is unset. Runs in well under a minute.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
from common import BenchDatabase
from run import MASTER, free_port, start_service, stop, wait_healthy

HERE = Path(__file__).resolve().parent
PATH = "/v1/revocations/stream"


async def listen(base: str, secret: str, tenant: str) -> None:
    """The child: print `ready`, then `<session id> <monotonic seconds>` per entry."""
    headers = {"Authorization": f"Bearer {secret}", "X-Tenant-ID": tenant}
    async with (
        aiohttp.ClientSession() as s,
        s.get(base + PATH, headers=headers, timeout=aiohttp.ClientTimeout(total=None)) as r,
    ):
        assert r.status == 200, await r.text()
        async for raw in r.content:
            line = raw.decode().rstrip("\n")
            if line == "event: ready":
                print("ready", flush=True)
            elif line.startswith("data: {") and '"kind"' in line:
                print(json.loads(line[6:])["id"], time.monotonic(), flush=True)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def measure(base: str, n: int) -> dict[str, float]:
    async with aiohttp.ClientSession() as s:
        async with s.post(
            base + "/v1/tenants",
            headers={"Authorization": f"Bearer {MASTER}"},
            json={"name": "bench feed", "plan": "enterprise", "auth_config": {"email_verification_required": False}},
        ) as r:
            tenant = await r.json()
        tid, pk, sk = tenant["id"], tenant["publishable_key"], tenant["secret_key"]
        sessions = []
        for i in range(n):
            headers = {
                "Authorization": f"Bearer {pk}",
                "X-Tenant-ID": tid,
                "X-Forwarded-For": f"10.9.{i // 256 % 256}.{i % 256}",
            }
            async with s.post(
                base + "/v1/auth/sign-up",
                headers=headers,
                json={"email": f"feed{i}@example.com", "password": "correct horse battery 1"},
            ) as r:
                body = await r.json()
                assert r.status == 201, body
                sessions.append(body["session"]["id"])

        child = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--listen", base, sk, tid, stdout=asyncio.subprocess.PIPE
        )
        assert child.stdout is not None
        assert (await asyncio.wait_for(child.stdout.readline(), 30)).strip() == b"ready"
        from_response, from_request = [], []
        secret = {"Authorization": f"Bearer {sk}", "X-Tenant-ID": tid}
        try:
            for sid in sessions:
                sent = time.monotonic()
                async with s.delete(f"{base}/v1/sessions/{sid}", headers=secret) as r:
                    assert r.status == 204, await r.text()
                answered = time.monotonic()
                got, at = (await asyncio.wait_for(child.stdout.readline(), 10)).decode().split()
                assert got == sid, (got, sid)
                from_response.append((float(at) - answered) * 1000)
                from_request.append((float(at) - sent) * 1000)
                await asyncio.sleep(0.01)  # one revocation at a time
        finally:
            child.terminate()
            await child.wait()
    return {
        "revocations": n,
        "after_response_p50_ms": round(percentile(from_response, 50), 2),
        "after_response_p99_ms": round(percentile(from_response, 99), 2),
        "after_response_max_ms": round(max(from_response), 2),
        "after_request_p50_ms": round(percentile(from_request, 50), 2),
        "after_request_p99_ms": round(percentile(from_request, 99), 2),
        "mean_after_request_ms": round(statistics.mean(from_request), 2),
    }


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=100, help="sessions revoked, one at a time")
    parser.add_argument("--json", help="also write the result to this file")
    parser.add_argument("--listen", nargs=3, metavar=("BASE", "SECRET", "TENANT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.listen:
        await listen(*args.listen)
        return
    db = await BenchDatabase.create("revocation_delay")
    workdir = Path(tempfile.mkdtemp(prefix="revocation-delay-"))
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
