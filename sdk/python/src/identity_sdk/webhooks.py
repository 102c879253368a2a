"""Verifying the service's webhook deliveries (docs/webhooks.md, "Signatures").

Two schemes come with every delivery, both HMAC-SHA256 over the exact body bytes:

* Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature` (`v1,<base64>`, maybe
  several separated by spaces) over "{id}.{timestamp}.{body}", keyed with the base64 part of a
  `whsec_` secret (the secret's UTF-8 bytes otherwise). The timestamp is signed, so a delivery
  older (or newer) than `tolerance` is refused: a captured delivery cannot be replayed later.
* The service's own header, `Service-Signature` (v1) / `X-Service-Signature` (v2):
  `sha256=<hex>` over the body, keyed with the whole secret string. It does not sign the
  timestamp; verifying it still requires a fresh `webhook-timestamp`, which stops a naive replay
  but not one that rewrites that header. Prefer the Standard scheme (the default).

Comparisons are constant-time. Verify the raw bytes, then parse.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any, Literal

from identity_sdk.errors import WebhookVerificationError

PREFIX = "whsec_"
DEFAULT_TOLERANCE = 300  # seconds


def _standard_key(secret: str) -> bytes:
    if secret.startswith(PREFIX):
        rest = secret[len(PREFIX) :]
        try:
            key = base64.b64decode(rest + "=" * (-len(rest) % 4), validate=True)
        except (binascii.Error, ValueError):
            key = b""
        if key:
            return key
    return secret.encode()


class Webhook:
    """A webhook endpoint's secret (`whsec_…`), as shown when the webhook was created."""

    def __init__(self, secret: str, *, tolerance: int = DEFAULT_TOLERANCE) -> None:
        if not secret:
            raise ValueError("the webhook's signing secret is required")
        self.secret = secret
        self.tolerance = tolerance

    def verify(
        self,
        body: bytes | str,
        headers: Mapping[str, str],
        *,
        scheme: Literal["standard", "service"] = "standard",
        now: float | None = None,
    ) -> dict[str, Any]:
        """The delivered event ({id, type, tenant_id, created_at, data}) once `body` is proven to
        come from the service, unchanged and recently; WebhookVerificationError otherwise."""
        raw = body.encode() if isinstance(body, str) else bytes(body)
        lower = {k.lower(): v for k, v in headers.items()}
        timestamp = self._fresh_timestamp(lower.get("webhook-timestamp"), now)
        if scheme == "standard":
            self._verify_standard(raw, lower.get("webhook-id"), timestamp, lower.get("webhook-signature"))
        elif scheme == "service":
            self._verify_service(raw, lower.get("x-service-signature") or lower.get("service-signature"))
        else:
            raise ValueError(f"unknown scheme {scheme!r}")
        try:
            event = json.loads(raw)
        except ValueError as exc:
            raise WebhookVerificationError("the signed body is not JSON") from exc
        if not isinstance(event, dict):
            raise WebhookVerificationError("the signed body is not an event")
        return event

    def _fresh_timestamp(self, value: str | None, now: float | None) -> int:
        if not value:
            raise WebhookVerificationError("webhook-timestamp is missing")
        try:
            timestamp = int(value)
        except ValueError as exc:
            raise WebhookVerificationError("webhook-timestamp is not a number") from exc
        current = time.time() if now is None else now
        if abs(current - timestamp) > self.tolerance:
            raise WebhookVerificationError("webhook-timestamp is outside the tolerance (a stale or replayed delivery)")
        return timestamp

    def _verify_standard(self, raw: bytes, msg_id: str | None, timestamp: int, header: str | None) -> None:
        if not msg_id or not header:
            raise WebhookVerificationError("webhook-id or webhook-signature is missing")
        signed = f"{msg_id}.{timestamp}.".encode() + raw
        expected = base64.b64encode(hmac.new(_standard_key(self.secret), signed, hashlib.sha256).digest())
        for candidate in header.split():
            version, _, signature = candidate.partition(",")
            if version == "v1" and hmac.compare_digest(expected, signature.encode()):
                return
        raise WebhookVerificationError("no signature matches the body")

    def _verify_service(self, raw: bytes, header: str | None) -> None:
        if not header:
            raise WebhookVerificationError("Service-Signature / X-Service-Signature is missing")
        expected = "sha256=" + hmac.new(self.secret.encode(), raw, hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected.encode(), header.strip().encode()):
            raise WebhookVerificationError("the signature does not match the body")


def verify_webhook(
    secret: str,
    body: bytes | str,
    headers: Mapping[str, str],
    *,
    tolerance: int = DEFAULT_TOLERANCE,
    scheme: Literal["standard", "service"] = "standard",
) -> dict[str, Any]:
    """`Webhook(secret, tolerance=…).verify(body, headers, scheme=…)`."""
    return Webhook(secret, tolerance=tolerance).verify(body, headers, scheme=scheme)
