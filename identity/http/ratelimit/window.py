"""The sliding-window counter: the current fixed window's count plus the previous window's
count weighted by how much of it still overlaps the sliding window. Two integers per key,
one increment per hit; the same arithmetic runs in Python and in the Redis Lua script."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    limit: int
    remaining: int
    reset_at: int  # Unix time at which the current fixed window ends
    retry_after: int  # seconds; 0 when allowed


def decide(limit: int, window: float, now: float, prev: int, cur: int) -> Verdict:
    """Judge one more hit given the previous and current window counts (before this hit)."""
    index = math.floor(now / window)
    elapsed = now - index * window
    weight = 1.0 - elapsed / window
    estimate = prev * weight + cur
    reset_at = math.ceil((index + 1) * window)
    if estimate + 1 <= limit:
        remaining = max(0, math.floor(limit - estimate - 1))
        return Verdict(True, limit, remaining, reset_at, 0)
    return Verdict(False, limit, 0, reset_at, retry_after(limit, window, elapsed, prev, cur))


def retry_after(limit: int, window: float, elapsed: float, prev: int, cur: int) -> int:
    """Seconds until one more hit would be allowed, if no other hit arrives meanwhile."""
    if cur + 1 <= limit and prev > 0:
        # Still in this window: wait until enough of the previous window has slid out.
        wait = window * (1 - (limit - cur - 1) / prev) - elapsed
    else:
        # Next window: this window's count becomes the weighted previous one.
        wait = (window - elapsed) + (window * max(0.0, 1 - (limit - 1) / cur) if cur else 0.0)
    return max(1, math.ceil(wait))
