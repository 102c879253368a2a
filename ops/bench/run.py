#!/usr/bin/env python3
"""The benchmark: one command, a fresh database, real processes, wrk on its own core.

    .venv/bin/python ops/bench/run.py [--duration 10] [--list-users 1000000] [--dsn postgresql://...]

1. One core: the API process, a worker and Postgres share core 0 (taskset); wrk runs on core 1.
   Rate limits are off (IDENTITY_RATE_LIMITS=off). Each endpoint at full load (req/s, p50, p99),
   then again at half that rate (ops/bench/paced.py: open loop, each request's latency counted
   from when it fell due; p99 should stay under twice p50).
2. The job queue and webhooks (ops/bench/outbox_latency.py and ops/bench/webhooks.py, on core 0):
   commit-to-first-attempt latency, commit-to-receipt latency and deliveries per second.
3. The users list in a tenant of --list-users users (generated in SQL): first page, email filter
   and q search, through wrk with a secret key.
4. Two cores: two API processes, a worker and Postgres on both cores (wrk shares them), to see
   how throughput scales against step 1.
5. The ceilings on core 0: an aiohttp hello-world under wrk, asyncpg round trips and write
   transactions, argon2 at our parameters, ES256 sign and verify (ops/bench/ceilings.py).
   Sign-in's own argon2 ceiling is measured right before and after its run in step 1.

It prints the tables and writes them to ops/bench/RESULTS.md with the machine, the date and
the command; but only if the 1-minute load average before the run was at most 1.5
(ops/bench/common.py MAX_LOAD): on a busier machine it prints them and says why they were not
written, unless --force. The service runs on its default event loop (uvloop) unless
--event-loop asyncio.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

import aiohttp
import asyncpg
import refresh_ceiling
from common import BenchDatabase, load_average, may_write_results

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PY = sys.executable
MASTER = "mk_live_" + "b" * 40
#: /metrics' bearer token in the bench (refresh_ceiling.py reads the rotation batches there).
METRICS_TOKEN = "bench-metrics-" + "m" * 24
PASSWORD = "Bench-Passw0rd-Xq7!"
SERVICE_CORE, LOAD_CORE, ALL_CORES = "0", "1", "0,1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pin(pid: int, core: str) -> None:
    subprocess.run(["taskset", "-a", "-cp", core, str(pid)], check=False, capture_output=True)


def pin_postgres(postmaster: int | None, cores: str) -> None:
    if postmaster:
        pids = [postmaster] + [
            int(p)
            for p in subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
        ]
        for pid in pids:
            pin(pid, cores)  # backends forked later inherit the postmaster's cores


def start_service(
    dsn: str,
    port: int,
    workdir: Path,
    api_procs: int,
    rate_limits: str = "off",
    cores: str = SERVICE_CORE,
    event_loop: str = "uvloop",
) -> list[subprocess.Popen]:
    """The API processes share the cores' password threads out between them (one core each on
    the two-core layout): more argon2 hashes at once than cores only thrash the caches."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    if rate_limits == "redis":
        env["IDENTITY_REDIS_URL"] = os.environ.get("IDENTITY_REDIS_URL", "redis://127.0.0.1:6379/0")
    env.update(
        IDENTITY_DATABASE_URL=dsn,
        IDENTITY_RATE_LIMITS="off" if rate_limits == "off" else "on",
        IDENTITY_MASTER_KEY=MASTER,
        IDENTITY_METRICS_TOKEN=METRICS_TOKEN,
        IDENTITY_TRUSTED_PROXIES="127.0.0.1/32",
        IDENTITY_DATA_DIR=str(workdir / "data"),
        IDENTITY_SECRET_KEY="bench-secret",
        IDENTITY_WEBHOOK_ALLOW_HTTP="1",
        IDENTITY_PASSWORD_THREADS=str(max(1, len(cores.split(",")) // api_procs)),
        IDENTITY_EVENT_LOOP=event_loop,
    )
    log = open(workdir / "service.log", "ab")  # noqa: SIM115
    subprocess.run([PY, "-m", "identity.cli", "migrate"], env=env, check=True, stdout=log, stderr=log)
    procs = []
    for _ in range(api_procs):
        procs.append(
            subprocess.Popen(
                ["taskset", "-c", cores, PY, "-m", "identity.cli", "web", "--port", str(port)],
                env=env,
                stdout=log,
                stderr=log,
            )
        )
    procs.append(
        subprocess.Popen(["taskset", "-c", cores, PY, "-m", "identity.cli", "worker"], env=env, stdout=log, stderr=log)
    )
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
        async with s.post(
            base + "/v1/tenants",
            headers={"Authorization": f"Bearer {MASTER}"},
            json={
                "name": "bench",
                "plan": "enterprise",
                # with --rate-limits on, measure the limiter's cost, not throttling
                "rate_limits": {"read_per_minute": 10**7, "write_per_minute": 10**7, "auth_per_minute": 10**7},
                "auth_config": {"email_verification_required": False},
            },
        ) as r:
            tenant = await r.json()
        tid, pk, sk = tenant["id"], tenant["publishable_key"], tenant["secret_key"]
        hdr = {"Authorization": f"Bearer {pk}", "X-Tenant-ID": tid}
        sem = asyncio.Semaphore(8)

        async def sign_up(i: int) -> dict:
            # A distinct client address each, so the 5/min sign-up limit does not stop setup.
            headers = {**hdr, "X-Forwarded-For": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"}
            async with (
                sem,
                s.post(
                    base + "/v1/auth/sign-up", headers=headers, json={"email": f"u{i}@bench.test", "password": PASSWORD}
                ) as r,
            ):
                body = await r.json()
                assert r.status == 201, body
                return body["session"]

        sessions = await asyncio.gather(*[sign_up(i) for i in range(users)])
    return {
        "tid": tid,
        "pk": pk,
        "sk": sk,
        "access": [x["access_token"] for x in sessions],
        "refresh": [x["refresh_token"] for x in sessions],
        "users": users,
    }


async def fresh_refresh_tokens(base: str, d: dict) -> None:
    """New sessions for a refresh run: a run leaves its tokens rotated, and presenting a rotated
    token again is reuse, which revokes the session."""
    hdr = {"Authorization": f"Bearer {d['pk']}", "X-Tenant-ID": d["tid"]}
    sem = asyncio.Semaphore(8)
    async with aiohttp.ClientSession() as s:

        async def sign_in(i: int) -> str:
            async with (
                sem,
                s.post(
                    base + "/v1/auth/sign-in", headers=hdr, json={"email": f"u{i}@bench.test", "password": PASSWORD}
                ) as r,
            ):
                body = await r.json()
                assert r.status == 200, body
                return body["session"]["refresh_token"]

        d["refresh"] = list(await asyncio.gather(*[sign_in(i) for i in range(d["users"])]))


def lua_list(values: list[str]) -> str:
    return "{" + ",".join(json.dumps(v) for v in values) + "}"


def _lua_expr(template: str) -> str:
    """A Lua expression for a spec template: {item} and {i} become the script's variables."""
    pieces = [p for p in re.split(r"(\{item\}|\{i\})", template) if p]
    return " .. ".join({"{item}": "item", "{i}": "i"}.get(p) or json.dumps(p) for p in pieces) or '""'


def lua_for(spec: dict) -> str:
    """The wrk script that sends the requests a paced.py spec describes, so that the full-load
    and half-load runs share one definition: items used in turn, or with "chain" as a queue that
    each response's match refills (refresh tokens that rotate)."""
    headers = ", ".join(f"[{json.dumps(k)}] = {_lua_expr(v)}" for k, v in spec.get("headers", {}).items())
    body = _lua_expr(spec["body"]) if "body" in spec else "nil"
    fmt = f"wrk.format({json.dumps(spec.get('method', 'GET'))}, {_lua_expr(spec['path'])}, {{{headers}}}, {body})"
    templates = (spec["path"], spec.get("body", ""), *spec.get("headers", {}).values())
    if not spec.get("chain") and not any("{i}" in t for t in templates):
        # Every request is one of len(items) strings: build them once (in init, where wrk has set
        # the Host header), so that wrk spends no Lua formatting per request. wrk shares the
        # service's cores in the two-core layout, where its cost per request is taken from ours.
        return f"""local items = {lua_list(spec["items"])}
local reqs = {{}}
local i = 0
init = function(args)
  for k, item in ipairs(items) do reqs[k] = {fmt} end
end
request = function()
  i = i + 1
  return reqs[(i % #reqs) + 1]
end
"""
    pick = 'table.remove(items, 1) or "exhausted"' if spec.get("chain") else "items[(i % #items) + 1]"
    script = f"""local items = {lua_list(spec["items"])}
local i = 0
request = function()
  i = i + 1
  local item = {pick}
  return {fmt}
end
"""
    if spec.get("chain"):
        script += f"""response = function(status, headers, body)
  local r = body:match({json.dumps(spec["chain"])})
  if r then table.insert(items, r) end
end
"""
    return script


def request_specs(d: dict) -> dict[str, dict]:
    """Each endpoint's requests, for wrk at full load (lua_for, full_connections) and for
    ops/bench/paced.py at half load (connections). Built anew for each run: sign-up's addresses
    carry the time."""
    auth = {"X-Tenant-ID": d["tid"], "Content-Type": "application/json"}
    return {
        "GET /v1/auth/me": {
            "path": "/v1/auth/me",
            "connections": 32,
            "full_connections": 64,
            "items": d["access"],
            "headers": {"Authorization": "Bearer {item}", "X-Tenant-ID": d["tid"]},
        },
        "POST /v1/sessions/verify": {
            "method": "POST",
            "path": "/v1/sessions/verify",
            "connections": 32,
            "full_connections": 64,
            "items": d["access"],
            "body": '{"token":"{item}"}',
            "headers": {**auth, "Authorization": f"Bearer {d['sk']}"},
        },
        # The chain is both a Python regex (paced.py) and a Lua pattern (wrk).
        "POST /v1/auth/token/refresh": {
            "method": "POST",
            "path": "/v1/auth/token/refresh",
            "connections": min(32, d["users"]),
            "items": d["refresh"],
            "chain": '"refresh_token":"([^"]+)"',
            "body": '{"refresh_token":"{item}"}',
            "headers": {**auth, "Authorization": f"Bearer {d['pk']}"},
        },
        "POST /v1/auth/sign-in": {
            "method": "POST",
            "path": "/v1/auth/sign-in",
            "connections": 8,
            "items": [f"u{i}@bench.test" for i in range(d["users"])],
            "body": '{"email":"{item}","password":"' + PASSWORD + '"}',
            "headers": {**auth, "Authorization": f"Bearer {d['pk']}"},
        },
        "POST /v1/auth/sign-up": {
            "method": "POST",
            "path": "/v1/auth/sign-up",
            "connections": 8,
            "items": [f"h{time.time_ns()}"],
            "body": '{"email":"{item}-{i}@bench.test","password":"' + PASSWORD + '"}',
            "headers": {**auth, "Authorization": f"Bearer {d['pk']}"},
        },
    }


def paced(base: str, spec: dict, rate: float, seconds: int, workdir: Path) -> dict:
    """ops/bench/paced.py on the load core: requests due evenly at rate, latency counted from the
    time each fell due."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    path = workdir / f"paced{time.time_ns()}.json"
    path.write_text(json.dumps({**spec, "host": host, "port": int(port), "rate": rate, "seconds": seconds}))
    out = subprocess.run(
        ["taskset", "-c", LOAD_CORE, PY, str(HERE / "paced.py"), str(path)], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)


_UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def wrk(url: str, lua: str | None, connections: int, seconds: int, workdir: Path, cores: str = LOAD_CORE) -> dict:
    """wrk's figures, at full load (as fast as the connections go)."""
    cmd = ["taskset", "-c", cores, "wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if lua:
        path = workdir / f"s{time.time_ns()}.lua"
        path.write_text(lua)
        cmd += ["-s", str(path)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    # The CPU wrk used, in cores (1.0 = one core busy): the two-core table gives it back.
    wrk_cores = ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) / wall

    def pct(p: str) -> float:
        m = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)\b", out)
        return float(m.group(1)) * _UNIT[m.group(2)] if m else float("nan")

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p50": pct("50"),
        "p99": pct("99"),
        "non2xx": int(errors.group(1)) if errors else 0,
        "wrk_cores": round(wrk_cores, 3),
    }


def table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |" for r in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


SHORT = {
    "GET /v1/auth/me": "me",
    "POST /v1/sessions/verify": "verify",
    "POST /v1/auth/token/refresh": "refresh",
    "POST /v1/auth/sign-in": "signin",
    "POST /v1/auth/sign-up": "signup",
}
#: Scenarios run again with two API processes on two cores (argon2-bound and Python-bound).
SCALING = ("me", "verify", "refresh", "signin")


async def settle(dsn: str, jobs: bool = True) -> None:
    """Between runs: let the service finish what the last run left queued (requests in the
    password pool, email jobs in the worker unless jobs is False: no worker runs), so a run does
    not pay for the one before."""
    await asyncio.sleep(1.0)
    conn = await asyncpg.connect(dsn)
    try:
        for _ in range(600):  # the worker's backlog, and autovacuum cleaning up after the last run
            if not await conn.fetchval(
                """SELECT (SELECT count(*) FROM procrastinate_jobs WHERE $1 AND status IN ('todo', 'doing')
                                  AND coalesce(scheduled_at, now()) <= now())
                            + (SELECT count(*) FROM pg_stat_activity
                               WHERE backend_type = 'autovacuum worker')""",
                jobs,
            ):
                break
            await asyncio.sleep(0.1)
    finally:
        await conn.close()


async def checkpoint(dsn: str) -> None:
    """Write out what a bulk load dirtied, so the next measurement does not pay for it in I/O
    (a server where we are not superuser keeps its own schedule)."""
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("CHECKPOINT")
    except asyncpg.InsufficientPrivilegeError:
        pass
    finally:
        await conn.close()


async def endpoint_runs(
    base: str,
    dsn: str,
    data: dict,
    args: argparse.Namespace,
    workdir: Path,
    wanted: set[str] | None,
    cores: str = LOAD_CORE,
    half_load: bool = True,
) -> tuple[dict, dict]:
    full: dict[str, dict] = {}
    half: dict[str, dict] = {}
    for name, short in SHORT.items():
        if wanted and short not in wanted:
            continue
        for mode in ("full", "half") if half_load else ("full",):
            await settle(dsn)
            if short == "refresh":
                await fresh_refresh_tokens(base, data)
            spec = request_specs(data)[name]
            if mode == "half":
                result = paced(base, spec, full[name]["rps"] / 2, args.duration, workdir)
            elif short == "refresh" and cores == LOAD_CORE:
                result = await refresh_rounds(base, dsn, data, spec, args, workdir)
            else:
                adjacent = short == "signin" and cores == LOAD_CORE
                before = argon2_ceiling() if adjacent else None
                result = wrk(
                    base + spec["path"],
                    lua_for(spec),
                    spec.get("full_connections", spec["connections"]),
                    args.duration,
                    workdir,
                    cores=cores,
                )
                if before is not None:
                    # The machine drifts by +-5 % within minutes; a ceiling from the end of the
                    # run would add that drift to the ratio.
                    result["argon2_adjacent"] = (before + argon2_ceiling()) / 2
            (full if mode == "full" else half)[name] = result
            print(f"{name} [{mode} load, {'paced.py' if mode == 'half' else 'wrk'} on {cores}]: {result}", flush=True)
    return full, half


async def refresh_rounds(base: str, dsn: str, data: dict, spec: dict, args: argparse.Namespace, workdir: Path) -> dict:
    """Refresh at full load read against the Postgres ceilings measured right before and right
    after it (refresh_ceiling.py), args.refresh_rounds times with new sessions each: the round
    with the median ratio, carrying every round's figures (the machine's speed moves by 10 % and
    more between minutes, and the ceilings with it)."""
    rounds = []
    for n in range(args.refresh_rounds):
        if n:
            await settle(dsn)
            await fresh_refresh_tokens(base, data)
            spec = request_specs(data)["POST /v1/auth/token/refresh"]
        pg_before = refresh_ceiling.db_ceilings(dsn, SERVICE_CORE)
        batches_before = await refresh_ceiling.batches(base, METRICS_TOKEN)
        connections = spec.get("full_connections", spec["connections"])
        result = wrk(base + spec["path"], lua_for(spec), connections, args.duration, workdir)
        batches_after = await refresh_ceiling.batches(base, METRICS_TOKEN)
        result["mean_batch"] = refresh_ceiling.mean_batch(batches_before, batches_after)
        result["pg_adjacent"] = refresh_ceiling.adjacent(pg_before, refresh_ceiling.db_ceilings(dsn, SERVICE_CORE))
        print(f"refresh round {n + 1}: {refresh_ceiling.lines(result)[0]}", flush=True)
        rounds.append(result)
    ordered = sorted(rounds, key=lambda r: refresh_ceiling.ratios(r)[0])
    median = dict(ordered[len(ordered) // 2])
    median["rounds"] = [{k: v for k, v in r.items() if k != "rounds"} for r in rounds]
    return median


async def two_core_runs(
    dsn: str, postmaster: int | None, port: int, data: dict, args: argparse.Namespace, workdir: Path, wanted: set[str]
) -> dict:
    """Two API processes on both cores; wrk shares them (this machine has two)."""
    base = f"http://127.0.0.1:{port}"
    pin_postgres(postmaster, ALL_CORES)
    procs = start_service(dsn, port, workdir, 2, args.rate_limits, cores=ALL_CORES, event_loop=args.event_loop)
    try:
        await wait_healthy(base)
        two, _ = await endpoint_runs(base, dsn, data, args, workdir, wanted, cores=ALL_CORES, half_load=False)
    finally:
        stop(procs)
        pin_postgres(postmaster, SERVICE_CORE)
    return two


def argon2_ceiling() -> float:
    """argon2 verifications per second on the service core, now (ops/bench/ceilings.py)."""
    return json.loads(
        subprocess.run(
            ["taskset", "-c", SERVICE_CORE, PY, str(HERE / "ceilings.py"), "--argon2"],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
    )


async def users_list_runs(base: str, dsn: str, args: argparse.Namespace, workdir: Path) -> dict:
    """A tenant of args.list_users users, generated in SQL; wrk on the list, the email filter
    and q search."""
    from users_list import FIRST, GENERATE, LAST  # here: it imports the app, which run.py needs nowhere else

    async with aiohttp.ClientSession() as s:
        async with s.post(
            base + "/v1/tenants",
            headers={"Authorization": f"Bearer {MASTER}"},
            json={"name": "bench users", "plan": "enterprise"},
        ) as r:
            tenant = await r.json()
    conn = await asyncpg.connect(dsn)
    try:
        started = time.perf_counter()
        await conn.execute(GENERATE, tenant["id"], args.list_users)
        await conn.execute("VACUUM ANALYZE users")
        await conn.execute("VACUUM ANALYZE user_counts")
        print(f"generated {args.list_users:,} users in {time.perf_counter() - started:.0f} s", flush=True)
        await checkpoint(dsn)
        emails = [
            r["email"]
            for r in await conn.fetch(
                "SELECT email FROM users TABLESAMPLE SYSTEM (1) WHERE tenant_id = $1 LIMIT 500", tenant["id"]
            )
        ]
    finally:
        await conn.close()
    rnd = random.Random(7)
    terms = [
        rnd.choice(
            [
                rnd.choice(FIRST),
                rnd.choice(LAST),
                f"{rnd.choice(FIRST)} {rnd.choice(LAST)}",
                rnd.choice(emails).split("@")[0],
            ]
        )
        for _ in range(500)
    ]
    common = (
        f'local hdr = {{["Authorization"] = "Bearer {tenant["secret_key"]}", '
        f'["X-Tenant-ID"] = "{tenant["id"]}"}}\nlocal i = 0\n'
    )

    def rotating(prefix: str, values: list[str]) -> str:
        return (
            common
            + f"""local paths = {lua_list([prefix + quote(v) for v in values])}
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], hdr)
end"""
        )

    workloads = {
        f"GET /v1/users (first page, {args.list_users:,} users)": rotating("/v1/users", [""]),
        "GET /v1/users?email= (existing)": rotating("/v1/users?email=", emails),
        "GET /v1/users?q= (names, emails)": rotating("/v1/users?q=", terms),
    }
    results = {}
    for name, lua in workloads.items():
        results[name] = wrk(base + "/v1/users", lua, 16, args.duration, workdir)
        print(f"{name}: {results[name]}", flush=True)
    return results


def queue_runs(admin_dsn: str, workdir: Path) -> dict:
    """The job queue's and the webhooks' own benchmarks, on the service core, same Postgres."""
    env = {**os.environ, "IDENTITY_DATABASE_URL": admin_dsn}
    out = {}
    for name, argv in (
        ("outbox", ["outbox_latency.py", "-n", "300"]),
        ("webhooks", ["webhooks.py", "-n", "200", "-m", "2000"]),
    ):
        target = workdir / f"{name}.json"
        subprocess.run(
            ["taskset", "-c", SERVICE_CORE, PY, str(HERE / argv[0]), *argv[1:], "--json", str(target)],
            env=env,
            check=True,
            cwd=ROOT,
        )
        out[name] = json.loads(target.read_text())
        print(f"{name}: {out[name]}", flush=True)
    return out


def stop(procs: list[subprocess.Popen]) -> None:
    for p in procs:
        p.send_signal(signal.SIGTERM)
    for p in procs:
        p.wait(timeout=60)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duration", type=int, default=10, help="seconds per scenario")
    ap.add_argument("--users", type=int, default=64)
    ap.add_argument("--api-procs", type=int, default=1, help="API processes in the one-core layout")
    ap.add_argument("--list-users", type=int, default=1_000_000, help="users in the users-list tenant")
    ap.add_argument("--dsn", help="admin DSN of a Postgres to use instead of an embedded one")
    ap.add_argument(
        "--rate-limits",
        choices=("off", "memory", "redis"),
        default="off",
        help="measure with rate limiting on (in-process or Redis) to see its cost",
    )
    ap.add_argument(
        "--scenarios",
        help="comma-separated subset, e.g. me,verify: one core only, no RESULTS.md;"
        " client_credentials: ours beside oidc-provider (its section of RESULTS.md), after the"
        " others (refresh,client_credentials: both of issue T's figures in one run)",
    )
    ap.add_argument(
        "--refresh-rounds",
        type=int,
        default=3,
        help="refresh runs, each beside its own Postgres ceilings; the median ratio is the figure",
    )
    ap.add_argument("--half", action="store_true", help="with --scenarios: the half-load runs too")
    ap.add_argument(
        "--event-loop",
        choices=("asyncio", "uvloop"),
        default="uvloop",
        help="the service's IDENTITY_EVENT_LOOP (default: uvloop, the service's own default)",
    )
    ap.add_argument("--force", action="store_true", help="write RESULTS.md even if the machine was busy before the run")
    ap.add_argument(
        "--two-cores", action="store_true", help="with --scenarios: the two-core runs too, and their ratios to one core"
    )
    args = ap.parse_args()
    args.load_before = load_average()  # before anything of the run's own
    if not shutil.which("wrk"):
        raise SystemExit("wrk is needed: apt-get install wrk")
    wanted = set(args.scenarios.split(",")) if args.scenarios else set()
    # client_credentials is a comparison of its own (client_credentials.py), after the rest
    tokens = not wanted or "client_credentials" in wanted
    args.scenarios = ",".join(sorted(wanted - {"client_credentials"})) or None
    r: dict = {}
    if args.scenarios or not wanted:
        workdir = Path(tempfile.mkdtemp(prefix="identity-bench-"))
        db = await BenchDatabase.create("bench", args.dsn, embedded=not args.dsn)
        try:
            r = await measure(db, args, workdir)
        finally:
            await db.drop()
    cc = await machine_tokens(args) if tokens else None
    token_targets(r, cc)


def token_targets(r: dict, cc: dict | None) -> None:
    """Issue T's two figures, when this run measured them: client_credentials beside
    oidc-provider, refresh beside the round-trip ceiling."""
    x = r.get("full", {}).get("POST /v1/auth/token/refresh")
    out = []
    if cc is not None:
        import client_credentials

        met = cc["ratio"] >= client_credentials.TARGET
        out.append(
            f"client_credentials {cc['ratio']:.2f} x oidc-provider"
            f" (target >= {client_credentials.TARGET:.1f}: {'met' if met else 'NOT met'})"
        )
    if x and "pg_adjacent" in x:
        rt = refresh_ceiling.ratios(x)[0]
        met = rt >= refresh_ceiling.TARGET
        out.append(
            f"refresh {rt:.3f} of the round-trip ceiling, median round"
            f" (target >= {refresh_ceiling.TARGET}: {'met' if met else 'NOT met'})"
        )
    if out:
        print("\ntoken endpoints in this run: " + "; ".join(out))


async def machine_tokens(args: argparse.Namespace) -> dict:
    """client_credentials beside oidc-provider (ops/bench/client_credentials.py): its own section
    of RESULTS.md; its figures."""
    import client_credentials

    return await client_credentials.run(
        argparse.Namespace(
            duration=args.duration,
            rounds=2,
            dsn=args.dsn,
            event_loop=args.event_loop,
            load_before=args.load_before,
            force=args.force,
            command=" ".join(["ops/bench/run.py", *sys.argv[1:]]),
        )
    )


async def measure(db: BenchDatabase, args: argparse.Namespace, workdir: Path) -> dict:
    admin, dsn = db.admin_dsn, db.dsn
    info = db.server.get_postmaster_info() if db.server is not None else None
    postmaster = info.pid if info else None
    pin_postgres(postmaster, SERVICE_CORE)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    wanted = set(args.scenarios.split(",")) if args.scenarios else None
    procs = start_service(dsn, port, workdir, args.api_procs, args.rate_limits, event_loop=args.event_loop)
    r: dict = {}
    try:
        await wait_healthy(base)
        data = await setup(base, args.users)
        r["full"], r["half"] = await endpoint_runs(
            base, dsn, data, args, workdir, wanted, half_load=not wanted or args.half
        )
    finally:
        stop(procs)
    if wanted:
        if args.two_cores:
            two = await two_core_runs(dsn, postmaster, port, data, args, workdir, wanted & set(SCALING))
            for name, x in two.items():
                one = r["full"][name]["rps"]
                print(
                    f"{name} on two cores: {x['rps'] / one:.2f} x one core,"
                    f" {x['rps'] * 2 / max(0.1, 2 - x['wrk_cores']) / one:.2f} x with wrk's share"
                    f" ({x['wrk_cores']:.2f} cores) given back"
                )
        for name, x in r["half"].items():
            print(f"{name} at half load: p99/p50 {tail_ratio(x):.2f}")
        for name, x in r["full"].items():
            if "argon2_adjacent" in x:
                print(
                    f"{name}: {x['rps'] / x['argon2_adjacent']:.3f} of the argon2 ceiling"
                    f" ({x['argon2_adjacent']:.1f}/s, measured beside it)"
                )
        write_refresh_section(r, args)
        return r
        return
    # The queue before the million users: their load leaves Postgres busy (autovacuum,
    # checkpoints) well after it ends, which once halved the webhook figures.
    await checkpoint(dsn)
    await settle(dsn, jobs=False)
    r["queue"] = queue_runs(admin, workdir)
    procs = start_service(dsn, port, workdir, args.api_procs, args.rate_limits, event_loop=args.event_loop)
    try:
        await wait_healthy(base)
        r["list"] = await users_list_runs(base, dsn, args, workdir)
    finally:
        stop(procs)
    r["two"] = await two_core_runs(dsn, postmaster, port, data, args, workdir, set(SCALING))
    # Ceilings, on the service core.
    async with pinned_server("hello.py") as hello:
        r["hello"] = wrk(hello + "/", None, 64, args.duration, workdir)
        # The same pacing against the bare framework, then against a bare epoll server: what the
        # core, the kernel and the hypervisor give a sub-millisecond request before any of our code.
        r["half"]["aiohttp hello-world"] = paced(hello, FLOOR_SPEC, r["hello"]["rps"] / 2, args.duration, workdir)
    async with pinned_server("rawhello.py") as raw:
        r["half"]["bare epoll server (machine floor)"] = paced(
            raw, FLOOR_SPEC, r["hello"]["rps"] / 2, args.duration, workdir
        )
    ceil = json.loads(
        subprocess.run(
            ["taskset", "-c", SERVICE_CORE, PY, str(HERE / "ceilings.py"), dsn],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
        ).stdout
    )
    report(r, ceil, args)


FLOOR_SPEC = {"path": "/", "connections": 32}


@contextlib.asynccontextmanager
async def pinned_server(script: str) -> AsyncIterator[str]:
    """ops/bench/<script> serving on a free port on the service core, until the block ends: its
    base URL."""
    port = free_port()
    proc = subprocess.Popen(["taskset", "-c", SERVICE_CORE, PY, str(HERE / script), str(port)])
    try:
        await wait_hello(port)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait()


async def wait_hello(port: int) -> None:
    async with aiohttp.ClientSession() as s:
        for _ in range(100):
            try:
                async with s.get(f"http://127.0.0.1:{port}/"):
                    return
            except aiohttp.ClientError:
                await asyncio.sleep(0.1)


def tail_ratio(x: dict) -> float:
    """p99 / p50 of a half-load run (the target: under 2)."""
    return x["p99"] / x["p50"] if x["p50"] else float("inf")


def _ms(v: float) -> str:
    return f"{v:.2f}"


def report(r: dict, ceil: dict, args: argparse.Namespace) -> None:
    hello = r["hello"]["rps"]
    signin_ceiling = r["full"]["POST /v1/auth/sign-in"]["argon2_adjacent"]
    ceilings = {
        "GET /v1/auth/me": ("hello-world", hello, 2500),
        "POST /v1/sessions/verify": ("hello-world", hello, 3000),
        "POST /v1/auth/token/refresh": ("pg write tx/s", ceil["pg_write_tx_per_s"], 800),
        "POST /v1/auth/sign-in": ("argon2 verify/s beside it", signin_ceiling, 0.9 * signin_ceiling),
        "POST /v1/auth/sign-up": ("argon2 hash/s", ceil["argon2_verify_per_s"], 30),
    }
    rows = [["endpoint (one core)", "req/s", "p50 ms", "p99 ms", "non-2xx", "ceiling", "ratio", "target", "met"]]
    for name, (cname, cval, target) in ceilings.items():
        x = r["full"][name]
        rows.append(
            [
                name,
                f"{x['rps']:.0f}",
                _ms(x["p50"]),
                _ms(x["p99"]),
                str(x["non2xx"]),
                f"{cname} {cval:.0f}",
                f"{x['rps'] / cval:.2f}",
                f"{target:.0f}",
                "yes" if x["rps"] >= target and x["non2xx"] == 0 else "NO",
            ]
        )
    h = r["hello"]
    rows.append(["aiohttp hello-world", f"{h['rps']:.0f}", _ms(h["p50"]), _ms(h["p99"]), "0", "", "", "", ""])

    half = [["endpoint at half load", "req/s", "p50 ms", "p90 ms", "p99 ms", "p99 / p50", "met (< 2)"]]
    for name, x in r["half"].items():
        ratio = tail_ratio(x)
        half.append(
            [
                name,
                f"{x['rps']:.0f}",
                _ms(x["p50"]),
                _ms(x["p90"]),
                _ms(x["p99"]),
                f"{ratio:.2f}",
                "yes" if ratio < 2 and x["non2xx"] == 0 else "NO",
            ]
        )

    listing = [["users list (16 connections)", "req/s", "p50 ms", "p99 ms", "non-2xx"]]
    for name, x in r["list"].items():
        listing.append([name, f"{x['rps']:.0f}", _ms(x["p50"]), _ms(x["p99"]), str(x["non2xx"])])

    q = r["queue"]
    queue = [
        ["job queue and webhooks (core 0)", "value"],
        ["outbox commit -> first attempt p50 ms", _ms(q["outbox"]["p50_ms"])],
        ["outbox commit -> first attempt p99 ms", _ms(q["outbox"]["p99_ms"])],
        ["webhook commit -> receipt p50 ms", _ms(q["webhooks"]["latency_p50_ms"])],
        ["webhook commit -> receipt p99 ms", _ms(q["webhooks"]["latency_p99_ms"])],
        [
            f"webhook deliveries/s (burst of {q['webhooks']['deliveries']}, one endpoint)",
            f"{q['webhooks']['deliveries_per_s']:.0f}",
        ],
        ["webhook deliveries missing / duplicated", f"{q['webhooks']['missing']} / {q['webhooks']['duplicates']}"],
    ]

    scale = [
        [
            "two API processes, two cores",
            "one core req/s",
            "two cores req/s",
            "ratio",
            "wrk's share (cores)",
            "ratio without wrk's share",
            "met (>= 1.8)",
        ]
    ]
    for name, x in r["two"].items():
        one = r["full"][name]["rps"]
        # wrk ran on the service's cores here (it had a core of its own in the one-core layout):
        # what the service would do with the share wrk took, at the same cost per request.
        projected = x["rps"] * 2 / max(0.1, 2 - x["wrk_cores"])
        scale.append(
            [
                name,
                f"{one:.0f}",
                f"{x['rps']:.0f}",
                f"{x['rps'] / one:.2f}",
                f"{x['wrk_cores']:.2f}",
                f"{projected / one:.2f}",
                "yes"
                if x["rps"] / one >= 1.8 and x["non2xx"] == 0
                else ("with wrk's share" if projected / one >= 1.8 else "NO"),
            ]
        )

    ceil_rows = [["ceiling (core 0)", "value"]] + [[k, f"{v:.1f}"] for k, v in ceil.items()]
    cpu = next(
        (
            ln.split(":", 1)[1].strip()
            for ln in Path("/proc/cpuinfo").read_text().splitlines()
            if ln.startswith("model name")
        ),
        platform.processor(),
    )
    text = (
        f"# Benchmark results\n\n"
        f"- date: {dt.datetime.now(dt.UTC).isoformat(timespec='seconds')}\n"
        f"- machine: {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}\n"
        f"- command: `.venv/bin/python ops/bench/run.py --duration {args.duration} --users {args.users}"
        f" --api-procs {args.api_procs} --list-users {args.list_users}`\n"
        f"- one-core layout: {args.api_procs} API process(es), 1 worker and Postgres pinned to core 0;"
        f" wrk -t1 on core 1; rate limits off; {args.duration} s per scenario\n"
        f"- half load: ops/bench/paced.py on core 1 sends requests evenly at half the full-load rate (open"
        f" loop; latency counted from when each request fell due); the last two rows are the same pacing"
        f" against a bare aiohttp server and a bare epoll server on core 0\n"
        f"- sign-in's ceiling: argon2 verifications/s on core 0 measured right before and right after"
        f" its run (the mean), since the machine drifts by several per cent within minutes; the"
        f" ceilings table is measured at the end\n"
        f"- two-core layout: 2 API processes, 1 worker, Postgres and wrk all on cores 0-1 (the machine"
        f" has two, so wrk takes part of the service's CPU)\n\n"
        + "\n\n".join(table(t) for t in (rows, half, listing, queue, scale, ceil_rows))
        + "\n"
    )
    print("\n" + text)
    if may_write_results(args.load_before, args.force):
        (HERE / "RESULTS.md").write_text(text)
    write_refresh_section(r, args)
    return r


def write_refresh_section(r: dict, args: argparse.Namespace) -> None:
    """Refresh's ratios to the Postgres ceilings beside it: printed, and their own section of
    RESULTS.md (also from a targeted --scenarios run that includes refresh)."""
    x = r["full"].get("POST /v1/auth/token/refresh")
    if not x or "pg_adjacent" not in x:
        return
    for line in refresh_ceiling.lines(x):
        print(line)
    if not may_write_results(args.load_before, args.force):
        return
    command = " ".join(["ops/bench/run.py", *sys.argv[1:]])
    refresh_ceiling.write_section(
        HERE / "RESULTS.md",
        refresh_ceiling.section(
            x, f".venv/bin/python {command}", dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        ),
    )


if __name__ == "__main__":
    asyncio.run(main())
