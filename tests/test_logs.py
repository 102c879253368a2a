"""The JSON log configuration (identity.logs)."""

from __future__ import annotations

import json
import logging

from identity import logs


def test_procrastinate_job_steps_are_left_to_the_outbox_lines(capsys) -> None:
    """procrastinate's per-job start and success lines are dropped (each outbox job logs its own
    outcome); its failures still come through as JSON, its other info lines only at debug
    (tests/test_observability.py)."""
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        logs.configure("INFO")
        worker = logging.getLogger("procrastinate.worker")
        worker.info("Starting job x", extra={"action": "start_job"})
        worker.info("Job x ended with status: Success", extra={"action": "job_success"})
        worker.error("Job x ended with status: Error", extra={"action": "job_error"})
        worker.info("Starting worker on all queues", extra={"action": "start_worker"})
        lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
    assert [line["event"] for line in lines] == ["Job x ended with status: Error"]
