"""What the sign-in page's "other ways to sign in" block shows (identity/templates/hosted/
_sign_in_methods.html; the journeys are in identity/hosted/passwordless.py): the passkey button
when the service's address can be a WebAuthn RP id, and one button per enabled connection of
the tenant, each starting the provider's flow with the way back to this browser's flow."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from aiohttp import web

from identity.connections import service as connections
from identity.hosted.flows import Flow
from identity.http.redirects import hosted_landing
from identity.mfa.passkeys import hosted_relying_party
from identity.principals import Tenant
from identity.state import state

#: Where a provider sign-in started from the hosted pages comes back (identity/http/redirects.py).
SOCIAL_LANDING = "/oauth/{tenant_id}/connections/done"


@dataclass(frozen=True)
class SocialButton:
    name: str
    provider: str
    url: str


@dataclass(frozen=True)
class Methods:
    passkey: bool
    social: list[SocialButton]


def social_return(public_url: str, tenant_id: str, flow: Flow) -> str:
    return hosted_landing(public_url, tenant_id, SOCIAL_LANDING) + f"?{flow.query}"


async def methods(request: web.Request, tenant: Tenant, flow: Flow) -> Methods:
    st = state(request)
    public_url = st.settings.public_url
    listed = await connections.public_list(st.pool, st.settings, tenant.id)
    back = social_return(public_url, tenant.id, flow)
    social = [
        SocialButton(
            name=item.name,
            provider=item.provider,
            url=item.start_url + "?" + urlencode({"redirect_url": back}),
        )
        for item in listed.data
    ]
    return Methods(passkey=hosted_relying_party(public_url, tenant.auth_config) is not None, social=social)
