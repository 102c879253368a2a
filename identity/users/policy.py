"""The tenant's password rules, and the common-password list (zxcvbn's 30,000 most used).

Composition rules (uppercase, number, symbol) are off by default, as NIST SP 800-63B and
OWASP ASVS 5.0 advise; length and the common-password check always apply.
"""

from __future__ import annotations

import functools
import unicodedata

from identity.http.errors import ValidationFailed
from identity.tenants.auth_config import AuthConfig
from identity.users.errors import PASSWORD_TOO_WEAK
from identity.users.passwords import MAX_PASSWORD_LENGTH


@functools.cache
def common_passwords() -> frozenset[str]:
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


def _weak(message: str) -> ValidationFailed:
    return PASSWORD_TOO_WEAK.invalid("password", message)


def check(password: str, config: AuthConfig) -> None:
    """Raise 422 password_too_weak naming the first rule the password breaks."""
    length = len(password)
    if length < config.password_min_length:
        raise _weak(f"must be at least {config.password_min_length} characters long")
    if length > MAX_PASSWORD_LENGTH:
        raise _weak(f"must be at most {MAX_PASSWORD_LENGTH} characters long")
    if config.password_require_uppercase and not any(c.isupper() for c in password):
        raise _weak("must contain an uppercase letter")
    if config.password_require_number and not any(c.isdigit() for c in password):
        raise _weak("must contain a number")
    if config.password_require_symbol and not _has_symbol(password):
        raise _weak("must contain a symbol")
    if password.lower() in common_passwords() or len(set(password)) < 3:
        raise _weak("is too common; choose a password that is not on lists of leaked passwords")


#: The composition rules a page can show as a checklist, in its order (the common-password
#: check is not listed: it needs the list, which stays on the server).
CHECKLIST = ("length", "uppercase", "number", "symbol")


def _has_symbol(password: str) -> bool:
    return any(not c.isalnum() and not unicodedata.category(c).startswith("Z") for c in password)


def shown_rules(config: AuthConfig) -> list[str]:
    """The checklist rules the tenant has on (length always), in CHECKLIST order."""
    on = {
        "length": True,
        "uppercase": config.password_require_uppercase,
        "number": config.password_require_number,
        "symbol": config.password_require_symbol,
    }
    return [rule for rule in CHECKLIST if on[rule]]


def unmet(password: str, config: AuthConfig) -> set[str]:
    """The shown rules this password breaks (the hosted pages mark them without JavaScript)."""
    met = {
        "length": config.password_min_length <= len(password) <= MAX_PASSWORD_LENGTH,
        "uppercase": any(c.isupper() for c in password),
        "number": any(c.isdigit() for c in password),
        "symbol": _has_symbol(password),
    }
    return {rule for rule in shown_rules(config) if not met[rule]}
