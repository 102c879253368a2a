"""Hinted refresh rotations sent in batches (identity/sessions/rotations.py; docs/performance.md,
"Refresh: rotations in batches"): the rotations waiting together go in one statement and one
commit, each row checked as it would be alone, and a batch that fails on the server leaves each
caller to decide alone. Through the service function the route calls, on the app's real pool,
and through the API."""

from __future__ import annotations

import asyncio
import uuid
from collections import deque
from datetime import UTC, datetime

import asyncpg
import jwt
from prometheus_client import REGISTRY

from identity.db.pool import create_pool
from identity.principals import Tenant
from identity.sessions import refresh as refresh_tokens
from identity.sessions.records import HintedRotation
from identity.sessions.refresh_hints import Hint
from identity.sessions.rotations import take_batch
from identity.sessions.runtime import runtime
from identity.sessions.schemas import TokenPair
from identity.state import state
from tests.support.api import STRONG_PASSWORD
from tests.support.database import wait_for_lock_waiter

N = 6


async def _tenant(app, tenant_id: str) -> Tenant:
    """The tenant as the routes get it (the runtime's tenant cache)."""
    return await runtime(app).tenants.get(state(app).pool, tenant_id)


def _batches() -> tuple[float, float]:
    """(statements, rotations) so far, from the batch histogram on /metrics."""
    name = "identity_refresh_rotation_batch_size"
    return REGISTRY.get_sample_value(f"{name}_count") or 0.0, REGISTRY.get_sample_value(f"{name}_sum") or 0.0


async def _hinted(app, tenant, sign_up, n: int) -> tuple[list[dict], list[TokenPair]]:
    """n users, each with a session rotated once by this process, which so holds its hint."""
    rt, t, pool = runtime(app), await _tenant(app, tenant.id), state(app).pool
    created = [await sign_up() for _ in range(n)]
    pairs = [await refresh_tokens.refresh(pool, rt, t, c["session"]["refresh_token"]) for c in created]
    return created, pairs


async def test_waiting_hinted_rotations_share_one_statement(app, tenant, sign_up) -> None:
    rt, t, pool = runtime(app), await _tenant(app, tenant.id), state(app).pool
    _, pairs = await _hinted(app, tenant, sign_up, N)
    before = _batches()
    new = await asyncio.gather(*[refresh_tokens.refresh(pool, rt, t, p.refresh_token) for p in pairs])
    after = _batches()
    assert (after[0] - before[0], after[1] - before[1]) == (1, N)  # one statement held all N
    for old, pair in zip(pairs, new, strict=True):
        # Each spent token keeps its own reply for the reuse interval...
        status, again, _ = await tenant.public(
            "POST", "/v1/auth/token/refresh", json={"refresh_token": old.refresh_token}
        )
        assert status == 200 and again["refresh_token"] == pair.refresh_token, again
        # ...and each new token is current.
        status, nxt, _ = await tenant.public(
            "POST", "/v1/auth/token/refresh", json={"refresh_token": pair.refresh_token}
        )
        assert status == 200, nxt


async def test_a_stale_hint_in_a_batch_falls_back_alone(app, tenant, sign_up) -> None:
    """One user's role changes behind the process's back: that row of the batch is not rotated
    and its caller reads the rows (its new token carries the new role); the others rotate in
    the batch as if it had not been there."""
    rt, t, pool = runtime(app), await _tenant(app, tenant.id), state(app).pool
    created, pairs = await _hinted(app, tenant, sign_up, N)
    changed = created[2]["user"]["id"]
    await pool.execute("UPDATE users SET role = 'admin' WHERE tenant_id = $1 AND id = $2", tenant.id, changed)
    before = _batches()
    new = await asyncio.gather(*[refresh_tokens.refresh(pool, rt, t, p.refresh_token) for p in pairs])
    assert _batches()[0] - before[0] == 1
    for c, pair in zip(created, new, strict=True):
        claims = jwt.decode(pair.access_token, options={"verify_signature": False})
        assert claims["role"] == ("admin" if c["user"]["id"] == changed else "member"), claims
    spent = await pool.fetchval(
        "SELECT count(*) FROM refresh_tokens WHERE tenant_id = $1 AND rotated_at IS NOT NULL", tenant.id
    )
    assert spent == 2 * N  # each session: the sign-up's token and the first rotation's, once each


async def test_a_batch_that_fails_on_the_server_leaves_each_caller_to_decide_alone(
    app, tenant, sign_up, database_dsn: str
) -> None:
    """Another transaction holds one session's row lock past the pool's lock_timeout: the batch
    statement fails as a whole, so nothing of it is written; the other caller then rotates
    alone, and the blocked one fails alone (and its token is still unspent afterwards)."""
    rt, t = runtime(app), await _tenant(app, tenant.id)
    created, pairs = await _hinted(app, tenant, sign_up, 2)
    # asyncpg passes a DSN's unknown query parameters on as the connection's settings.
    impatient = await create_pool(database_dsn + ("&" if "?" in database_dsn else "?") + "lock_timeout=300ms", 2, 2)
    holder = await asyncpg.connect(database_dsn)
    try:
        tx = holder.transaction()
        await tx.start()
        await holder.execute(
            "SELECT 1 FROM sessions WHERE tenant_id = $1 AND id = $2 FOR UPDATE", tenant.id, created[0]["session"]["id"]
        )
        blocked, free = await asyncio.gather(
            *[refresh_tokens.refresh(impatient, rt, t, p.refresh_token) for p in pairs], return_exceptions=True
        )
        await tx.rollback()
    finally:
        await holder.close()
        await impatient.close()
    assert isinstance(blocked, asyncpg.LockNotAvailableError), blocked
    assert isinstance(free, TokenPair), free
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/token/refresh", json={"refresh_token": pairs[0].refresh_token}
    )
    assert status == 200, body  # the failed statement spent nothing
    status, body, _ = await tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": free.refresh_token})
    assert status == 200, body


async def test_a_revocation_committing_during_a_batch_wins_for_its_session_only(
    app, tenant, sign_up, database_dsn: str
) -> None:
    """The batch waits on the session row that a revocation holds, then re-checks it: that
    session's refresh is refused, the other one in the same batch rotates."""
    rt, t, pool = runtime(app), await _tenant(app, tenant.id), state(app).pool
    created, pairs = await _hinted(app, tenant, sign_up, 2)
    holder = await asyncpg.connect(database_dsn)
    try:
        tx = holder.transaction()
        await tx.start()
        await holder.execute(
            "UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE tenant_id = $1 AND id = $2",
            tenant.id,
            created[0]["session"]["id"],
        )
        pending = asyncio.gather(
            *[refresh_tokens.refresh(pool, rt, t, p.refresh_token) for p in pairs], return_exceptions=True
        )
        await wait_for_lock_waiter(holder)
        await tx.commit()
    finally:
        await holder.close()
    revoked, alive = await pending
    assert getattr(revoked, "code", None) == "invalid_token", revoked
    assert isinstance(alive, TokenPair), alive


async def _revoke_all(conn: asyncpg.Connection, tenant_id: str, user_id: str) -> list[dict]:
    """The revocation of every session of a user, as sessions.revoke_sessions makes it."""
    from identity.sessions import store

    async with conn.transaction():
        rows = await store.revoke_many(conn, tenant_id, user_id=user_id, reason="test")
    return [{"id": r.id} for r in rows]


async def test_a_batch_and_a_revocation_of_the_same_sessions_wait_for_each_other(
    app, make_tenant, sign_up, database_dsn: str
) -> None:
    """A batch and a revocation of several sessions both lock them in key order
    (sql/rotate_hinted.sql, sessions/store.py revoke_many): with the first session held by a
    third transaction, the batch holding the user's two sessions and the revocation of all of
    them queue behind it, then run one after the other (in opposite orders they could
    deadlock, and Postgres would kill one of them after a second)."""
    tenant = await make_tenant(auth_config={"email_verification_required": False})
    rt, t, pool = runtime(app), await _tenant(app, tenant.id), state(app).pool
    email = f"two-{uuid.uuid4().hex[:8]}@example.com"
    first = await sign_up(email=email, on=tenant)
    status, second, _ = await tenant.public(
        "POST", "/v1/auth/sign-in", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 200, second
    sessions = sorted([first["session"], second["session"]], key=lambda s: s["id"])
    pairs = [await refresh_tokens.refresh(pool, rt, t, s["refresh_token"]) for s in sessions]
    holder = await asyncpg.connect(database_dsn)
    try:
        tx = holder.transaction()
        await tx.start()
        await holder.execute(
            "SELECT 1 FROM sessions WHERE tenant_id = $1 AND id = $2 FOR UPDATE", tenant.id, sessions[0]["id"]
        )
        batch = asyncio.ensure_future(
            asyncio.gather(
                *[refresh_tokens.refresh(pool, rt, t, p.refresh_token) for p in pairs], return_exceptions=True
            )
        )
        await wait_for_lock_waiter(holder)  # the batch, on the first session
        revoker = await asyncpg.connect(database_dsn)
        revoke = asyncio.ensure_future(_revoke_all(revoker, tenant.id, first["user"]["id"]))
        await wait_for_lock_waiter(holder, 2)  # and the revocation
        await tx.rollback()
        revoked = await revoke
        await revoker.close()
    finally:
        await holder.close()
    assert sorted(r["id"] for r in revoked) == [s["id"] for s in sessions]
    rotated = await batch
    assert all(isinstance(r, TokenPair) for r in rotated), rotated  # the batch first...
    for r in rotated:  # ...then the revocation, which ended what it had rotated
        status, body, _ = await tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": r.refresh_token})
        assert status == 401, body


async def test_concurrent_refreshes_through_the_api_all_rotate(tenant, sign_up) -> None:
    """Many clients refreshing at once through the HTTP API: each gets a working pair, whatever
    batches their rotations went in."""
    created = [await sign_up() for _ in range(N)]
    tokens = [c["session"]["refresh_token"] for c in created]
    for _ in range(3):
        answers = await asyncio.gather(
            *[tenant.public("POST", "/v1/auth/token/refresh", json={"refresh_token": tok}) for tok in tokens]
        )
        assert all(status == 200 for status, _, _ in answers), answers
        tokens = [body["refresh_token"] for _, body, _ in answers]
        assert len(set(tokens)) == N


def test_a_batch_never_holds_two_rotations_of_one_session() -> None:
    """Each session once per batch, in one order (so two processes' batches lock alike); a
    second rotation of a session waits for the next batch, in its place."""

    def rotation(session: str, n: int) -> HintedRotation:
        hint = Hint("tnt_a", session, "usr_x", datetime.now(UTC), None, None, False, "member", {})
        return HintedRotation("tnt_a", f"old{n}", f"new{n}", None, None, hint)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        waiting = deque(
            (rotation(session, n), loop.create_future())
            for n, session in enumerate(["ses_b", "ses_a", "ses_b", "ses_c", "ses_d"])
        )
        first = [r.hint.session_id for r, _ in take_batch(waiting, 3)]
        second = [r.hint.session_id for r, _ in take_batch(waiting, 3)]
        assert first == ["ses_a", "ses_b", "ses_c"]
        assert second == ["ses_b", "ses_d"]
        assert not waiting

    asyncio.run(run())
