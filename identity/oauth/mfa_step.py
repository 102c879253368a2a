"""The seam for the MFA step of the hosted sign-in page (issue E).

When the password is right and the tenant's MFA gate (identity.auth.mfa_gate) answers with a
challenge, the page shows a code form; its POST calls the verifier registered here, which must
complete the sign-in exactly as POST /v1/mfa/verify does and return the same body:
{"user": {...}, "session": {"id": <session id>, ...}} (or raise an ApiError, e.g. 401
invalid_code, whose message is shown on the form).

    verifier(pool, rt, tenant, challenge_id, code, client_info) -> {"user", "session"}

Until a verifier is registered the page says MFA cannot be completed here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Verifier = Callable[[Any, Any, Any, str, str, Any], Awaitable[dict[str, Any]]]
_verifier: Verifier | None = None


def register(verifier: Verifier) -> None:
    global _verifier
    _verifier = verifier


def current() -> Verifier | None:
    return _verifier
