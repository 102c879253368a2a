"""SQL for the revocation feed (sql/024_revocations.sql writes the rows, by trigger)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

import asyncpg

from identity.revocations.entries import Cursor, Entry

#: Rows read per statement; a replay of many pages reads them one after the other.
PAGE = 1000

# When an entry is `settled`: every transaction that could still commit an entry before it has
# ended. Visible entries have xids below the snapshot's xmax; what could still commit below one
# is an xid the snapshot lists as in progress. Only those of this database count: xids are
# shared by the whole cluster, and a long transaction in another database (a migration, a
# DROP DATABASE) must not hold the feed back. An in-progress xid not found among the other
# databases' backends (it may have ended since) counts, to be safe; the read is then retried.
_HORIZON = """
snap AS (SELECT pg_current_snapshot() AS s),
horizon AS (
    SELECT coalesce(
        (SELECT min(x) FROM snap, pg_snapshot_xip(snap.s) AS x
         WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                           WHERE a.backend_xid = x::xid AND a.datname <> current_database())),
        (SELECT pg_snapshot_xmax(s) FROM snap)) AS h)"""

_AFTER = f"""
WITH {_HORIZON}
SELECT r.xid::text AS xid, r.seq, r.kind, r.subject, r.reason, r.revoked_at, r.xid < horizon.h AS settled
FROM revocations r, horizon
WHERE r.tenant_id = $1 AND (r.xid, r.seq) > ($2::text::xid8, $3::bigint)
  AND ($4::timestamptz IS NULL OR r.revoked_at > $4)
ORDER BY r.xid, r.seq
LIMIT $5"""

_HEAD = f"""
WITH {_HORIZON}
SELECT r.xid::text AS xid, r.seq FROM revocations r, horizon
WHERE r.tenant_id = $1 AND r.xid < horizon.h
ORDER BY r.xid DESC, r.seq DESC
LIMIT 1"""


# The tenant's keys among $2 that are live now (a deleted tenant has none: its keys went with it).
_LIVE_KEYS = """
SELECT id, scopes, extract(epoch FROM least(expires_at, revoked_at))::float8 AS dies_at
FROM api_keys
WHERE tenant_id = $1 AND id = ANY($2::text[])
  AND (expires_at IS NULL OR expires_at > now()) AND (revoked_at IS NULL OR revoked_at > now())"""


@dataclass(frozen=True, slots=True)
class LiveKey:
    id: str
    scopes: frozenset[str]
    #: unix time of a revocation (rotation grace) or expiry still ahead, or None
    dies_at: float | None


async def live_keys(conn: Any, tenant_id: str, key_ids: list[str]) -> list[LiveKey]:
    """Which of these keys of the tenant are live now, with their scopes."""
    rows = await conn.fetch(_LIVE_KEYS, tenant_id, key_ids)
    return [LiveKey(row["id"], frozenset(row["scopes"]), row["dies_at"]) for row in rows]


async def after(
    conn: Any,
    tenant_id: str,
    cursor: Cursor,
    *,
    revoked_after: datetime | None = None,
    limit: int = PAGE,
) -> tuple[list[Entry], bool]:
    """The tenant's settled entries after cursor, in order (at most limit), and whether an
    unsettled one was seen (read again shortly)."""
    rows = await conn.fetch(_AFTER, tenant_id, str(cursor[0]), cursor[1], revoked_after, limit)
    entries: list[Entry] = []
    for row in rows:
        if not row["settled"]:
            return entries, True
        entries.append(_entry(row))
    return entries, False


async def head(conn: Any, tenant_id: str) -> Cursor:
    """The tenant's newest settled entry (the zero cursor when there is none)."""
    row = await conn.fetchrow(_HEAD, tenant_id)
    return (int(row["xid"]), row["seq"]) if row else (0, 0)


def _entry(row: asyncpg.Record) -> Entry:
    return Entry(
        cursor=(int(row["xid"]), row["seq"]),
        kind=row["kind"],
        subject=row["subject"],
        reason=row["reason"],
        revoked_at=row["revoked_at"],
    )
