"""Housekeeping run by the periodic tasks (workers.periodic). Plain functions of a pool so that
tests and operators can run them directly; their SQL is in workers/maintenance_store.py.
"""

from __future__ import annotations

import structlog

from identity.outbox import store as outbox_store
from workers.maintenance_store import (
    delete_forgotten_revocations,
    delete_old_email_log,
    delete_old_idempotency_keys,
    expire_hosted_flows,
    expire_invitations,
    expire_oauth,
    expire_one_time_tokens,
    expire_passwordless,
    expire_sessions,
)
from workers.runtime import Runtime

__all__ = [
    "cleanup",
    "delete_forgotten_revocations",
    "delete_old_email_log",
    "delete_old_idempotency_keys",
    "expire_invitations",
    "expire_oauth",
    "expire_one_time_tokens",
    "expire_passwordless",
    "expire_sessions",
    "recover",
]

log = structlog.get_logger("workers.maintenance")

JOB_RETENTION_HOURS = 72


async def recover(rt: Runtime) -> dict[str, int]:
    """Requeue stalled work: jobs of workers whose heartbeat stopped go back to 'todo', and
    outbox rows past their lease or due time with no job waiting get a new job."""
    retried = 0
    if rt.proc_app is not None:
        jm = rt.proc_app.job_manager
        for job in await jm.get_stalled_jobs(seconds_since_heartbeat=rt.policy.stalled_after):
            await jm.retry_job(job)
            retried += 1
    async with rt.pool.acquire() as conn:
        swept = await outbox_store.sweep(conn, rt.policy.sweep_grace)
    if retried or swept:
        log.warning("stalled_work_requeued", jobs=retried, outbox_rows=swept)
    return {"jobs": retried, "outbox_rows": swept}


#: What a cleanup removed: a count per kind, or per sub-kind where a kind has several tables.
CleanupCounts = dict[str, int | dict[str, int]]


async def cleanup(rt: Runtime) -> CleanupCounts:
    pool = rt.pool
    out: CleanupCounts = {
        "idempotency_keys": await delete_old_idempotency_keys(pool),
        "sessions": await expire_sessions(pool),
        "one_time_tokens": await expire_one_time_tokens(pool),
        # Not "passwordless": the logs redact a key naming a password (identity/logs.py).
        "sign_in_challenges": await expire_passwordless(pool),
        "invitations": await expire_invitations(pool),
        "oauth": await expire_oauth(pool),
        "hosted_flows": await expire_hosted_flows(pool),
        "email_messages": await delete_old_email_log(pool),
        "revocations": await delete_forgotten_revocations(pool),
    }
    if rt.proc_app is not None:
        # Our jobs are bookkeeping only (the outbox row is the record); finished ones can go.
        await rt.proc_app.job_manager.delete_old_jobs(
            nb_hours=JOB_RETENTION_HOURS,
            include_failed=True,
            include_cancelled=True,
            include_aborted=True,
        )
    log.info("cleanup_done", **{k: v for k, v in out.items() if v})
    return out
