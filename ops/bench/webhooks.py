"""Webhook delivery benchmark: throughput and commit-to-receipt latency to a local receiver.

Two phases against one webhook endpoint (a v1 endpoint subscribed to "*") whose receiver is
an aiohttp server in this process on 127.0.0.1:

1. latency: N events emitted one at a time (each in its own transaction, as a request would),
   spaced by --gap; for each, the time from the COMMIT returning to the receiver having the
   signed request. Prints p50/p95/p99/max.
2. throughput: M events emitted at once (concurrently, --writers transactions at a time), and
   the time until the receiver has them all (each once, by webhook-id): deliveries per second.
   --endpoints spreads them over several endpoints (the per-webhook in-flight cap is
   identity.webhooks.delivery.MAX_IN_FLIGHT_PER_WEBHOOK).

    .venv/bin/python ops/bench/webhooks.py [-n 300] [-m 2000] [--concurrency 10] [--endpoints 1]

Uses IDENTITY_DATABASE_URL (a scratch database is created on that server and dropped), or an
embedded Postgres in a temporary directory when it is unset. The worker runs in this process
(procrastinate, woken by LISTEN/NOTIFY), with the production policy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import structlog  # noqa: E402
from aiohttp import web  # noqa: E402
from common import BenchDatabase  # noqa: E402

import identity.webhooks  # noqa: E402,F401 - registers the fan-out with emit()
from identity.config import Settings  # noqa: E402
from identity.crypto import SecretBox  # noqa: E402
from identity.db.migrate import migrate  # noqa: E402
from identity.db.pool import create_pool  # noqa: E402
from identity.events.emit import emit  # noqa: E402
from identity.ids import new_id  # noqa: E402
from identity.webhooks import signing, store  # noqa: E402
from workers import run  # noqa: E402
from workers.runtime import Policy  # noqa: E402


class Sink:
    def __init__(self) -> None:
        self.arrived: dict[str, float] = {}
        self.duplicates = 0
        self.waiters: dict[str, asyncio.Event] = {}

    async def handle(self, request: web.Request) -> web.Response:
        await request.read()
        msg_id = request.headers["webhook-id"]
        if msg_id in self.arrived:
            self.duplicates += 1
        else:
            self.arrived[msg_id] = time.perf_counter()
            waiter = self.waiters.get(msg_id)
            if waiter is not None:
                waiter.set()
        return web.Response(status=204)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered))) - 1))]


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=300, help="events in the latency phase")
    parser.add_argument("-m", type=int, default=2000, help="events in the throughput phase")
    parser.add_argument("--gap", type=float, default=0.01)
    parser.add_argument("--concurrency", type=int, default=10, help="worker concurrency")
    parser.add_argument("--writers", type=int, default=20, help="concurrent emitting transactions")
    parser.add_argument("--endpoints", type=int, default=1)
    parser.add_argument("--json", help="also write the figures to this file (ops/bench/run.py)")
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.ERROR))

    sink = Sink()
    app = web.Application()
    app.router.add_post("/hook", sink.handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    db = await BenchDatabase.create("webhook_bench")
    dsn = db.dsn
    try:
        await migrate(dsn)
        pool = await create_pool(dsn, 2, args.writers + 10)
        tenant = "tnt_bench"
        await pool.execute("INSERT INTO tenants (id, name, slug) VALUES ($1, 'Bench', 'bench')", tenant)
        box = SecretBox.from_text("bench")
        for _ in range(args.endpoints):
            wid = new_id("wh")
            await store.insert_endpoint(
                pool,
                tenant,
                wid,
                f"http://127.0.0.1:{port}/hook",
                "bench",
                ["*"],
                True,
                box.encrypt(signing.new_secret(), associated=f"webhook:{tenant}:{wid}"),
            )
        settings = Settings(data_dir=Path(tempfile.mkdtemp()), secret_key="bench", webhook_allow_http=True)
        handle = await run.start(
            pool=pool, settings=settings, box=box, dsn=dsn, policy=Policy(), concurrency=args.concurrency, name="bench"
        )
        await asyncio.sleep(1.0)  # the worker is listening

        # 1. latency, one event at a time
        latencies = []
        for i in range(args.n):
            async with pool.acquire() as conn:
                async with conn.transaction():
                    evt = await emit(conn, tenant, "user.updated", {"id": f"usr_{i}", "email": "b@example.com"})
                    sink.waiters[evt] = asyncio.Event()
                committed = time.perf_counter()
            await asyncio.wait_for(sink.waiters[evt].wait(), 30)
            latencies.append((sink.arrived[evt] - committed) * 1000)
            await asyncio.sleep(args.gap)

        # 2. throughput, a burst
        sem = asyncio.Semaphore(args.writers)
        emitted: list[str] = []

        async def one(i: int) -> None:
            async with sem, pool.acquire() as conn, conn.transaction():
                emitted.append(await emit(conn, tenant, "user.updated", {"id": f"usr_b{i}", "email": "b@example.com"}))

        before = len(sink.arrived)
        started = time.perf_counter()
        await asyncio.gather(*[one(i) for i in range(args.m)])
        emitted_at = time.perf_counter()
        # Several endpoints deliver the same event id: count arrivals per endpoint by request.
        deadline = time.monotonic() + 600
        while len(sink.arrived) < before + args.m and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        if args.endpoints > 1:
            while sink.duplicates < (args.endpoints - 1) * args.m and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
        finished = time.perf_counter()
        await handle.stop()
        await run.close_app()
        missing = set(emitted) - set(sink.arrived)
        # Several endpoints deliver the same event id: those repeats are expected.
        dupes = sink.duplicates - (args.endpoints - 1) * (args.m + args.n)
        retried = await pool.fetch(
            """SELECT left(coalesce(last_error, ''), 120) AS error, count(*) AS n
               FROM webhook_deliveries WHERE attempts > 1 GROUP BY 1 ORDER BY 2 DESC LIMIT 5"""
        )
        lost = await pool.fetch(
            """SELECT left(coalesce(error, ''), 120) AS error, count(*) AS n FROM webhook_attempts
               WHERE outcome <> 'delivered' GROUP BY 1 ORDER BY 2 DESC LIMIT 5"""
        )
        await pool.close()

        print(f"webhooks: worker concurrency {args.concurrency}, {args.endpoints} endpoint(s), local receiver")
        print(
            f"  commit -> receipt, n={len(latencies)} sequential: "
            f"p50={statistics.median(latencies):.1f} ms p95={pct(latencies, 95):.1f} ms "
            f"p99={pct(latencies, 99):.1f} ms max={max(latencies):.1f} ms"
        )
        total = args.m * args.endpoints
        print(
            f"  burst of {args.m} events ({total} deliveries) emitted in "
            f"{emitted_at - started:.2f} s, all received after {finished - started:.2f} s: "
            f"{total / (finished - started):.0f} deliveries/s; "
            f"missing={len(missing)} duplicates={max(0, dupes)}"
        )
        print(f"  deliveries that needed a retry: {sum(r['n'] for r in retried)}")
        for r in lost:
            print(f"    failed attempts: {r['n']} x {r['error']}")
        if args.json:
            Path(args.json).write_text(
                json.dumps(
                    {
                        "latency_p50_ms": statistics.median(latencies),
                        "latency_p99_ms": pct(latencies, 99),
                        "deliveries_per_s": total / (finished - started),
                        "deliveries": total,
                        "missing": len(missing),
                        "duplicates": max(0, dupes),
                    }
                )
            )
    finally:
        await runner.cleanup()
        await db.drop()


if __name__ == "__main__":
    asyncio.run(main())
