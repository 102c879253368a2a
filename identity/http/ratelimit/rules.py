"""Every limit, in one place (docs/abuse.md, "Rate limits").

The per-endpoint table wins for the endpoints it names. Otherwise: secret-key requests get
the plan's read or write limit per key; publishable-key requests the plan's auth limit per
client address; access-token requests the plan's read or write limit per user. Master-key,
cp-admin and admin-token requests (operators) and the paths in EXEMPT are not limited.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from identity.principals import ACCESS_TOKEN, PUBLISHABLE, SECRET, Principal

MINUTE, HOUR = 60.0, 3600.0


@dataclass(frozen=True)
class PlanLimits:
    read: int
    write: int
    auth: int


PLANS = {
    "free": PlanLimits(read=100, write=30, auth=5),
    "starter": PlanLimits(read=500, write=150, auth=10),
    "pro": PlanLimits(read=1000, write=500, auth=20),
}
#: Enterprise tenants get their own figures (tenants.rate_limits); unset ones are ten times Pro.
ENTERPRISE_DEFAULT = PlanLimits(read=10_000, write=5_000, auth=200)


@dataclass(frozen=True)
class Rule:
    name: str
    window: float
    key: str  # "ip", "email", "user" or "key": what the count is kept per
    limit: int | None = None  # None: the plan's figure named by plan_field
    plan_field: str | None = None


_BULK = Rule("bulk", MINUTE, "key", 50)
_MFA_VERIFY = Rule("mfa_verify", 10 * MINUTE, "user", 5)
_WEBHOOK_RETRY = Rule("webhook_retry", HOUR, "key", 100)
#: The email sign-in code: each request sends an email, so it is kept per address asked for
#: (the route's rule) AND per client address (EMAIL_CODE_PER_CLIENT, checked by the handler and
#: the hosted page with Limiter.check); verifying is kept per client address (5 tries per code
#: bound the guesses at one code).
EMAIL_CODE_PER_EMAIL = Rule("email_code", 10 * MINUTE, "email", 5)
EMAIL_CODE_PER_CLIENT = Rule("email_code_client", 10 * MINUTE, "ip", 20)
EMAIL_CODE_VERIFY = Rule("email_code_verify", 10 * MINUTE, "ip", 30)
#: The passwordless passkey ceremony (options, then verify), per client address.
PASSKEY_SIGN_IN = Rule("passkey_sign_in", MINUTE, "ip", 30)
ACCOUNT_PASSWORD = Rule("account_password", 10 * MINUTE, "user", 10)
ACCOUNT_EMAIL = Rule("account_email", 10 * MINUTE, "user", 5)
ACCOUNT_EMAIL_VERIFY = Rule("account_email_verify", 10 * MINUTE, "user", 10)

ENDPOINT_RULES: dict[tuple[str, str], Rule] = {
    ("POST", "/v1/auth/sign-in"): Rule("sign_in", MINUTE, "ip", 10),
    ("POST", "/v1/auth/sign-up"): Rule("sign_up", MINUTE, "ip", 5),
    ("POST", "/v1/auth/magic-link"): Rule("magic_link", 10 * MINUTE, "ip", 5),
    ("POST", "/v1/auth/password/forgot"): Rule("password_forgot", 10 * MINUTE, "email", 5),
    ("POST", "/v1/auth/verify-email/code"): Rule("verify_email_code", 10 * MINUTE, "email", 10),
    ("POST", "/v1/auth/email-code"): EMAIL_CODE_PER_EMAIL,
    ("POST", "/v1/auth/email-code/verify"): EMAIL_CODE_VERIFY,
    ("POST", "/v1/auth/passkey/options"): PASSKEY_SIGN_IN,
    ("POST", "/v1/auth/passkey/verify"): PASSKEY_SIGN_IN,
    ("POST", "/v1/mfa/verify"): _MFA_VERIFY,
    ("POST", "/v1/auth/mfa/verify"): _MFA_VERIFY,
    ("POST", "/v1/auth/token/refresh"): Rule("token_refresh", MINUTE, "user", 60),
    # Self-service changes that check a password or send an email (docs/auth.md, "Account
    # self-service"); the hosted account page counts against the same rules.
    ("POST", "/v1/auth/password"): ACCOUNT_PASSWORD,
    ("POST", "/v1/auth/email"): ACCOUNT_EMAIL,
    ("POST", "/v1/auth/email/verify"): ACCOUNT_EMAIL_VERIFY,
    ("POST", "/v1/admin/users/bulk-disable"): _BULK,
    ("POST", "/v1/admin/sessions/revoke-all"): _BULK,
    ("DELETE", "/v1/sessions"): _BULK,
    ("POST", "/v1/webhooks/{id}/test"): Rule("webhook_test", MINUTE, "key", 10),
    ("POST", "/v1/webhooks/deliveries/{id}/retry"): _WEBHOOK_RETRY,
    ("POST", "/v1/email/config/test"): Rule("email_config_test", HOUR, "key", 5),
    ("POST", "/v1/email/templates/{template}/preview"): Rule("template_preview", MINUTE, "key", 30),
}

_OAUTH = "/oauth/{tenant_id}"
#: The OAuth endpoints that clients call without one of our credentials (they authenticate
#: as OAuth clients), kept per client address; the tenant comes from the path.
ANONYMOUS_RULES: dict[tuple[str, str], Rule] = {
    ("POST", _OAUTH + "/token"): Rule("oauth_token", MINUTE, "ip", 300),
    ("POST", _OAUTH + "/revoke"): Rule("oauth_revoke", MINUTE, "ip", 300),
    ("POST", _OAUTH + "/introspect"): Rule("oauth_introspect", MINUTE, "ip", 300),
}
#: The hosted sign-in form answers with its own page rather than a JSON 429, so the OAuth
#: flow applies this rule itself (identity/oauth/authorize.py); same figure as the API's sign-in.
HOSTED_SIGN_IN = Rule("oauth_sign_in", MINUTE, "ip", 10)
#: The hosted sign-up, code and forgot-password forms (identity/hosted/signup.py, reset.py), with
#: the figures of the API endpoints they stand for.
HOSTED_SIGN_UP = Rule("hosted_sign_up", MINUTE, "ip", 5)
HOSTED_VERIFY_CODE = Rule("hosted_verify_email_code", 10 * MINUTE, "email", 10)
HOSTED_FORGOT = Rule("hosted_password_forgot", 10 * MINUTE, "email", 5)

#: POSTs that change nothing: counted as reads.
READ_POSTS = frozenset({("POST", "/v1/sessions/verify"), ("POST", "/v1/admin/users/search")})

EXEMPT = frozenset({"/health", "/metrics", "/openapi.json", "/.well-known/jwks.json"})


def rule_for(method: str, path: str, principal: Principal | None) -> Rule | None:
    if path in EXEMPT or principal is None:
        return None
    explicit = ENDPOINT_RULES.get((method, path))
    if explicit is not None:
        return explicit
    read = method in ("GET", "HEAD") or (method, path) in READ_POSTS
    if principal.kind == SECRET:
        return Rule("read" if read else "write", MINUTE, "key", plan_field="read" if read else "write")
    if principal.kind == PUBLISHABLE:
        return Rule("auth", MINUTE, "ip", plan_field="auth")
    if principal.kind == ACCESS_TOKEN:
        return Rule("user_read" if read else "user_write", MINUTE, "user", plan_field="read" if read else "write")
    return None


def limit_of(rule: Rule, principal: Principal) -> int:
    if rule.limit is not None:
        return rule.limit
    tenant = principal.tenant
    plan = tenant.plan if tenant else "free"
    if plan == "enterprise":
        custom: dict[str, Any] = (tenant.rate_limits if tenant else None) or {}
        value = custom.get(f"{rule.plan_field}_per_minute")
        return int(value if value else getattr(ENTERPRISE_DEFAULT, rule.plan_field or "read"))
    return int(getattr(PLANS.get(plan, PLANS["free"]), rule.plan_field or "read"))
