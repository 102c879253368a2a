"""WebAuthn (passkeys and security keys) with the `webauthn` package (py_webauthn).

Relying party: the tenant's auth_config.allowed_origins says where its frontend runs. The RP id
is the host of the FIRST origin in that list ("*" entries are skipped); the origins accepted in
a ceremony are the listed origins whose host is the RP id or one of its subdomains. So a tenant
whose list starts with https://example.com accepts passkeys made on https://app.example.com
too (browsers allow a subdomain to use its parent domain as RP id). Without such an origin
WebAuthn cannot be used (409 webauthn_not_configured). A credential keeps the RP id it was
made for; changing the first origin later does not strand existing passkeys.

The hosted pages (identity/hosted/) run on the service's own origin, IDENTITY_PUBLIC_URL, so
their ceremonies use hosted_relying_party(): the only origin accepted is that URL's origin,
exactly, and the RP id is the tenant's when the service's host is that RP id or a subdomain of
it (https://auth.example.com serving a tenant whose RP id is example.com: the passkeys made on
the tenant's own site work on the hosted pages too), else the service's host. Passkeys
registered under another RP id are not offered there (a browser scopes credentials to their RP
id).

Registration asks for a discoverable credential (residentKey "preferred": the authenticator
keeps it if it can) so that a passkey enrolled as a second factor can also sign in without an
email (passwordless, discoverable_options()); such a sign-in requires user verification.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
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

#: A WebAuthn object in its JSON form: the options handed to the browser as they are, or the
#: credential it answers. Open JSON on purpose: the WebAuthn spec and py_webauthn own its shape.
WebauthnJson = dict[str, Any]
#: A credential as a client sends it: its JSON text, or the object already decoded.
Credential = str | WebauthnJson


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


def relying_party(auth_config: Mapping[str, object], rp_id: str | None = None) -> RelyingParty | None:
    """The RP for new credentials (rp_id None) or for a credential bound to rp_id; None when no
    allowed origin serves it."""
    listed = auth_config.get("allowed_origins")
    entries = [o for o in listed if isinstance(o, str) and o != "*"] if isinstance(listed, list) else []
    parsed = [p for p in (_origin(o) for o in entries) if p]
    if not parsed:
        return None
    rp = rp_id or parsed[0][1]
    origins = sorted({origin for origin, host in parsed if _belongs(host, rp)})
    return RelyingParty(rp, origins) if origins else None


def hosted_relying_party(public_url: str, auth_config: Mapping[str, object] | None = None) -> RelyingParty | None:
    """The RP of the hosted pages (see the module's docstring): IDENTITY_PUBLIC_URL's origin
    exactly, the tenant's RP id when the service's host belongs to it, else that host; None
    when the host is an IP address (WebAuthn RP ids are domain names)."""
    parsed = _origin(public_url)
    if parsed is None:
        return None
    origin, host = parsed
    if host.replace(".", "").isdigit() or ":" in host or host.startswith("["):
        return None
    tenant_rp = relying_party(auth_config) if auth_config is not None else None
    if tenant_rp is not None and _belongs(host, tenant_rp.id):
        return RelyingParty(tenant_rp.id, [origin])
    return RelyingParty(host, [origin])


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
) -> WebauthnJson:
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


def authentication_options(rp: RelyingParty, *, challenge: str, credentials: list[str]) -> WebauthnJson:
    """PublicKeyCredentialRequestOptions in the WebAuthn JSON form, allowing the given credentials."""
    options = generate_authentication_options(
        rp_id=rp.id,
        challenge=base64url_to_bytes(challenge),
        timeout=TIMEOUT_MS,
        allow_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in credentials],
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return options_to_json_dict(options)


def discoverable_options(rp: RelyingParty, *, challenge: str) -> WebauthnJson:
    """PublicKeyCredentialRequestOptions for a passwordless sign-in: no allowCredentials (the
    authenticator offers its discoverable credentials for the RP id), user verification
    required (the passkey is then both factors)."""
    options = generate_authentication_options(
        rp_id=rp.id,
        challenge=base64url_to_bytes(challenge),
        timeout=TIMEOUT_MS,
        allow_credentials=[],
        user_verification=UserVerificationRequirement.REQUIRED,
    )
    return options_to_json_dict(options)


def _as_json(credential: Credential) -> WebauthnJson:
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


def verify_registration(credential: Credential, *, challenge: str, rp: RelyingParty) -> Registered:
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


def credential_id_of(credential: Credential) -> str:
    """The base64url id of the credential an assertion names (before anything is verified)."""
    try:
        parsed = parse_authentication_credential_json(_as_json(credential))
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc) or type(exc).__name__) from None
    return bytes_to_base64url(parsed.raw_id)


@dataclass(frozen=True)
class Asserted:
    """What an assertion names before it is verified."""

    credential_id: str
    challenge: str
    user_handle: str | None


def read_assertion(credential: Credential) -> Asserted:
    """The credential id, the challenge its clientDataJSON answers (base64url) and the user
    handle, read before anything is verified (to find the stored challenge and the passkey)."""
    try:
        parsed = parse_authentication_credential_json(_as_json(credential))
        client_data = jsontext.loads(parsed.response.client_data_json.decode())
    except (WebAuthnException, ValueError, TypeError, KeyError, UnicodeDecodeError) as exc:
        raise CeremonyFailed(str(exc) or type(exc).__name__) from None
    challenge = client_data.get("challenge") if isinstance(client_data, dict) else None
    if not isinstance(challenge, str) or not challenge or len(challenge) > 512:
        raise CeremonyFailed("the response names no challenge")
    handle = parsed.response.user_handle
    return Asserted(
        bytes_to_base64url(parsed.raw_id),
        challenge,
        handle.decode("utf-8", "replace") if handle else None,
    )


def verify_assertion(
    credential: Credential,
    *,
    challenge: str,
    rp: RelyingParty,
    public_key: bytes,
    sign_count: int,
    require_user_verification: bool = False,
) -> int:
    """Checks the assertion (challenge, origin, RP id hash, user presence, signature, and a sign
    count above the stored one unless the authenticator keeps none); returns the new count.
    require_user_verification: the passwordless sign-in, where the passkey is both factors."""
    try:
        verified = verify_authentication_response(
            credential=_as_json(credential),
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp.id,
            expected_origin=rp.origins,
            credential_public_key=public_key,
            credential_current_sign_count=sign_count,
            require_user_verification=require_user_verification,
        )
    except (WebAuthnException, ValueError, TypeError, KeyError) as exc:
        raise CeremonyFailed(str(exc) or type(exc).__name__) from None
    return verified.new_sign_count
