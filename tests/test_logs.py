"""The JSON log configuration (identity.logs)."""

from __future__ import annotations

import json
import logging
import re

import structlog

from identity import logs
from tests.support.logs import json_logs  # noqa: F401 (fixtures)


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


def test_write_info_writes_the_line_structlog_writes(json_logs) -> None:  # noqa: F811 - fixture
    """The access log's short cut (logs.write_info) writes byte for byte the line the structlog
    chain writes for the same event: keys, their order, the bound context vars (redacted),
    level, logger, non-ASCII escapes, objects JSON cannot hold. Only the timestamp differs."""
    fields = {
        "method": "GET",
        "path": "/v1/caf\u00e9",
        "status": 404,
        "error_code": "not_found",
        "duration_ms": 1.5,
        "request_id": "req_1",
        "tenant_id": None,
    }
    with structlog.contextvars.bound_contextvars(
        request_id="req_1", password="hunter2", note="rft_abcdefghijkl", shape=object
    ):
        structlog.get_logger("identity.access").info("http_request", **fields)
        logs.write_info(logging.getLogger("identity.access"), "http_request", dict(fields))
    lines = json_logs.stream.getvalue().splitlines()
    assert len(lines) == 2
    assert re.search(r'"timestamp": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z"}$', lines[1])
    through_chain, written = (re.sub(r'"timestamp": "[^"]*"', "", line) for line in lines)
    assert written == through_chain
    assert "hunter2" not in written and "abcdefghijkl" not in written


def test_write_info_goes_through_logging_when_anything_else_listens(json_logs) -> None:  # noqa: F811 - fixture
    """write_info writes to configure()'s handler itself only while that handler alone would
    take the line: another handler on the root (a test's capture, an operator's own), a filter
    on the logger or a logger that stops propagation sends the line through the logging module
    again, so that each of them sees it as before."""
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record)

    access = logging.getLogger("identity.access")
    logs.write_info(access, "http_request", {"status": 200})
    extra = Keep()
    logging.getLogger().addHandler(extra)
    try:
        logs.write_info(access, "http_request", {"status": 201})
    finally:
        logging.getLogger().removeHandler(extra)
    dropped = logging.Filter("nothing.matches")
    access.addFilter(dropped)
    try:
        logs.write_info(access, "http_request", {"status": 202})
    finally:
        access.removeFilter(dropped)
    assert [line["status"] for line in json_logs()] == [200, 201]
    assert [json.loads(r.getMessage())["status"] for r in seen] == [201]
