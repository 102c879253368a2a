"""Periodic tasks (procrastinate cron; a 6th field is seconds). Every worker runs the periodic
deferrer; procrastinate defers each tick once however many workers run, and the queueing lock
keeps a slow run from piling up behind itself."""

from __future__ import annotations

from workers import maintenance, runtime
from workers.app import app
from workers.tasks import instrumented

MAINTENANCE_QUEUE = "maintenance"


@app.periodic(cron="* * * * * */10", periodic_id="recover")
@app.task(name="workers.periodic.recover_stalled", queue=MAINTENANCE_QUEUE, queueing_lock="recover_stalled")
@instrumented("recover_stalled")
async def recover_stalled(timestamp: int) -> dict[str, int]:
    """Every 10 s: requeue jobs of dead workers and outbox rows stuck past their lease."""
    return await maintenance.recover(runtime.get())


@app.periodic(cron="*/5 * * * *", periodic_id="cleanup")
@app.task(name="workers.periodic.cleanup", queue=MAINTENANCE_QUEUE, queueing_lock="cleanup")
@instrumented("cleanup")
async def cleanup(timestamp: int) -> maintenance.CleanupCounts:
    """Every 5 min: idempotency records older than 24 h, expired sessions, one-time tokens and
    invitations, the week-old email log, finished procrastinate jobs."""
    return await maintenance.cleanup(runtime.get())
