"""SQL for connections, linked identities, flows in progress and one-time tickets.
Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg
import msgspec

from identity.connections.records import (
    ConnectionRecord,
    FlowRecord,
    IdentityRecord,
    Profile,
    SignInMethodsRecord,
    TicketRecord,
)
from identity.db.inserts import insert_into
from identity.db.keysets import Keyset, read_page

_CONNECTION = """id, tenant_id, provider, name, client_id, client_secret_sealed, scopes, enabled,
                 endpoints, token_endpoint_auth_method, field_mapping, apple_team_id, apple_key_id,
                 apple_private_key_sealed, created_at, updated_at"""
_FLOW = """tenant_id, state_hash, connection_id, browser_hash, redirect_url, code_verifier_sealed, nonce,
           link_user_id, link_session_id, created_at, expires_at, used_at"""
_IDENTITY = """id, user_id, connection_id, provider, provider_user_id, email, email_verified, name,
               avatar_url, created_at, updated_at, last_sign_in_at"""


# -- connections ---------------------------------------------------------------------------------


async def insert_connection(conn: Any, values: dict[str, Any]) -> ConnectionRecord:
    return ConnectionRecord.of(
        await conn.fetchrow(
            insert_into("oauth_connections", values) + f" RETURNING {_CONNECTION}",
            *values.values(),
        )
    )


async def get_connection(
    conn: Any, tenant_id: str, connection_id: str, *, for_update: bool = False
) -> ConnectionRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return ConnectionRecord.maybe(
        await conn.fetchrow(
            f"SELECT {_CONNECTION} FROM oauth_connections WHERE tenant_id = $1 AND id = $2{lock}",
            tenant_id,
            connection_id,
        )
    )


async def list_connections(
    conn: Any, tenant_id: str, page: Keyset, *, provider: str | None, enabled: bool | None
) -> tuple[list[ConnectionRecord], int]:
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {_CONNECTION} FROM oauth_connections",
        count="SELECT count(*) FROM oauth_connections",
        where="tenant_id = $1 AND ($2::text IS NULL OR provider = $2) AND ($3::boolean IS NULL OR enabled = $3)",
        args=(tenant_id, provider, enabled),
    )
    return ConnectionRecord.all(rows), total


async def enabled_connections(conn: Any, tenant_id: str) -> list[ConnectionRecord]:
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {_CONNECTION} FROM oauth_connections WHERE tenant_id = $1 AND enabled
            ORDER BY id LIMIT 100""",
        tenant_id,
    )
    return ConnectionRecord.all(rows)


async def update_connection(conn: Any, tenant_id: str, connection_id: str, changes: dict[str, Any]) -> ConnectionRecord:
    sets = ", ".join(f"{col} = ${i}" for i, col in enumerate(changes, start=3))
    return ConnectionRecord.of(
        await conn.fetchrow(
            f"""UPDATE oauth_connections SET {sets}, updated_at = now()
            WHERE tenant_id = $1 AND id = $2 RETURNING {_CONNECTION}""",
            tenant_id,
            connection_id,
            *changes.values(),
        )
    )


async def delete_connection(conn: Any, tenant_id: str, connection_id: str) -> None:
    await conn.execute("DELETE FROM oauth_connections WHERE tenant_id = $1 AND id = $2", tenant_id, connection_id)


async def count_identities_of_connection(conn: Any, tenant_id: str, connection_id: str) -> int:
    linked: int = await conn.fetchval(
        "SELECT count(*) FROM oauth_identities WHERE tenant_id = $1 AND connection_id = $2",
        tenant_id,
        connection_id,
    )
    return linked


# -- identities ----------------------------------------------------------------------------------


async def find_identity(
    conn: Any, tenant_id: str, connection_id: str, provider_user_id: str, *, for_update: bool = False
) -> IdentityRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return IdentityRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {_IDENTITY} FROM oauth_identities
            WHERE tenant_id = $1 AND connection_id = $2 AND provider_user_id = $3{lock}""",
            tenant_id,
            connection_id,
            provider_user_id,
        )
    )


async def get_identity(
    conn: Any, tenant_id: str, user_id: str, identity_id: str, *, for_update: bool = False
) -> IdentityRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return IdentityRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {_IDENTITY} FROM oauth_identities
            WHERE tenant_id = $1 AND user_id = $2 AND id = $3{lock}""",
            tenant_id,
            user_id,
            identity_id,
        )
    )


async def insert_identity(conn: Any, values: dict[str, Any]) -> IdentityRecord:
    return IdentityRecord.of(
        await conn.fetchrow(
            insert_into("oauth_identities", values) + f" RETURNING {_IDENTITY}",
            *values.values(),
        )
    )


async def touch_identity(conn: Any, tenant_id: str, identity_id: str, profile: Profile) -> IdentityRecord:
    """Refresh the copy of the provider's profile at each sign-in."""
    return IdentityRecord.of(
        await conn.fetchrow(
            f"""UPDATE oauth_identities
            SET email = $3, email_verified = $4, name = $5, avatar_url = $6, last_sign_in_at = now(),
                updated_at = now()
            WHERE tenant_id = $1 AND id = $2 RETURNING {_IDENTITY}""",
            tenant_id,
            identity_id,
            profile.email,
            profile.email_verified,
            profile.name,
            profile.avatar_url,
        )
    )


