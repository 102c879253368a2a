"""The outbox handler of topic 'sms' (rows written by identity.mfa.sms.queue_sms).

With IDENTITY_SMS_GATEWAY_URL set, the message is sent as an HTTP POST of JSON
{"to", "body", "tenant_id"} (docs/configuration.md): a 2xx answer means sent; 408, 429 and 5xx answers,
time-outs and connection errors are retried on the outbox schedule; any other answer abandons the
row (retrying the same request cannot help). Without a gateway the message, code included, is
only logged (development: read the code from the log).

The gateway is the operator's (an environment variable, never a tenant's setting), so it is an
operator-trusted destination of the outbound path: it may be a private or http:// address.
"""

from __future__ import annotations

import json
from typing import Any

import structlog

from identity.outbound import http as outbound
from identity.outbound.addresses import AddressRefused
from identity.outbox.errors import Permanent
from workers.runtime import Runtime

log = structlog.get_logger("workers.sms")

TIMEOUT_SECONDS = 10.0
#: The gateway's answer is read only for its status; a longer one is not read further.
MAX_ANSWER = 64 * 1024
#: IDENTITY_SMS_GATEWAY_URL is set by the operator: trusted to be a private or http:// address.
OPERATOR_TRUSTED = True
_RETRYABLE = {408, 425, 429}


class GatewayError(Exception):
    """A transient failure of the gateway (becomes the row's last_error)."""


async def handle(rt: Runtime, item: dict[str, Any]) -> str:
    tenant_id = item["tenant_id"]
    payload = item["payload"]
    if isinstance(payload, str):
        payload = json.loads(payload)
    try:
        message = json.loads(rt.box.decrypt(payload["message"], associated=tenant_id))
    except Exception:
        raise Permanent("the message cannot be decrypted with this secret key") from None
    url = rt.settings.sms_gateway_url
    if not url:
        log.warning(
            "sms_not_sent",
            tenant_id=tenant_id,
            id=item["outbox_id"],
            to=message["to"],
            body=message["body"],
            hint="IDENTITY_SMS_GATEWAY_URL is not set: logged only",
        )
        return "logged"
    body = {"to": message["to"], "body": message["body"], "tenant_id": tenant_id}
    try:
        answer = await outbound.request(
            "POST",
            url,
            json=body,
            headers={"Idempotency-Key": item["outbox_id"]},
            allow_http=OPERATOR_TRUSTED,
            timeout=min(TIMEOUT_SECONDS, rt.policy.job_timeout),
            max_body=MAX_ANSWER,
        )
    except (AddressRefused, outbound.OutboundError) as exc:
        raise GatewayError(f"SMS gateway unreachable: {exc}") from None
    status = answer.status
    if 200 <= status < 300:
        log.info("sms_sent", tenant_id=tenant_id, id=item["outbox_id"], to=payload.get("to"))
        return "sent"
    if status >= 500 or status in _RETRYABLE:
        raise GatewayError(f"SMS gateway answered {status}")
    raise Permanent(f"SMS gateway refused the message ({status})")
