"""Prefixed, time-ordered identifiers (docs/api-conventions.md, "Identifiers").

The suffix is 48 bits of milliseconds then 80 random bits in Crockford base32,
so identifiers sort by creation and cursors can compare them as text. Within one process they
are strictly increasing (as ULID's monotonic mode): an identifier made in the same millisecond
as the previous one (or while the clock steps back) takes the previous one's time and its random
part plus a random step, so two rows written one after the other also sort in that order.
"""

from __future__ import annotations

import os
import threading
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def _encode(value: int, length: int) -> str:
    out = []
    for _ in range(length):
        out.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


#: Every pair of characters, by the 10 bits it stands for.
_PAIRS = [a + b for a in _ALPHABET for b in _ALPHABET]
_PAIR_SHIFTS = tuple(range(120, -1, -10))
_MILLIS_MASK = (1 << 50) - 1  # the 10 characters hold the low 50 bits, as _encode(millis, 10)


def _suffix(millis: int, rand: int) -> str:
    """_encode(millis, 10) + _encode(rand, 16), two characters at a time (every request makes
    an id, for its request id: this is a fifth of _encode's cost)."""
    value = ((millis & _MILLIS_MASK) << 80) | rand
    return "".join([_PAIRS[(value >> shift) & 1023] for shift in _PAIR_SHIFTS])


_RANDOM_LIMIT = 1 << 80
_lock = threading.Lock()
_last = (0, 0)  # (millis, random part) of the previous identifier


def new_id(prefix: str) -> str:
    """A new identifier such as usr_01hx...; 26 characters after the prefix."""
    global _last
    millis = time.time_ns() // 1_000_000
    with _lock:
        last_millis, last_rand = _last
        if millis <= last_millis:
            millis = last_millis
            rand = last_rand + 1 + int.from_bytes(os.urandom(2), "big")
            if rand >= _RANDOM_LIMIT:  # never in practice: 2**80 / 2**16 identifiers in 1 ms
                millis, rand = millis + 1, int.from_bytes(os.urandom(10), "big") >> 1
        else:
            rand = int.from_bytes(os.urandom(10), "big") >> 1  # room to count up within the ms
        _last = (millis, rand)
    return f"{prefix}_{_suffix(millis, rand)}"


def floor_id(prefix: str, when_ms: int) -> str:
    """The smallest identifier new_id(prefix) can make at the millisecond when_ms (a bound for
    range scans by time over an index on id)."""
    return f"{prefix}_{_encode(max(when_ms, 0), 10)}{'0' * 16}"
