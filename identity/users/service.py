"""Creating users (sign-up, magic link, tenant owner, and later POST /v1/users)."""

from __future__ import annotations

from typing import Any

import asyncpg

from identity.audit.context import AuditContext
from identity.events.emit import emit
from identity.http.errors import ApiError
from identity.ids import new_id
from identity.tenants.service import CREATE_HOOKS
from identity.users import store
from identity.users.presenter import event_data

EmailTaken = ApiError("A user with that email already exists.", status=409, code="email_already_exists")
UsernameTaken = ApiError("That username is already taken.", status=409, code="username_already_exists")


async def create_user(
    conn: asyncpg.Connection,
    tenant_id: str,
    *,
    email: str,
    password_hash: str | None = None,
    name: str | None = None,
    username: str | None = None,
    phone: str | None = None,
    role: str = "member",
    email_verified: bool = False,
    public_metadata: dict[str, Any] | None = None,
    private_metadata: dict[str, Any] | None = None,
) -> asyncpg.Record:
    """Insert the user and emit user.created, in the caller's transaction.
    Raises 409 email_already_exists / username_already_exists."""
    values: dict[str, Any] = {
        "tenant_id": tenant_id,
        "id": new_id("usr"),
        "email": store.normalise_email(email),
        "username": username,
        "name": name,
        "phone": phone,
        "role": role,
        "email_verified": email_verified,
        "public_metadata": public_metadata or {},
        "private_metadata": private_metadata or {},
        "password_hash": password_hash,
    }
    try:
        async with conn.transaction():  # a savepoint: the caller's transaction survives a 409
            row = await store.insert(conn, values)
    except asyncpg.UniqueViolationError as exc:
        if "username" in (exc.constraint_name or ""):
            raise UsernameTaken from None
        raise EmailTaken from None
    await emit(conn, tenant_id, "user.created", event_data(row))
    return row


async def _create_owner(
    conn: asyncpg.Connection, tenant_id: str, owner_email: str | None, audit: AuditContext
) -> None:
    """Tenant creation hook: owner_email becomes an admin user without a password (they sign
    in with a magic link or set one through password/forgot)."""
    if not owner_email:
        return
    row = await create_user(conn, tenant_id, email=owner_email, role="admin")
    await audit.record(conn, tenant_id, "user.created", "user", row["id"], {"owner": True})


CREATE_HOOKS.append(_create_owner)
