"""SQL for the provider: codes, grants, refresh tokens, consents, browser sessions.
Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.db.inserts import insert_into
from identity.oauth.records import (
    CodeRecord,
    GrantRecord,
    GrantStateRecord,
    RefreshGrantRecord,
    RefreshTokenRecord,
    UserinfoRecord,
)

# -- browser sessions (the provider cookie) ---------------------------------------------------

_BROWSER = """SELECT b.session_id, b.user_id, b.auth_time
              FROM oauth_browser_sessions b
              JOIN sessions s ON s.tenant_id = b.tenant_id AND s.id = b.session_id
              WHERE b.tenant_id = $1 AND b.token_hash = $2
                AND s.revoked_at IS NULL AND s.expires_at > now()"""


async def browser_session(conn: Any, tenant_id: str, token_hash: str) -> asyncpg.Record | None:
    """The live session behind a cookie, or None (unknown cookie, or its session ended)."""
    return await conn.fetchrow(_BROWSER, tenant_id, token_hash)


async def insert_browser_session(
    conn: Any, tenant_id: str, token_hash: str, session_id: str, user_id: str, auth_time: datetime
) -> None:
    await conn.execute(
        """INSERT INTO oauth_browser_sessions (tenant_id, token_hash, session_id, user_id, auth_time)
           VALUES ($1, $2, $3, $4, $5)""",
        tenant_id,
        token_hash,
        session_id,
        user_id,
        auth_time,
    )


async def delete_browser_session(conn: Any, tenant_id: str, token_hash: str) -> asyncpg.Record | None:
    return await conn.fetchrow(
        """DELETE FROM oauth_browser_sessions WHERE tenant_id = $1 AND token_hash = $2
           RETURNING session_id, user_id""",
        tenant_id,
        token_hash,
    )


# -- consent ------------------------------------------------------------------------------------


async def consented_scopes(conn: Any, tenant_id: str, user_id: str, client_id: str) -> set[str]:
    scopes = await conn.fetchval(
        "SELECT scopes FROM oauth_consents WHERE tenant_id = $1 AND user_id = $2 AND client_id = $3",
        tenant_id,
        user_id,
        client_id,
    )
    return set(scopes or [])


async def remember_consent(conn: Any, tenant_id: str, user_id: str, client_id: str, scopes: list[str]) -> None:
    """Add the scopes to what the user already allowed this client."""
    await conn.execute(
        """INSERT INTO oauth_consents (tenant_id, user_id, client_id, scopes) VALUES ($1, $2, $3, $4)
           ON CONFLICT (tenant_id, user_id, client_id) DO UPDATE
           SET scopes = ARRAY(SELECT DISTINCT unnest(oauth_consents.scopes || EXCLUDED.scopes)),
               updated_at = now()""",
        tenant_id,
        user_id,
        client_id,
        scopes,
    )


# -- codes --------------------------------------------------------------------------------------


async def insert_code(conn: Any, values: dict[str, Any]) -> None:
    await conn.execute(insert_into("oauth_codes", values), *values.values())


async def spend_code(conn: Any, tenant_id: str, code_hash: str) -> CodeRecord | None:
    """Lock the code's row and mark it used; returns the row as it was (used_at shows reuse)."""
    return CodeRecord.maybe(
        await conn.fetchrow(
            """WITH old AS (SELECT * FROM oauth_codes WHERE tenant_id = $1 AND code_hash = $2 FOR UPDATE)
           UPDATE oauth_codes c SET used_at = coalesce(c.used_at, now())
           FROM old WHERE c.tenant_id = old.tenant_id AND c.code_hash = old.code_hash
           RETURNING old.client_id, old.user_id, old.session_id, old.redirect_uri, old.scopes, old.nonce,
                     old.code_challenge, old.auth_time, old.expires_at, old.used_at,
                     (old.expires_at <= now()) AS expired""",
            tenant_id,
            code_hash,
        )
    )


# -- grants and refresh tokens -------------------------------------------------------------------


async def refresh_token_grant(conn: Any, tenant_id: str, token_hash: str) -> RefreshTokenRecord | None:
    """The grant an OAuth refresh token belongs to, and whether it was rotated (spent)."""
    return RefreshTokenRecord.maybe(
        await conn.fetchrow(
            """SELECT grant_id, rotated_at FROM oauth_refresh_tokens WHERE tenant_id = $1 AND token_hash = $2""",
            tenant_id,
            token_hash,
        )
    )


