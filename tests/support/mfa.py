"""Helpers for the MFA tests (tests/test_mfa*.py): users, factors, codes read from the outbox,
and a software WebAuthn authenticator that makes real credentials and real assertions."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import struct
import time
from typing import Any

import jwt
import pyotp

from identity.state import state
from tests.support import users
from tests.support.api import STRONG_PASSWORD

ORIGIN = "https://app.example.com"


def new_email() -> str:
    return users.new_email("mfa")


async def make_tenant_for_mfa(make_tenant, **auth_config: Any):
    """A tenant whose users sign in without verifying their email first (the MFA tests are
    about the second factor); more auth_config keys may be given."""
    config = {"email_verification_required": False, **auth_config}
    return await make_tenant(auth_config=config)


async def new_user(tenant, email: str | None = None, password: str = STRONG_PASSWORD) -> dict[str, Any]:
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email or new_email(), "password": password, "name": "Ada Lovelace"}
    )
    assert status == 201, body
    return body["user"]


async def sign_in(tenant, email: str, password: str = STRONG_PASSWORD) -> tuple[int, Any]:
    status, body, _ = await tenant.public("POST", "/v1/auth/sign-in", json={"email": email, "password": password})
    return status, body


async def challenge_of(tenant, email: str) -> dict[str, Any]:
    """Sign in and return the mfa_challenge of the 403 mfa_required."""
    status, body = await sign_in(tenant, email)
    assert status == 403, body
    assert body["error"]["code"] == "mfa_required", body
    return body["error"]["mfa_challenge"]


def wait_for_fresh_step(margin: float = 6.0) -> None:
    """Sleep into the next 30-second TOTP step when the current one ends within `margin`
    seconds, so that codes computed now stay in the accepted window while a test uses them."""
    left = 30 - (time.time() % 30)
    if left < margin:
        time.sleep(left + 0.05)


def totp_code(secret: str, steps: int = 0) -> str:
    """The code of the current step moved by `steps` (-1 previous, +1 next)."""
    return pyotp.TOTP(secret).at(time.time() + 30 * steps)


async def enroll_totp(tenant, user_id: str, *, confirm_steps: int = -1) -> tuple[str, str]:
    """Enroll and confirm a TOTP factor; confirms with the previous step's code so that the
    current and next steps' codes remain for sign-ins. Returns (factor_id, secret)."""
    status, body, _ = await tenant.secret("POST", f"/v1/users/{user_id}/mfa/factors", json={"type": "totp"})
    assert status == 201, body
    secret = body["totp"]["secret"]
    # The previous step's code is accepted only while the current step lasts: not near its end.
    left = 30 - (time.time() % 30)
    if left < 6.0:
        await asyncio.sleep(left + 0.05)
    status, factor, _ = await tenant.secret(
        "POST",
        f"/v1/users/{user_id}/mfa/factors/{body['factor_id']}/confirm",
        json={"code": totp_code(secret, confirm_steps)},
    )
    assert status == 200, factor
    assert factor["status"] == "active"
    return body["factor_id"], secret


def claims(access_token: str) -> dict[str, Any]:
    return jwt.decode(access_token, options={"verify_signature": False})


async def outbox_messages(app, tenant_id: str, topic: str) -> list[dict[str, Any]]:
    """Queued emails or SMS of the tenant, oldest first, with the sealed part opened."""
    st = state(app)
    rows = await st.pool.fetch(
        "SELECT id, payload FROM outbox WHERE tenant_id = $1 AND topic = $2 ORDER BY created_at, id",
        tenant_id,
        topic,
    )
    out = []
    for row in rows:
        payload = row["payload"]
        if topic == "email":
            opened = json.loads(st.box.decrypt(payload["variables"], associated=tenant_id))
            out.append({"id": row["id"], **payload, "variables": opened})
        else:
            opened = json.loads(st.box.decrypt(payload["message"], associated=tenant_id))
            out.append({"id": row["id"], **payload, **opened})
    return out


async def last_email_code(app, tenant_id: str, to: str) -> str:
    mails = [m for m in await outbox_messages(app, tenant_id, "email") if m["template"] == "mfa_otp" and m["to"] == to]
    assert mails, f"no mfa_otp email to {to}"
    return mails[-1]["variables"]["code"]


async def last_sms_code(app, tenant_id: str, to: str) -> str:
    texts = [m for m in await outbox_messages(app, tenant_id, "sms") if m["to"] == to]
    assert texts, f"no SMS to {to}"
    return texts[-1]["body"].split()[0]


