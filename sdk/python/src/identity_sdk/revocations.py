"""The revocation feed's client side: a deny list kept from GET /v1/revocations/stream.

The stream (server-sent events, one per revocation of the tenant: a session revoked, a user
banned or deleted, a signing key retired) is read in a thread of its own with its own event
loop, so synchronous (Django) and asynchronous (aiohttp, Starlette) applications use it alike
and verifying a token stays a lookup in memory. Reconnects resume with Last-Event-ID after a
backoff. Once nothing at all (not even a keepalive) has arrived for `grace`, counted from the
last byte received, so that a stalled connection counts like a dropped one, the feed is not
`healthy` and the verifier applies its fallback (fail closed, or ask POST /v1/sessions/verify).
An event that cannot be read is logged and skipped; nothing ends the reading thread but `stop()`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import httpx

log = logging.getLogger("identity_sdk.revocations")

STREAM_PATH = "/v1/revocations/stream"
KINDS = frozenset({"session", "user", "signing_key"})
#: The server's keepalive interval (15 s) and a margin: a live connection is never silent longer.
KEEPALIVE_GAP = 20.0


def _timestamp(value: Any) -> float | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


@dataclass(frozen=True)
class Revocation:
    kind: str  # session | user | signing_key
    id: str
    reason: str
    revoked_at: float  # Unix time
    forget_after: float


class DenyList:
    """Revocations kept until their forget_after (after which every token they concern has
    expired anyway). Written by the feed's thread, read by any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sessions: dict[str, float] = {}  # sid -> forget_after
        self._keys: dict[str, float] = {}  # kid -> forget_after
        self._users: dict[str, tuple[float, float]] = {}  # sub -> (latest revoked_at, forget_after)
        self._next_prune = 0.0

    def add(self, entry: Revocation) -> None:
        with self._lock:
            if entry.kind == "session":
                self._sessions[entry.id] = max(entry.forget_after, self._sessions.get(entry.id, 0.0))
            elif entry.kind == "signing_key":
                self._keys[entry.id] = max(entry.forget_after, self._keys.get(entry.id, 0.0))
            elif entry.kind == "user":
                revoked, forget = self._users.get(entry.id, (0.0, 0.0))
                self._users[entry.id] = (max(revoked, entry.revoked_at), max(forget, entry.forget_after))
            now = time.time()
            if now >= self._next_prune:
                self._prune(now)

    def _prune(self, now: float) -> None:
        self._sessions = {k: v for k, v in self._sessions.items() if v > now}
        self._keys = {k: v for k, v in self._keys.items() if v > now}
        self._users = {k: v for k, v in self._users.items() if v[1] > now}
        self._next_prune = now + 60.0

    def refusal(self, *, sid: str | None, sub: str | None, iat: float | None, kid: str | None) -> str | None:
        """Why a token with these claims is revoked (a TokenError code), or None."""
        now = time.time()
        with self._lock:
            if sid is not None and self._sessions.get(sid, 0.0) > now:
                return "session_revoked"
            if kid is not None and self._keys.get(kid, 0.0) > now:
                return "key_revoked"
            user = self._users.get(sub) if sub is not None else None
            # A token issued after the user's revocation (after an unban, say) is not concerned.
            if user is not None and user[1] > now and iat is not None and iat <= user[0]:
                return "user_revoked"
        return None

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions) + len(self._keys) + len(self._users)


