"""The data shape of every event kind, as an example (docs/events.md documents each key).

The test operation (POST /v1/webhooks/:id/test) sends these, with fresh identifiers and times.
Operations of later issues emit their kinds with exactly these keys; a key may be added, none
removed or renamed (receivers depend on them).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from identity.events.emit import CATALOGUE
from identity.http.types import JsonObject
from identity.ids import new_id


def _now() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


def _later(days: int) -> str:
    return (datetime.now(UTC) + timedelta(days=days)).isoformat().replace("+00:00", "Z")


def _user(**extra: Any) -> JsonObject:
    return {
        "id": new_id("usr"),
        "email": "jane@example.com",
        "name": "Jane Doe",
        "email_verified": True,
        "role": "member",
        "status": "active",
        "created_at": _now(),
        **extra,
    }


def sample(kind: str) -> JsonObject:
    """Example data of `kind` (must be in CATALOGUE)."""
    user_id, org_id = new_id("usr"), new_id("org")
    samples: dict[str, Callable[[], JsonObject]] = {
        "user.created": lambda: _user(),
        "user.updated": lambda: _user(fields=["name"]),
        "user.deleted": lambda: {"id": user_id, "email": "jane@example.com", "role": "member", "deleted_at": _now()},
        "user.disabled": lambda: _user(status="disabled", reason="disabled by an administrator"),
        "user.password_changed": lambda: {"id": user_id, "email": "jane@example.com", "reason": "password_reset"},
        "session.created": lambda: {
            "id": new_id("ses"),
            "user_id": user_id,
            "ip_address": "203.0.113.7",
            "user_agent": "Mozilla/5.0",
            "device_type": "desktop",
            "created_at": _now(),
            "expires_at": _later(30),
        },
        "session.revoked": lambda: {
            "id": new_id("ses"),
            "user_id": user_id,
            "reason": "signed_out",
            "revoked_at": _now(),
        },
        "mfa.enrolled": lambda: {"id": new_id("fac"), "user_id": user_id, "type": "totp", "created_at": _now()},
        "mfa.removed": lambda: {"id": new_id("fac"), "user_id": user_id, "type": "totp", "removed_at": _now()},
        "mfa.verified": lambda: {
            "user_id": user_id,
            "session_id": new_id("ses"),
            "factor_id": new_id("fac"),
            "type": "totp",
            "verified_at": _now(),
        },
        "org.created": lambda: {
            "id": org_id,
            "name": "Acme",
            "slug": "acme",
            "created_by": user_id,
            "created_at": _now(),
        },
        "org.deleted": lambda: {"id": org_id, "name": "Acme", "slug": "acme", "deleted_at": _now()},
        "org.member.added": lambda: {"org_id": org_id, "user_id": user_id, "role": "member", "added_at": _now()},
        "org.member.removed": lambda: {"org_id": org_id, "user_id": user_id, "removed_at": _now()},
        "org.invitation.sent": lambda: {
            "id": new_id("inv"),
            "org_id": org_id,
            "email": "invitee@example.com",
            "role": "member",
            "invited_by": user_id,
            "expires_at": _later(7),
            "created_at": _now(),
        },
        "org.invitation.accepted": lambda: {
            "id": new_id("inv"),
            "org_id": org_id,
            "user_id": user_id,
            "email": "invitee@example.com",
            "role": "member",
            "accepted_at": _now(),
        },
        "oauth.connected": lambda: {
            "id": new_id("oac"),
            "user_id": user_id,
            "provider": "google",
            "provider_user_id": "1234567890",
            "email": "jane@example.com",
            "connected_at": _now(),
        },
        "oauth.disconnected": lambda: {
            "id": new_id("oac"),
            "user_id": user_id,
            "provider": "google",
            "disconnected_at": _now(),
        },
    }
    assert set(samples) == set(CATALOGUE), "every kind of the catalogue has a sample"
    return samples[kind]()
