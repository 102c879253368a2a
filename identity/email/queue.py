"""queue_email(): the one way any operation sends an email.

Call it inside the transaction of the change. The variables often hold one-time links or
codes, so they are stored encrypted (AES-GCM, bound to the tenant) in the outbox row, and the
worker renders the tenant's template (or the built-in default) when it sends.

Templates and the variables each one receives (the worker adds app_name and user_email):
  verification    verify_url, code, user_name, expires_in
  magic_link      magic_link_url, expires_in
  password_reset  reset_url, expires_in
  invitation      invite_url, org_name, inviter_name, role, expires_in
  mfa_otp         code, expires_in
  welcome         user_name
  account_exists  sign_in_url, forgot_password_url (a hosted sign-up named an address that has an account)
  email_code      code, expires_in      (the passwordless sign-in code)
  email_change    code, new_email, user_name, expires_in (to the NEW address)
  email_changed   new_email, user_name (to the OLD address, after the switch)
"""

from __future__ import annotations

import json
from typing import Any, get_args

import asyncpg

from identity.email.schemas import TemplateName
from identity.outbox.store import enqueue

# The names the API declares (TemplateName), in its order: the one list of them.
TEMPLATES: tuple[str, ...] = get_args(TemplateName)
TOPIC = "email"


async def queue_email(
    conn: asyncpg.Connection,
    box: Any,
    *,
    tenant_id: str,
    template: str,
    to: str,
    variables: dict[str, Any] | None = None,
    user_id: str | None = None,
) -> str:
    if template not in TEMPLATES:
        raise ValueError(f"unknown email template {template!r}")
    sealed = box.encrypt(json.dumps(variables or {}), associated=tenant_id)
    return await enqueue(
        conn,
        tenant_id,
        TOPIC,
        {
            "template": template,
            "to": to,
            "user_id": user_id,
            "variables": sealed,
        },
    )