class RevocationFeed:
    """Reads the tenant's revocation stream into a DenyList. `start()` returns once the replay
    has been read (the first `ready`), or after `ready_timeout` (the feed then keeps trying)."""

    def __init__(
        self,
        base_url: str,
        *,
        secret_key: str,
        tenant_id: str,
        grace: float = 30.0,
        max_backoff: float = 15.0,
        read_timeout: float = 35.0,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.secret_key = secret_key
        self.tenant_id = tenant_id
        self.grace = grace
        self.max_backoff = max_backoff
        # Keepalives come every 15 s; missing two of them (and a margin) means the connection is gone.
        self.read_timeout = read_timeout
        self.deny = DenyList()
        self.last_event_id: str | None = None
        self.connects = 0
        self.last_error: str | None = None
        self._connected = False
        self._ever_ready = False
        self._last_activity = time.monotonic()  # the last byte received
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def healthy(self) -> bool:
        """True while the deny list can be trusted: caught up once, and something received (an
        event or a keepalive) less than the grace ago; a connected stream also between keepalives."""
        if not self._ever_ready:
            return False
        silence = time.monotonic() - self._last_activity
        return silence < self.grace or (self._connected and silence < min(KEEPALIVE_GAP, self.read_timeout))

    @property
    def started(self) -> bool:
        return self._thread is not None

    def start(self, ready_timeout: float = 10.0) -> bool:
        """Start reading in a background thread; True once caught up within `ready_timeout`."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run_thread, name="identity-revocations", daemon=True)
            self._thread.start()
        return self._ready.wait(ready_timeout)

    async def astart(self, ready_timeout: float = 10.0) -> bool:
        """`start()` for async code (waits in a thread, not on the event loop)."""
        return await asyncio.to_thread(self.start, ready_timeout)

    def stop(self) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None:
            loop.call_soon_threadsafe(task.cancel)
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def _run_thread(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._task = loop.create_task(self._run())
        try:
            loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        finally:
            loop.close()

    async def _run(self) -> None:
        failures = 0
        timeout = httpx.Timeout(10.0, read=self.read_timeout)
        async with httpx.AsyncClient(timeout=timeout) as http:
            while True:
                try:
                    await self._read(http)
                    failures = 0  # the server ended the stream (it does so at least hourly)
                except (httpx.HTTPError, ValueError) as exc:
                    self.last_error = str(exc) or type(exc).__name__
                    log.warning("revocation feed: %s", self.last_error)
                    failures += 1
                except Exception as exc:  # noqa: BLE001 - a bug must not end the thread: retry later
                    self.last_error = repr(exc)
                    log.exception("revocation feed: unexpected error")
                    failures += 1
                finally:
                    self._connected = False
                delay = min(self.max_backoff, 0.25 * 2 ** min(failures, 10)) if failures else 0.1
                await asyncio.sleep(delay * (0.5 + random.random() / 2))

    async def _read(self, http: httpx.AsyncClient) -> None:
        headers = {
            "Authorization": f"Bearer {self.secret_key}",
            "X-Tenant-ID": self.tenant_id,
            "Accept": "text/event-stream",
        }
        if self.last_event_id is not None:
            headers["Last-Event-ID"] = self.last_event_id
        async with http.stream("GET", self.base_url + STREAM_PATH, headers=headers) as response:
            if response.status_code == 400 and self.last_event_id is not None:
                # An id the service no longer understands: start over with the full replay.
                self.last_event_id = None
            if response.status_code != 200:
                body = (await response.aread())[:500].decode(errors="replace")
                raise httpx.HTTPStatusError(
                    f"{response.status_code}: {body}", request=response.request, response=response
                )
            self.connects += 1
            self._last_activity = time.monotonic()
            fields: dict[str, str] = {}
            data: list[str] = []
            async for line in response.aiter_lines():
                self._last_activity = time.monotonic()
                if line == "":
                    if data or fields:
                        self._dispatch(fields, "\n".join(data))
                    fields, data = {}, []
                elif line.startswith(":"):
                    continue  # a keepalive
                else:
                    name, _, value = line.partition(":")
                    value = value[1:] if value.startswith(" ") else value
                    if name == "data":
                        data.append(value)
                    else:
                        fields[name] = value

    def _dispatch(self, fields: Mapping[str, str], data: str) -> None:
        event = fields.get("event", "message")
        if event == "revocation":
            entry = _entry(data)
            if entry is None:
                # Skipped, not fatal: one entry the verifier cannot use must not stop the others.
                log.warning("revocation feed: skipped an unreadable event (id %s)", fields.get("id"))
            else:
                self.deny.add(entry)
        elif event == "ready":
            self._connected = True
            self._ever_ready = True
            self._ready.set()
        if "id" in fields:
            # Only after the entry is kept: a reconnect resumes after what is really held.
            self.last_event_id = fields["id"]


def _entry(data: str) -> Revocation | None:
    """The revocation of an event's data, or None when it is not one (bad JSON, a missing field)."""
    try:
        payload = json.loads(data)
    except ValueError:
        return None
    if not isinstance(payload, dict):
        return None
    kind, id_, reason = payload.get("kind"), payload.get("id"), payload.get("reason", "")
    revoked_at, forget_after = _timestamp(payload.get("revoked_at")), _timestamp(payload.get("forget_after"))
    if kind not in KINDS or not isinstance(id_, str) or not id_ or not isinstance(reason, str):
        return None
    if revoked_at is None or forget_after is None:
        return None
    return Revocation(kind, id_, reason, revoked_at, forget_after)
