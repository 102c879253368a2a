"""API-key lookups answered from memory, kept honest by the database's own notifications.

Entries are keyed by (tenant_id, SHA-256 of the key) — never the key itself — and hold the
tenant and what authentication reads of the key. Whether a key is dead is decided at use time
(expires_at and revoked_at are kept as instants: a rotated key's grace ends without any
notification). Misses (unknown key, unknown tenant) are not cached, so random keys cannot push
good entries out.

Triggers on api_keys and tenants (sql/013_credential_notify.sql) send NOTIFY
identity_credentials with the tenant's id on commit, whoever made the change (service code or an
operator's SQL); each process drops that tenant's entries (payload "*": everything). The process
that made the change through the service also drops them at once (forget_tenant_everywhere).
Nothing is cached while the LISTEN connection is down, and entries are re-read after TTL_SECONDS
anyway: a change is seen within the notification's delivery time, at worst TTL_SECONDS later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from identity.db.listener import Listener, changed_here
from identity.db.tenant_entries import TenantEntries

if TYPE_CHECKING:
    from identity.principals import Tenant

CHANNEL = "identity_credentials"
TTL_SECONDS = 10.0
MAX_ENTRIES = 50_000


@dataclass(frozen=True, slots=True)
class KeyEntry:
    tenant: Tenant
    key_id: str
    type: str
    scopes: frozenset[str]
    expires_at: float | None  # unix time
    revoked_at: float | None  # unix time; may lie ahead (rotation grace)

    def dead(self, now: float) -> bool:
        return (self.expires_at is not None and self.expires_at <= now) or (
            self.revoked_at is not None and self.revoked_at <= now
        )


def forget_tenant_everywhere(tenant_id: str) -> None:
    """Drop a tenant's credentials from this process's caches (keys and tenants), after a change
    committed: a shortcut for the process that made it (changed_here); the notification is what
    other processes rely on."""
    changed_here(None, CHANNEL, [tenant_id])


class KeyCache(TenantEntries[str, KeyEntry]):
    """Keyed by the SHA-256 of the key, per tenant."""

    def __init__(self, listener: Listener) -> None:
        super().__init__(listener, CHANNEL, ttl_seconds=TTL_SECONDS, max_entries=MAX_ENTRIES)
