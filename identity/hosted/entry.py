"""How a person arrives on a hosted page (docs/hosted-pages.md, "Flows"): with a flow, from
/authorize (begin), or from an application's link (page_flow)."""

from __future__ import annotations

from aiohttp import web
from multidict import MultiDict

from identity.hosted import flows
from identity.hosted.complete import page_url
from identity.hosted.flows import Flow
from identity.hosted.render import error_page, keyed_error, redirect, translator
from identity.oauth import authorize as oauth
from identity.oauth import jwts
from identity.oauth.params import AuthRequest, PageError, RedirectError, parse
from identity.principals import Tenant
from identity.state import state


async def _to_page(
    request: web.Request, tenant: Tenant, page: str, oauth_request: dict[str, str] | None, return_to: str | None
) -> web.Response:
    st = state(request)
    flow, browser = await flows.create(st.pool, request, tenant.id, oauth_request=oauth_request, return_to=return_to)
    location = page_url(tenant.id, page, flow)
    lang = request.query.get("lang")
    if isinstance(lang, str) and lang.isalpha() and len(lang) <= 8:
        location += f"&lang={lang}"
    response = redirect(location)
    if browser is not None:
        flows.set_browser_cookie(response, tenant.id, st.settings.public_url, browser)
    return response


async def begin(request: web.Request, tenant: Tenant, req: AuthRequest, page: str) -> web.Response:
    """Registry.hosted_pages.begin: /authorize needs a person on `page` ("sign-in", "sign-up"):
    a flow holding the request, and the browser sent to the page."""
    return await _to_page(request, tenant, page, dict(req.raw), None)


async def flow_expired(request: web.Request, tenant: Tenant) -> web.Response:
    t = await translator(request, tenant)
    return await error_page(request, tenant, t("core.flow_expired.title"), t("core.flow_expired.message"))


async def page_flow(request: web.Request, tenant: Tenant, page: str) -> Flow | web.Response:
    """The flow of a GET of a hosted page (`page`: its path under /oauth/{tenant_id}/), or the
    response that starts one:

    - `?flow=ID` of this browser: that flow. Named but unknown, expired or another browser's: the
      "page has expired" page.
    - `?client_id=...&redirect_uri=...&state=...` (an application's link): the same rules as
      /authorize (response_type defaults to code); a new flow holding the request, and a
      redirect to `page?flow=ID`. On the sign-in page, a browser already signed in goes on at
      once (consent or the code), as /authorize does.
    - neither: a new flow ending on `?return_to=` (a path of this tenant's pages) or the
      account page.
    """
    st = state(request)
    flow = await flows.load(st.pool, request, tenant.id)
    if flow is not None:
        return flow
    if "flow" in request.query:
        return await flow_expired(request, tenant)
    if "client_id" in request.query:
        params = MultiDict(request.query)
        if "response_type" not in params:
            params["response_type"] = "code"
        try:
            req = await parse(st.pool, tenant.id, jwts.issuer(st.settings.public_url, tenant.id), params)
        except PageError as exc:
            return await keyed_error(request, tenant, exc.key, values=exc.values)
        except RedirectError as exc:
            return redirect(exc.location)
        if page == "sign-in":
            session = await oauth.browser_session(request, tenant)
            if not oauth.needs_login(req, session):
                return await oauth.proceed(
                    request, tenant, req, session["user_id"], session["session_id"], session["auth_time"]
                )
        return await _to_page(request, tenant, page, dict(req.raw), None)
    return_to = request.query.get("return_to")
    return await _to_page(request, tenant, page, None, return_to if isinstance(return_to, str) else None)
