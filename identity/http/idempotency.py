"""Idempotency-Key on mutating POSTs (docs/api-conventions.md, "Idempotency").

The first request with a key claims it (a row in state 'processing'); the same key and body
within 24 h gets the stored response without the work being repeated; another body gets 422
idempotency_key_mismatch; a concurrent duplicate waits for the first to finish. A failure
with a 5xx releases the claim so the client may retry. A claim left by a crashed process is
taken over after CLAIM_TIMEOUT.

Nothing in the table can be read without the Idempotency-Key itself, which is not stored: the
row is found by a keyed hash of it, the request by a keyed hash of it and the request, and the
stored response (which may hold a new API key, a client secret or tenant keys) is sealed under a
key derived from it and the server's secret key. A database dump shows neither the secrets in
the answers nor a fast hash of a request body that held a password.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from dataclasses import dataclass

import asyncpg
from cryptography.exceptions import InvalidTag

from identity.crypto import SecretBox, seal, unseal
from identity.http import idempotency_store
from identity.http.errors import IDEMPOTENCY_KEY_IN_USE, IDEMPOTENCY_KEY_MISMATCH, ValidationFailed

RETENTION_HOURS = 24
CLAIM_TIMEOUT_SECONDS = 60
WAIT_SECONDS = 30


@dataclass
class Stored:
    status: int
    body: bytes


@dataclass(frozen=True)
class Claim:
    """One request's hold on its Idempotency-Key: where it is stored and how it is sealed."""

    tenant_id: str
    scope: str
    lookup: str  # keyed hash of the Idempotency-Key: the row's key column
    request_hash: str  # keyed hash of the key, method, path and body
    seal_key: bytes

    @classmethod
    def of(cls, box: SecretBox, tenant_id: str, scope: str, key: str, method: str, path: str, body: bytes) -> Claim:
        if not key or len(key) > 255 or not key.isprintable():
            raise ValidationFailed("Idempotency-Key", "must be 1 to 255 printable characters")
        # Three keys from the server's secret key and the Idempotency-Key, one per use.
        hash_key = bytes.fromhex(box.mac(key, "idempotency/request"))
        digest = hmac.new(hash_key, digestmod=hashlib.sha256)
        for part in (method.encode(), path.encode(), body):
            digest.update(len(part).to_bytes(8, "big"))
            digest.update(part)
        return cls(
            tenant_id,
            scope,
            box.mac(key, "idempotency/key"),
            digest.hexdigest(),
            bytes.fromhex(box.mac(key, "idempotency/seal")),
        )

    def associated(self, status: int) -> bytes:
        """What a sealed answer is bound to: its row and its status."""
        return f"{self.tenant_id}\x00{self.scope}\x00{self.lookup}\x00{status}".encode()


async def claim(pool: asyncpg.Pool, c: Claim) -> Stored | None:
    """Claim the key for this request; return a stored response instead when there is one."""
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while True:
        claimed = await idempotency_store.claim(
            pool, c.tenant_id, c.scope, c.lookup, c.request_hash, RETENTION_HOURS, CLAIM_TIMEOUT_SECONDS
        )
        if claimed:
            return None
        existing = await idempotency_store.get(pool, c.tenant_id, c.scope, c.lookup)
        if existing is None:
            continue  # released between our two statements; try to claim again
        if not hmac.compare_digest(existing["request_hash"], c.request_hash):
            raise IDEMPOTENCY_KEY_MISMATCH()
        if existing["state"] == "done":
            status = existing["response_status"]
            return Stored(status, _opened(c, status, existing["response_body"]))
        if asyncio.get_running_loop().time() > deadline:
            raise IDEMPOTENCY_KEY_IN_USE()
        await asyncio.sleep(0.05)


def _opened(c: Claim, status: int, sealed: bytes | None) -> bytes:
    if not sealed:
        return b""
    try:
        return unseal(c.seal_key, bytes(sealed), c.associated(status))
    except InvalidTag:
        # Not sealed under this key: a row this code did not write (the lookup and the request
        # hash both come from the same key, so this should not happen).
        raise IDEMPOTENCY_KEY_IN_USE(
            "The stored response to this Idempotency-Key cannot be read; use a new key."
        ) from None


async def complete(pool: asyncpg.Pool, c: Claim, status: int, body: bytes) -> None:
    sealed = seal(c.seal_key, body, c.associated(status)) if body else b""
    await idempotency_store.complete(pool, c.tenant_id, c.scope, c.lookup, status, sealed)


async def release(pool: asyncpg.Pool, c: Claim) -> None:
    await idempotency_store.release(pool, c.tenant_id, c.scope, c.lookup)
