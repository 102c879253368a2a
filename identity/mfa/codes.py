"""Short secrets: six-digit one-time codes, backup codes, and phone numbers (pure functions).

Codes are stored only as keyed hashes (SecretBox.mac), so a leaked table cannot be searched
for the codes without the service's secret key.
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from typing import overload

OTP_DIGITS = 6
OTP_TTL = timedelta(minutes=10)
OTP_TTL_TEXT = "10 minutes"
#: Wrong codes accepted against one code (an enrollment code) or one challenge.
MAX_ATTEMPTS = 5

BACKUP_CODE_COUNT = 8
#: Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed from paper is
#: unambiguous; 8 characters carry 40 bits.
_BACKUP_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_BACKUP_READ = str.maketrans({"O": "0", "I": "1", "L": "1"})
BACKUP_CODE_RE = re.compile(r"^[0-9A-Z]{4}-[0-9A-Z]{4}$")

_E164 = re.compile(r"^\+[1-9][0-9]{6,14}$")
_PHONE_PUNCTUATION = re.compile(r"[\s().\-]")


def new_otp() -> str:
    return f"{secrets.randbelow(10**OTP_DIGITS):0{OTP_DIGITS}d}"


def normalise_otp(code: str) -> str | None:
    """The six digits of a typed code ("123 456", "123-456" accepted), or None."""
    digits = re.sub(r"[\s-]", "", code)
    return digits if len(digits) == OTP_DIGITS and digits.isascii() and digits.isdigit() else None


def new_backup_codes(count: int = BACKUP_CODE_COUNT) -> list[str]:
    codes: set[str] = set()
    while len(codes) < count:
        raw = "".join(secrets.choice(_BACKUP_ALPHABET) for _ in range(8))
        codes.add(f"{raw[:4]}-{raw[4:]}")
    return sorted(codes)


def normalise_backup_code(code: str) -> str | None:
    """XXXX-XXXX from what a user typed (any case, with or without the hyphen or spaces;
    O read as 0, I and L as 1), or None when it cannot be a backup code."""
    raw = re.sub(r"[\s-]", "", code).upper().translate(_BACKUP_READ)
    if len(raw) != 8 or any(c not in _BACKUP_ALPHABET for c in raw):
        return None
    return f"{raw[:4]}-{raw[4:]}"


def looks_like_backup_code(code: str) -> bool:
    raw = re.sub(r"[\s-]", "", code)
    return len(raw) == 8 and not raw.isdigit() and normalise_backup_code(code) is not None


def e164(phone: str) -> str | None:
    """The number in E.164 (+ and 7 to 15 digits, spaces, dots, dashes and brackets dropped),
    or None when it is not one."""
    compact = _PHONE_PUNCTUATION.sub("", phone)
    return compact if _E164.match(compact) else None


@overload
def mask_phone(phone: str) -> str: ...
@overload
def mask_phone(phone: None) -> None: ...
def mask_phone(phone: str | None) -> str | None:
    """+14155552671 -> +*******2671: enough to recognise the number, not to dial it."""
    if not phone:
        return phone
    return "+" + "*" * max(0, len(phone) - 5) + phone[-4:]


@overload
def mask_email(email: str) -> str: ...
@overload
def mask_email(email: None) -> None: ...
def mask_email(email: str | None) -> str | None:
    """jane.doe@example.com -> j*******@example.com."""
    if not email or "@" not in email:
        return email
    local, _, domain = email.partition("@")
    return local[:1] + "*" * max(1, len(local) - 1) + "@" + domain
