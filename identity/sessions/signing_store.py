"""SQL for the signing keys (ES256 and RS256) that identity/sessions/signing.py rotates and loads."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from identity.sessions.records import PublicJwk, SigningKeyRecord

_ROTATION_LOCK = 0x51_6E_1A_6B  # advisory lock: one process rotates at a time


async def lock_rotation(conn: Any) -> None:
    """Hold the rotation lock until the caller's transaction ends."""
    await conn.execute("SELECT pg_advisory_xact_lock($1)", _ROTATION_LOCK)


async def retire_keys_before(conn: Any, algorithm: str, activates: datetime, grace: timedelta) -> None:
    """Every key of this algorithm that activated before `activates` stops signing then, and
    leaves the JWKS `grace` later."""
    await conn.execute(
        """UPDATE signing_keys SET retired_at = $1, expires_at = $1 + $2::interval
           WHERE retired_at IS NULL AND activates_at < $1 AND algorithm = $3""",
        activates,
        grace,
        algorithm,
    )


async def insert_key(
    conn: Any, kid: str, algorithm: str, public_jwk: PublicJwk, sealed_pem: str, activates: datetime
) -> None:
    await conn.execute(
        """INSERT INTO signing_keys (id, algorithm, public_jwk, private_key_sealed, activates_at)
           VALUES ($1, $2, $3, $4, $5)""",
        kid,
        algorithm,
        public_jwk,
        sealed_pem,
        activates,
    )


async def has_signing_key(conn: Any, algorithm: str) -> bool:
    """Whether a key of this algorithm signs now."""
    return bool(
        await conn.fetchval(
            """SELECT 1 FROM signing_keys WHERE algorithm = $1 AND activates_at <= now()
           AND (retired_at IS NULL OR retired_at > now()) LIMIT 1""",
            algorithm,
        )
    )


async def newest_activation(conn: Any, algorithm: str) -> datetime | None:
    newest: datetime | None = await conn.fetchval(
        "SELECT max(activates_at) FROM signing_keys WHERE algorithm = $1", algorithm
    )
    return newest


async def live_keys(conn: Any) -> list[SigningKeyRecord]:
    """The keys not yet expired (signing, pre-published or retired within their grace), oldest first."""
    rows = await conn.fetch(
        """SELECT id, algorithm, public_jwk, private_key_sealed, activates_at, expires_at
           FROM signing_keys WHERE expires_at IS NULL OR expires_at > now()
           ORDER BY activates_at"""
    )
    return SigningKeyRecord.all(rows)
