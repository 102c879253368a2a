"""Every operation of /openapi.json is described for API readers: what it does, who may call it,
the scope it needs, its rate limit, the webhook events it emits and the emails it sends.

The description is the handler's docstring (identity/http/openapi.py). The credential kinds,
scopes and rate limits are read from the route declarations and the rate-limit table, so a new
route or rule without its words fails here; the events and emails come from the table below,
kept from the emit() and queue_email() calls on each operation's path.
"""

from __future__ import annotations

import re
from typing import Any

from identity.events.emit import CATALOGUE
from identity.http.ratelimit.rules import ANONYMOUS_RULES, ENDPOINT_RULES
from identity.principals import ACCESS_TOKEN, ADMIN_TOKEN, CP_ADMIN, MASTER, PUBLISHABLE, SECRET
from identity.state import state
from tests.support.api import Api

MIN_LENGTH = 60

#: How a description names each credential kind.
CREDENTIAL_WORDS = {
    MASTER: "master key",
    SECRET: "secret key",
    PUBLISHABLE: "publishable key",
    ACCESS_TOKEN: "access token",
    CP_ADMIN: "control plane admin key",
    ADMIN_TOKEN: "admin token",
}

_SESSION = ["session.created"]
_PROOF = ["user.updated", "session.revoked", "user.password_changed", "oauth.disconnected"]
_CALLBACK = ["oauth.connected", "user.created", *_PROOF]

#: (method, path) -> webhook events the operation may emit, from the emit() calls on its path.
EVENTS: dict[tuple[str, str], list[str]] = {
    ("POST", "/v1/tenants"): ["user.created"],
    ("POST", "/cp/v1/tenants"): ["user.created"],
    ("POST", "/v1/auth/sign-up"): ["user.created", *_SESSION],
    ("POST", "/v1/auth/sign-in"): _SESSION,
    ("POST", "/v1/auth/sign-out"): ["session.revoked"],
    ("POST", "/v1/auth/token/refresh"): ["session.revoked"],
    ("POST", "/v1/auth/magic-link/verify"): ["user.created", *_SESSION, *_PROOF],
    ("POST", "/v1/auth/password/reset"): [*_SESSION, *_PROOF],
    ("POST", "/v1/auth/verify-email"): ["user.updated", "session.revoked", "oauth.disconnected"],
    ("POST", "/v1/auth/verify-email/confirm"): ["user.updated", "session.revoked", "oauth.disconnected"],
    ("DELETE", "/v1/sessions"): ["session.revoked"],
    ("DELETE", "/v1/sessions/{id}"): ["session.revoked"],
    ("POST", "/v1/organizations"): ["org.created", "org.member.added"],
    ("DELETE", "/v1/organizations/{id}"): ["org.deleted"],
    ("POST", "/v1/organizations/{id}/members"): ["org.member.added"],
    ("DELETE", "/v1/organizations/{id}/members/{user_id}"): ["org.member.removed"],
    ("POST", "/v1/organizations/{id}/invitations"): ["org.invitation.sent"],
    ("POST", "/v1/invitations/{token}/accept"): ["org.member.added", "org.invitation.accepted"],
    ("POST", "/v1/users/{user_id}/mfa/factors/{factor_id}/confirm"): ["mfa.enrolled"],
    ("DELETE", "/v1/users/{user_id}/mfa/factors/{factor_id}"): ["mfa.removed"],
    ("POST", "/v1/users/{user_id}/mfa/backup-codes/generate"): ["mfa.enrolled"],
    ("POST", "/v1/mfa/backup-codes/generate"): ["mfa.enrolled"],
    ("POST", "/v1/mfa/verify"): ["mfa.verified", *_SESSION, *_PROOF],
    ("POST", "/v1/auth/mfa/verify"): ["mfa.verified", *_SESSION, *_PROOF],
    ("POST", "/v1/users"): ["user.created"],
    ("PATCH", "/v1/users/{id}"): ["user.updated", "user.disabled", "session.revoked"],
    ("DELETE", "/v1/users/{id}"): ["user.deleted", "session.revoked"],
    ("POST", "/v1/users/{id}/disable"): ["user.disabled", "session.revoked"],
    ("POST", "/v1/users/{id}/enable"): ["user.updated"],
    ("POST", "/v1/users/{id}/ban"): ["user.disabled", "session.revoked"],
    ("POST", "/v1/users/{id}/sessions/revoke-all"): ["session.revoked"],
    ("POST", "/v1/users/{id}/password"): ["user.password_changed", "session.revoked"],
    ("POST", "/v1/users/{id}/impersonate"): _SESSION,
    ("POST", "/v1/admin/users/impersonate"): _SESSION,
    ("POST", "/v1/admin/sessions/revoke-all"): ["session.revoked"],
    ("POST", "/v1/admin/users/bulk-disable"): ["user.disabled", "session.revoked"],
    ("DELETE", "/v1/users/{id}/identities/{identity_id}"): ["oauth.disconnected"],
    ("DELETE", "/v1/me/identities/{identity_id}"): ["oauth.disconnected"],
    ("POST", "/v1/me/identities/link/complete"): ["oauth.connected"],
    ("GET", "/v1/oauth/{tenant_id}/callback"): _CALLBACK,
    ("POST", "/v1/oauth/{tenant_id}/callback"): _CALLBACK,
    ("POST", "/v1/auth/oauth/exchange"): _SESSION,
    ("POST", "/oauth/{tenant_id}/authorize/sign-in"): _SESSION,
    ("POST", "/oauth/{tenant_id}/authorize/mfa"): ["mfa.verified", *_SESSION],
    ("GET", "/oauth/{tenant_id}/logout"): ["session.revoked"],
    ("POST", "/oauth/{tenant_id}/logout"): ["session.revoked"],
}

