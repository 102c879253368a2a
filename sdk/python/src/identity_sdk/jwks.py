"""The service's signing keys, fetched from /.well-known/jwks.json and kept in memory.

Only ES256 keys on P-256 are kept: session tokens are signed with them and nothing else, so an
RSA key of the same set (it signs OAuth ID tokens) can never verify a session token. The set is
refetched when a token names a kid the set does not hold, at most once per
`min_refresh_interval` (a stream of tokens with made-up kids must not turn into a stream of
requests), and when its Cache-Control max-age has passed: then in the background, the set held
serving meanwhile, so a verification never waits on a refresh of a set it already has. A failed
fetch keeps the keys held and starts a cooldown of `min_refresh_interval` during which nothing is
fetched, so a service that is down is not asked again by every verification.
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
        self.attempts = 0  # requests made, answered or not
        self._keys: dict[str, jwt.PyJWK] = {}
        self._fetched_at: float | None = None
        self._failed_at: float | None = None  # the last failed fetch: the start of the cooldown
        self._unknown_at: float | None = None  # the last refetch made for a kid the set did not hold
        self._max_age = DEFAULT_MAX_AGE
        self._refreshing = False  # a background refresh is under way
        self._thread_lock = threading.Lock()
        self._async_lock: asyncio.Lock | None = None
        self._async_loop: asyncio.AbstractEventLoop | None = None
        self._background: asyncio.Task[None] | None = None

    @property
    def available(self) -> bool:
        """Whether a set has ever been fetched (else an unknown kid means the service is away)."""
        return self._fetched_at is not None

    def _cooling(self, now: float) -> bool:
        return self._failed_at is not None and now - self._failed_at < self.min_refresh_interval

    def _need(self, kid: str, now: float) -> str | None:
        """ "wait" (fetch before answering), "background" (answer with the set held) or None."""
        if self._cooling(now):
            return None
        if self._fetched_at is None:
            return "wait"
        if kid not in self._keys:
            if self._unknown_at is None or now - self._unknown_at >= self.min_refresh_interval:
                return "wait"
            return None
        if now - self._fetched_at >= self._max_age and not self._refreshing:
            return "background"
        return None

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
        self._failed_at = None
        self.fetches += 1
        match = re.search(r"max-age=(\d+)", response.headers.get("Cache-Control", ""))
        self._max_age = float(match.group(1)) if match else DEFAULT_MAX_AGE

    def _fetch_sync(self, kid: str | None) -> None:
        with self._thread_lock:
            now = time.monotonic()
            if kid is not None and self._need(kid, now) != "wait":
                return  # another thread fetched meanwhile
            if kid is not None and self._fetched_at is not None:
                self._unknown_at = now
            self.attempts += 1
            try:
                self._store(httpx.get(self.jwks_url, timeout=self.timeout), time.monotonic())
            except (httpx.HTTPError, ValueError):
                self._failed_at = time.monotonic()
            finally:
                if kid is None:
                    self._refreshing = False

    async def _fetch_async(self, kid: str | None) -> None:
        loop = asyncio.get_running_loop()
        if self._async_loop is not loop:
            self._async_lock, self._async_loop = asyncio.Lock(), loop
        assert self._async_lock is not None
        try:
            async with self._async_lock:
                now = time.monotonic()
                if kid is not None and self._need(kid, now) != "wait":
                    return
                if kid is not None and self._fetched_at is not None:
                    self._unknown_at = now
                self.attempts += 1
                try:
                    async with httpx.AsyncClient(timeout=self.timeout) as http:
                        response = await http.get(self.jwks_url)
                    self._store(response, time.monotonic())
                except (httpx.HTTPError, ValueError):
                    self._failed_at = time.monotonic()
        finally:
            if kid is None:
                self._refreshing = False

    def get(self, kid: str) -> jwt.PyJWK | None:
        """The key named `kid` (fetching the set when needed), from synchronous code."""
        need = self._need(kid, time.monotonic())
        if need == "wait":
            self._fetch_sync(kid)
        elif need == "background":
            self._refreshing = True
            threading.Thread(target=self._fetch_sync, args=(None,), name="identity-jwks", daemon=True).start()
        return self._keys.get(kid)

    async def aget(self, kid: str) -> jwt.PyJWK | None:
        """The key named `kid` (fetching the set when needed), from async code."""
        need = self._need(kid, time.monotonic())
        if need == "wait":
            await self._fetch_async(kid)
        elif need == "background":
            self._refreshing = True
            self._background = asyncio.get_running_loop().create_task(self._fetch_async(None))
        return self._keys.get(kid)

    def snapshot(self) -> dict[str, Any]:
        return {"kids": sorted(self._keys), "fetched_at": self._fetched_at, "fetches": self.fetches}
