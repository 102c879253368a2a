"""Outbox topic handlers. To add a topic (webhook deliveries, SMS ...): write
`async def handle(rt, item)` in your package and register it here with HANDLERS[topic]."""

from __future__ import annotations

from identity.email.delivery import handle_outbox as _email
from identity.email.queue import TOPIC as EMAIL_TOPIC
from identity.mfa.sms import TOPIC as SMS_TOPIC
from workers.sms import handle as _sms
from workers.tasks import HANDLERS

HANDLERS[EMAIL_TOPIC] = _email
HANDLERS[SMS_TOPIC] = _sms
