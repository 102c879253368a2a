"""Secrets: random tokens, hashes for lookup, constant-time comparison, encryption at rest."""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

_B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


#: Random bytes to base62 characters: the 248 byte values below 4 * 62 map evenly onto the 62
#: characters (each value modulo 62); the 8 above are dropped (bytes.translate's delete), so
#: every character is uniform and independent of the others.
_B62_OF_BYTE = bytes(ord(_B62[b % 62]) if b < 248 else 0 for b in range(256))
_ABOVE_248 = bytes(range(248, 256))


def random_token(nbytes: int = 32) -> str:
    """URL-safe random text with at least nbytes of entropy, in base62 (no punctuation to
    mangle): ceil-ish(nbytes * 8 / log2(62)) + 1 characters, as many as the base62 digits of an
    nbytes number, each drawn uniformly. Built in C (bytes.translate) rather than by dividing a
    big integer 44 times: every refresh and sign-in makes one."""
    length = int(nbytes * 8 / 5.954) + 1  # log2(62) ~ 5.954 bits per character
    out = b""
    while len(out) < length:  # one draw almost always suffices: 97 % of bytes are kept
        out += secrets.token_bytes(length + length // 8 + 4).translate(_B62_OF_BYTE, _ABOVE_248)
    return out[:length].decode("ascii")


def sha256_hex(value: str) -> str:
    """Lookup hash of a high-entropy secret (API keys, tokens). Such secrets need no slow hash."""
    return hashlib.sha256(value.encode()).hexdigest()


def seal(key: bytes, plaintext: bytes, associated: bytes) -> bytes:
    """AES-256-GCM under a 32-byte key of the caller's, bound to `associated`: nonce || ciphertext."""
    nonce = os.urandom(12)
    return nonce + AESGCM(key).encrypt(nonce, plaintext, associated)


def unseal(key: bytes, sealed: bytes, associated: bytes) -> bytes:
    """The plaintext of seal(key, ..., associated); raises cryptography's InvalidTag otherwise."""
    return AESGCM(key).decrypt(sealed[:12], sealed[12:], associated)


def constant_time_equals(a: str | bytes, b: str | bytes) -> bool:
    if isinstance(a, str):
        a = a.encode()
    if isinstance(b, str):
        b = b.encode()
    return hmac.compare_digest(a, b)


class SecretBox:
    """AES-256-GCM with a key from IDENTITY_SECRET_KEY (or one generated into the data dir).

    Ciphertexts are "v1:" + base64(nonce || ciphertext); the version lets the key rotate later.
    """

    def __init__(self, key: bytes) -> None:
        if len(key) != 32:
            raise ValueError("secret key must be 32 bytes")
        self._aead = AESGCM(key)
        self._mac_key = hmac.new(key, b"identity/mac/v1", hashlib.sha256).digest()

    @classmethod
    def from_text(cls, text: str) -> SecretBox:
        # Any text works; it is stretched to 32 bytes with SHA-256 so operators can use a passphrase.
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
            if len(raw) == 32:
                return cls(raw)
        except (ValueError, TypeError):
            pass
        return cls(hashlib.sha256(text.encode()).digest())

    @classmethod
    def load_or_create(cls, configured: str | None, data_dir: Path) -> SecretBox:
        if configured:
            return cls.from_text(configured)
        path = data_dir / "secret.key"
        if not path.exists():
            data_dir.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as handle:
                handle.write(base64.urlsafe_b64encode(os.urandom(32)).decode())
            try:
                os.link(tmp, path)  # atomic: two processes starting at once agree on one key
            except FileExistsError:
                pass
            tmp.unlink(missing_ok=True)
        return cls.from_text(path.read_text().strip())

    def encrypt(self, plaintext: str, associated: str = "") -> str:
        nonce = os.urandom(12)
        sealed = self._aead.encrypt(nonce, plaintext.encode(), associated.encode())
        return "v1:" + base64.b64encode(nonce + sealed).decode()

    def decrypt(self, ciphertext: str, associated: str = "") -> str:
        if not ciphertext.startswith("v1:"):
            raise ValueError("unknown ciphertext version")
        raw = base64.b64decode(ciphertext[3:])
        return self._aead.decrypt(raw[:12], raw[12:], associated.encode()).decode()

    def mac(self, value: str, purpose: str) -> str:
        """Keyed lookup hash (HMAC-SHA256, hex) of a short secret such as a backup code or a
        one-time code: unlike a bare SHA-256 of a low-entropy value, a leaked table of these
        cannot be brute-forced without the secret key. `purpose` separates the uses."""
        return hmac.new(self._mac_key, f"{purpose}\x00{value}".encode(), hashlib.sha256).hexdigest()