async def delete_identity(conn: Any, tenant_id: str, identity_id: str) -> None:
    await conn.execute("DELETE FROM oauth_identities WHERE tenant_id = $1 AND id = $2", tenant_id, identity_id)


async def delete_unvouched_identities(conn: Any, tenant_id: str, user_id: str, email: str) -> list[asyncpg.Record]:
    """Unlink the user's identities whose provider does not vouch for this address (verified and
    equal to it); returns the rows removed."""
    removed: list[asyncpg.Record] = await conn.fetch(
        """DELETE FROM oauth_identities
           WHERE tenant_id = $1 AND user_id = $2
             AND NOT (email_verified AND email IS NOT NULL AND lower(email) = $3)
           RETURNING id, provider, connection_id""",
        tenant_id,
        user_id,
        email,
    )
    return removed


async def list_identities(conn: Any, tenant_id: str, user_id: str, page: Keyset) -> tuple[list[IdentityRecord], int]:
    rows, total = await read_page(
        conn,
        page,
        select=f"SELECT {_IDENTITY} FROM oauth_identities",
        count="SELECT count(*) FROM oauth_identities",
        where="tenant_id = $1 AND user_id = $2",
        args=(tenant_id, user_id),
    )
    return IdentityRecord.all(rows), total


async def other_sign_in_methods(conn: Any, tenant_id: str, user_id: str, identity_id: str) -> SignInMethodsRecord:
    """Whether the user keeps a way to sign in without this identity: a password, or another
    identity whose connection is enabled. One statement."""
    return SignInMethodsRecord.of(
        await conn.fetchrow(
            """SELECT (u.password_hash IS NOT NULL) AS has_password,
                  (SELECT count(*) FROM oauth_identities i
                     JOIN oauth_connections c ON c.tenant_id = i.tenant_id AND c.id = i.connection_id
                    WHERE i.tenant_id = $1 AND i.user_id = $2 AND i.id <> $3 AND c.enabled) AS others
           FROM users u WHERE u.tenant_id = $1 AND u.id = $2""",
            tenant_id,
            user_id,
            identity_id,
        )
    )


# -- flows ---------------------------------------------------------------------------------------


async def insert_flow(conn: Any, values: dict[str, Any]) -> None:
    await conn.execute(insert_into("oauth_connection_flows", values), *values.values())


async def get_flow(conn: Any, tenant_id: str, state_hash: str) -> FlowRecord | None:
    return FlowRecord.maybe(
        await conn.fetchrow(
            f"SELECT {_FLOW} FROM oauth_connection_flows WHERE tenant_id = $1 AND state_hash = $2",
            tenant_id,
            state_hash,
        )
    )


async def spend_flow(conn: Any, tenant_id: str, state_hash: str) -> bool:
    """Mark the flow used; False when it already was (a replayed callback)."""
    done = await conn.fetchval(
        """UPDATE oauth_connection_flows SET used_at = now()
           WHERE tenant_id = $1 AND state_hash = $2 AND used_at IS NULL RETURNING true""",
        tenant_id,
        state_hash,
    )
    return bool(done)


async def drop_expired(conn: Any, tenant_id: str) -> None:
    """Housekeeping of the tenant's finished flows and tickets, a day after they expired."""
    await conn.execute(
        "DELETE FROM oauth_connection_flows WHERE tenant_id = $1 AND expires_at < now() - interval '1 day'",
        tenant_id,
    )
    await conn.execute(
        "DELETE FROM oauth_tickets WHERE tenant_id = $1 AND expires_at < now() - interval '1 day'", tenant_id
    )


# -- tickets -------------------------------------------------------------------------------------


async def insert_ticket(conn: Any, values: dict[str, Any]) -> None:
    await conn.execute(insert_into("oauth_tickets", values), *values.values())


async def take_ticket(conn: Any, tenant_id: str, token_hash: str, kind: str) -> TicketRecord | None:
    """Lock the ticket and mark it used in one statement; returns it as it was (used_at, expiry
    to be checked by the caller), or None when unknown."""
    row = await conn.fetchrow(
        """UPDATE oauth_tickets t SET used_at = coalesce(t.used_at, now())
           FROM (SELECT token_hash, used_at FROM oauth_tickets
                  WHERE tenant_id = $1 AND token_hash = $2 AND kind = $3 FOR UPDATE) AS old
           WHERE t.tenant_id = $1 AND t.token_hash = old.token_hash
           RETURNING t.user_id, t.session_id, t.connection_id, t.identity_id, t.redirect_url, t.new_user,
                     t.profile, t.expires_at, old.used_at""",
        tenant_id,
        token_hash,
        kind,
    )
    if row is None:
        return None
    # The profile comes back as the JSON it was stored as (the pool's jsonb codec).
    profile = None if row["profile"] is None else msgspec.convert(row["profile"], Profile)
    return TicketRecord.of({**row, "profile": profile})


async def session_signed_in_at(conn: Any, tenant_id: str, user_id: str, session_id: str) -> datetime | None:
    """When the user's live session was created (a session is created by a sign-in), or None."""
    signed_in_at: datetime | None = await conn.fetchval(
        """SELECT created_at FROM sessions WHERE tenant_id = $1 AND id = $2 AND user_id = $3
           AND revoked_at IS NULL AND expires_at > now()""",
        tenant_id,
        session_id,
        user_id,
    )
    return signed_in_at
