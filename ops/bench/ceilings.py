"""In-process ceilings: asyncpg round trips and write transactions, argon2 at our parameters,
ES256 JWT sign and verify. Prints one JSON object.

    ceilings.py DSN        all of them
    ceilings.py --argon2   argon2 verifications per second only (run.py measures it beside the
                           sign-in run, in the same minute of the machine's drift)
    ceilings.py --db DSN   the asyncpg round trips and write transactions only (run.py measures
                           them beside the refresh run, ops/bench/refresh_ceiling.py)"""

from __future__ import annotations

import asyncio
import json
import sys
import time

import asyncpg
import jwt
from cryptography.hazmat.primitives.asymmetric import ec

from identity.users.passwords import hash_sync, verify_sync

SECONDS = 3.0


async def _rate(fn, concurrency: int) -> float:
    done = 0
    stop = time.perf_counter() + SECONDS

    async def loop() -> None:
        nonlocal done
        while time.perf_counter() < stop:
            await fn()
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*[loop() for _ in range(concurrency)])
    return done / (time.perf_counter() - started)


async def database(dsn: str) -> dict[str, float]:
    pool = await asyncpg.create_pool(dsn, min_size=8, max_size=8)
    await pool.execute("CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, v text)")

    async def select() -> None:
        await pool.fetchval("SELECT 1")

    async def write() -> None:
        async with pool.acquire() as conn, conn.transaction():
            await conn.execute("INSERT INTO bench_ceiling (v) VALUES ($1)", "x")

    result = {"pg_roundtrips_per_s": await _rate(select, 8), "pg_write_tx_per_s": await _rate(write, 8)}
    await pool.execute("DROP TABLE bench_ceiling")
    await pool.close()
    return result


def argon2_rate() -> float:
    """Verifications per second at our parameters, one at a time."""
    encoded = hash_sync("correct horse battery staple")
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < SECONDS:
        verify_sync(encoded, "correct horse battery staple")
        n += 1
    return n / (time.perf_counter() - started)


def cpu() -> dict[str, float]:
    argon2_per_s = argon2_rate()
    key = ec.generate_private_key(ec.SECP256R1())
    claims = {"sub": "usr_x", "tid": "tnt_x", "exp": int(time.time()) + 3600}
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < SECONDS:
        token = jwt.encode(claims, key, algorithm="ES256")
        n += 1
    sign_per_s = n / (time.perf_counter() - started)
    public = key.public_key()
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < SECONDS:
        jwt.decode(token, public, algorithms=["ES256"])
        n += 1
    verify_per_s = n / (time.perf_counter() - started)
    return {
        "argon2_verify_per_s": argon2_per_s,
        "argon2_ms": 1000 / argon2_per_s,
        "jwt_es256_sign_per_s": sign_per_s,
        "jwt_es256_verify_per_s": verify_per_s,
    }


if __name__ == "__main__":
    if sys.argv[1] == "--argon2":
        print(json.dumps(argon2_rate()))
        sys.exit()
    if sys.argv[1] == "--db":
        print(json.dumps(asyncio.run(database(sys.argv[2]))))
        sys.exit()
    out = cpu()
    out.update(asyncio.run(database(sys.argv[1])))
    print(json.dumps(out))
