"""JWT signing keys: creation, rotation, the JWKS, signing and pinned verification.

Two families of keys, each rotated on its own: ES256 (P-256) keys sign access tokens and the
ID tokens of clients registered with ES256; RS256 (RSA) keys sign the ID tokens of every other
client (RS256 is what OpenID Connect requires a provider to offer, and many relying parties
accept nothing else). Keys are service-wide; a token names its tenant in `aud` and `tid`. The
private key is stored as PEM encrypted with the SecretBox (bound to the key id). Each process
keeps the keys in memory and reloads them every RELOAD_SECONDS, and at once (at most every
UNKNOWN_KID_RELOAD_SECONDS) when a token names a kid it has not seen, so a key rotated by
another process is picked up.

Rotation: a new key is inserted with an activation time; from then on it signs. The key of the
same algorithm it replaces stops signing but stays in the JWKS until MAX_TOKEN_LIFETIME after that, so every token
it signed can still be verified. The automatic schedule creates the next key ROTATE_EVERY after
the current one was activated, published PREPUBLISH ahead of its activation so that verifiers
caching the JWKS see it before the first token signed with it.
"""

from __future__ import annotations

import asyncio
import binascii
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import msgspec
import structlog
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from jwt.algorithms import ECAlgorithm, RSAAlgorithm

from identity.ids import new_id
from identity.sessions import signing_store as store
from identity.sessions.records import PublicJwk

log = structlog.get_logger("identity.tokens")

ALGORITHM = "ES256"  # access tokens; also ID tokens of clients registered with ES256
RSA_ALGORITHM = "RS256"  # ID tokens of every other client
ALGORITHMS = (ALGORITHM, RSA_ALGORITHM)
#: What an ID token may be signed with, the default (OIDC's id_token_signed_response_alg) first.
ID_TOKEN_ALGORITHMS = (RSA_ALGORITHM, ALGORITHM)
#: What the major providers publish for RS256; generating one takes tens of milliseconds.
RSA_BITS = 2048
#: No token this service signs lives longer (access_token_ttl is bounded to 24h).
MAX_TOKEN_LIFETIME = timedelta(hours=24)
#: A retired key stays published this long after it stopped signing.
RETIRED_KEY_GRACE = MAX_TOKEN_LIFETIME + timedelta(hours=1)
ROTATE_EVERY = timedelta(days=90)
PREPUBLISH = timedelta(days=1)
RELOAD_SECONDS = 60.0
UNKNOWN_KID_RELOAD_SECONDS = 5.0
SCHEDULE_CHECK_SECONDS = 3600.0


#: A JWT's claim set: the registered claims and ours (docs/auth.md), open JSON by nature (a
#: verified token answers whatever its signer put in it), read by key where needed.
Claims = dict[str, Any]


class InvalidToken(Exception):
    """The token is not one this service signed and may accept (any reason)."""


@dataclass
class _Key:
    kid: str
    alg: str
    public: Any  # ec.EllipticCurvePublicKey or rsa.RSAPublicKey, as alg says
    private: Any
    jwk: PublicJwk
    activates_at: datetime
    expires_at: datetime | None


#: The private key type each algorithm's keys must load as.
_KEY_TYPES: dict[str, type] = {ALGORITHM: ec.EllipticCurvePrivateKey, RSA_ALGORITHM: rsa.RSAPrivateKey}


def _generate(algorithm: str) -> tuple[str, PublicJwk]:
    """(private PEM, public JWK) of a new key. RSA generation is CPU work: run in a thread."""
    if algorithm == ALGORITHM:
        private: Any = ec.generate_private_key(ec.SECP256R1())
        jwk = ECAlgorithm.to_jwk(private.public_key(), as_dict=True)
    elif algorithm == RSA_ALGORITHM:
        private = rsa.generate_private_key(public_exponent=65537, key_size=RSA_BITS)
        jwk = RSAAlgorithm.to_jwk(private.public_key(), as_dict=True)
    else:
        raise ValueError(f"unsupported signing algorithm {algorithm!r}")
    pem = private.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()
    return pem, jwk


async def create_key(conn: Any, box: Any, *, algorithm: str = ALGORITHM, activates_at: datetime | None = None) -> str:
    """Insert a new signing key of `algorithm`; the key of that algorithm it supersedes gets its
    retirement dates. Returns kid."""
    kid = new_id("jwk")
    pem, jwk = await asyncio.to_thread(_generate, algorithm)  # off the event loop
    jwk.update({"kid": kid, "alg": algorithm, "use": "sig"})
    activates = activates_at or datetime.now(UTC)
    async with conn.transaction():
        await store.lock_rotation(conn)
        # Every key of this algorithm active before this one stops signing when this one activates.
        await store.retire_keys_before(conn, algorithm, activates, RETIRED_KEY_GRACE)
        await store.insert_key(conn, kid, algorithm, jwk, box.encrypt(pem, associated=kid), activates)
    log.info("signing_key_created", kid=kid, algorithm=algorithm, activates_at=activates.isoformat())
    return kid


async def ensure_key(conn: Any, box: Any) -> None:
    """Create the first key of each algorithm that has none signing now (first start, and the
    first start after RS256 was added)."""
    for algorithm in ALGORITHMS:
        async with conn.transaction():
            await store.lock_rotation(conn)
            have = await store.has_signing_key(conn, algorithm)
            if not have:
                await create_key(conn, box, algorithm=algorithm)


