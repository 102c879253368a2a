"""Sign-in with a code sent by email: a first factor, without a password (like Clerk's
email_code strategy). docs/auth.md, "Email code sign-in".

- request: a six-digit code is emailed (template email_code) to an existing, active user; the
  answer is {sent: true} whatever the address, so it reveals no accounts. The code is stored as
  a keyed hash bound to its row, lives 10 minutes, and a new request retires the address's
  earlier codes. Requests are limited per address and per client address (the route's rule
  and email_code_limits()).
- verify: the address's newest unused code; 5 wrong tries spend it. Every refusal (unknown
  address, wrong, expired or worn-out code) is the same 401 invalid_code, so the answer does
  not tell which addresses have accounts. A right code proves the inbox like a magic link:
  the first proof applies the pre-hijacking rules (email_proof.py), then the MFA gate, then the
  session, exactly as verify_magic_link does.
"""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg

from identity.auth import email_code_store as store
from identity.auth import email_proof, errors
from identity.auth.schemas import Sent, SignInResult
from identity.auth.service import complete_sign_in, ensure_can_sign_in, ensure_open, mfa_challenge, valid_email
from identity.crypto import SecretBox, constant_time_equals
from identity.email.queue import queue_email
from identity.http.types import EMAIL_RE
from identity.ids import new_id
from identity.principals import Tenant
from identity.sessions.device import ClientInfo
from identity.sessions.runtime import AuthRuntime
from identity.users import store as users
from identity.users.presenter import present_user

CODE_DIGITS = 6
CODE_TTL = timedelta(minutes=10)
CODE_TTL_TEXT = "10 minutes"
#: Wrong tries one code survives.
MAX_ATTEMPTS = 5
SENT = Sent(sent=True)
#: One message for every refusal: it must not tell an unknown address from a wrong code.
REFUSED = "The code is not correct or has expired; request a new one."
_SEPARATORS = re.compile(r"[\s-]")


def new_code() -> str:
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def normalise_code(code: str) -> str | None:
    """The six digits of a typed code ("123 456" and "123-456" accepted), or None."""
    digits = _SEPARATORS.sub("", code)
    return digits if len(digits) == CODE_DIGITS and digits.isascii() and digits.isdigit() else None


def code_hash(box: SecretBox, code_id: str, code: str) -> str:
    # Keyed (a leaked table cannot be searched through a million codes) and bound to its row.
    return box.mac(f"{code_id}:{code}", "email-sign-in-code")


async def request_code(pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, email: str) -> Sent:
    ensure_open(tenant)
    address = valid_email(email)
    async with pool.acquire() as conn, conn.transaction():
        user = await users.get_by_email(conn, tenant.id, address)
        if user is None or user.status != "active":
            return SENT
        await store.retire_codes(conn, tenant.id, address)
        code, code_id = new_code(), new_id("esc")
        await store.insert_code(
            conn,
            tenant.id,
            code_id,
            user.id,
            address,
            code_hash(rt.box, code_id, code),
            datetime.now(UTC) + CODE_TTL,
        )
        await queue_email(
            conn,
            rt.box,
            tenant_id=tenant.id,
            template="email_code",
            to=address,
            user_id=user.id,
            variables={"code": code, "expires_in": CODE_TTL_TEXT},
        )
    return SENT


async def verify_code(
    pool: asyncpg.Pool, rt: AuthRuntime, tenant: Tenant, email: str, code: str, client: ClientInfo
) -> SignInResult:
    """{user, session}; 401 invalid_code for any refusal; 403 mfa_required with a challenge
    (the code is spent then, and the sign-in ends with the second factor)."""
    ensure_open(tenant)
    address = users.normalise_email(email)
    digits = normalise_code(code)
    refused = False
    challenge: dict[str, Any] | None = None
    async with pool.acquire() as conn, conn.transaction():
        sent = await store.latest_code(conn, tenant.id, address) if EMAIL_RE.match(address) else None
        if sent is None or sent.failed_attempts >= MAX_ATTEMPTS or sent.expires_at <= datetime.now(UTC):
            refused = True
        elif digits is None or not constant_time_equals(code_hash(rt.box, sent.id, digits), sent.code_hash):
            # Counted (and committed) before answering: five wrong tries wear the code out.
            await store.count_failure(conn, tenant.id, sent.id)
            refused = True
        else:
            await store.use_code(conn, tenant.id, sent.id)
            user = await users.get(conn, tenant.id, sent.user_id, for_update=True)
            if user is None:
                refused = True
            else:
                ensure_can_sign_in(user)
                if not user.email_verified:
                    # The code proves the inbox: the first proof ends what was set up before it.
                    user = await email_proof.prove(rt, conn, tenant.id, user, via=email_proof.EMAIL_CODE, client=client)
                challenge = await mfa_challenge(conn, rt, tenant, user, verify_email=True)
                if challenge is None:
                    user, creds = await complete_sign_in(conn, rt, tenant, user, client, verify_email=True)
    if refused:
        raise errors.INVALID_CODE(REFUSED)
    if challenge is not None:
        raise errors.MFA_REQUIRED(extra={"mfa_challenge": challenge})
    assert user is not None  # refused otherwise
    return SignInResult(user=present_user(user, private=False), session=creds)
