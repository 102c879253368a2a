"""The service's signing keys, fetched from /.well-known/jwks.json and kept in memory.

Only ES256 keys on P-256 are kept: session tokens are signed with them and nothing else, so an
RSA key of the same set (it signs OAuth ID tokens) can never verify a session token. The set is
refetched when its Cache-Control max-age has passed, and when a token names a kid the set does not
hold, at most once per `min_refresh_interval` (a stream of tokens with made-up kids must not
turn into a stream of requests). A failed refetch keeps the keys already held.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from typing import Any

import httpx
import jwt

DEFAULT_MAX_AGE = 300.0


class KeySet:
    def __init__(self, jwks_url: str, *, min_refresh_interval: float = 5.0, timeout: float = 10.0) -> None:
        self.jwks_url = jwks_url
        self.min_refresh_interval = min_refresh_interval
        self.timeout = timeout
        self.fetches = 0  # answered requests, for the curious (and the tests)
        self._keys: dict[str, jwt.PyJWK] = {}
        self._fetched_at: float | None = None
        self._attempted_at: float | None = None
        self._unknown_at: float | None = None  # the last refetch made for a kid the set did not hold
        self._max_age = DEFAULT_MAX_AGE
        self._thread_lock = threading.Lock()
        self._async_lock: asyncio.Lock | None = None
        self._async_loop: asyncio.AbstractEventLoop | None = None

    def _stale(self, now: float) -> bool:
        return self._fetched_at is None or now - self._fetched_at >= self._max_age

    def _may_refetch(self, kid: str, now: float) -> bool:
        if self._stale(now):
            return self._attempted_at is None or now - self._attempted_at >= 1.0
        if kid in self._keys:
            return False
        return self._unknown_at is None or now - self._unknown_at >= self.min_refresh_interval

    def _attempt(self, kid: str, now: float) -> None:
        self._attempted_at = now
        if not self._stale(now) and kid not in self._keys:
            self._unknown_at = now

    def _store(self, response: httpx.Response, now: float) -> None:
        response.raise_for_status()
        keys: dict[str, jwt.PyJWK] = {}
        for jwk in response.json().get("keys", []):
            if not isinstance(jwk, dict) or jwk.get("kty") != "EC" or jwk.get("crv") != "P-256":
                continue
            if jwk.get("alg", "ES256") != "ES256" or jwk.get("use", "sig") != "sig" or not jwk.get("kid"):
                continue
            try:
                keys[str(jwk["kid"])] = jwt.PyJWK(jwk, algorithm="ES256")
            except jwt.PyJWTError:
                continue
        self._keys = keys
        self._fetched_at = now
        self.fetches += 1
        match = re.search(r"max-age=(\d+)", response.headers.get("Cache-Control", ""))
        self._max_age = float(match.group(1)) if match else DEFAULT_MAX_AGE

    def get(self, kid: str) -> jwt.PyJWK | None:
        """The key named `kid` (fetching the set when needed), from synchronous code."""
        now = time.monotonic()
        if self._may_refetch(kid, now):
            with self._thread_lock:
                if self._may_refetch(kid, time.monotonic()):
                    self._attempt(kid, time.monotonic())
                    try:
                        self._store(httpx.get(self.jwks_url, timeout=self.timeout), time.monotonic())
                    except (httpx.HTTPError, ValueError):
                        pass
        return self._keys.get(kid)

    async def aget(self, kid: str) -> jwt.PyJWK | None:
        """The key named `kid` (fetching the set when needed), from async code."""
        now = time.monotonic()
        if self._may_refetch(kid, now):
            loop = asyncio.get_running_loop()
            if self._async_loop is not loop:
                self._async_lock, self._async_loop = asyncio.Lock(), loop
            assert self._async_lock is not None
            async with self._async_lock:
                if self._may_refetch(kid, time.monotonic()):
                    self._attempt(kid, time.monotonic())
                    try:
                        async with httpx.AsyncClient(timeout=self.timeout) as http:
                            response = await http.get(self.jwks_url)
                        self._store(response, time.monotonic())
                    except (httpx.HTTPError, ValueError):
                        pass
        return self._keys.get(kid)

    def snapshot(self) -> dict[str, Any]:
        return {"kids": sorted(self._keys), "fetched_at": self._fetched_at, "fetches": self.fetches}
