"""The user as the sign-up and /me answers show it (the whole user: identity/users/presenter.py)."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.auth.schemas import ReducedUser
from identity.users.records import UserRecord


def present_reduced(row: UserRecord) -> ReducedUser:
    """The sign-up response's user: id, email, name, email_verified, created_at."""
    return ReducedUser(
        id=row.id, email=row.email, name=row.name, email_verified=row.email_verified, created_at=row.created_at
    )


def present_me(row: asyncpg.Record) -> dict[str, Any]:
    """GET /v1/auth/me, from users.store.me_row. A dict, the shape of `Me`: the object is kept
    in the /me cache (identity/sessions/me_cache.py, which cannot import this package's
    schemas) and this is a hot path of issue T, left as it was measured."""
    return {
        "id": row["id"],
        "email": row["email"],
        "name": row["name"],
        "email_verified": row["email_verified"],
        "mfa_enabled": row["mfa_enabled"],
        "role": row["role"],
        "public_metadata": row["public_metadata"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }
