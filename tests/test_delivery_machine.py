"""The state machine shared by the outbox and webhook deliveries (identity/delivery,
docs/outbox.md): the operator's retry of many deliveries, the purge of finished ones."""

from __future__ import annotations

from identity.audit.context import AuditContext
from identity.delivery import store as machine
from identity.state import state
from identity.webhooks import service, store

OPERATOR = AuditContext(actor={"type": "operator", "id": "test"})


async def _webhook(tenant) -> str:
    # Paused, so that nothing but this test moves its deliveries.
    status, body, _ = await tenant.secret(
        "POST", "/v1/webhooks", json={"url": "http://127.0.0.1:9/never", "events": ["*"], "enabled": False}
    )
    assert status == 201, body
    return body["id"]


async def _deliveries(pool, tenant_id: str, hook: str, states: dict[str, str]) -> None:
    async with pool.acquire() as conn, conn.transaction():
        for delivery_id, status in states.items():
            await store.insert_deliveries(
                conn,
                tenant_id,
                f"evt_{delivery_id}",
                "user.created",
                [(delivery_id, hook, None, "{}")],
                with_jobs=False,
            )
            await conn.execute(
                "UPDATE webhook_deliveries SET status = $3, attempts = 6, last_error = 'refused' "
                "WHERE tenant_id = $1 AND id = $2",
                tenant_id,
                delivery_id,
                status,
            )


async def _jobs(pool, delivery_id: str) -> int:
    return await pool.fetchval(
        "SELECT count(*) FROM procrastinate_jobs WHERE task_name = $1 AND status = 'todo' "
        "AND args ->> 'delivery_id' = $2",
        store.TASK,
        delivery_id,
    )


async def test_operator_retry_restarts_every_delivery_in_one_statement(app, make_tenant) -> None:
    pool = state(app).pool
    tenant, other = await make_tenant(), await make_tenant()
    hook, other_hook = await _webhook(tenant), await _webhook(other)
    await _deliveries(pool, tenant.id, hook, {"del_m_f1": "failed", "del_m_f2": "failed", "del_m_done": "delivered"})
    await _deliveries(pool, other.id, other_hook, {"del_m_theirs": "failed"})

    result = await service.retry_many(pool, tenant.id, ["del_m_done", "del_m_theirs"], OPERATOR, all_failed=True)
    # Named first, then the failed ones found, newest first; another tenant's is not found.
    assert result.pending == ["del_m_done", "del_m_f2", "del_m_f1"]
    assert result.missing == ["del_m_theirs"]
    rows = await pool.fetch(
        "SELECT id, status, attempts, series_start FROM webhook_deliveries WHERE tenant_id = $1", tenant.id
    )
    assert {(r["id"], r["status"], r["series_start"]) for r in rows} == {
        ("del_m_f1", "pending", 6),
        ("del_m_f2", "pending", 6),
        ("del_m_done", "pending", 6),
    }
    for delivery_id in result.pending:
        assert await _jobs(pool, delivery_id) == 1
    assert await _jobs(pool, "del_m_theirs") == 0
    assert await pool.fetchval("SELECT status FROM webhook_deliveries WHERE tenant_id = $1", other.id) == "failed"
    audited = await pool.fetch(
        "SELECT resource_id, metadata FROM audit_log WHERE tenant_id = $1 AND action = 'webhook.delivery_retried'",
        tenant.id,
    )
    assert sorted(a["metadata"]["delivery_id"] for a in audited) == sorted(result.pending)
    assert {a["resource_id"] for a in audited} == {hook}

    # Waiting deliveries are left as they are (no second job), but still reported pending.
    again = await service.retry_many(pool, tenant.id, ["del_m_f1"], OPERATOR)
    assert again.pending == ["del_m_f1"] and again.missing == []
    assert await _jobs(pool, "del_m_f1") == 1


async def test_purge_deletes_old_finished_deliveries_only(app, tenant) -> None:
    pool = state(app).pool
    hook = await _webhook(tenant)
    await _deliveries(
        pool,
        tenant.id,
        hook,
        {"del_p_old": "delivered", "del_p_failed": "failed", "del_p_waiting": "pending", "del_p_new": "delivered"},
    )
    await pool.execute(
        "UPDATE webhook_deliveries SET created_at = now() - make_interval(days => $2 + 1) "
        "WHERE tenant_id = $1 AND id <> 'del_p_new'",
        tenant.id,
        store.RETENTION_DAYS,
    )
    assert await machine.purge(pool, store.DELIVERIES) >= 2
    left = await pool.fetch("SELECT id FROM webhook_deliveries WHERE tenant_id = $1", tenant.id)
    assert {r["id"] for r in left} == {"del_p_waiting", "del_p_new"}
