"""Webhook secrets and signatures (docs/webhooks.md, "Verifying a delivery").

Two signatures are sent with every attempt, computed over the exact body bytes:

* ``Service-Signature`` (v1) / ``X-Service-Signature`` (v2): ``sha256=`` + lowercase hex
  HMAC-SHA256(key = the secret string as UTF-8, including any ``whsec_`` prefix, msg = body).
* Standard Webhooks ``webhook-signature``: ``v1,`` + base64 HMAC-SHA256 of
  ``"{webhook-id}.{webhook-timestamp}.{body}"`` keyed with :func:`standard_key` — for a
  ``whsec_<base64>`` secret the base64-decoded bytes after the prefix (what the
  ``standardwebhooks`` libraries do with ``Webhook("whsec_...")``), otherwise the secret's UTF-8
  bytes (``Webhook(secret.encode())``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import os

PREFIX = "whsec_"
SECRET_BYTES = 24  # 192 bits, 32 base64 characters without padding (the Svix/Standard size)


def new_secret() -> str:
    return PREFIX + base64.b64encode(os.urandom(SECRET_BYTES)).decode()


def standard_key(secret: str) -> bytes:
    if secret.startswith(PREFIX):
        rest = secret[len(PREFIX) :]
        try:
            key = base64.b64decode(rest + "=" * (-len(rest) % 4), validate=True)
            if key:
                return key
        except (binascii.Error, ValueError):
            pass
    return secret.encode()


def hex_signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def standard_signature(secret: str, msg_id: str, timestamp: int, body: bytes) -> str:
    signed = f"{msg_id}.{timestamp}.".encode() + body
    digest = hmac.new(standard_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def headers(version: int, secret: str, msg_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    name = "Service-Signature" if version == 1 else "X-Service-Signature"
    return {
        "Content-Type": "application/json",
        "User-Agent": "identity-webhooks/1",
        name: hex_signature(secret, body),
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_signature(secret, msg_id, timestamp, body),
    }
