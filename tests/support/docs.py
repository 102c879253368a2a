"""Reading docs/events.md in tests: its section per event and each section's payload table."""

from __future__ import annotations

import re
from pathlib import Path

EVENTS_DOC = Path(__file__).resolve().parents[2] / "docs" / "events.md"


def events_sections() -> dict[str, str]:
    text = EVENTS_DOC.read_text()
    parts = re.split(r"^### `([a-z_.]+)`\s*$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def payload_fields(section: str) -> dict[str, bool]:
    """The payload table of an event section: field name -> whether the example has it."""
    rows = re.findall(r"^\| `([a-z_]+)` \|[^|]*\| (yes|no) \|", section, re.M)
    return {name: in_example == "yes" for name, in_example in rows}
