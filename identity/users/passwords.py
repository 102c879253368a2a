"""Password hashing through a registry (the warehouse/Kratos shape).

One current hasher (argon2id, m=19456 KiB, t=2, p=1: OWASP's minimum) whose parameters live in
the hash; a verifier per imported format, recognised by its prefix:

  $argon2id$ / $argon2i$ / $argon2d$   argon2 PHC strings (any parameters)
  $2a$ / $2b$ / $2y$                   bcrypt (modular crypt format)
  $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>   passlib's scrypt format, salt and hash
                                       in base64 without padding ("+/" or passlib's "./")

An imported hash's parameters say how much work (and memory) verifying it costs, and anyone can
make us verify it by signing in as its email; so each format's parameters are bounded
(cost_problem, the bounds below and docs/users.md): beyond them an import is refused (422) and a
stored hash is never verified (the sign-in fails as for a wrong password, after the dummy hash).

A hash that is not current (another format or weaker parameters) is replaced by a current one
on the next successful sign-in (verify_and_update). Hashing runs in a thread pool so the event
loop never waits on it; callers must not hold a database connection while awaiting it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import os
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import argon2
import bcrypt
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

ARGON2_TIME_COST = 2
ARGON2_MEMORY_KIB = 19456
ARGON2_PARALLELISM = 1
#: Longer passwords are refused (422) to bound hashing cost; they are never truncated.
MAX_PASSWORD_LENGTH = 1024

# Bounds on imported hashes: roughly 20 times the work of our own hash, about a second of one
# core; enough for the usual settings of other systems (libsodium's "moderate" argon2id,
# Django's and PHP's argon2, bcrypt cost 12-14, passlib's scrypt).
ARGON2_MAX_MEMORY_KIB = 262_144  # 256 MiB
ARGON2_MAX_TIME_COST = 16
ARGON2_MAX_WORK = 786_432  # memory (KiB) x passes: 256 MiB three times
ARGON2_MAX_PARALLELISM = 16  # lanes; libargon2 runs one thread per lane
BCRYPT_MAX_COST = 14  # 2**14 rounds
SCRYPT_MAX_MEMORY = 256 * 1024 * 1024  # bytes: 128 * r * N
SCRYPT_MAX_WORK = 2**21  # N * r * p, e.g. ln=18, r=8, p=1

_hasher = argon2.PasswordHasher(
    time_cost=ARGON2_TIME_COST,
    memory_cost=ARGON2_MEMORY_KIB,
    parallelism=ARGON2_PARALLELISM,
    hash_len=32,
    salt_len=16,
    type=argon2.Type.ID,
)


def default_threads() -> int:
    """One thread per core this process may run on: argon2 is memory-hard (19 MiB a hash), so
    more hashes at once than cores only thrash the caches and slow every one of them."""
    return len(os.sched_getaffinity(0)) or 1


_executor: ThreadPoolExecutor | None = None
_threads = 0


def use_threads(threads: int | None) -> None:
    """Size the process's hashing pool (Settings.password_threads; None: default_threads()).
    Several API processes on the same cores should share them out (cores / processes each)."""
    global _executor, _threads
    wanted = threads or default_threads()
    if _executor is not None and wanted == _threads:
        return
    old, _executor, _threads = _executor, ThreadPoolExecutor(wanted, thread_name_prefix="pwhash"), wanted
    if old is not None:
        old.shutdown(wait=False)  # hashes already given to it still finish


def _pool() -> ThreadPoolExecutor:
    if _executor is None:
        use_threads(None)  # used before any app sized it (a script, a test)
    assert _executor is not None
    return _executor


def threads() -> int:
    """How many threads hash passwords in this process."""
    _pool()
    return _threads


_dummy_hash: str | None = None


def _normalise(password: str) -> str:
    # NIST SP 800-63B: normalise Unicode so the same password typed on two keyboards matches.
    # Applied to our own hashes only; imported hashes are checked against the text as typed.
    return unicodedata.normalize("NFKC", password)


def _verify_argon2(encoded: str, password: str) -> bool:
    for candidate in dict.fromkeys((_normalise(password), password)):
        try:
            if _hasher.verify(encoded, candidate):
                return True
        except VerifyMismatchError:
            continue
        except (VerificationError, InvalidHashError):
            return False
    return False


def _verify_bcrypt(encoded: str, password: str) -> bool:
    raw = password.encode()
    # bcrypt only ever read the first 72 bytes; the system that made the hash did the same, so
    # the imported hash is checked the same way. The rehash that follows keeps every byte.
    raw = raw[:72]
    stored = encoded.encode()
    if stored.startswith(b"$2y$"):
        stored = b"$2b$" + stored[4:]
    try:
        return bcrypt.checkpw(raw, stored)
    except ValueError:
        return False


def _b64(text: str) -> bytes:
    text = text.replace(".", "+")
    return base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"+/", validate=True)


def _scrypt_parts(encoded: str) -> tuple[int, int, int, bytes, bytes] | None:
    """(log2 N, r, p, salt, hash) of passlib's format, or None when it is not that."""
    try:
        _, ident, params, salt_text, hash_text = encoded.split("$")
        settings = dict(item.split("=", 1) for item in params.split(","))
        log_n, r, p = int(settings["ln"]), int(settings["r"]), int(settings["p"])
        salt, expected = _b64(salt_text), _b64(hash_text)
    except (ValueError, KeyError):
        return None
    if ident != "scrypt" or min(log_n, r, p) < 1 or not expected:
        return None
    return log_n, r, p, salt, expected


