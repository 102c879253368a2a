"""The friendly client: one credential, the tenant, retries with an Idempotency-Key, typed
errors, pagination, and every operation of the generated client (`call(operation, ...)`).

    client = IdentityClient("https://id.example.com", secret_key="sk_live_…", tenant_id="tnt_…")
    user = await client.call(post_v1_users, body=CreateUser(email="a@example.com"))
    async for user in client.paginate(get_v1_users, limit=100): ...

`SyncIdentityClient` is the same surface without `await`.
"""

from __future__ import annotations

import asyncio
import email.utils
import inspect
import random
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import httpx

from identity_sdk import __version__
from identity_sdk.errors import ConnectionFailed, IdentityError, RateLimitError, error_for
from identity_sdk.rest import Client as _GeneratedClient
from identity_sdk.rest.api.authentication import post_v1_auth_sign_in, post_v1_auth_sign_up
from identity_sdk.rest.api.sessions import delete_v1_sessions_id, post_v1_sessions_verify
from identity_sdk.rest.models import SignIn, SignInResult, SignUp, SignUpResult, Verification, VerifyToken
from identity_sdk.rest.types import UNSET, Unset

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries: `max_retries` more attempts after the first, exponential backoff with
    jitter from `backoff` seconds (at most `max_backoff`), a 429's Retry-After honoured up to
    `max_retry_after` seconds (a longer wait is answered as the RateLimitError instead)."""

    max_retries: int = 2
    backoff: float = 0.25
    max_backoff: float = 8.0
    max_retry_after: float = 20.0

    def delay(self, attempt: int, response: httpx.Response | None) -> float | None:
        """Seconds to wait before attempt `attempt + 1`, or None to stop (`response` None: no answer)."""
        if attempt >= self.max_retries:
            return None
        if response is not None:
            if response.status_code not in RETRY_STATUSES:
                return None
            after = _retry_after(response)
            if after is not None:
                return after if after <= self.max_retry_after else None
        return min(self.max_backoff, self.backoff * 2**attempt) * (0.5 + random.random() / 2)


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        when = email.utils.parsedate_to_datetime(value) if value else None
        return max(0.0, when.timestamp() - time.time()) if when else None


def _raise_for(response: httpx.Response) -> None:
    if response.status_code < 400:
        return
    try:
        body: Any = response.json()
    except ValueError:
        body = response.text
    error = error_for(response.status_code, body, response.headers.get("X-Request-ID"))
    if isinstance(error, RateLimitError):
        error.retry_after = _retry_after(response)
    raise error


class _Base:
    def __init__(
        self,
        base_url: str,
        *,
        secret_key: str | None = None,
        publishable_key: str | None = None,
        access_token: str | None = None,
        tenant_id: str | None = None,
        retry: RetryPolicy | None = None,
        timeout: float = 30.0,
    ) -> None:
        credentials = [c for c in (secret_key, publishable_key, access_token) if c]
        if len(credentials) > 1:
            raise ValueError("pass one credential: secret_key, publishable_key or access_token")
        self.base_url = base_url.rstrip("/")
        self.tenant_id = tenant_id
        self.retry = retry or RetryPolicy()
        self.timeout = timeout
        self._credential = credentials[0] if credentials else None
        self._parser = _GeneratedClient(base_url=self.base_url)

    def _headers(self, extra: dict[str, str] | None) -> dict[str, str]:
        headers = {"User-Agent": f"identity-sdk-python/{__version__}"}
        if self._credential:
            headers["Authorization"] = f"Bearer {self._credential}"
        if self.tenant_id:
            headers["X-Tenant-ID"] = self.tenant_id
        headers.update(extra or {})
        return headers

    def _prepare(
        self,
        method: str,
        path: str,
        json: Any,
        params: dict[str, Any] | None,
        data: Any,
        headers: dict[str, str] | None,
        idempotency_key: str | None,
    ) -> dict[str, Any]:
        method = method.upper()
        headers = self._headers(headers)
        if method == "POST" and "Idempotency-Key" not in headers:
            # One key for every attempt of this call, so a retry after a lost answer is replayed,
            # not done twice (the auth steps ignore it: their answers are fresh tokens).
            headers["Idempotency-Key"] = idempotency_key or f"sdk_{uuid.uuid4().hex}"
        request: dict[str, Any] = {"method": method, "url": self.base_url + path, "headers": headers}
        if params:
            request["params"] = {k: v for k, v in params.items() if v is not None and not isinstance(v, Unset)}
        if json is not None:
            request["json"] = json
        if data is not None:
            request["data"] = data
        return request

    def _operation_request(self, operation: ModuleType, kwargs: dict[str, Any]) -> dict[str, Any]:
        build = operation._get_kwargs
        if "x_tenant_id" in inspect.signature(build).parameters and "x_tenant_id" not in kwargs:
            if not self.tenant_id:
                raise ValueError(f"{operation.__name__} needs a tenant: pass tenant_id to the client")
            kwargs = {**kwargs, "x_tenant_id": self.tenant_id}
        built = build(**kwargs)
        return self._prepare(
            built["method"],
            built["url"],
            built.get("json"),
            built.get("params"),
            built.get("data"),
            {k: str(v) for k, v in built.get("headers", {}).items()},
            None,
        )

    def _parse(self, operation: ModuleType, response: httpx.Response) -> Any:
        _raise_for(response)
        return operation._parse_response(client=self._parser, response=response)

    @staticmethod
    def _page(page: Any) -> tuple[list[Any], str | None]:
        """(items, cursor of the next page or None): `{data, pagination}` or the audit log's `{data, next_cursor}`."""
        pagination = getattr(page, "pagination", None)
        if pagination is not None and not isinstance(pagination, Unset):
            cursor = pagination.next_cursor if pagination.has_more else None
        else:
            cursor = getattr(page, "next_cursor", None)
        if isinstance(cursor, Unset) or not cursor:
            cursor = None
        return list(page.data), cursor