async def rotate_if_due(conn: Any, box: Any, now: datetime | None = None) -> list[str]:
    """The automatic schedule, per algorithm: pre-publish the next key PREPUBLISH before the
    current one is ROTATE_EVERY old. Returns the new kids (none when nothing was due)."""
    now = now or datetime.now(UTC)
    created = []
    for algorithm in ALGORITHMS:
        async with conn.transaction():
            await store.lock_rotation(conn)
            newest = await store.newest_activation(conn, algorithm)
            if newest is not None and newest + ROTATE_EVERY - PREPUBLISH > now:
                continue
            start = max(now + PREPUBLISH, newest + ROTATE_EVERY) if newest else now
            created.append(await create_key(conn, box, algorithm=algorithm, activates_at=start))
    return created


class SigningKeys:
    """The keys held in memory by one process."""

    def __init__(self, box: Any, issuer: str) -> None:
        self.box = box
        self.issuer = issuer
        self.keys: dict[str, _Key] = {}
        self.jwks_bytes = b'{"keys":[]}'
        self.loaded_at = 0.0
        self._last_unknown_reload = 0.0
        self._lock = asyncio.Lock()

    async def load(self, pool: Any) -> None:
        rows = await store.live_keys(pool)
        keys: dict[str, _Key] = {}
        for row in rows:
            known = self.keys.get(row.id)
            if known is not None:
                known.expires_at = row.expires_at
                keys[row.id] = known
                continue
            pem = self.box.decrypt(row.private_key_sealed, associated=row.id)
            private = serialization.load_pem_private_key(pem.encode(), password=None)
            if not isinstance(private, _KEY_TYPES[row.algorithm]):
                raise RuntimeError(f"signing key {row.id} is not an {row.algorithm} key")
            keys[row.id] = _Key(
                kid=row.id,
                alg=row.algorithm,
                public=private.public_key(),
                private=private,
                jwk=dict(row.public_jwk),
                activates_at=row.activates_at,
                expires_at=row.expires_at,
            )
        self.keys = keys
        self.jwks_bytes = msgspec.json.encode({"keys": [k.jwk for k in keys.values()]})
        self.loaded_at = time.monotonic()

    async def maybe_reload(self, pool: Any, *, unknown_kid: bool = False) -> None:
        now = time.monotonic()
        if unknown_kid:
            if now - self._last_unknown_reload < UNKNOWN_KID_RELOAD_SECONDS:
                return
            self._last_unknown_reload = now
        elif now - self.loaded_at < RELOAD_SECONDS:
            return
        async with self._lock:
            await self.load(pool)

    def current(self, algorithm: str = ALGORITHM) -> _Key:
        now = datetime.now(UTC)
        active = [
            k for k in self.keys.values() if k.alg == algorithm and k.activates_at <= now and k.private is not None
        ]
        if not active:
            raise RuntimeError(f"no {algorithm} signing key is active; run `identity keys rotate-signing`")
        return max(active, key=lambda k: k.activates_at)

    def sign(self, claims: Claims) -> str:
        """An access token (always ES256)."""
        return sign_es256(self.current(ALGORITHM), claims, "JWT")

    def verify(self, token: str) -> Claims:
        """Verify an access token's signature, algorithm, issuer, times and required claims;
        raise InvalidToken otherwise. The algorithm is pinned: 'none', HS256 (with the public
        key as a secret), RS256 (ID tokens' keys never sign access tokens) or any other alg in
        the header is refused before a key is looked at. The audience is checked by the caller
        (AccessTokens.verify), which knows the tenant."""
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError:
            raise InvalidToken("malformed") from None
        if header.get("alg") != ALGORITHM:
            raise InvalidToken("algorithm")
        kid = header.get("kid")
        key = self.keys.get(kid) if isinstance(kid, str) else None
        if key is None:
            raise UnknownKid(str(kid))
        if key.alg != ALGORITHM:
            raise InvalidToken("key algorithm")
        try:
            return jwt.decode(
                token,
                key.public,
                algorithms=[ALGORITHM],
                issuer=self.issuer,
                options={"require": ["exp", "iat", "sub", "sid", "tid", "aud"], "verify_aud": False},
            )
        except jwt.PyJWTError as exc:
            raise InvalidToken(type(exc).__name__) from None


_ECDSA = ec.ECDSA(hashes.SHA256())
_HEADERS: dict[tuple[str, str], bytes] = {}


_URLSAFE = bytes.maketrans(b"+/", b"-_")


def _b64(data: bytes) -> bytes:
    # base64.urlsafe_b64encode's bytes, without its two Python-level wrappers
    return binascii.b2a_base64(data, newline=False).translate(_URLSAFE).rstrip(b"=")


def sign_es256(key: _Key, claims: Claims, typ: str) -> str:
    """The JWS pyjwt would make (RFC 7515 compact, ES256 signature as r || s, RFC 7518 §3.4)
    without its per-call overhead: the header segment is made once per key and type, and the
    claims are encoded with msgspec. Every refresh and every machine token signs one, and
    pyjwt's generic path cost about as much CPU as the signature itself."""
    header = _HEADERS.get((key.kid, typ))
    if header is None:
        header = _b64(msgspec.json.encode({"alg": "ES256", "kid": key.kid, "typ": typ}))
        if len(_HEADERS) > 64:  # keys rotate; old ones are never needed again
            _HEADERS.clear()
        _HEADERS[(key.kid, typ)] = header
    signing_input = header + b"." + _b64(msgspec.json.encode(claims))
    r, s = decode_dss_signature(key.private.sign(signing_input, _ECDSA))
    return (signing_input + b"." + _b64(r.to_bytes(32, "big") + s.to_bytes(32, "big"))).decode("ascii")


class UnknownKid(InvalidToken):
    """No key with that kid is loaded (it may have been created by another process)."""