GRANT_COLUMNS = """g.id, g.client_id, g.user_id, g.session_id, g.scopes, g.auth_time, g.created_at,
                   g.expires_at, g.revoked_at"""


async def insert_grant(conn: Any, values: dict[str, Any], refresh_hash: str | None) -> GrantRecord:
    n = len(values) + 1
    return GrantRecord.of(
        await conn.fetchrow(
            f"""WITH g AS ({insert_into("oauth_grants", values)} RETURNING *),
                 r AS (INSERT INTO oauth_refresh_tokens (tenant_id, token_hash, grant_id)
                       SELECT tenant_id, ${n}, id FROM g WHERE ${n}::text IS NOT NULL)
            SELECT {GRANT_COLUMNS} FROM g""",
            *values.values(),
            refresh_hash,
        )
    )


async def revoke_grants_of_code(conn: Any, tenant_id: str, code_hash: str) -> int:
    rows = await conn.fetch(
        """UPDATE oauth_grants SET revoked_at = now(), revoked_reason = 'code_reused'
           WHERE tenant_id = $1 AND code_hash = $2 AND revoked_at IS NULL RETURNING id""",
        tenant_id,
        code_hash,
    )
    return len(rows)


async def revoke_grant(conn: Any, tenant_id: str, grant_id: str, reason: str) -> bool:
    done = await conn.fetchval(
        """UPDATE oauth_grants SET revoked_at = now(), revoked_reason = $3
           WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id""",
        tenant_id,
        grant_id,
        reason,
    )
    return done is not None


async def lock_refresh(conn: Any, tenant_id: str, token_hash: str) -> RefreshGrantRecord | None:
    """The refresh token with its grant and the grant's session state, locked for rotation."""
    return RefreshGrantRecord.maybe(
        await conn.fetchrow(
            f"""SELECT r.token_hash, r.rotated_at, {GRANT_COLUMNS},
                   (s.id IS NOT NULL AND s.revoked_at IS NULL AND s.expires_at > now()) AS session_alive
            FROM oauth_refresh_tokens r
            JOIN oauth_grants g ON g.tenant_id = r.tenant_id AND g.id = r.grant_id
            LEFT JOIN sessions s ON s.tenant_id = g.tenant_id AND s.id = g.session_id
            WHERE r.tenant_id = $1 AND r.token_hash = $2
            FOR UPDATE OF r, g""",
            tenant_id,
            token_hash,
        )
    )


async def rotate_refresh(conn: Any, tenant_id: str, old_hash: str, new_hash: str, grant_id: str) -> None:
    await conn.execute(
        """WITH spent AS (UPDATE oauth_refresh_tokens SET rotated_at = now()
                          WHERE tenant_id = $1 AND token_hash = $2)
           INSERT INTO oauth_refresh_tokens (tenant_id, token_hash, grant_id) VALUES ($1, $3, $4)""",
        tenant_id,
        old_hash,
        new_hash,
        grant_id,
    )


async def grant_state(conn: Any, tenant_id: str, grant_id: str) -> GrantStateRecord | None:
    """A grant with whether it (and its session, for user grants) is still alive."""
    return GrantStateRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {GRANT_COLUMNS},
                   (g.revoked_at IS NULL AND g.expires_at > now()
                    AND (g.session_id IS NULL OR (s.revoked_at IS NULL AND s.expires_at > now()))) AS alive
            FROM oauth_grants g
            LEFT JOIN sessions s ON s.tenant_id = g.tenant_id AND s.id = g.session_id
            WHERE g.tenant_id = $1 AND g.id = $2""",
            tenant_id,
            grant_id,
        )
    )


async def userinfo(conn: Any, tenant_id: str, grant_id: str, user_id: str) -> UserinfoRecord | None:
    """The user behind a live grant, in one round trip; None when the grant or session ended."""
    row = await conn.fetchrow(
        """SELECT u.id, u.email, u.email_verified, u.name, u.username, u.avatar_url, u.updated_at,
                  u.status
           FROM oauth_grants g
           JOIN users u ON u.tenant_id = g.tenant_id AND u.id = g.user_id
           LEFT JOIN sessions s ON s.tenant_id = g.tenant_id AND s.id = g.session_id
           WHERE g.tenant_id = $1 AND g.id = $2 AND g.user_id = $3
             AND g.revoked_at IS NULL AND g.expires_at > now()
             AND s.revoked_at IS NULL AND s.expires_at > now()""",
        tenant_id,
        grant_id,
        user_id,
    )
    return UserinfoRecord.maybe(row)
