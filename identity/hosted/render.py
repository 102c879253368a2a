"""Rendering a hosted page (docs/hosted-pages.md, "Pages, CSP and CSRF").

One function, render_page(), for every page: the tenant's language, texts and branding, a
fresh CSP nonce per response, the security headers, the CSRF token (identity/http/pages.py keeps
the double-submit check, one place for every page of the service). Templates live in
identity/templates/hosted/ (jinja2, autoescaped, StrictUndefined); they receive:

    t(key, **values)   the text of a catalogue key (identity/hosted/i18n.py), escaped on output
    lang, switcher     the page's language; [(code, native name, url, current)] for the footer
    brand              name, logo_url, css (custom properties from validated #rrggbb values)
    nonce              the CSP nonce, for <script nonce=... src=...> and the one <style nonce>
    static(name)       the URL of a file of identity/static/hosted/ (versioned, cached forever)
    csrf_token, flow_id, base (the tenant's /oauth/{tenant_id}), page_template (the template's
    name without .html), and the page's own context
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import jinja2
from aiohttp import web

from identity.crypto import random_token
from identity.hosted import i18n
from identity.hosted import store as hosted_store
from identity.hosted.flows import Flow
from identity.http import captcha, pages
from identity.principals import Tenant
from identity.state import state
from identity.tenants import store as tenants_store

STATIC_DIR = Path(__file__).resolve().parent.parent / "static" / "hosted"
STATIC_PREFIX = "/oauth/static/"
STATIC_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".woff2": "font/woff2",
}
BASE_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def csp(nonce: str, extra_origins: str = "") -> str:
    """The hosted pages' policy; extra_origins: the captcha provider's, only on a page showing
    its widget (its script, its iframe and the calls it makes)."""
    extra = f" {extra_origins}" if extra_origins else ""
    scripts = f"{extra_origins} 'nonce-{nonce}'" if extra_origins else f"'nonce-{nonce}'"
    policy = (
        f"default-src 'none'; script-src {scripts}; style-src 'self' 'nonce-{nonce}'; "
        f"img-src 'self' data:; connect-src 'self'{extra}; frame-ancestors 'none'; base-uri 'none'"
    )
    if extra:
        policy += f"; frame-src{extra}"
    return policy


@functools.cache
def _static_versions() -> dict[str, str]:
    """file name -> short content hash (the URL changes when the file does: immutable caching)."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:12]
        for p in sorted(STATIC_DIR.iterdir())
        if p.is_file() and p.suffix in STATIC_TYPES
    }


def static_url(name: str) -> str:
    version = _static_versions()[name]  # a KeyError is a template naming a missing file
    return f"{STATIC_PREFIX}{name}?v={version}"


def static_file(name: str) -> tuple[bytes, str] | None:
    """(bytes, content type) of a file of identity/static/hosted/, by exact name only."""
    if name not in _static_versions():
        return None
    return (STATIC_DIR / name).read_bytes(), STATIC_TYPES[Path(name).suffix]