def _decode(response: httpx.Response) -> Any:
    _raise_for(response)
    if response.status_code == 204 or not response.content:
        return None
    return response.json()


class IdentityClient(_Base):
    """Async client. One credential (a secret key for backends, a publishable key or a user's
    access token for frontends) and the tenant it acts in; use as `async with` or call `aclose()`."""

    def __init__(self, base_url: str, *, http: httpx.AsyncClient | None = None, **options: Any) -> None:
        super().__init__(base_url, **options)
        self._http = http or httpx.AsyncClient(timeout=self.timeout)
        self._owns_http = http is None

    async def __aenter__(self) -> IdentityClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    def with_access_token(self, access_token: str) -> IdentityClient:
        """The same service and tenant as the user of `access_token`, sharing this client's connections."""
        return IdentityClient(
            self.base_url,
            http=self._http,
            access_token=access_token,
            tenant_id=self.tenant_id,
            retry=self.retry,
            timeout=self.timeout,
        )

    async def _send(self, request: dict[str, Any]) -> httpx.Response:
        attempt = 0
        while True:
            try:
                response = await self._http.request(**request)
            except httpx.TransportError as exc:
                delay = self.retry.delay(attempt, None)
                if delay is None:
                    raise ConnectionFailed("connection_failed", str(exc) or type(exc).__name__, 0) from exc
            else:
                delay = self.retry.delay(attempt, response)
                if delay is None:
                    return response
            attempt += 1
            await asyncio.sleep(delay)

    async def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
        data: Any = None,
        headers: dict[str, str] | None = None,
        idempotency_key: str | None = None,
    ) -> Any:
        """Any call by path: the decoded JSON answer (None for 204); IdentityError otherwise."""
        return _decode(await self._send(self._prepare(method, path, json, params, data, headers, idempotency_key)))

    async def call(self, operation: ModuleType, **kwargs: Any) -> Any:
        """Call a generated operation (`identity_sdk.rest.api.<tag>.<operation>`) with its own keyword
        arguments; the tenant is filled in. Returns its typed 2xx model; raises IdentityError."""
        return self._parse(operation, await self._send(self._operation_request(operation, kwargs)))

    async def paginate(self, operation: ModuleType, **kwargs: Any) -> AsyncIterator[Any]:
        """Every item of a list operation, page after page (cursor-based, lists in docs/api-conventions.md)."""
        cursor = kwargs.pop("cursor", UNSET)
        while True:
            items, cursor = self._page(await self.call(operation, cursor=cursor, **kwargs))
            for item in items:
                yield item
            if cursor is None:
                return

    async def sign_up(self, email: str, password: str, **fields: Any) -> SignUpResult:
        """POST /v1/auth/sign-up (publishable key)."""
        return await self.call(
            post_v1_auth_sign_up, body=SignUp.from_dict({"email": email, "password": password, **fields})
        )

    async def sign_in(self, email: str, password: str) -> SignInResult:
        """POST /v1/auth/sign-in (publishable key)."""
        return await self.call(post_v1_auth_sign_in, body=SignIn(email=email, password=password))

    async def verify_session(self, token: str) -> Verification:
        """POST /v1/sessions/verify (secret key, sessions:read): the service's own answer, revocations included."""
        return await self.call(post_v1_sessions_verify, body=VerifyToken(token=token))

    async def revoke_session(self, session_id: str) -> None:
        """DELETE /v1/sessions/{id} (secret key, sessions:write)."""
        await self.call(delete_v1_sessions_id, id=session_id)