#: (method, path) -> emails (or SMS) the operation may send, from the queue_email() and
#: queue_sms() calls on its path, as the description names them.
EMAILS: dict[tuple[str, str], list[str]] = {
    ("POST", "/v1/auth/sign-up"): ["verification email"],
    ("POST", "/v1/auth/sign-in"): ["welcome email"],
    ("POST", "/v1/auth/magic-link"): ["magic link email"],
    ("POST", "/v1/auth/magic-link/verify"): ["welcome email"],
    ("POST", "/v1/auth/password/forgot"): ["password reset email"],
    ("POST", "/v1/auth/verify-email/resend"): ["verification email"],
    ("POST", "/v1/organizations/{id}/invitations"): ["invitation email"],
    ("POST", "/v1/users"): ["welcome email"],
    ("POST", "/v1/users/{user_id}/mfa/factors"): ["MFA code email", "SMS"],
    ("POST", "/v1/mfa/challenge"): ["MFA code email", "SMS"],
    ("POST", "/v1/mfa/verify"): ["welcome email"],
    ("POST", "/v1/auth/mfa/verify"): ["welcome email"],
    ("GET", "/v1/oauth/{tenant_id}/callback"): ["verification email"],
    ("POST", "/v1/oauth/{tenant_id}/callback"): ["verification email"],
    ("POST", "/v1/auth/oauth/exchange"): ["welcome email"],
    ("POST", "/oauth/{tenant_id}/authorize/sign-in"): ["welcome email"],
}


def _flat(text: str) -> str:
    """Markdown wraps lines: compare with every run of whitespace as one space, no emphasis."""
    return " ".join(text.replace("**", "").split())


def _path(route_path: str) -> str:
    return re.sub(r"\{([^}:]+)(:[^}]*)?\}", r"{\1}", route_path)


async def _document(api: Api) -> dict[str, Any]:
    status, doc, _ = await api.call("GET", "/openapi.json")
    assert status == 200
    return doc


def _operations(doc: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
    return {(method.upper(), path): op for path, ops in doc["paths"].items() for method, op in ops.items()}


async def test_every_operation_has_a_description(api: Api) -> None:
    ops = _operations(await _document(api))
    short = {
        key: len(op.get("description", ""))
        for key, op in ops.items()
        if len(_flat(op.get("description", ""))) < MIN_LENGTH
    }
    assert not short, f"operations without a description of {MIN_LENGTH}+ characters: {short}"
    same = [key for key, op in ops.items() if _flat(op["description"]) == _flat(op.get("summary", ""))]
    assert not same, f"descriptions that only repeat the summary: {same}"


async def test_descriptions_name_the_credential_and_scope(api: Api, app: Any) -> None:
    ops = _operations(await _document(api))
    missing: list[str] = []
    for route in (r for r in state(app).routes if r.in_schema):
        text = _flat(ops[(route.method, _path(route.path))]["description"]).lower()
        for kind in route.auth:
            if CREDENTIAL_WORDS[kind] not in text:
                missing.append(f"{route.method} {route.path}: {CREDENTIAL_WORDS[kind]!r}")
        if route.scope and f"`{route.scope}`" not in text:
            missing.append(f"{route.method} {route.path}: scope `{route.scope}`")
        if not route.auth and "credential" not in text:
            missing.append(f"{route.method} {route.path}: says which credential (none)")
    assert not missing, missing


async def test_descriptions_state_the_rate_limit_rules(api: Api) -> None:
    ops = _operations(await _document(api))
    missing = []
    for (method, path), rule in {**ENDPOINT_RULES, **ANONYMOUS_RULES}.items():
        text = _flat(ops[(method, path)]["description"])
        if "Rate limit" not in text or str(rule.limit) not in text:
            missing.append(f"{method} {path}: {rule.limit} per {rule.window:g}s per {rule.key}")
    assert not missing, missing


async def test_descriptions_name_the_events_and_emails(api: Api) -> None:
    ops = _operations(await _document(api))
    missing = []
    for key, events in EVENTS.items():
        assert set(events) <= set(CATALOGUE), key
        text = _flat(ops[key]["description"])
        missing += [f"{key}: event {e}" for e in events if f"`{e}`" not in text]
    for key, emails in EMAILS.items():
        text = _flat(ops[key]["description"])
        missing += [f"{key}: {m}" for m in emails if m not in text]
    assert not missing, missing
    # Every kind of the catalogue is caused by some operation, and said so.
    named = {e for events in EVENTS.values() for e in events}
    assert named == set(CATALOGUE)