async def audit_actions(app, tenant_id: str) -> list[dict[str, Any]]:
    rows = await state(app).pool.fetch(
        """SELECT action, resource_id, actor, metadata FROM audit_log
           WHERE tenant_id = $1 AND action LIKE 'mfa.%' ORDER BY created_at, id""",
        tenant_id,
    )
    return [dict(r) for r in rows]


async def mfa_enabled(app, tenant_id: str, user_id: str) -> bool:
    return await state(app).pool.fetchval(
        "SELECT mfa_enabled FROM users WHERE tenant_id = $1 AND id = $2", tenant_id, user_id
    )


# -- a software WebAuthn authenticator -----------------------------------------------------------


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftAuthenticator:
    """A platform authenticator in software: an EC P-256 key per credential, "none" attestation,
    authenticatorData built by hand (RP id hash, flags, sign count, attested credential data with
    the COSE key encoded with cbor2), and ES256 signatures over authenticatorData ||
    SHA-256(clientDataJSON), as navigator.credentials.create()/get() would return them (the
    PublicKeyCredential JSON form)."""

    AAGUID = bytes.fromhex("00112233445566778899aabbccddeeff")

    def __init__(self, origin: str = ORIGIN) -> None:
        self.origin = origin
        self.credentials: dict[bytes, dict[str, Any]] = {}

    @staticmethod
    def _client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}).encode()

    @staticmethod
    def _cose_key(public_key: Any) -> bytes:
        import cbor2

        numbers = public_key.public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def create(self, options: dict[str, Any], *, origin: str | None = None, rp_id: str | None = None) -> dict[str, Any]:
        """navigator.credentials.create({publicKey: options}) -> the credential's JSON."""
        import cbor2
        from cryptography.hazmat.primitives.asymmetric import ec

        rp_id = rp_id or options["rp"]["id"]
        key = ec.generate_private_key(ec.SECP256R1())
        credential_id = os.urandom(32)
        self.credentials[credential_id] = {"key": key, "rp_id": rp_id, "count": 0, "user": options["user"]["id"]}
        flags = 0x01 | 0x04 | 0x40  # user present, user verified, attested credential data
        auth_data = (
            hashlib.sha256(rp_id.encode()).digest()
            + bytes([flags])
            + struct.pack(">I", 0)
            + self.AAGUID
            + struct.pack(">H", len(credential_id))
            + credential_id
            + self._cose_key(key.public_key())
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin or self.origin)
        return {
            "id": b64url(credential_id),
            "rawId": b64url(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "attestationObject": b64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def get(
        self,
        options: dict[str, Any],
        *,
        origin: str | None = None,
        count: int | None = None,
        credential_id: bytes | None = None,
        user_verified: bool = True,
    ) -> dict[str, Any]:
        """navigator.credentials.get({publicKey: options}) -> the assertion's JSON. The sign
        count goes up by one each time unless `count` is given. With an empty allowCredentials
        (a discoverable sign-in) the first credential made for the options' rpId answers, unless
        credential_id names one."""
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec

        allowed = [unb64url(c["id"]) for c in options.get("allowCredentials", [])]
        if credential_id is None and not allowed:
            credential_id = next(c for c, v in self.credentials.items() if v["rp_id"] == options["rpId"])
        if credential_id is None:
            credential_id = next(c for c in allowed if c in self.credentials)
        cred = self.credentials[credential_id]
        cred["count"] = cred["count"] + 1 if count is None else count
        auth_data = (
            hashlib.sha256(options["rpId"].encode()).digest()
            + bytes([0x01 | (0x04 if user_verified else 0)])
            + struct.pack(">I", cred["count"])
        )
        client_data = self._client_data("webauthn.get", options["challenge"], origin or self.origin)
        signature = cred["key"].sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64url(credential_id),
            "rawId": b64url(credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64url(client_data),
                "authenticatorData": b64url(auth_data),
                "signature": b64url(signature),
                "userHandle": cred["user"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }


async def enroll_passkey(
    tenant, user_id: str, authenticator: SoftAuthenticator, name: str = "Laptop"
) -> dict[str, Any]:
    """Enrol and confirm a passkey for the user through the API (the secret key); the factor."""
    status, body, _ = await tenant.secret(
        "POST", f"/v1/users/{user_id}/mfa/factors", json={"type": "webauthn", "name": name}
    )
    assert status == 201, body
    credential = authenticator.create(body["webauthn"]["options"])
    status, factor, _ = await tenant.secret(
        "POST", f"/v1/users/{user_id}/mfa/factors/{body['factor_id']}/confirm", json={"code": credential}
    )
    assert status == 200, factor
    return factor
