"""SQL for factors, backup codes and challenges. Every statement filters on tenant_id."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import asyncpg

from identity.db.inserts import insert_into
from identity.mfa.records import ChallengeRecord, FactorRecord, SpentCode, SpentPasskeyChallenge
from identity.sessions import me_cache

FACTOR_COLUMNS = """tenant_id, id, user_id, type, name, status, totp_secret, totp_last_step,
                    phone_number, credential_id, public_key, sign_count, rp_id, aaguid, transports,
                    backed_up, enroll_secret, enroll_attempts, enroll_expires_at, created_at,
                    updated_at, activated_at, last_used_at"""
CHALLENGE_COLUMNS = """tenant_id, id, user_id, factor_id, factor_type, verify_email, codes, codes_sent,
                       webauthn_challenge, failed_attempts, created_at, expires_at, completed_at"""

#: Column values to write, by column name: the columns are chosen in code, never from input; the
#: statement is built from their names and the values travel as $n parameters.
Columns = dict[str, Any]

#: The order in which a sign-in picks the factor it asks for (after the one used last).
PREFERENCE = ("totp", "webauthn", "sms", "email_otp", "backup_codes")


def _sets(changes: Columns, first: int) -> str:
    """ "a = $3, b = $4, " for the given columns (names come from code, never from input)."""
    return "".join(f"{col} = ${i}, " for i, col in enumerate(changes, start=first))


# -- factors -----------------------------------------------------------------------------------


async def insert_factor(conn: asyncpg.Connection, values: Columns) -> FactorRecord:
    return FactorRecord.of(
        await conn.fetchrow(
            insert_into("mfa_factors", values) + f" RETURNING {FACTOR_COLUMNS}",
            *values.values(),
        )
    )


async def get_factor(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, factor_id: str, *, for_update: bool = False
) -> FactorRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return FactorRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {FACTOR_COLUMNS} FROM mfa_factors
            WHERE tenant_id = $1 AND user_id = $2 AND id = $3{lock}""",
            tenant_id,
            user_id,
            factor_id,
        )
    )


async def list_factors(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> list[FactorRecord]:
    """Every factor of the user (pending ones too), oldest first, with the unused backup
    codes counted."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {FACTOR_COLUMNS},
                   (SELECT count(*) FROM mfa_backup_codes b
                    WHERE b.tenant_id = f.tenant_id AND b.factor_id = f.id AND b.used_at IS NULL)
                       AS codes_remaining
            FROM mfa_factors f WHERE tenant_id = $1 AND user_id = $2 ORDER BY id""",
        tenant_id,
        user_id,
    )
    return FactorRecord.all(rows)


async def active_factors(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> list[FactorRecord]:
    """Active factors in the order a sign-in offers them: the one used last, then by PREFERENCE
    (backup codes only when nothing else is active)."""
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {FACTOR_COLUMNS} FROM mfa_factors
            WHERE tenant_id = $1 AND user_id = $2 AND status = 'active' ORDER BY id""",
        tenant_id,
        user_id,
    )
    return sorted(
        FactorRecord.all(rows),
        key=lambda r: (
            r.type == "backup_codes",
            -(r.last_used_at.timestamp() if r.last_used_at else 0.0),
            PREFERENCE.index(r.type),
        ),
    )


async def factors_of_type(conn: asyncpg.Connection, tenant_id: str, user_id: str, type_: str) -> list[FactorRecord]:
    rows: list[asyncpg.Record] = await conn.fetch(
        f"""SELECT {FACTOR_COLUMNS} FROM mfa_factors
            WHERE tenant_id = $1 AND user_id = $2 AND type = $3 AND status = 'active' ORDER BY id""",
        tenant_id,
        user_id,
        type_,
    )
    return FactorRecord.all(rows)


async def webauthn_by_credential(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, credential_id: str
) -> FactorRecord | None:
    return FactorRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {FACTOR_COLUMNS} FROM mfa_factors
            WHERE tenant_id = $1 AND user_id = $2 AND credential_id = $3 AND type = 'webauthn'
              AND status = 'active'""",
            tenant_id,
            user_id,
            credential_id,
        )
    )


async def credential_ids(conn: asyncpg.Connection, tenant_id: str, user_id: str, rp_id: str | None = None) -> list[str]:
    rows = await conn.fetch(
        """SELECT credential_id FROM mfa_factors
           WHERE tenant_id = $1 AND user_id = $2 AND type = 'webauthn' AND status = 'active'
             AND credential_id IS NOT NULL AND ($3::text IS NULL OR rp_id = $3) ORDER BY id""",
        tenant_id,
        user_id,
        rp_id,
    )
    return [r["credential_id"] for r in rows]


async def credential_taken(conn: asyncpg.Connection, tenant_id: str, credential_id: str) -> bool:
    """Whether a passkey with this credential id is enrolled in the tenant (by anyone)."""
    return bool(
        await conn.fetchval(
            "SELECT 1 FROM mfa_factors WHERE tenant_id = $1 AND credential_id = $2",
            tenant_id,
            credential_id,
        )
    )


