#!/usr/bin/env python3
"""client_credentials beside its reference, in one run:

    .venv/bin/python ops/bench/client_credentials.py [--duration 10] [--rounds 2] [--dsn postgresql://...]
    (or: .venv/bin/python ops/bench/run.py --scenarios client_credentials)

Our token endpoint (one API process, the worker and Postgres pinned to core 0) and panva's
oidc-provider (the version pinned in ops/bench/package-lock.json, installed here with `npm ci`;
ops/bench/oidc_reference.mjs: ES256 JWT access tokens, nothing stored per token) on the same core
0, each under wrk on core 1 with the same request: HTTP Basic client authentication, one scope.
The two are measured in turn, --rounds times each, so drift on a shared machine hits both; the
ratio of the means is the figure. Rate limits are off. The section "client_credentials" of
ops/bench/RESULTS.md is replaced with the result, if the 1-minute load average before the run
was at most 1.5 (ops/bench/common.py MAX_LOAD); above it the result is only printed, with the
reason, unless --force. The service runs on its default event loop (uvloop) unless
--event-loop asyncio.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import datetime as dt
import os
import re
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import aiohttp
from common import BenchDatabase, load_average, may_write_results
from run import (
    HERE,
    LOAD_CORE,
    MASTER,
    SERVICE_CORE,
    free_port,
    pin_postgres,
    start_service,
    stop,
    table,
    wait_healthy,
    wrk,
)

SCOPE = "reports:read"
WARMUP_SECONDS = 2
CONNECTIONS = 32
SECTION = "## client_credentials beside oidc-provider"
BEGIN, END = "<!-- client-credentials -->", "<!-- /client-credentials -->"
TARGET = 1.0


def request_lua(client_id: str, secret: str) -> str:
    basic = base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    return (
        f'wrk.method = "POST"\nwrk.body = "grant_type=client_credentials&scope={SCOPE}"\n'
        f'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n'
        f'wrk.headers["Authorization"] = "Basic {basic}"\n'
    )


def npm_ci() -> str:
    """Install the reference from the lock file; its version."""
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=HERE, check=True)
    lock = (HERE / "node_modules" / "oidc-provider" / "package.json").read_text()
    return re.search(r'"version":\s*"([^"]+)"', lock).group(1)


async def our_client(base: str) -> tuple[str, str, str]:
    """A tenant and a machine client: (tenant id, client_id, client_secret)."""
    async with aiohttp.ClientSession() as s:
        async with s.post(
            base + "/v1/tenants",
            headers={"Authorization": f"Bearer {MASTER}"},
            json={"name": "bench machine", "plan": "enterprise"},
        ) as r:
            tenant = await r.json()
        async with s.post(
            base + "/v1/clients",
            headers={"Authorization": f"Bearer {tenant['secret_key']}", "X-Tenant-ID": tenant["id"]},
            json={"name": "bench", "type": "machine", "redirect_uris": [], "scopes": [SCOPE]},
        ) as r:
            client = await r.json()
            assert r.status == 201, client
        # One request first, as the reference gets: a sanity check of the setup.
        async with s.post(
            f"{base}/oauth/{tenant['id']}/token",
            auth=aiohttp.BasicAuth(client["client_id"], client["client_secret"]),
            data={"grant_type": "client_credentials", "scope": SCOPE},
        ) as r:
            assert r.status == 200, await r.text()
    return tenant["id"], client["client_id"], client["client_secret"]


async def reference_up(port: int, client_id: str, secret: str) -> subprocess.Popen:
    proc = subprocess.Popen(
        ["taskset", "-c", SERVICE_CORE, "node", str(HERE / "oidc_reference.mjs"), str(port), client_id, secret],
        cwd=HERE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    async with aiohttp.ClientSession() as s:
        for _ in range(100):
            try:
                async with s.post(
                    f"http://127.0.0.1:{port}/token",
                    auth=aiohttp.BasicAuth(client_id, secret),
                    data={"grant_type": "client_credentials", "scope": SCOPE},
                ) as r:
                    body = await r.json()
                    assert r.status == 200 and body["access_token"].count(".") == 2, body
                    return proc
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)
    proc.terminate()
    raise SystemExit("oidc-provider did not start")


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user + system, all threads) the processes have used so far (0 for one gone)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def postgres_pids(postmaster: int | None) -> list[int]:
    """The embedded server and its backends: their CPU is the service's too (same core)."""
    if not postmaster:
        return []
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
    return [postmaster, *map(int, children)]