def _verify_scrypt(encoded: str, password: str) -> bool:
    parts = _scrypt_parts(encoded)
    if parts is None:
        return False
    log_n, r, p, salt, expected = parts
    try:
        derived = hashlib.scrypt(
            password.encode(),
            salt=salt,
            n=2**log_n,
            r=r,
            p=p,
            dklen=len(expected),
            maxmem=SCRYPT_MAX_MEMORY + 1024 * 1024,  # the bound, plus hashlib's own overhead
        )
    except ValueError:
        return False
    return hmac.compare_digest(derived, expected)


#: Prefix -> (format name, verifier). The current format is argon2id.
VERIFIERS: dict[str, tuple[str, Callable[[str, str], bool]]] = {
    "$argon2id$": ("argon2", _verify_argon2),
    "$argon2i$": ("argon2", _verify_argon2),
    "$argon2d$": ("argon2", _verify_argon2),
    "$2a$": ("bcrypt", _verify_bcrypt),
    "$2b$": ("bcrypt", _verify_bcrypt),
    "$2y$": ("bcrypt", _verify_bcrypt),
    "$scrypt$": ("scrypt", _verify_scrypt),
}


def identify(encoded: str | None) -> str | None:
    """The format of a stored or imported hash ('argon2', 'bcrypt', 'scrypt'), or None."""
    if not encoded:
        return None
    for prefix, (name, _) in VERIFIERS.items():
        if encoded.startswith(prefix):
            return name
    return None


def is_importable(encoded: str) -> bool:
    """Whether a password_hash given for a migrated user is in a format sign-in can verify."""
    name = identify(encoded)
    if name == "argon2":
        try:
            argon2.extract_parameters(encoded)
        except InvalidHashError:
            return False
        return True
    if name == "bcrypt":
        return len(encoded) == 60
    if name == "scrypt":
        return _scrypt_parts(encoded) is not None
    return False


def cost_problem(encoded: str) -> str | None:
    """Why verifying this hash would cost more than the bounds allow (a sentence naming the
    parameter and its bound), or None when it is within them. Only for an importable hash."""
    name = identify(encoded)
    if name == "argon2":
        params = argon2.extract_parameters(encoded)
        m, t, p = params.memory_cost, params.time_cost, params.parallelism
        if m > ARGON2_MAX_MEMORY_KIB:
            return f"argon2 memory m={m} KiB is over the bound of {ARGON2_MAX_MEMORY_KIB} KiB"
        if t > ARGON2_MAX_TIME_COST:
            return f"argon2 passes t={t} is over the bound of {ARGON2_MAX_TIME_COST}"
        if m * t > ARGON2_MAX_WORK:
            return f"argon2 m x t = {m * t} is over the bound of {ARGON2_MAX_WORK}"
        if p > ARGON2_MAX_PARALLELISM:
            return f"argon2 parallelism p={p} is over the bound of {ARGON2_MAX_PARALLELISM}"
        return None
    if name == "bcrypt":
        cost = encoded[4:6]
        if not cost.isdigit() or not 4 <= int(cost) <= BCRYPT_MAX_COST:
            return f"bcrypt cost {cost} is outside 04-{BCRYPT_MAX_COST}"
        return None
    if name == "scrypt":
        parts = _scrypt_parts(encoded)
        if parts is None:
            return "the scrypt parameters are not ln, r and p of at least 1"
        log_n, r, p = parts[:3]
        if log_n > 30 or 128 * r * 2**log_n > SCRYPT_MAX_MEMORY:
            return f"scrypt memory 128 x r x 2^ln is over the bound of {SCRYPT_MAX_MEMORY} bytes"
        if r * p * 2**log_n > SCRYPT_MAX_WORK:
            return f"scrypt work r x p x 2^ln is over the bound of {SCRYPT_MAX_WORK}"
        return None
    return "not a supported hash"


def needs_rehash(encoded: str) -> bool:
    if not encoded.startswith("$argon2id$"):
        return True
    try:
        return _hasher.check_needs_rehash(encoded)
    except InvalidHashError:
        return True


def hash_sync(password: str) -> str:
    return _hasher.hash(_normalise(password))


def verify_sync(encoded: str | None, password: str) -> tuple[bool, str | None]:
    """(matches, new hash when the stored one should be replaced). Without a stored hash a dummy
    argon2 hash is verified, so the time taken does not reveal whether the account exists."""
    global _dummy_hash
    if not encoded:
        if _dummy_hash is None:
            _dummy_hash = hash_sync(os.urandom(16).hex())
        _verify_argon2(_dummy_hash, password)
        return False, None
    for prefix, (_, verifier) in VERIFIERS.items():
        if encoded.startswith(prefix) and is_importable(encoded) and cost_problem(encoded) is None:
            ok = verifier(encoded, password)
            break
    else:
        # Unknown or malformed, or too costly to verify (imported before the bounds): still
        # spend the time of a real verification, and no more.
        verify_sync(None, password)
        return False, None
    if ok and needs_rehash(encoded):
        return True, hash_sync(password)
    return ok, None


async def hash_password(password: str) -> str:
    return await asyncio.get_running_loop().run_in_executor(_pool(), hash_sync, password)


async def verify_and_update(encoded: str | None, password: str) -> tuple[bool, str | None]:
    """Verify in the thread pool; returns (ok, replacement hash or None)."""
    return await asyncio.get_running_loop().run_in_executor(_pool(), verify_sync, encoded, password)
