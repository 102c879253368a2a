"""Account lockout: LOCK_THRESHOLD wrong passwords within LOCK_WINDOW lock the account for
LOCK_DURATION (403 account_locked, checked before the password is verified). A successful
sign-in, a password reset or a magic-link sign-in clears the count and the lock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from identity.users import store as users
from identity.users.records import UserColumns, UserRecord

LOCK_THRESHOLD = 10
LOCK_WINDOW = timedelta(minutes=15)
LOCK_DURATION = timedelta(minutes=15)

#: Columns that clear the lockout state (for users.store.update).
CLEARED: UserColumns = {"failed_sign_ins": 0, "failed_window_start": None, "locked_until": None}


def is_locked(user: UserRecord, now: datetime | None = None) -> bool:
    until = user.locked_until
    return until is not None and until > (now or datetime.now(UTC))


async def record_failure(pool: Any, tenant_id: str, user_id: str) -> bool:
    """Count a wrong password; True when the account is (now) locked."""
    row = await users.record_failed_sign_in(
        pool,
        tenant_id,
        user_id,
        threshold=LOCK_THRESHOLD,
        window_seconds=int(LOCK_WINDOW.total_seconds()),
        lock_seconds=int(LOCK_DURATION.total_seconds()),
    )
    return row is not None and bool(row.locked)
