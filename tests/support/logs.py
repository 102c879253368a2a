"""Reading the process's JSON log lines in a test: `json_logs` configures identity.logs as
the CLI does (JSON lines on stdout), with the handler's stream swapped for a buffer, and is a
reader of every line so far, parsed.

    lines = json_logs()                          every JSON line logged so far
    json_logs.where(request_id="req_...")         those with these fields
"""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from identity import logs


class JsonLogs:
    def __init__(self, stream: io.StringIO) -> None:
        self.stream = stream

    def __call__(self) -> list[dict[str, Any]]:
        return [json.loads(raw) for raw in self.stream.getvalue().splitlines()]

    def where(self, **fields: Any) -> list[dict[str, Any]]:
        return [line for line in self() if all(line.get(k) == v for k, v in fields.items())]


def configure(level: str = "INFO") -> io.StringIO:
    """identity.logs.configure(level), writing into the returned buffer."""
    logs.configure(level)
    stream = io.StringIO()
    handler = logging.getLogger().handlers[0]
    assert isinstance(handler, logging.StreamHandler)
    handler.setStream(stream)
    return stream


@pytest.fixture
def json_logs() -> Iterator[JsonLogs]:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        yield JsonLogs(configure("INFO"))
    finally:
        root.handlers[:], level = saved
        root.setLevel(level)
