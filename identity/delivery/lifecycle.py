"""The typed description of a table of queued side effects, and the retry rule.

Both tables (outbox, webhook_deliveries) hold one row per side effect with tenant_id and id as
key and the columns the state machine moves: status, attempts, next_attempt_at (when the next
attempt is due), last_error, updated_at, created_at. A Lifecycle names what differs between
them: the status words, where the lease is kept, the column stamped when a row is done, what an
operator's restart resets, and the job that carries a row (docs/outbox.md, "State machine").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Lifecycle:
    #: the table; its rows are aliased `r` in every statement and in the fragments below
    table: str
    #: procrastinate queue and task of the job that attempts a row; the job's arguments are
    #: tenant_id and `job_key` (the row's id)
    queue: str
    task: str
    job_key: str
    #: status of a row waiting for its (next) attempt, and while an attempt runs (the same word
    #: when the lease is a column of its own)
    waiting: str
    running: str
    #: end states; `failed` is the one of exhausted attempts
    finished: tuple[str, ...]
    failed: str
    #: the lease: "next_attempt_at" (a running row is due again, to another worker, when its
    #: lease ends) or a column of its own, NULL when no attempt holds the row
    lease_column: str
    #: stamped with now() when a row reaches one of `stamped_on`, NULL otherwise
    stamped: str
    stamped_on: tuple[str, ...]
    #: SQL over r: the rows an operator's restart takes, and the assignments of a new series
    restartable: str
    restart_sets: str
    #: SQL over r: whether the row's destination takes attempts now (a paused webhook does not;
    #: its rows are held, neither claimed by a job nor swept)
    active: str = "TRUE"
    #: finished rows older than this are purged; None: kept (they are the record)
    retention_days: int | None = None

    @property
    def own_lease(self) -> bool:
        return self.lease_column != "next_attempt_at"

    @property
    def open(self) -> str:
        """SQL over r: the row still has attempts to make (waiting or running)."""
        statuses = ", ".join(f"'{s}'" for s in dict.fromkeys((self.waiting, self.running)))
        return f"r.status IN ({statuses})"

    @property
    def leased(self) -> str:
        """SQL over r: an attempt took the row (its lease may have ended since)."""
        if self.own_lease:
            return f"r.{self.lease_column} IS NOT NULL"
        return f"r.status = '{self.running}'"

    @property
    def lease_free(self) -> str:
        """SQL over r: no live lease (with the lease in next_attempt_at, the due test says it)."""
        if self.own_lease:
            return f"(r.{self.lease_column} IS NULL OR r.{self.lease_column} < now())"
        return "TRUE"


def next_delay(schedule: tuple[float, ...], failures: int) -> float | None:
    """Delay before the next attempt once `failures` attempts of the series have failed, or
    None when the schedule is spent (attempts of a series = len(schedule) + 1)."""
    if failures < 1 or failures > len(schedule):
        return None
    return float(schedule[failures - 1])
