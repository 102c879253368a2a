"""Commit-to-first-attempt latency of the outbox, on an idle system.

Enqueues N outbox rows one at a time (each in its own transaction, as a request would) and
measures, for each, the time from the COMMIT returning to the handler starting in a worker
that runs in this process (procrastinate woken by LISTEN/NOTIFY). Prints p50/p95/p99/max.

    .venv/bin/python ops/bench/outbox_latency.py [-n 500] [--gap 0.01]

Uses IDENTITY_DATABASE_URL (a scratch database is created on that server and dropped), or an
embedded Postgres in a temporary directory when it is unset.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


from common import BenchDatabase  # noqa: E402

from identity.config import Settings  # noqa: E402
from identity.crypto import SecretBox  # noqa: E402
from identity.db.migrate import migrate  # noqa: E402
from identity.db.pool import create_pool  # noqa: E402
from identity.outbox.store import enqueue  # noqa: E402
from workers import run  # noqa: E402
from workers.runtime import Policy  # noqa: E402

started: dict[str, float] = {}
events: dict[str, asyncio.Event] = {}


async def bench_handler(rt, item) -> None:
    started[item["outbox_id"]] = time.perf_counter()
    events[item["outbox_id"]].set()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=500)
    parser.add_argument("--gap", type=float, default=0.01, help="idle seconds between rows")
    parser.add_argument("--json", help="also write the figures to this file (ops/bench/run.py)")
    args = parser.parse_args()

    db = await BenchDatabase.create("outbox_bench")
    dsn = db.dsn
    try:
        await migrate(dsn)
        pool = await create_pool(dsn, 2, 10)
        tenant = "tnt_bench"
        await pool.execute("INSERT INTO tenants (id, name, slug) VALUES ($1, 'Bench', 'bench')", tenant)
        settings = Settings(data_dir=Path(tempfile.mkdtemp()), secret_key="bench")
        handle = await run.start(
            pool=pool,
            settings=settings,
            box=SecretBox.from_text("bench"),
            dsn=dsn,
            policy=Policy(),
            concurrency=10,
            name="bench",
            handlers={"bench": bench_handler},
        )
        await asyncio.sleep(1.0)  # the worker is listening
        latencies = []
        for i in range(args.n):
            async with pool.acquire() as conn:
                async with conn.transaction():
                    oid = await enqueue(conn, tenant, "bench", {"i": i})
                    events[oid] = asyncio.Event()
                committed = time.perf_counter()
            await asyncio.wait_for(events[oid].wait(), 10)
            latencies.append(max(0.0, started[oid] - committed))
            await asyncio.sleep(args.gap)
        await handle.stop()
        await run.close_app()
        await pool.close()
        ms = sorted(x * 1000 for x in latencies)

        def pct(p: float) -> float:
            return ms[min(len(ms) - 1, int(round(p / 100 * len(ms))) - 1)]

        print(
            f"outbox commit -> first attempt, n={len(ms)}: p50={statistics.median(ms):.1f} ms "
            f"p95={pct(95):.1f} ms p99={pct(99):.1f} ms max={ms[-1]:.1f} ms"
        )
        if args.json:
            Path(args.json).write_text(
                json.dumps({"n": len(ms), "p50_ms": statistics.median(ms), "p99_ms": pct(99), "max_ms": ms[-1]})
            )
    finally:
        await db.drop()


if __name__ == "__main__":
    asyncio.run(main())
