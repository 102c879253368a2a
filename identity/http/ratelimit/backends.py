"""Where counts live: this process (one API process) or Redis (several)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import structlog

from identity.http.ratelimit.window import Verdict, decide, retry_after

log = structlog.get_logger("identity.http.ratelimit")


@dataclass(frozen=True)
class Check:
    key: str
    limit: int
    window: float


class MemoryBackend:
    """Counts in a dict; the event loop runs one check at a time, so it is atomic."""

    SWEEP_SECONDS = 60

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.counts: dict[tuple[str, float, int], int] = {}
        self._next_sweep = 0.0

    async def hit(self, checks: list[Check]) -> list[Verdict]:
        now = self.clock()
        verdicts = []
        for c in checks:
            index = math.floor(now / c.window)
            prev = self.counts.get((c.key, c.window, index - 1), 0)
            cur = self.counts.get((c.key, c.window, index), 0)
            verdicts.append(decide(c.limit, c.window, now, prev, cur))
        if all(v.allowed for v in verdicts):
            # A refused hit is not counted, so a client that backs off gets back in.
            for c in checks:
                slot = (c.key, c.window, math.floor(now / c.window))
                self.counts[slot] = self.counts.get(slot, 0) + 1
        if now >= self._next_sweep:
            self._next_sweep = now + self.SWEEP_SECONDS
            # Only the current and the previous window of a key still count.
            self.counts = {slot: n for slot, n in self.counts.items() if slot[2] >= math.floor(now / slot[1]) - 1}
        return verdicts

    async def close(self) -> None:
        return None


# KEYS: per check, the previous and the current window's counter.
# ARGV: now, then per check: limit, window. Returns per check {allowed, remaining, reset, prev, cur}.
_LUA = """
local now = tonumber(ARGV[1])
local n = #KEYS / 2
local results = {}
local all_ok = true
for i = 1, n do
  local limit = tonumber(ARGV[2 * i])
  local window = tonumber(ARGV[2 * i + 1])
  local prev = tonumber(redis.call('GET', KEYS[2 * i - 1]) or '0')
  local cur = tonumber(redis.call('GET', KEYS[2 * i]) or '0')
  local index = math.floor(now / window)
  local elapsed = now - index * window
  local estimate = prev * (1 - elapsed / window) + cur
  local ok = 0
  if estimate + 1 <= limit then ok = 1 else all_ok = false end
  results[i] = {ok, prev, cur}
end
if all_ok then
  for i = 1, n do
    local window = tonumber(ARGV[2 * i + 1])
    redis.call('INCR', KEYS[2 * i])
    redis.call('PEXPIRE', KEYS[2 * i], math.ceil(window * 2000))
  end
end
return results
"""


class RedisBackend:
    """One EVALSHA per request, whatever the number of checks."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.client = redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        self.script = self.client.register_script(_LUA)

    async def hit(self, checks: list[Check]) -> list[Verdict]:
        now = time.time()
        keys: list[str] = []
        args: list[float] = [now]
        for c in checks:
            index = math.floor(now / c.window)
            keys += [f"rl:{c.key}:{index - 1}", f"rl:{c.key}:{index}"]
            args += [c.limit, c.window]
        try:
            raw = await self.script(keys=keys, args=args)
        except Exception as exc:  # Redis down: fail open, loudly, rather than refuse every user
            log.error("rate_limit_backend_unavailable", error=repr(exc))
            return [decide(c.limit, c.window, now, 0, 0) for c in checks]
        verdicts = []
        for c, (ok, prev, cur) in zip(checks, raw, strict=True):
            verdict = decide(c.limit, c.window, now, int(prev), int(cur))
            if not ok and verdict.allowed:  # float rounding differences: trust Redis
                index = math.floor(now / c.window)
                elapsed = now - index * c.window
                verdict = Verdict(
                    False, c.limit, 0, verdict.reset_at, retry_after(c.limit, c.window, elapsed, int(prev), int(cur))
                )
            verdicts.append(verdict)
        return verdicts

    async def close(self) -> None:
        await self.client.aclose()
