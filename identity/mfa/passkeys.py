"""WebAuthn (passkeys and security keys) with the `webauthn` package (py_webauthn).

Relying party: the tenant's auth_config.allowed_origins says where its frontend runs. The RP id
is the host of the FIRST origin in that list ("*" entries are skipped); the origins accepted in
a ceremony are the listed origins whose host is the RP id or one of its subdomains. So a tenant
whose list starts with https://example.com accepts passkeys made on https://app.example.com
too (browsers allow a subdomain to use its parent domain as RP id). Without such an origin
WebAuthn cannot be used (409 webauthn_not_configured). A credential keeps the RP id it was
made for; changing the first origin later does not strand existing passkeys.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    options_to_json_dict,
    parse_authentication_credential_json,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AttestationConveyancePreference,
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from identity import jsontext

#: How long the browser may take over the ceremony (milliseconds), as given in the options.
TIMEOUT_MS = 300_000


class CeremonyFailed(Exception):
    """The credential does not verify (the message says why; it carries no secret)."""


def _origin(value: str) -> tuple[str, str] | None:
    """(serialised origin, host) of an allowed_origins entry, as a browser writes the origin."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host:
        return None
    default = {"http": 80, "https": 443}[parts.scheme]
    origin = f"{parts.scheme}://{host}" + (f":{port}" if port and port != default else "")
    return origin, host


def _belongs(host: str, rp_id: str) -> bool:
    return host == rp_id or host.endswith("." + rp_id)


@dataclass(frozen=True)
class RelyingParty:
    id: str
    origins: list[str]


def relying_party(auth_config: dict[str, Any], rp_id: str | None = None) -> RelyingParty | None:
    """The RP for new credentials (rp_id None) or for a credential bound to rp_id; None when no
    allowed origin serves it."""
    parsed = [p for p in (_origin(o) for o in auth_config.get("allowed_origins") or [] if o != "*") if p]
    if not parsed:
        return None
    rp = rp_id or parsed[0][1]
    origins = sorted({origin for origin, host in parsed if _belongs(host, rp)})
    return RelyingParty(rp, origins) if origins else None


def new_challenge() -> str:
    return bytes_to_base64url(secrets.token_bytes(32))


def registration_options(
    rp: RelyingParty,
    *,
    rp_name: str,
    user_id: str,
    user_name: str,
    display_name: str,
    challenge: str,
    exclude: list[str],
) -> dict[str, Any]:
    """PublicKeyCredentialCreationOptions in the WebAuthn JSON form (base64url byte fields), for
    PublicKeyCredential.parseCreationOptionsFromJSON() or any WebAuthn browser library."""
    options = generate_registration_options(
        rp_id=rp.id,
        rp_name=rp_name,
        user_id=user_id.encode(),
        user_name=user_name,
        user_display_name=display_name,
        challenge=base64url_to_bytes(challenge),
        timeout=TIMEOUT_MS,
        attestation=AttestationConveyancePreference.NONE,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in exclude],
    )
    return options_to_json_dict(options)


def authentication_options(rp: RelyingParty, *, challenge: str, credentials: list[str]) -> dict[str, Any]:
    """PublicKeyCredentialRequestOptions in the WebAuthn JSON form, allowing the given credentials."""
    options = generate_authentication_options(
        rp_id=rp.id,
        challenge=base64url_to_bytes(challenge),
        timeout=TIMEOUT_MS,
        allow_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in credentials],
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return options_to_json_dict(options)


def _as_json(credential: str | dict[str, Any]) -> dict[str, Any]:
    if isinstance(credential, str):
        try:
            credential = jsontext.loads(credential)
        except ValueError:
            raise CeremonyFailed("the code is not the JSON of a WebAuthn credential") from None
    if not isinstance(credential, dict):
        raise CeremonyFailed("the code is not the JSON of a WebAuthn credential")
    return credential


@dataclass(frozen=True)
class Registered:
    credential_id: str
    public_key: bytes
    sign_count: int
    aaguid: str
    backed_up: bool
    transports: list[str]


def verify_registration(credential: str | dict[str, Any], *, challenge: str, rp: RelyingParty) -> Registered:
    data = _as_json(credential)
    try:
        verified = verify_registration_response(
            credential=data,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp.id,
            expected_origin=rp.origins,
            require_user_verification=False,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc) or type(exc).__name__) from None
    transports = (data.get("response") or {}).get("transports") or []
    return Registered(
        credential_id=bytes_to_base64url(verified.credential_id),
        public_key=verified.credential_public_key,
        sign_count=verified.sign_count,
        aaguid=verified.aaguid,
        backed_up=verified.credential_backed_up,
        transports=[t for t in transports if isinstance(t, str)][:10],
    )


def credential_id_of(credential: str | dict[str, Any]) -> str:
    """The base64url id of the credential an assertion names (before anything is verified)."""
    try:
        parsed = parse_authentication_credential_json(_as_json(credential))
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc) or type(exc).__name__) from None
    return bytes_to_base64url(parsed.raw_id)


def verify_assertion(
    credential: str | dict[str, Any],
    *,
    challenge: str,
    rp: RelyingParty,
    public_key: bytes,
    sign_count: int,
) -> int:
    """Checks the assertion (challenge, origin, RP id hash, user presence, signature, and a sign
    count above the stored one unless the authenticator keeps none); returns the new count."""
    try:
        verified = verify_authentication_response(
            credential=_as_json(credential),
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp.id,
            expected_origin=rp.origins,
            credential_public_key=public_key,
            credential_current_sign_count=sign_count,
            require_user_verification=False,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc) or type(exc).__name__) from None
    return verified.new_sign_count