@functools.cache
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("identity", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    env.globals["static"] = static_url
    return env


@dataclass(frozen=True)
class Brand:
    name: str
    logo_url: str | None
    #: `--brand-primary: #rrggbb; ...` from the validated setting only; empty for the defaults.
    css: str


def _color(value: Any) -> str | None:
    if isinstance(value, str) and len(value) == 7 and value[0] == "#":
        try:
            int(value[1:], 16)
        except ValueError:
            return None
        return value.lower()
    return None


def branding(tenant: Tenant | None) -> dict[str, Any]:
    """The tenant's branding setting; none for a page that knows no tenant (an unknown link)."""
    value = tenant.auth_config.get("branding") if tenant is not None else None
    return value if isinstance(value, dict) else {}


def brand_of(tenant: Tenant | None, tenant_name: str) -> Brand:
    setting = branding(tenant)
    props = []
    for key, prop in (("primary_color", "--brand-primary"), ("background_color", "--brand-background")):
        color = _color(setting.get(key))
        if color:
            props.append(f"{prop}: {color};")
    logo = f"/oauth/{tenant.id}/branding/logo" if tenant is not None and setting.get("logo") else None
    return Brand(name=setting.get("display_name") or tenant_name, logo_url=logo, css=" ".join(props))


def page_language(request: web.Request, tenant: Tenant | None) -> str:
    setting = branding(tenant)
    offered = [x for x in setting.get("languages") or list(i18n.HOSTED_LANGUAGES) if isinstance(x, str)]
    query = request.query.get("lang")
    return i18n.language_for(
        query if isinstance(query, str) else None,
        request.cookies.get(i18n.LANG_COOKIE),
        request.headers.get("Accept-Language"),
        offered,
        str(setting.get("default_language") or "en"),
    )


def _switcher(request: web.Request, tenant: Tenant | None, current: str) -> list[tuple[str, str, str, bool]]:
    """The languages' links: this page (a GET, so side-effect free) with lang= set. A page
    answered to a POST has none (following a link would not send the form again)."""
    offered = [x for x in branding(tenant).get("languages") or list(i18n.HOSTED_LANGUAGES) if x in i18n.NATIVE_NAMES]
    if len(offered) < 2:
        return []
    query = {k: v for k, v in request.query.items() if k != "lang"}
    links = []
    for code in offered:
        url = f"{request.path}?{urlencode({**query, 'lang': code})}"
        links.append((code, i18n.NATIVE_NAMES[code], url, code == current))
    return links


async def translator(request: web.Request, tenant: Tenant | None) -> i18n.Translator:
    language = page_language(request, tenant)
    if tenant is None:
        return i18n.Translator(language)
    async with state(request).pool.acquire() as conn:
        overrides = await hosted_store.texts(conn, tenant.id, language)
    return i18n.Translator(language, overrides)


async def render_page(
    request: web.Request,
    tenant: Tenant | None,
    template: str,
    *,
    status: int = 200,
    flow: Flow | None = None,
    captcha_widget: bool = False,
    cookie_path: str | None = None,
    **context: Any,
) -> web.Response:
    """A page of identity/templates/hosted/ for this tenant, with its headers and cookies.
    captcha_widget: show the tenant's bot-protection widget (when it has one on) and let its
    origins into the CSP of this response only.

    The service's pages outside /oauth/{tenant_id} (the emailed links /v1/auth/verify-email and
    /v1/invitations/view, the connections' errors) are rendered here too: tenant None when the
    link names none (the service's look, both languages, no overrides); cookie_path: where the
    page's CSRF and language cookies apply (default the tenant's /oauth/{tenant_id}, else the
    page's own path)."""
    st = state(request)
    public_url = st.settings.public_url
    t = await translator(request, tenant)
    row = None
    if tenant is not None:
        async with st.pool.acquire() as conn:
            row = await tenants_store.get(conn, tenant.id)
    nonce = random_token(18)
    csrf = pages.csrf_value(request)
    widget = None
    shown = captcha.widget_for(tenant.auth_config) if captcha_widget and tenant is not None else None
    if shown is not None:
        w, site_key = shown
        widget = {"script": w.script, "css_class": w.css_class, "origins": w.origins, "site_key": site_key}
    html = (
        environment()
        .get_template(f"hosted/{template}")
        .render(
            t=t,
            lang=t.language,
            switcher=_switcher(request, tenant, t.language) if request.method == "GET" else [],
            brand=brand_of(tenant, row.name if row is not None else ""),
            nonce=nonce,
            csrf_token=csrf,
            flow_id=flow.id if flow is not None else "",
            base=f"/oauth/{tenant.id}" if tenant is not None else "",
            captcha=widget,
            # <body data-page>: which page this is, whatever its language (the browser tests
            # file their screenshots by it, docs/hosted-pages.md "Testing a page")
            page_template=template.removesuffix(".html"),
            **context,
        )
    )
    headers = {**BASE_HEADERS, "Content-Security-Policy": csp(nonce, widget["origins"] if widget else "")}
    response = web.Response(text=html, status=status, content_type="text/html", headers=headers)
    secure = pages.secure(public_url)
    # Without a tenant, the page's own path: percent-encoded as the browser sends it (the decoded
    # path may hold control characters or ';', which a Set-Cookie header cannot carry).
    path = cookie_path or (pages.cookie_path(tenant.id) if tenant is not None else quote(request.path, safe="/"))
    response.set_cookie(pages.CSRF_COOKIE, csrf, path=path, httponly=True, samesite="Lax", secure=secure)
    query_lang = request.query.get("lang")
    if query_lang == t.language and request.cookies.get(i18n.LANG_COOKIE) != t.language:
        # The switcher's choice is remembered for the tenant's pages (a year).
        response.set_cookie(i18n.LANG_COOKIE, t.language, path=path, samesite="Lax", secure=secure, max_age=365 * 86400)
    return response


async def error_page(request: web.Request, tenant: Tenant, title: str, message: str, status: int = 400) -> web.Response:
    """An error shown in the browser (never sent to a redirect URI that is not trusted)."""
    return await render_page(request, tenant, "error.html", status=status, title=title, message=message)


async def keyed_error(
    request: web.Request,
    tenant: Tenant | None,
    key: str,
    *,
    status: int = 400,
    values: Mapping[str, str] | None = None,
) -> web.Response:
    """Registry.hosted_pages.error: the error page of catalogue texts `<key>.title` and
    `<key>.message` (with `{placeholders}` from values), for the features below the hosted
    pages (the OAuth provider, the connections), which name an error but word no page."""
    t = await translator(request, tenant)
    found = values or {}
    return await render_page(
        request,
        tenant,
        "error.html",
        status=status,
        title=t(f"{key}.title", **found),
        message=t(f"{key}.message", **found),
    )


async def csrf_failed(request: web.Request, tenant: Tenant) -> web.Response:
    t = await translator(request, tenant)
    return await error_page(request, tenant, t("core.csrf.title"), t("core.csrf.message"), status=403)


def redirect(location: str, headers: dict[str, str] | None = None) -> web.Response:
    return pages.redirect(location, headers)
