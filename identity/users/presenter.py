"""The user as JSON. One function per audience, so every endpoint shows the same fields."""

from __future__ import annotations

from typing import Literal, overload

from identity.http.types import JsonObject, derived
from identity.users.records import UserRecord
from identity.users.schemas import PublicUser, User


@overload
def present_user(row: UserRecord, *, private: Literal[True] = True) -> User: ...
@overload
def present_user(row: UserRecord, *, private: Literal[False]) -> PublicUser: ...
def present_user(row: UserRecord, *, private: bool = True) -> PublicUser:
    """The user object (docs/users.md, "The user object"). private_metadata is shown only to
    secret-key callers (private=True: User); frontends (publishable key, access token) never see
    it (PublicUser)."""
    public = PublicUser(
        id=row.id,
        email=row.email,
        username=row.username,
        name=row.name,
        phone=row.phone,
        avatar_url=row.avatar_url,
        email_verified=row.email_verified,
        phone_verified=row.phone_verified,
        role=row.role,
        status=row.status,
        mfa_enabled=row.mfa_enabled,
        public_metadata=row.public_metadata,
        created_at=row.created_at,
        updated_at=row.updated_at,
        last_sign_in_at=row.last_sign_in_at,
    )
    if private:
        return derived(User, public, private_metadata=row.private_metadata)
    return public


def event_data(row: UserRecord) -> JsonObject:
    """The data of user.* events (docs/events.md; the user.created example: id, email, name,
    created_at), plus the fields a receiver needs to act on."""
    return {
        "id": row.id,
        "email": row.email,
        "name": row.name,
        "email_verified": row.email_verified,
        "role": row.role,
        "status": row.status,
        "created_at": row.created_at,
    }