def measured(url: str, lua: str, pids: Callable[[], list[int]], args: argparse.Namespace, workdir: Path) -> dict:
    """wrk's figures, and the CPU the server spent per request: on a machine others share, req/s
    depends on the share of core 0 the server got, CPU per request does not. A warm-up run
    first (not counted): the JIT of the reference, our caches and pool (whose new Postgres
    backends must exist before their CPU can be read)."""
    wrk(url, lua, CONNECTIONS, WARMUP_SECONDS, workdir, cores=LOAD_CORE)
    pids = pids()
    before = [cpu_seconds([p]) for p in pids]
    result = wrk(url, lua, CONNECTIONS, args.duration, workdir, cores=LOAD_CORE)
    spent = [cpu_seconds([p]) - b for p, b in zip(pids, before, strict=True)]
    served = max(1.0, result["rps"] * args.duration)
    result["cpu_us"] = sum(spent) * 1e6 / served
    result["cpu_us_each"] = [round(x * 1e6 / served) for x in spent[:3]] + [round(sum(spent[3:]) * 1e6 / served)]
    return result


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


async def measure(db: BenchDatabase, args: argparse.Namespace, workdir: Path) -> dict:
    version = npm_ci()
    info = db.server.get_postmaster_info() if db.server is not None else None
    postmaster = info.pid if info else None
    pin_postgres(postmaster, SERVICE_CORE)
    ours: list[dict] = []
    ref: list[dict] = []
    loads = [load()]
    for _ in range(args.rounds):
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        procs = start_service(db.dsn, port, workdir, 1, event_loop=args.event_loop)
        try:
            await wait_healthy(base)
            if not ours:
                tid, client_id, secret = await our_client(base)
            ours.append(
                measured(
                    f"{base}/oauth/{tid}/token",
                    request_lua(client_id, secret),
                    lambda procs=procs: [p.pid for p in procs] + postgres_pids(postmaster),
                    args,
                    workdir,
                )
            )
            print(f"ours: {ours[-1]}", flush=True)
        finally:
            stop(procs)
        rport = free_port()
        proc = await reference_up(rport, "bench-client", "bench-secret-" + "x" * 32)
        try:
            ref.append(
                measured(
                    f"http://127.0.0.1:{rport}/token",
                    request_lua("bench-client", "bench-secret-" + "x" * 32),
                    lambda proc=proc: [proc.pid],
                    args,
                    workdir,
                )
            )
            print(f"oidc-provider {version}: {ref[-1]}", flush=True)
        finally:
            proc.terminate()
            proc.wait()
        loads.append(load())
    mean = lambda runs, k: sum(r[k] for r in runs) / len(runs)  # noqa: E731
    return {
        "ours": ours,
        "ref": ref,
        "version": version,
        "loads": loads,
        "ours_rps": mean(ours, "rps"),
        "ref_rps": mean(ref, "rps"),
        "ratio": mean(ours, "rps") / mean(ref, "rps"),
        "ours_cpu": mean(ours, "cpu_us"),
        "ref_cpu": mean(ref, "cpu_us"),
    }


