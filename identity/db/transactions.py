"""The rule that a change, its audit entry, its events and its outbox rows commit together,
enforced where those side records are written rather than remembered at every call site."""

from __future__ import annotations

from typing import Any


def require_transaction(conn: Any, what: str) -> None:
    """Refuse a connection outside a transaction: the record would commit on its own."""
    if not conn.is_in_transaction():
        raise RuntimeError(f"{what} must be written inside the transaction of the change it records")
