"""OAuth client rows and live machine grant ids for the token endpoint, kept in memory.

A client_credentials request then needs no database round trip at all (docs/oauth.md,
"Machine tokens"). The database announces every change a lookup can see: triggers on
oauth_clients and on a machine grant's revocation (sql/023_machine_tokens.sql) send NOTIFY
identity_oauth_clients with the tenant's id on commit, and each process drops that tenant's
entries. The process making a change through the service drops them at once as well
(forget_everywhere), so a rotated secret or a revoked grant stops working before the answer
leaves. Nothing is cached while the LISTEN connection is down, and entries are re-read after
TTL_SECONDS anyway. Unknown clients are not cached, so random client_ids cannot push good
entries out.
"""

from __future__ import annotations

from typing import Any

from identity.db.listener import Listener, changed_here
from identity.db.tenant_entries import TenantEntries

CHANNEL = "identity_oauth_clients"
TTL_SECONDS = 10.0
MAX_ENTRIES = 50_000


def forget_everywhere(conn: Any | None, tenant_id: str) -> None:
    """Drop a tenant's entries in this process's caches: now, and again when conn (inside the
    changing transaction) goes back to the pool."""
    changed_here(conn, CHANNEL, [tenant_id])


class ClientCache(TenantEntries[tuple[str, ...], Any]):
    """Keys: ("client", client_id) -> row; ("grant", client_id, scope_key) -> grant row."""

    def __init__(self, listener: Listener) -> None:
        super().__init__(listener, CHANNEL, ttl_seconds=TTL_SECONDS, max_entries=MAX_ENTRIES)

    @property
    def version(self) -> int:
        return self.listener.version
