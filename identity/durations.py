"""Duration strings such as 30s, 15m, 1h, 7d, 2w, 1y (docs/api-conventions.md, "Paths and versions")."""

from __future__ import annotations

import functools
import re
from datetime import timedelta

_UNITS = {
    "ms": 0.001,
    "s": 1,
    "m": 60,
    "h": 3600,
    "d": 86400,
    "w": 7 * 86400,
    "y": 365 * 86400,
}
_PATTERN = re.compile(r"^\s*(\d{1,9})\s*(ms|s|m|h|d|w|y)\s*$")


# Kept: every token request reads its tenant's TTLs through here (timedelta is immutable, and
# a failed parse raises, which the cache does not keep).
@functools.lru_cache(maxsize=512)
def parse_duration(text: str) -> timedelta:
    """Parse a duration; raises ValueError on anything else."""
    match = _PATTERN.match(text or "")
    if not match:
        raise ValueError(f"invalid duration {text!r}; use a number and a unit (s, m, h, d, w, y)")
    amount, unit = match.groups()
    try:
        return timedelta(seconds=int(amount) * _UNITS[unit])
    except OverflowError:  # 999999999y is well-formed but beyond timedelta (found by schemathesis)
        raise ValueError(f"duration {text!r} is too long") from None


def is_duration(text: str) -> bool:
    return bool(_PATTERN.match(text or ""))