def section(r: dict, args: argparse.Namespace) -> str:
    rows = [
        ["client_credentials (one core)", "req/s (mean)", "each round", "CPU us/request", "p50 ms", "p99 ms", "non-2xx"]
    ]
    for name, runs, rps, cpu in (
        (f"oidc-provider {r['version']} (ES256 JWT)", r["ref"], r["ref_rps"], r["ref_cpu"]),
        ("this service (ES256 JWT)", r["ours"], r["ours_rps"], r["ours_cpu"]),
    ):
        rows.append(
            [
                name,
                f"{rps:.0f}",
                " / ".join(f"{x['rps']:.0f}" for x in runs),
                f"{cpu:.0f}",
                f"{runs[-1]['p50']:.2f}",
                f"{runs[-1]['p99']:.2f}",
                str(sum(x["non2xx"] for x in runs)),
            ]
        )
    met = r["ratio"] >= TARGET and all(x["non2xx"] == 0 for x in r["ours"] + r["ref"])
    return (
        f"{SECTION}\n\n"
        f"- date: {dt.datetime.now(dt.UTC).isoformat(timespec='seconds')}; load average (1 min) before and after"
        f" each round: {', '.join(r['loads'])}\n"
        f"- command: `.venv/bin/python {getattr(args, 'command', None) or own_command(args)}`\n"
        f"- both servers in turn on core 0 (ours with its worker and Postgres), wrk -t1 -c{CONNECTIONS} on core 1,"
        f" POST /token with HTTP Basic and scope={SCOPE}; rate limits off\n\n"
        + table(rows)
        + f"\n\nratio (this service / oidc-provider): **{r['ratio']:.2f}**, target >= {TARGET:.1f}:"
        f" {'met' if met else 'NOT met'}; CPU per request, oidc-provider / this service:"
        f" {r['ref_cpu'] / r['ours_cpu']:.2f} (the same comparison, independent of the share of core 0"
        f" each server got on a shared machine)\n"
    )


def own_command(args: argparse.Namespace) -> str:
    return (
        f"ops/bench/client_credentials.py --duration {args.duration} --rounds {args.rounds}"
        f" --event-loop {args.event_loop}"
    )


def write_section(text: str) -> None:
    """Put this section in RESULTS.md between its markers, replacing the one there (or appending
    it), leaving every other section, markers included, as it is."""
    path = HERE / "RESULTS.md"
    old = path.read_text() if path.exists() else "# Benchmark results\n"
    block = f"{BEGIN}\n{text.rstrip()}\n{END}\n"
    if BEGIN in old and END in old:
        head, rest = old.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        path.write_text(head + block + ("\n" + tail if tail else ""))
    else:
        path.write_text(old.rstrip("\n") + "\n\n" + block)


async def run(args: argparse.Namespace) -> dict:
    """args.load_before: the load average before the run (run.py passes its own, taken before
    its phases); args.force: write RESULTS.md whatever it was."""
    workdir = Path(tempfile.mkdtemp(prefix="identity-bench-cc-"))
    db = await BenchDatabase.create("bench_cc", args.dsn, embedded=not args.dsn)
    try:
        result = await measure(db, args, workdir)
    finally:
        await db.drop()
    text = section(result, args)
    print("\n" + text)
    if may_write_results(args.load_before, args.force):
        write_section(text)
    return result


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duration", type=int, default=10, help="seconds per measurement")
    ap.add_argument("--rounds", type=int, default=2, help="measurements of each server, alternated")
    ap.add_argument("--dsn", help="admin DSN of a Postgres to use instead of an embedded one")
    ap.add_argument(
        "--event-loop",
        choices=("asyncio", "uvloop"),
        default="uvloop",
        help="our service's IDENTITY_EVENT_LOOP (default: uvloop, the service's own default)",
    )
    ap.add_argument("--force", action="store_true", help="write RESULTS.md even if the machine was busy before the run")
    args = ap.parse_args(argv)
    args.load_before = load_average()
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    started = time.monotonic()
    asyncio.run(run(args))
    print(f"({time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()