class SyncIdentityClient(_Base):
    """The same client for synchronous code (Django views, scripts)."""

    def __init__(self, base_url: str, *, http: httpx.Client | None = None, **options: Any) -> None:
        super().__init__(base_url, **options)
        self._http = http or httpx.Client(timeout=self.timeout)
        self._owns_http = http is None

    def __enter__(self) -> SyncIdentityClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def with_access_token(self, access_token: str) -> SyncIdentityClient:
        """The same service and tenant as the user of `access_token`, sharing this client's connections."""
        return SyncIdentityClient(
            self.base_url,
            http=self._http,
            access_token=access_token,
            tenant_id=self.tenant_id,
            retry=self.retry,
            timeout=self.timeout,
        )

    def _send(self, request: dict[str, Any]) -> httpx.Response:
        attempt = 0
        while True:
            try:
                response = self._http.request(**request)
            except httpx.TransportError as exc:
                delay = self.retry.delay(attempt, None)
                if delay is None:
                    raise ConnectionFailed("connection_failed", str(exc) or type(exc).__name__, 0) from exc
            else:
                delay = self.retry.delay(attempt, response)
                if delay is None:
                    return response
            attempt += 1
            time.sleep(delay)

    def request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
        data: Any = None,
        headers: dict[str, str] | None = None,
        idempotency_key: str | None = None,
    ) -> Any:
        """Any call by path: the decoded JSON answer (None for 204); IdentityError otherwise."""
        return _decode(self._send(self._prepare(method, path, json, params, data, headers, idempotency_key)))

    def call(self, operation: ModuleType, **kwargs: Any) -> Any:
        """Call a generated operation with its own keyword arguments; its typed 2xx model."""
        return self._parse(operation, self._send(self._operation_request(operation, kwargs)))

    def paginate(self, operation: ModuleType, **kwargs: Any) -> Iterator[Any]:
        """Every item of a list operation, page after page."""
        cursor = kwargs.pop("cursor", UNSET)
        while True:
            items, cursor = self._page(self.call(operation, cursor=cursor, **kwargs))
            yield from items
            if cursor is None:
                return

    def sign_up(self, email: str, password: str, **fields: Any) -> SignUpResult:
        """POST /v1/auth/sign-up (publishable key)."""
        return self.call(post_v1_auth_sign_up, body=SignUp.from_dict({"email": email, "password": password, **fields}))

    def sign_in(self, email: str, password: str) -> SignInResult:
        """POST /v1/auth/sign-in (publishable key)."""
        return self.call(post_v1_auth_sign_in, body=SignIn(email=email, password=password))

    def verify_session(self, token: str) -> Verification:
        """POST /v1/sessions/verify (secret key, sessions:read)."""
        return self.call(post_v1_sessions_verify, body=VerifyToken(token=token))

    def revoke_session(self, session_id: str) -> None:
        """DELETE /v1/sessions/{id} (secret key, sessions:write)."""
        self.call(delete_v1_sessions_id, id=session_id)


__all__ = ["IdentityClient", "IdentityError", "RetryPolicy", "SyncIdentityClient"]
