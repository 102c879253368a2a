"""Procrastinate workers in the test process (the `worker` fixture) and the short retry
schedule tests run them with."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tests.support.mail import WAIT_SECONDS
from workers.runtime import Policy

#: Delays short enough for tests: three attempts 0.1 s apart, a job may run 3 s, a dead
#: worker is noticed after 1 s. Pass another Policy to worker.start() for other schedules.
TEST_POLICY = Policy(
    retry_schedule=(0.1, 0.1),
    job_timeout=3.0,
    lease=4.0,
    stalled_after=1.0,
    sweep_grace=0.1,
    poll_interval=0.05,
    db_wait=2.0,
    restart_after=0.2,
)


class WorkerFixture:
    """Procrastinate workers in this process, over the test app's pool, settings and SecretBox.

    await start(policy=TEST_POLICY, concurrency=4)  one more worker (the fixture starts one)
    await stop()                  stop every worker started here (running jobs finish)
    await recover()               run the stalled-work recovery now (it also runs every 10 s)
    await wait_outbox(tenant_id, outbox_id, {"sent"}, timeout=WAIT_SECONDS)   poll the row until its
                                  status is one of those; returns the row
    """

    def __init__(self, app: Any, dsn: str) -> None:
        self.app = app
        self.dsn = dsn
        self.handles: list[Any] = []

    @property
    def pool(self) -> Any:
        from identity.state import state

        return state(self.app).pool

    async def start(self, policy: Policy | None = None, concurrency: int = 4) -> Any:
        from identity.state import state
        from workers import run

        st = state(self.app)
        handle = await run.start(
            pool=st.pool,
            settings=st.settings,
            box=st.box,
            dsn=self.dsn,
            policy=policy or TEST_POLICY,
            concurrency=concurrency,
            name=f"test-worker-{len(self.handles)}",
            shutdown_grace=5.0,
        )
        self.handles.append(handle)
        return handle

    async def stop(self) -> None:
        from workers import run, runtime

        for handle in self.handles:
            await handle.stop()
        self.handles.clear()
        await run.close_app()
        runtime.current = None

    async def recover(self) -> dict[str, int]:
        from workers import maintenance, runtime

        return await maintenance.recover(runtime.get())

    async def wait_outbox(
        self,
        tenant_id: str,
        outbox_id: str,
        statuses: set[str] | frozenset[str] = frozenset({"sent"}),
        timeout: float = WAIT_SECONDS,
    ) -> Any:
        deadline = time.monotonic() + timeout
        row = None
        while time.monotonic() < deadline:
            row = await self.pool.fetchrow(
                "SELECT * FROM outbox WHERE tenant_id = $1 AND id = $2", tenant_id, outbox_id
            )
            if row is not None and row["status"] in statuses:
                return row
            await asyncio.sleep(0.02)
        raise AssertionError(f"outbox row {outbox_id} never reached {statuses}: {dict(row or {})}")
