"""Prefixed, time-ordered identifiers (decisions.md §3).

The suffix is 48 bits of milliseconds then 80 random bits in Crockford base32,
so identifiers sort by creation and cursors can compare them as text.
"""

from __future__ import annotations

import os
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def _encode(value: int, length: int) -> str:
    out = []
    for _ in range(length):
        out.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


def new_id(prefix: str) -> str:
    """A new identifier such as usr_01hx...; 26 characters after the prefix."""
    millis = time.time_ns() // 1_000_000
    rand = int.from_bytes(os.urandom(10), "big")
    return f"{prefix}_{_encode(millis, 10)}{_encode(rand, 16)}"


def floor_id(prefix: str, when_ms: int) -> str:
    """The smallest identifier new_id(prefix) can make at the millisecond when_ms (a bound for
    range scans by time over an index on id)."""
    return f"{prefix}_{_encode(max(when_ms, 0), 10)}{'0' * 16}"
