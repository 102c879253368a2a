"""The user as JSON. One function per audience, so every endpoint shows the same fields."""

from __future__ import annotations

from typing import Any

import asyncpg


def present_user(row: asyncpg.Record | dict[str, Any], *, private: bool = True) -> dict[str, Any]:
    """The user object (docs/users.md, "The user object"). private_metadata is shown only to
    secret-key callers (private=True); frontends (publishable key, access token) never see it."""
    user = {
        "id": row["id"],
        "email": row["email"],
        "username": row["username"],
        "name": row["name"],
        "phone": row["phone"],
        "avatar_url": row["avatar_url"],
        "email_verified": row["email_verified"],
        "phone_verified": row["phone_verified"],
        "role": row["role"],
        "status": row["status"],
        "mfa_enabled": row["mfa_enabled"],
        "public_metadata": row["public_metadata"],
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "last_sign_in_at": row["last_sign_in_at"],
    }
    if private:
        user["private_metadata"] = row["private_metadata"]
    return user


def present_reduced(row: asyncpg.Record | dict[str, Any]) -> dict[str, Any]:
    """The sign-up response's user: id, email, name, email_verified, created_at."""
    return {
        "id": row["id"],
        "email": row["email"],
        "name": row["name"],
        "email_verified": row["email_verified"],
        "created_at": row["created_at"],
    }


def present_me(row: asyncpg.Record | dict[str, Any]) -> dict[str, Any]:
    """GET /v1/auth/me."""
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


def event_data(row: asyncpg.Record | dict[str, Any]) -> dict[str, Any]:
    """The data of user.* events (docs/events.md; the user.created example: id, email, name,
    created_at), plus the fields a receiver needs to act on."""
    return {
        "id": row["id"],
        "email": row["email"],
        "name": row["name"],
        "email_verified": row["email_verified"],
        "role": row["role"],
        "status": row["status"],
        "created_at": row["created_at"],
    }
