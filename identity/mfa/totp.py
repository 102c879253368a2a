"""TOTP (RFC 6238) with pyotp: 6 digits, 30-second steps, SHA-1, as every authenticator app
expects. One step of clock tolerance either side (valid_window=1); the step a code belongs to
is returned so that the caller can refuse it a second time (replay)."""

from __future__ import annotations

import base64
import io
import time

import pyotp
import qrcode
from qrcode.image.pure import PyPNGImage


def new_secret() -> str:
    return pyotp.random_base32()  # 32 base32 characters: 160 bits, RFC 4226's recommendation


def uri(secret: str, account: str, issuer: str) -> str:
    return pyotp.TOTP(secret).provisioning_uri(name=account, issuer_name=issuer)


def qr_data_uri(text: str) -> str:
    """A PNG of the QR code of `text`, as a data: URI an <img> can show."""
    image = qrcode.make(text, image_factory=PyPNGImage, box_size=6, border=2)
    out = io.BytesIO()
    image.save(out)
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def matching_step(secret: str, code: str, now: float | None = None) -> int | None:
    """The time step (t // 30) whose code `code` is, within one step of now; None if none is."""
    totp = pyotp.TOTP(secret)
    now = time.time() if now is None else now
    if not totp.verify(code, for_time=now, valid_window=1):
        return None
    current = totp.timecode(int(now))
    for step in (current, current - 1, current + 1):
        if pyotp.utils.strings_equal(str(code), totp.generate_otp(step)):
            return step
    return None
