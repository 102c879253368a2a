#!/usr/bin/env python3
"""What one token request costs, in figures a busy machine does not move much:

    IDENTITY_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres \\
        .venv/bin/python ops/bench/per_request.py [--requests 2000] [--seconds 8] [--profile]

The API runs in this process (no worker: neither endpoint needs one), on a fresh database of
that server, with rate limits off. For POST /v1/auth/token/refresh (rotation, as the bench
sends it) and for client_credentials (POST /oauth/{tenant}/token, HTTP Basic, one scope) it
prints:

- statements and transactions per request: --requests requests sent one after another by an
  in-process client, every statement of the API's pool counted with asyncpg's query logger, and
  the database's committed transactions from pg_stat_database;
- CPU per request: wrk (-t1 -c8, on core 1) for --seconds against the API, the CPU this process
  and the database's backends (read from /proc) spent, divided by the requests wrk counted.
  The client's CPU is not in it. A shared machine stretches wall time, not CPU time, so this
  moves far less than req/s does;
- with --profile, the Python function calls per request (a count the machine's load does not
  change) and the functions the API spent its CPU in (cProfile, during the first wrk run).

BENCH_CODE_ROOT=/path/to/checkout runs another checkout's service code under this harness.
With --logs the API writes its log lines (the access line of every request) as the service
does, to /dev/null: without it the root logger's level leaves them out.

It starts no Postgres: give it a server (it creates a database there and drops it after).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import cProfile
import io
import logging
import os
import pstats
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import asyncpg
from common import BenchDatabase
from run import LOAD_CORE, MASTER, PASSWORD, PY, ROOT, free_port, lua_for

# BENCH_CODE_ROOT: another checkout's code (the one before a change, say) under the same harness.
sys.path.insert(0, os.environ.get("BENCH_CODE_ROOT") or str(ROOT))

from identity.app import create_app  # noqa: E402
from identity.config import Settings  # noqa: E402
from identity.db.pool import create_pool  # noqa: E402
from identity.http import server  # noqa: E402

USERS = int(os.environ.get("BENCH_USERS", "32"))
SCOPE = "reports:read"


def env_for(dsn: str, workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env.update(
        IDENTITY_DATABASE_URL=dsn,
        IDENTITY_RATE_LIMITS="off",
        IDENTITY_MASTER_KEY=MASTER,
        IDENTITY_TRUSTED_PROXIES="127.0.0.1/32",
        IDENTITY_DATA_DIR=str(workdir / "data"),
        IDENTITY_SECRET_KEY="bench-secret",
        IDENTITY_PASSWORD_THREADS="1",
    )
    return env


def cpu_of(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


async def backends(dsn: str, name: str) -> list[int]:
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", name)
    finally:
        await conn.close()
    return [r["pid"] for r in rows]


async def commits(dsn: str, name: str) -> int:
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute("SELECT pg_stat_clear_snapshot()")
        return int(await conn.fetchval("SELECT xact_commit FROM pg_stat_database WHERE datname = $1", name))
    finally:
        await conn.close()


async def wrk_async(url: str, lua: str, seconds: int, workdir: Path) -> int:
    """Requests wrk completed (it runs as a child while this loop keeps serving)."""
    path = workdir / f"s{time.time_ns()}.lua"
    path.write_text(lua)
    proc = await asyncio.create_subprocess_exec(
        "taskset",
        "-c",
        LOAD_CORE,
        "wrk",
        "-t1",
        "-c8",
        f"-d{seconds}s",
        "-s",
        str(path),
        url,
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await proc.communicate()
    text = out.decode()
    done = int(re.search(r"(\d+) requests in", text).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    if bad:
        print(f"  !! {bad.group(1)} non-2xx answers", flush=True)
    return done


class RawClient:
    """One keep-alive connection sending prebuilt HTTP/1.1 requests one after another: next to
    nothing of its own in this process's profile (a few calls per request, the same for any
    version of the service)."""

    def __init__(self, port: int) -> None:
        self.port = port

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def send(self, path: str, headers: dict[str, str], body: bytes) -> bytes:
        head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nContent-Length: {len(body)}\r\n"
        head += "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
        self.writer.write(head.encode() + body)
        status_and_headers = await self.reader.readuntil(b"\r\n\r\n")
        length = int(re.search(rb"(?i)content-length: (\d+)", status_and_headers).group(1))
        answer = await self.reader.readexactly(length)
        if not status_and_headers.startswith(b"HTTP/1.1 200"):
            raise SystemExit(f"{path}: {status_and_headers[:200]!r} {answer[:300]!r}")
        return answer


class Harness:
    def __init__(self, db: BenchDatabase, workdir: Path, base: str, pool: asyncpg.Pool) -> None:
        self.db, self.workdir, self.base, self.pool = db, workdir, base, pool
        self.statements: list[str] = []
        self.profile_path: str | None = None

    def count_statements(self, on: bool) -> None:
        for holder in self.pool._holders:  # a bench tool may look inside asyncpg's pool
            con = holder._con
            if con is None:
                continue
            if on:
                con.add_query_logger(self._log)
            else:
                con.remove_query_logger(self._log)

    def _log(self, record: object) -> None:
        self.statements.append(record.query)  # type: ignore[attr-defined]

    async def per_request_sql(self, send, n: int) -> dict:
        for _ in range(20):
            await send()  # warm: prepared statements, caches
        self.statements.clear()
        self.count_statements(True)
        before = await commits(self.db.admin_dsn, self.db.name)
        for _ in range(n):
            await send()
        await asyncio.sleep(0.05)
        self.count_statements(False)
        after = await commits(self.db.admin_dsn, self.db.name)
        distinct: dict[str, int] = {}
        for s in self.statements:
            key = " ".join(s.split())[:90]
            distinct[key] = distinct.get(key, 0) + 1
        return {
            "statements": len(self.statements) / n,
            # minus the one the reading connection's own query makes
            "commits": (after - before - 1) / n,
            "which": {k: round(v / n, 3) for k, v in sorted(distinct.items(), key=lambda kv: -kv[1])},
        }

    async def sequential(self, send, n: int) -> dict:
        """n requests one after another over one connection: the Python function calls per
        request (cProfile's count: the same on a busy machine as on an idle one), then the CPU
        per request of this process (the client's small share included) without the profiler."""
        for _ in range(50):
            await send()
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(n):
            await send()
        prof.disable()
        stats = pstats.Stats(prof)
        calls = stats.total_calls / n  # type: ignore[attr-defined]
        if self.profile_path:
            stats.dump_stats(f"{self.profile_path}.{len(self.statements)}.{time.time_ns()}")
        started = own_cpu()
        for _ in range(n):
            await send()
        return {"calls": calls, "cpu_us": (own_cpu() - started) * 1e6 / n}

    async def cpu(self, url: str, lua: str, seconds: int, profile: bool, warm_lua: str | None = None) -> dict:
        # warm-up; opens the pool's connections (refresh: on other sessions, since a token the
        # warm-up rotated would be replayed, not rotated, when the measured run sends it again)
        await wrk_async(url, warm_lua or lua, 1, self.workdir)
        pids = await backends(self.db.admin_dsn, self.db.name)
        self.statements.clear()
        self.count_statements(True)  # under load too: a lost race costs statements a lone client never sees
        ours, theirs = own_cpu(), cpu_of(pids)
        prof = cProfile.Profile() if profile else None
        if prof:
            prof.enable()
        done = await wrk_async(url, lua, seconds, self.workdir)
        if prof:
            prof.disable()
        ours, theirs = own_cpu() - ours, cpu_of(pids) - theirs
        self.count_statements(False)
        out = {
            "statements": len(self.statements) / max(done, 1),
            "requests": done,
            "api_us": ours * 1e6 / max(done, 1),
            "postgres_us": theirs * 1e6 / max(done, 1),
        }
        if prof:
            buf = io.StringIO()
            stats = pstats.Stats(prof, stream=buf)
            calls = stats.total_calls  # type: ignore[attr-defined]
            out["calls"] = calls / max(done, 1)
            stats.sort_stats("tottime").print_stats(30)
            stats.sort_stats("cumulative").print_stats(r"identity|jwts|aiohttp/web_(app|protocol)", 45)
            if self.profile_path:
                stats.dump_stats(self.profile_path)
            out["profile"] = buf.getvalue()
        return out


async def setup(base: str) -> dict:
    async with aiohttp.ClientSession() as s:
        async with s.post(
            base + "/v1/tenants",
            headers={"Authorization": f"Bearer {MASTER}"},
            json={"name": "bench", "plan": "enterprise", "auth_config": {"email_verification_required": False}},
        ) as r:
            tenant = await r.json()
            assert r.status == 201, tenant
        async with s.post(
            base + "/v1/clients",
            headers={"Authorization": f"Bearer {tenant['secret_key']}", "X-Tenant-ID": tenant["id"]},
            json={"name": "bench", "type": "machine", "redirect_uris": [], "scopes": [SCOPE]},
        ) as r:
            client = await r.json()
            assert r.status == 201, client
        hdr = {"Authorization": f"Bearer {tenant['publishable_key']}", "X-Tenant-ID": tenant["id"]}
        for i in range(USERS):
            async with s.post(
                base + "/v1/auth/sign-up",
                headers={**hdr, "X-Forwarded-For": f"10.0.0.{i + 1}"},
                json={"email": f"u{i}@bench.test", "password": PASSWORD},
            ) as r:
                assert r.status == 201, await r.text()
    return {"tenant": tenant, "client": client, "hdr": hdr}


async def sessions(base: str, d: dict) -> list[str]:
    out = []
    async with aiohttp.ClientSession() as s:
        for i in range(USERS):
            async with s.post(
                base + "/v1/auth/sign-in", headers=d["hdr"], json={"email": f"u{i}@bench.test", "password": PASSWORD}
            ) as r:
                body = await r.json()
                assert r.status == 200, body
                out.append(body["session"]["refresh_token"])
    return out


async def main_async(args: argparse.Namespace) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="identity-bench-pr-"))
    db = await BenchDatabase.create("bench_pr", args.dsn)
    env = env_for(db.dsn, workdir)
    subprocess.run([PY, "-m", "identity.cli", "migrate"], env=env, check=True, capture_output=True)
    settings = Settings.from_env(env)
    if args.logs:
        from identity import logs

        logs.configure()
        for handler in logging.getLogger().handlers:
            if isinstance(handler, logging.StreamHandler):
                handler.setStream(open(os.devnull, "w"))  # noqa: SIM115
    pool = await create_pool(db.dsn, 2, 20)
    app = create_app(settings, dsn=db.dsn, pool=pool)
    from aiohttp import web

    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    port = free_port()
    site = server.GuardedSite(runner, "127.0.0.1", port, server.limits_of(settings, 4096))
    await site.start()
    base = f"http://127.0.0.1:{port}"
    h = Harness(db, workdir, base, pool)
    h.profile_path = args.profile_out
    try:
        d = await setup(base)
        tid = d["tenant"]["id"]
        cid, secret = d["client"]["client_id"], d["client"]["client_secret"]
        basic = "Basic " + base64.b64encode(f"{cid}:{secret}".encode()).decode()
        results = {}
        async with aiohttp.ClientSession() as s:
            # refresh: one chain of rotations
            token = [(await sessions(base, d))[0]]

            async def refresh() -> None:
                async with s.post(
                    base + "/v1/auth/token/refresh",
                    headers={**d["hdr"], "Content-Type": "application/json"},
                    data=f'{{"refresh_token":"{token[0]}"}}',
                ) as r:
                    body = await r.json()
                    assert r.status == 200, body
                    token[0] = body["refresh_token"]

            async def machine() -> None:
                async with s.post(
                    f"{base}/oauth/{tid}/token",
                    headers={"Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"},
                    data=f"grant_type=client_credentials&scope={SCOPE}",
                ) as r:
                    body = await r.json()
                    assert r.status == 200, body

            if "refresh" in args.scenarios:
                results["refresh sql"] = await h.per_request_sql(refresh, args.requests)
            if "cc" in args.scenarios:
                results["client_credentials sql"] = await h.per_request_sql(machine, args.requests)
        if args.sequential:
            raw = RawClient(port)
            await raw.open()
            rtoken = [(await sessions(base, d))[0]]
            json_headers = {**d["hdr"], "Content-Type": "application/json"}

            async def raw_refresh() -> None:
                body = await raw.send(
                    "/v1/auth/token/refresh", json_headers, f'{{"refresh_token":"{rtoken[0]}"}}'.encode()
                )
                rtoken[0] = re.search(rb'"refresh_token":"([^"]+)"', body).group(1).decode()

            cc_headers = {"Authorization": basic, "Content-Type": "application/x-www-form-urlencoded"}
            cc_body = f"grant_type=client_credentials&scope={SCOPE}".encode()

            async def raw_machine() -> None:
                await raw.send(f"/oauth/{tid}/token", cc_headers, cc_body)

            for name, send in (("client_credentials", raw_machine), ("refresh", raw_refresh)):
                for _ in range(args.rounds):
                    r = await h.sequential(send, args.requests)
                    print(
                        f"{name} sequential: {r['calls']:.1f} Python calls, {r['cpu_us']:.0f} us CPU per request",
                        flush=True,
                    )
            return
        for name, r in results.items():
            print(f"{name}: {r['statements']:.3f} statements, {r['commits']:.3f} commits per request", flush=True)
            for k, v in r["which"].items():
                print(f"    {v:6.3f}  {k}")
        if "cc" in args.scenarios:
            lua = (
                'wrk.method = "POST"\n'
                f'wrk.body = "grant_type=client_credentials&scope={SCOPE}"\n'
                'wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"\n'
                f'wrk.headers["Authorization"] = "{basic}"\n'
            )
            for i in range(args.rounds):
                c = await h.cpu(f"{base}/oauth/{tid}/token", lua, args.seconds, args.profile and i == 0)
                print(
                    f"client_credentials cpu: {c['api_us']:.0f} us API + {c['postgres_us']:.0f} us Postgres"
                    f" per request ({c['requests']} requests, {c['statements']:.3f} statements each)",
                    flush=True,
                )
                if "profile" in c:
                    print(f"  (profiled) Python function calls per request: {c['calls']:.0f}")
                    print(c["profile"])
        if "refresh" in args.scenarios:
            for i in range(args.rounds):

                async def chain() -> str:
                    spec = {
                        "method": "POST",
                        "path": "/v1/auth/token/refresh",
                        "items": await sessions(base, d),
                        "chain": '"refresh_token":"([^"]+)"',
                        "body": '{"refresh_token":"{item}"}',
                        "headers": {**d["hdr"], "Content-Type": "application/json"},
                    }
                    return lua_for(spec)

                warm, lua = await chain(), await chain()
                c = await h.cpu(
                    f"{base}/v1/auth/token/refresh", lua, args.seconds, args.profile and i == 0, warm_lua=warm
                )
                print(
                    f"refresh cpu: {c['api_us']:.0f} us API + {c['postgres_us']:.0f} us Postgres"
                    f" per request ({c['requests']} requests, {c['statements']:.3f} statements each)",
                    flush=True,
                )
                if "profile" in c:
                    print(f"  (profiled) Python function calls per request: {c['calls']:.0f}")
                    print(c["profile"])
    finally:
        await runner.cleanup()
        await pool.close()
        await db.drop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--seconds", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--scenarios", default="refresh,cc")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--sequential", action="store_true", help="only the one-connection counts (no wrk)")
    ap.add_argument("--loop", choices=("asyncio", "uvloop"), default="uvloop", help="default: uvloop, as the service")
    ap.add_argument("--logs", action="store_true", help="write the service's log lines (to /dev/null)")
    ap.add_argument("--profile-out", help="with --profile: also dump the pstats here")
    ap.add_argument("--dsn", default=os.environ.get("IDENTITY_DATABASE_URL"))
    args = ap.parse_args()
    if not args.dsn:
        raise SystemExit("give a Postgres server: --dsn or IDENTITY_DATABASE_URL")
    if args.loop == "uvloop":
        import uvloop

        uvloop.run(main_async(args))
    else:
        asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
