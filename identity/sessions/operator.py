"""`identity keys rotate-signing`: bring in a new JWT signing key from the command line."""

from __future__ import annotations

from datetime import UTC, datetime

from identity.config import Settings
from identity.durations import parse_duration


async def rotate_signing(
    settings: Settings, dsn: str, activate_in: str = "0s", algorithms: tuple[str, ...] | None = None
) -> str:
    """Create the next signing key of each algorithm (ES256 and RS256 unless `algorithms`
    names some). Each is published in the JWKS at once and signs from now + activate_in; the
    key it replaces stays published until every token it signed has expired. Running API
    processes pick it up within a minute (or at once on meeting its kid). One line per key."""
    from identity.crypto import SecretBox
    from identity.db.pool import create_pool
    from identity.sessions import signing

    delay = parse_duration(activate_in)
    box = SecretBox.load_or_create(settings.secret_key, settings.data_dir)
    pool = await create_pool(dsn, 1, 1)
    lines = []
    try:
        async with pool.acquire() as conn:
            activates = datetime.now(UTC) + delay
            for algorithm in algorithms or signing.ALGORITHMS:
                kid = await signing.create_key(conn, box, algorithm=algorithm, activates_at=activates)
                lines.append(f"{kid} {algorithm} (signs from {activates.isoformat(timespec='seconds')})")
    finally:
        await pool.close()
    return "\n".join(lines)
