"""Applies the rules to a request: one backend call (one Redis round trip) per request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aiohttp import web

from identity.http.clientinfo import client_key
from identity.http.errors import ApiError
from identity.http.ratelimit.backends import Check, MemoryBackend, RedisBackend
from identity.http.ratelimit.errors import RATE_LIMITED
from identity.http.ratelimit.rules import ANONYMOUS_RULES, Rule, limit_of, rule_for
from identity.http.ratelimit.window import Verdict
from identity.principals import Principal
from identity.state import RATE_HEADERS


class RateLimited(ApiError):
    """A 429 with the shape of docs/abuse.md (its own body and headers)."""

    spec = RATE_LIMITED

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(
            f"Too many requests; retry in {verdict.retry_after} s.",
            extra={"retry_after": verdict.retry_after},
            headers={**headers_of(verdict), "Retry-After": str(verdict.retry_after)},
        )
        self.retry_after = verdict.retry_after

    def body(self, request_id: str) -> dict[str, Any]:
        # Clients expect one of two shapes for a 429 (docs/abuse.md); this body carries both:
        # error.code (the structured envelope) and top-level message and retry_after.
        body = super().body(request_id)
        body["message"] = self.message
        body["retry_after"] = self.retry_after
        return body


def headers_of(verdict: Verdict) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(verdict.limit),
        "X-RateLimit-Remaining": str(verdict.remaining),
        "X-RateLimit-Reset": str(verdict.reset_at),
    }


class Limiter:
    def __init__(self, backend: Any, enabled: bool = True) -> None:
        self.backend = backend
        self.enabled = enabled

    @classmethod
    def from_settings(cls, settings: Any) -> Limiter:
        backend = RedisBackend(settings.redis_url) if settings.redis_url else MemoryBackend()
        return cls(backend, settings.rate_limits_enabled)

    def per_email(self, method: str, path: str, principal: Principal | None) -> bool:
        """Whether this request's rule is kept per email, which only its body names."""
        if not self.enabled or principal is None:
            return False
        rule = rule_for(method, path, principal)
        return rule is not None and rule.key == "email"

    async def enforce(
        self, request: web.Request, method: str, path: str, principal: Principal | None, body: Any
    ) -> None:
        """Count this request against its rule before any expensive work; raise 429 when over.

        Rules kept per user on publishable-key endpoints (refresh, MFA verify) learn the user
        only inside the handler, which calls enforce_for(...) then."""
        if not self.enabled:
            return
        if principal is None:
            anonymous = ANONYMOUS_RULES.get((method, path))
            if anonymous is not None:
                tenant = request.match_info.get("tenant_id", "-")
                await self._count(
                    request, anonymous, anonymous.limit or 0, f"{tenant}|{anonymous.name}|{client_key(request)}"
                )
            return
        rule = rule_for(method, path, principal)
        if rule is None:
            return
        if rule.key == "user" and principal.user_id is None:
            return
        subject = self._subject(request, rule, principal, body)
        await self._hit(request, rule, principal, subject)

    async def enforce_for(
        self, request: web.Request, method: str, path: str, principal: Principal, subject: str
    ) -> None:
        if not self.enabled:
            return
        rule = rule_for(method, path, principal)
        if rule is not None:
            await self._hit(request, rule, principal, subject)

    async def check(self, request: web.Request, tenant_id: str, checks: Sequence[tuple[Rule, str]]) -> None:
        """Count the request against several rules at once (one backend call; 429 when any is
        over), for callers that apply rules themselves: the hosted pages, which have no API
        credential, and an endpoint kept by a second key beside its route's rule. subject: an
        address (subject_of_email) or a client (identity.http.clientinfo.client_key)."""
        if not self.enabled or not checks:
            return
        verdicts = await self.backend.hit(
            [Check(f"{tenant_id}|{rule.name}|{subject}", rule.limit or 0, rule.window) for rule, subject in checks]
        )
        for verdict in verdicts:
            request[RATE_HEADERS] = headers_of(verdict)
            if not verdict.allowed:
                raise RateLimited(verdict)

    async def _hit(self, request: web.Request, rule: Rule, principal: Principal, subject: str) -> None:
        await self._count(
            request, rule, limit_of(rule, principal), f"{principal.tenant_id or '-'}|{rule.name}|{subject}"
        )

    async def _count(self, request: web.Request, rule: Rule, limit: int, key: str) -> None:
        (verdict,) = await self.backend.hit([Check(key, limit, rule.window)])
        request[RATE_HEADERS] = headers_of(verdict)
        if not verdict.allowed:
            raise RateLimited(verdict)

    @staticmethod
    def subject_of_email(email: str) -> str:
        return "email:" + email.strip().lower()

    @staticmethod
    def _subject(request: web.Request, rule: Rule, principal: Principal, body: Any) -> str:
        if rule.key == "key":
            return principal.key_id or "-"
        if rule.key == "user":
            return principal.user_id or "-"
        if rule.key == "email":
            email = getattr(body, "email", None)
            if isinstance(email, str) and email:
                return Limiter.subject_of_email(email)
        return client_key(request)
