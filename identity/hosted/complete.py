"""Where every journey goes after a first factor succeeded, and the guard of the pages that need
a signed-in browser (docs/hosted-pages.md, "Finishing a journey").

    outcome = outcome_of(result)            # the sign-in service's {"user", "session"}
    outcome = second_factor_needed(exc)     # its 403 mfa_required (None for any other error)
    return await complete(request, tenant, flow, outcome)

complete() either keeps the MFA challenge in the flow and sends the browser to the second-factor
page, or remembers the browser as signed in (oauth_browser_sessions and the idp_session cookie)
and continues: consent or the code for an OAuth request (re-validated), else the flow's
return_to, else the account page.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import quote

import msgspec
from aiohttp import web

from identity.hosted import flows
from identity.hosted.flows import Flow
from identity.hosted.render import keyed_error, redirect
from identity.http import pages
from identity.http.errors import ApiError
from identity.oauth import authorize as oauth
from identity.oauth import jwts
from identity.oauth.params import AuthRequest, PageError, RedirectError, parse
from identity.principals import Tenant
from identity.state import state
from identity.users import store as users

#: The pending key under which a flow keeps its MFA challenge.
PENDING_MFA = "mfa"


@dataclass(frozen=True)
class SignedIn:
    """A first factor (and any second one) succeeded: the session the sign-in created."""

    user_id: str
    session_id: str


@dataclass(frozen=True)
class SecondFactorNeeded:
    """The first factor succeeded and the user must give a second one."""

    challenge_id: str
    factor_type: str
    expires_at: str | None = None


Outcome = SignedIn | SecondFactorNeeded


def outcome_of(result: Any) -> SignedIn:
    """The outcome of a sign-in service's answer ({"user": {"id"}, "session": {"id"}}, or a
    msgspec struct of that shape)."""
    user, session = (result["user"], result["session"]) if isinstance(result, dict) else (result.user, result.session)
    user_id = user["id"] if isinstance(user, dict) else user.id
    session_id = session["id"] if isinstance(session, dict) else session.id
    return SignedIn(str(user_id), str(session_id))


def second_factor_needed(exc: ApiError) -> SecondFactorNeeded | None:
    """The challenge of a 403 mfa_required answer; None for any other error."""
    if exc.code != "mfa_required":
        return None
    challenge = exc.extra.get("mfa_challenge") or {}
    return SecondFactorNeeded(
        challenge_id=str(challenge.get("challenge_id", "")),
        factor_type=str(challenge.get("factor_type", "")),
        expires_at=str(challenge["expires_at"]) if challenge.get("expires_at") else None,
    )


def page_url(tenant_id: str, page: str, flow: Flow | None = None) -> str:
    """/oauth/{tenant_id}/{page}[?flow=ID]"""
    return f"/oauth/{tenant_id}/{page}" + (f"?{flow.query}" if flow is not None else "")


class _Params(dict[str, str]):
    """A stored request's parameters with the getall() that params.parse reads."""

    def getall(self, key: str) -> list[str]:
        return [self[key]] if key in self else []


async def oauth_request(request: web.Request, tenant: Tenant, flow: Flow) -> AuthRequest | web.Response:
    """The flow's authorization request validated again (a client or its redirect URIs may have
    changed since): the request, or the page or redirect that answers a request now refused."""
    assert flow.oauth_request is not None
    st = state(request)
    try:
        issuer = jwts.issuer(st.settings.public_url, tenant.id)
        return await parse(st.pool, tenant.id, issuer, _Params(flow.oauth_request))
    except PageError as exc:
        return await keyed_error(request, tenant, exc.key, values=exc.values)
    except RedirectError as exc:
        return redirect(exc.location)


async def complete(request: web.Request, tenant: Tenant, flow: Flow, outcome: Outcome) -> web.Response:
    """Continue a journey after a first factor (see the module's docstring)."""
    st = state(request)
    if isinstance(outcome, SecondFactorNeeded):
        pending = {
            **flow.pending,
            PENDING_MFA: {
                "challenge_id": outcome.challenge_id,
                "factor_type": outcome.factor_type,
                "expires_at": outcome.expires_at,
            },
        }
        await flows.set_pending(st.pool, flow, pending)
        return redirect(page_url(tenant.id, "second-factor", flow))
    token, auth_time, max_age = await oauth.start_browser_session(
        st.pool, tenant.id, outcome.session_id, outcome.user_id
    )
    response = await continue_signed_in(request, tenant, flow, outcome.user_id, outcome.session_id, auth_time)
    pages.set_session_cookie(response, tenant.id, st.settings.public_url, token, max_age)
    return response


async def continue_signed_in(
    request: web.Request, tenant: Tenant, flow: Flow, user_id: str, session_id: str, auth_time: datetime
) -> web.Response:
    """The browser is signed in: the OAuth request's consent or code, else return_to or the
    account page. The flow ends here (its request travels on in the consent form)."""
    await flows.finish(state(request).pool, flow)
    if flow.oauth_request is not None:
        req = await oauth_request(request, tenant, flow)
        if isinstance(req, web.Response):
            return req
        return await oauth.proceed(request, tenant, req, user_id, session_id, auth_time)
    return redirect(flow.return_to or page_url(tenant.id, "account"))


@dataclass(frozen=True)
class BrowserSession:
    session_id: str
    user_id: str
    auth_time: datetime


async def require_browser_session(
    request: web.Request, tenant: Tenant
) -> tuple[BrowserSession, dict[str, Any]] | web.Response:
    """(the browser's session, its user) for a page that needs a signed-in person, or the
    redirect to the sign-in page that brings them back here (return_to: this page)."""
    found = await oauth.browser_session(request, tenant)
    if found is not None:
        async with state(request).pool.acquire() as conn:
            user = await users.get(conn, tenant.id, found["user_id"])
        if user is not None and user.status == "active":
            return BrowserSession(found["session_id"], found["user_id"], found["auth_time"]), msgspec.structs.asdict(
                user
            )
    back = quote(request.path_qs if request.method == "GET" else request.path, safe="/?=&")
    return redirect(f"/oauth/{tenant.id}/sign-in?return_to={back}")