async def update_factor(conn: asyncpg.Connection, tenant_id: str, factor_id: str, changes: Columns) -> FactorRecord:
    """Set the given columns (names come from code, never from input) and updated_at."""
    return FactorRecord.of(
        await conn.fetchrow(
            f"""UPDATE mfa_factors SET {_sets(changes, 3)}updated_at = now()
            WHERE tenant_id = $1 AND id = $2 RETURNING {FACTOR_COLUMNS}""",
            tenant_id,
            factor_id,
            *changes.values(),
        )
    )


async def delete_factor(conn: asyncpg.Connection, tenant_id: str, factor_id: str) -> None:
    await conn.execute("DELETE FROM mfa_factors WHERE tenant_id = $1 AND id = $2", tenant_id, factor_id)


async def delete_user_factors(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> list[FactorRecord]:
    """Every factor of the user, pending ones too (their backup codes cascade); returns the
    rows removed, oldest first."""
    rows = await conn.fetch(
        f"DELETE FROM mfa_factors WHERE tenant_id = $1 AND user_id = $2 RETURNING {FACTOR_COLUMNS}",
        tenant_id,
        user_id,
    )
    return sorted(FactorRecord.all(rows), key=lambda r: r.id)


async def delete_pending(conn: asyncpg.Connection, tenant_id: str, user_id: str, type_: str) -> None:
    """An enrollment replaces an unconfirmed one of the same type."""
    await conn.execute(
        """DELETE FROM mfa_factors
           WHERE tenant_id = $1 AND user_id = $2 AND type = $3 AND status = 'pending'""",
        tenant_id,
        user_id,
        type_,
    )


async def count_active(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> int:
    active: int = await conn.fetchval(
        """SELECT count(*) FROM mfa_factors
           WHERE tenant_id = $1 AND user_id = $2 AND status = 'active'""",
        tenant_id,
        user_id,
    )
    return active


async def sync_mfa_enabled(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> bool:
    """users.mfa_enabled := the user has an active factor. Call in the transaction of every
    change of a factor's status (and after deleting factors); returns the value."""
    me_cache.forget_everywhere(conn, tenant_id, [user_id])
    enabled: bool = await conn.fetchval(
        """WITH now_enabled AS (
               SELECT EXISTS (SELECT 1 FROM mfa_factors
                              WHERE tenant_id = $1 AND user_id = $2 AND status = 'active') AS v),
           changed AS (
               UPDATE users u SET mfa_enabled = n.v, updated_at = now() FROM now_enabled n
               WHERE u.tenant_id = $1 AND u.id = $2 AND u.mfa_enabled IS DISTINCT FROM n.v)
           SELECT v FROM now_enabled""",
        tenant_id,
        user_id,
    )
    return enabled


async def claim_totp_step(conn: asyncpg.Connection, tenant_id: str, factor_id: str, step: int) -> bool:
    """Record `step` as used; False when it (or a later one) was used already: a replay."""
    done = await conn.fetchval(
        """UPDATE mfa_factors SET totp_last_step = $3, last_used_at = now(), updated_at = now()
           WHERE tenant_id = $1 AND id = $2 AND (totp_last_step IS NULL OR totp_last_step < $3)
           RETURNING 1""",
        tenant_id,
        factor_id,
        step,
    )
    return bool(done)


async def advance_sign_count(conn: asyncpg.Connection, tenant_id: str, factor_id: str, old: int, new: int) -> bool:
    """Store the authenticator's new sign count, unless another assertion got there first."""
    done = await conn.fetchval(
        """UPDATE mfa_factors SET sign_count = $4, last_used_at = now(), updated_at = now()
           WHERE tenant_id = $1 AND id = $2 AND sign_count = $3 RETURNING 1""",
        tenant_id,
        factor_id,
        old,
        new,
    )
    return bool(done)


async def touch(conn: asyncpg.Connection, tenant_id: str, factor_id: str) -> None:
    await conn.execute(
        "UPDATE mfa_factors SET last_used_at = now() WHERE tenant_id = $1 AND id = $2",
        tenant_id,
        factor_id,
    )


# -- backup codes ------------------------------------------------------------------------------


async def backup_factor(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, *, for_update: bool = False
) -> FactorRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return FactorRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {FACTOR_COLUMNS} FROM mfa_factors
            WHERE tenant_id = $1 AND user_id = $2 AND type = 'backup_codes'{lock}""",
            tenant_id,
            user_id,
        )
    )


async def replace_backup_codes(
    conn: asyncpg.Connection, tenant_id: str, user_id: str, factor_id: str, hashes: list[str]
) -> None:
    await conn.execute("DELETE FROM mfa_backup_codes WHERE tenant_id = $1 AND factor_id = $2", tenant_id, factor_id)
    await conn.execute(
        """INSERT INTO mfa_backup_codes (tenant_id, user_id, code_hash, factor_id)
           SELECT $1, $2, h, $3 FROM unnest($4::text[]) AS h""",
        tenant_id,
        user_id,
        factor_id,
        hashes,
    )


async def use_backup_code(conn: asyncpg.Connection, tenant_id: str, user_id: str, code_hash: str) -> SpentCode | None:
    """Spend one unused code (at most once, also under concurrency); returns the factor id and
    how many codes are left, or None."""
    return SpentCode.maybe(
        await conn.fetchrow(
            """WITH spent AS (
               UPDATE mfa_backup_codes SET used_at = now()
               WHERE tenant_id = $1 AND user_id = $2 AND code_hash = $3 AND used_at IS NULL
               RETURNING factor_id)
           SELECT s.factor_id,
                  (SELECT count(*) FROM mfa_backup_codes b
                   WHERE b.tenant_id = $1 AND b.factor_id = s.factor_id AND b.used_at IS NULL) - 1
                      AS remaining
           FROM spent s""",
            tenant_id,
            user_id,
            code_hash,
        )
    )


# -- challenges --------------------------------------------------------------------------------


async def insert_challenge(conn: asyncpg.Connection, values: Columns) -> ChallengeRecord:
    return ChallengeRecord.of(
        await conn.fetchrow(
            insert_into("mfa_challenges", values) + f" RETURNING {CHALLENGE_COLUMNS}",
            *values.values(),
        )
    )


async def get_challenge(
    conn: asyncpg.Connection, tenant_id: str, challenge_id: str, *, for_update: bool = False
) -> ChallengeRecord | None:
    lock = " FOR UPDATE" if for_update else ""
    return ChallengeRecord.maybe(
        await conn.fetchrow(
            f"SELECT {CHALLENGE_COLUMNS} FROM mfa_challenges WHERE tenant_id = $1 AND id = $2{lock}",
            tenant_id,
            challenge_id,
        )
    )


async def update_challenge(
    conn: asyncpg.Connection, tenant_id: str, challenge_id: str, changes: Columns
) -> ChallengeRecord:
    return ChallengeRecord.of(
        await conn.fetchrow(
            f"""UPDATE mfa_challenges SET {_sets(changes, 3).rstrip(", ")} WHERE tenant_id = $1 AND id = $2
            RETURNING {CHALLENGE_COLUMNS}""",
            tenant_id,
            challenge_id,
            *changes.values(),
        )
    )


async def purge_challenges(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> None:
    """Drop the user's challenges that ended more than a day ago (done at each new sign-in, so
    the table holds about one row per recently active user)."""
    await conn.execute(
        """DELETE FROM mfa_challenges
           WHERE tenant_id = $1 AND user_id = $2 AND expires_at < now() - interval '1 day'""",
        tenant_id,
        user_id,
    )


async def tenant_name(conn: asyncpg.Connection, tenant_id: str) -> str:
    return await conn.fetchval("SELECT name FROM tenants WHERE id = $1", tenant_id) or "Identity"


# -- passwordless passkey sign-in (sql/027_passwordless.sql) -------------------------------------


async def webauthn_in_tenant(conn: asyncpg.Connection, tenant_id: str, credential_id: str) -> FactorRecord | None:
    """The active passkey with this credential id, whoever's it is (a discoverable sign-in
    learns the user from the credential)."""
    return FactorRecord.maybe(
        await conn.fetchrow(
            f"""SELECT {FACTOR_COLUMNS} FROM mfa_factors
            WHERE tenant_id = $1 AND credential_id = $2 AND type = 'webauthn' AND status = 'active'""",
            tenant_id,
            credential_id,
        )
    )


async def insert_passkey_challenge(
    conn: asyncpg.Connection,
    tenant_id: str,
    challenge_hash: str,
    rp_id: str,
    binding_hash: str | None,
    expires_at: datetime,
) -> None:
    await conn.execute(
        """INSERT INTO passkey_challenges (tenant_id, challenge_hash, rp_id, binding_hash, expires_at)
           VALUES ($1, $2, $3, $4, $5)""",
        tenant_id,
        challenge_hash,
        rp_id,
        binding_hash,
        expires_at,
    )


async def spend_passkey_challenge(
    conn: asyncpg.Connection, tenant_id: str, challenge_hash: str
) -> SpentPasskeyChallenge | None:
    """Mark the challenge used and return it as it was (used_at before this call); None when
    unknown. Single use: a second call finds used_at set."""
    return SpentPasskeyChallenge.maybe(
        await conn.fetchrow(
            """UPDATE passkey_challenges AS p SET used_at = now()
           FROM (SELECT challenge_hash, used_at FROM passkey_challenges
                 WHERE tenant_id = $1 AND challenge_hash = $2 FOR UPDATE) AS old
           WHERE p.tenant_id = $1 AND p.challenge_hash = old.challenge_hash
           RETURNING p.rp_id, p.binding_hash, p.expires_at, old.used_at""",
            tenant_id,
            challenge_hash,
        )
    )
