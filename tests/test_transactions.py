"""A change's audit entry, events and outbox rows are only ever written inside its transaction."""

from __future__ import annotations

import pytest

from identity.audit import store as audit
from identity.events.emit import emit
from identity.outbox.store import enqueue
from identity.state import state


async def test_side_records_refuse_a_connection_outside_a_transaction(app, tenant) -> None:
    pool = state(app).pool
    async with pool.acquire() as conn:
        with pytest.raises(RuntimeError, match="inside the transaction"):
            await emit(conn, tenant.id, "user.created", {"id": "usr_x"})
        with pytest.raises(RuntimeError, match="inside the transaction"):
            await audit.record(conn, tenant_id=tenant.id, action="x", actor={"id": "t", "type": "test"})
        with pytest.raises(RuntimeError, match="inside the transaction"):
            await enqueue(conn, tenant.id, "email", {})
        async with conn.transaction():  # and inside one, they are written
            await emit(conn, tenant.id, "user.created", {"id": "usr_x"})
    assert await pool.fetchval("SELECT count(*) FROM events WHERE tenant_id = $1", tenant.id) >= 1
