"""How many statements a refresh sends (docs/performance.md, "Refresh"): each is a round trip to
Postgres, and round trips bound a rotation on one core. Counted on a real connection with asyncpg's
query logger, through the service function the route calls."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg

from identity.db.pool import create_pool
from identity.principals import Tenant
from identity.sessions import refresh as refresh_tokens
from identity.sessions.runtime import runtime
from identity.state import state
from tests.support.api import assert_error
from tests.support.database import wait_for_lock_waiter

#: The most statements a refresh may send: one for a token this process issued (its hint), two
#: for any other unspent token (read, rotate).
HINTED, UNHINTED = 1, 2


async def _tenant(app, tenant_id: str) -> Tenant:
    """The tenant as the routes get it (the runtime's tenant cache)."""
    return await runtime(app).tenants.get(state(app).pool, tenant_id)


class _Counted:
    """A one-connection pool whose statements are logged (asyncpg's query logger)."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    async def open(self, dsn: str) -> asyncpg.Pool:
        self.pool = await create_pool(dsn, 1, 1)
        async with self.pool.acquire() as conn:
            conn.add_query_logger(lambda record: self.statements.append(record.query))
        return self.pool

    async def sent(self, work) -> tuple[object, list[str]]:
        self.statements.clear()
        result = await work
        await asyncio.sleep(0)  # the logger's callbacks run on the next loop iteration
        return result, list(self.statements)


async def test_refresh_round_trips_stay_at_one_when_hinted_and_two_otherwise(
    app, tenant, sign_up, database_dsn: str
) -> None:
    counted = _Counted()
    pool = await counted.open(database_dsn)
    rt, t = runtime(app), await _tenant(app, tenant.id)
    try:
        # Warm the connection's statement cache (a statement's first use also prepares it).
        warm = (await sign_up())["session"]["refresh_token"]
        warm = (await refresh_tokens.refresh(pool, rt, t, warm)).refresh_token
        await refresh_tokens.refresh(pool, rt, t, warm)

        first = (await sign_up())["session"]["refresh_token"]  # issued without a hint
        pair, sent = await counted.sent(refresh_tokens.refresh(pool, rt, t, first))
        assert len(sent) <= UNHINTED, sent
        pair, sent = await counted.sent(refresh_tokens.refresh(pool, rt, t, pair.refresh_token))
        assert len(sent) <= HINTED, sent
        # No transaction around it: the one statement is atomic by itself.
        assert not any(s.strip().upper() in ("BEGIN", "COMMIT") for s in sent)
        # The pair it answered is a working one.
        status, me, _ = await tenant.public(
            "POST", "/v1/auth/token/refresh", json={"refresh_token": pair.refresh_token}
        )
        assert status == 200, me
    finally:
        await pool.close()


async def test_a_hint_that_no_longer_holds_is_not_trusted(api, app, tenant, sign_up, database_dsn: str) -> None:
    """The pair of a hinted refresh is built before the database is read: a change to anything
    it carries (the user's role, public metadata, status; the session's revocation) between the
    previous rotation and this one must still win, exactly as without a hint."""
    created = await sign_up()
    uid = created["user"]["id"]
    status, pair, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": created["session"]["refresh_token"]}
    )
    assert status == 200
    # Changed behind the process's back (no API call, so nothing of ours forgets anything).
    db = state(app).pool
    await db.execute(
        "UPDATE users SET role = 'admin', public_metadata = '{\"plan\": \"gold\"}' WHERE tenant_id = $1 AND id = $2",
        tenant.id,
        uid,
    )
    status, pair, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": pair["refresh_token"]}
    )
    assert status == 200, pair
    import jwt

    claims = jwt.decode(pair["access_token"], options={"verify_signature": False})
    assert claims["role"] == "admin" and claims["public_metadata"] == {"plan": "gold"}
    await db.execute("UPDATE users SET status = 'disabled' WHERE tenant_id = $1 AND id = $2", tenant.id, uid)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": pair["refresh_token"]}
    )
    assert status == 403, body
    await db.execute("UPDATE users SET status = 'active' WHERE tenant_id = $1 AND id = $2", tenant.id, uid)
    status, again, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": pair["refresh_token"]}
    )
    assert status == 200, again
    await db.execute(
        "UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE tenant_id = $1 AND user_id = $2",
        tenant.id,
        uid,
    )
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": again["refresh_token"]}
    )
    assert status == 401
    assert_error(body, "invalid_token")


async def test_a_revocation_committing_during_a_hinted_refresh_wins(app, tenant, sign_up, database_dsn: str) -> None:
    """The hinted rotation waits on the session's row lock like the unhinted one, and re-checks
    the row it then finds: a revocation that committed first leaves nothing rotated."""
    created = await sign_up()
    sid = created["session"]["id"]
    status, pair, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": created["session"]["refresh_token"]}
    )
    assert status == 200  # this process now holds the hint of pair's refresh token
    conn = await asyncpg.connect(database_dsn)
    try:
        tx = conn.transaction()
        await tx.start()
        await conn.execute(
            "UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE tenant_id = $1 AND id = $2",
            tenant.id,
            sid,
        )
        pending = asyncio.create_task(
            tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": pair["refresh_token"]})
        )
        await wait_for_lock_waiter(conn)
        await tx.commit()
    finally:
        await conn.close()
    status, body, _ = await pending
    assert status == 401
    assert_error(body, "invalid_token")
    count = await state(app).pool.fetchval(
        "SELECT count(*) FROM refresh_tokens WHERE tenant_id = $1 AND session_id = $2", tenant.id, sid
    )
    assert count == 2  # the sign-up's token and the first rotation's: nothing since


async def test_spending_a_token_rewrites_no_indexed_column(app, tenant, sign_up, database_dsn: str) -> None:
    """The spent token's row only gets rotated_at, which no index holds, so the update can stay on
    its page (HOT) without new index entries; the reply kept for the reuse interval is a row of
    refresh_replies, which the maintenance loop deletes once the interval has passed."""
    from identity.crypto import sha256_hex
    from identity.sessions import store

    created = await sign_up()
    old = created["session"]["refresh_token"]
    conn = await asyncpg.connect(database_dsn)
    try:
        async with conn.transaction():
            before = await conn.fetchval(
                "SELECT n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = 'refresh_tokens'"
            )
            assert await store.rotate_if_current(
                conn,
                tenant.id,
                created["session"]["id"],
                sha256_hex(old),
                sha256_hex("rft_new"),
                "sealed",
                datetime.now(UTC),
            )
            after = await conn.fetchval(
                "SELECT n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = 'refresh_tokens'"
            )
        assert after - before == 1
        kept = await conn.fetchrow(
            "SELECT reply_sealed FROM refresh_replies WHERE tenant_id = $1 AND token_hash = $2",
            tenant.id,
            sha256_hex(old),
        )
        assert kept["reply_sealed"] == "sealed"
        assert await store.drop_expired_replies(conn) >= 1
        assert await conn.fetchval("SELECT count(*) FROM refresh_replies WHERE tenant_id = $1", tenant.id) == 0
    finally:
        await conn.close()


def test_hints_are_bounded_and_stay_in_their_tenant() -> None:
    from identity.sessions.refresh_hints import MAX_METADATA_BYTES, Hint, RefreshHints

    def hint(tenant: str, metadata: dict | None = None) -> Hint:
        return Hint(
            tenant_id=tenant,
            session_id="ses_x",
            user_id="usr_x",
            expires_at=datetime.now(UTC),
            org_id=None,
            org_role=None,
            mfa_verified=False,
            user_role="member",
            user_public_metadata=metadata or {},
        )

    hints = RefreshHints(max_entries=2)
    for i in range(3):
        hints.keep(f"h{i}", hint("tnt_a"))
    assert len(hints) == 2 and hints.take("tnt_a", "h0") is None  # the oldest went first
    assert hints.take("tnt_b", "h1") is None  # another tenant's token: no hint, and it stays
    assert hints.take("tnt_a", "h1") is not None and hints.take("tnt_a", "h1") is None  # used once
    hints.keep("big", hint("tnt_a", {"x": "y" * MAX_METADATA_BYTES}))
    assert hints.take("tnt_a", "big") is None  # too much metadata to keep in memory
