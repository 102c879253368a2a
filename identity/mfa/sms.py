"""queue_sms(): the one way a text message leaves the service (outbox topic 'sms').

The message holds a live one-time code, so the outbox row keeps it sealed with the SecretBox
(bound to the tenant); only the masked number is readable there. The worker
(workers/sms.py) posts {"to", "body", "tenant_id"} to IDENTITY_SMS_GATEWAY_URL, or only logs the
message when no gateway is configured.
"""

from __future__ import annotations

import json

import asyncpg

from identity.crypto import SecretBox
from identity.mfa.codes import mask_phone
from identity.outbox.store import enqueue

TOPIC = "sms"


async def queue_sms(conn: asyncpg.Connection, box: SecretBox, *, tenant_id: str, to: str, body: str) -> str:
    sealed = box.encrypt(json.dumps({"to": to, "body": body}), associated=tenant_id)
    return await enqueue(conn, tenant_id, TOPIC, {"to": mask_phone(to), "message": sealed})


def otp_text(app_name: str, code: str, expires_in: str) -> str:
    return f"{code} is your {app_name} verification code. It expires in {expires_in}. Never share it."
