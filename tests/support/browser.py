"""Real-browser tests of the hosted pages (docs/hosted-pages.md, "Testing a page").

Debian's chromium driven by Playwright for Python (sync API). A test module gets:

    from tests.support.browser import chromium, hosted, page  # noqa: F401 - fixtures

    def test_x(hosted, page):
        tenant = hosted.tenant(auth_config={...})          # a fresh tenant per test
        client = tenant.client(type="spa")                   # an OAuth client
        user = tenant.user()                                 # {"id", "email", "password"}
        page.goto(tenant.url("/sign-in"))
        capture(page, "sign-in")                             # screenshots + axe-core

Fixtures:
    chromium   one browser for every browser module of the run (chromium_path(): /usr/bin/chromium
               or `chromium` on PATH; missing: the test fails in CI (env CI set) and is skipped
               elsewhere)
    hosted     one LiveServer for every browser module, `identity serve` (API and workers, so
               emails are sent) with IDENTITY_SMTP_URL pointed at an SmtpSink (hosted.mail);
               hosted_localhost: the same on http://localhost:PORT (WebAuthn takes no IP address
               as relying party id): a module that needs it overrides `hosted` with a module
               fixture returning hosted_localhost (tests/test_hosted_factors.py)
    page       a new context per test (1280x800, English), watched for CSP violations: any
               `securitypolicyviolation` event or console CSP error fails the test

Sharing (the "browser section" of a run): launching chromium and starting `identity serve`
cost seconds each, so they are started once and shared by every browser module, each test
making its own tenants (hosted.tenant()) and mail addresses. Two things forbid keeping them for
the whole run: Playwright's sync API keeps its event loop marked running on the main thread
while it is started, which would stop every async test (pytest-asyncio cannot run a loop inside
a running one); and the live server's workers would take jobs that other tests' in-process
workers wait for in the same database. So tests/conftest.py runs the browser modules first
(tests/support/schedule.py) and closes the section
(close_browser_section) before the first test of any other module; a browser module that
comes later anyway (under pytest-xdist, or alone) opens it again. A module is a browser module
when one of its tests uses `chromium`, `page`, `hosted` or `hosted_localhost`: a new
tests/test_hosted_*.py needs nothing more than these fixtures.

One live server at a time: `hosted` and `hosted_localhost` use the same database, so both
running would let either's workers take the other's jobs (an email sent through the wrong SMTP
sink, with the wrong address in its links). Starting one stops the other, and the modules on
hosted_localhost run after the other browser modules (tests/support/schedule.py), so each
worker switches once.

Helpers: capture(page, name), virtual_authenticator(page), automatic_presence(session, id, on),
latest_message(hosted, to),
link_in(message), code_in(message), pkce_pair(), exchange_code(...), tab_to(page, selector).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import secrets
import shutil
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import pytest
import requests

from identity.hosted.i18n import LANG_COOKIE
from tests.support.api import MASTER_KEY
from tests.support.live_server import LiveServer
from tests.support.mail import SmtpSink

ROOT = Path(__file__).resolve().parent.parent.parent
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
DESKTOP = {"width": 1280, "height": 800}
MOBILE = {"width": 360, "height": 740}
LANGUAGES = ("en", "fr")

STRONG_PASSWORD = "correct horse battery staple 42"


def chromium_path() -> str:
    """The chromium binary; fails (CI) or skips (elsewhere) when there is none."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    message = "chromium is not installed (apt-get install chromium); the hosted-page browser tests need it"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def screenshots_dir() -> Path:
    folder = Path(os.environ.get("IDENTITY_SCREENSHOTS") or ROOT / "artifacts" / "hosted-pages")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _done_dir() -> Path:
    """This run's marks of finished browser modules: one run id for all of pytest-xdist's
    processes (PYTEST_XDIST_TESTRUNUID), else this process's."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid{os.getpid()}"
    folder = screenshots_dir() / ".done" / run
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _mark_name(module: str) -> str:
    return module.replace("/", "__")


def mark_module_done(module: str) -> None:
    """A browser module of this run has run all its tests (and written its screenshots)."""
    (_done_dir() / _mark_name(module)).touch()


def wait_for_browser_modules(modules: set[str], timeout: float = 1500.0) -> list[str]:
    """Until every browser module of this run is done (in either test process); the modules
    still not done after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        missing = sorted(m for m in modules if not (_done_dir() / _mark_name(m)).exists())
        if not missing or time.monotonic() > deadline:
            return missing
        time.sleep(1.0)


# -- fixtures ----------------------------------------------------------------------------------------


class BrowserSection:
    """What the browser modules share: started on first use, closed by close() (see the module's
    docstring, "Sharing"). Keyed resources, each with the callable that stops it."""

    def __init__(self) -> None:
        self._open: dict[str, tuple[Any, Any]] = {}

    def get(self, key: str, start: Any, *, replaces: tuple[str, ...] = ()) -> Any:
        """The resource under key, start()ed (returning (resource, stop)) when not open; the
        ones named in `replaces` are stopped first."""
        if key not in self._open:
            for other in replaces:
                self.stop(other)
            self._open[key] = start()
        return self._open[key][0]

    def stop(self, key: str) -> None:
        opened = self._open.pop(key, None)
        if opened is not None:
            opened[1]()

    def close(self) -> None:
        # The servers before the browser (started after it): reverse order of opening.
        while self._open:
            _, (_, stop) = self._open.popitem()
            stop()


SECTION = BrowserSection()

#: The fixtures that make a test module a browser module.
BROWSER_FIXTURES = frozenset({"chromium", "page", "hosted", "hosted_localhost"})


def is_browser_module(items: list[pytest.Item]) -> bool:
    return any(BROWSER_FIXTURES.intersection(getattr(item, "fixturenames", ())) for item in items)


def close_browser_section() -> None:
    SECTION.close()


def _start_chromium() -> tuple[Any, Any]:
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    driver = sync_playwright().start()
    try:
        browser = driver.chromium.launch(executable_path=path, args=["--no-sandbox"])
    except BaseException:
        driver.stop()
        raise

    def stop() -> None:
        try:
            browser.close()
        finally:
            driver.stop()

    return browser, stop


@pytest.fixture(scope="session")
def browser_section(database_dsn: str) -> Iterator[BrowserSection]:
    """SECTION, closed at the end of the run before the test database goes (so after the live
    servers, which use it)."""
    try:
        yield SECTION
    finally:
        SECTION.close()


@pytest.fixture(scope="module")
def chromium(browser_section: BrowserSection) -> Any:
    """The browser section's chromium (launched by the first browser module that needs it)."""
    return browser_section.get("chromium", _start_chromium)


class CspWatcher:
    """Every CSP violation a page reports (the event, or chromium's console error)."""

    def __init__(self) -> None:
        self.violations: list[str] = []

    def console(self, message: Any) -> None:
        text = message.text
        if "Content Security Policy" in text or text.startswith("csp-violation:"):
            self.violations.append(text)

    def check(self) -> None:
        assert not self.violations, f"CSP violations: {self.violations}"


#: Runs before any script of every page (an init script, not subject to the page's CSP).
_CSP_LISTENER = """
document.addEventListener('securitypolicyviolation', function (e) {
  console.error('csp-violation: ' + e.violatedDirective + ' ' + e.blockedURI);
}, true);
"""


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport=DESKTOP, locale="en-US")
    context.add_init_script(_CSP_LISTENER)
    watcher = CspWatcher()
    p = context.new_page()
    p.on("console", watcher.console)
    p.csp = watcher  # read by capture()
    _watch_navigations(p)
    try:
        yield p
        watcher.check()
    finally:
        context.close()


@dataclass
class LiveTenant:
    server: HostedServer
    id: str
    secret_key: str
    publishable_key: str
    name: str

    @property
    def base(self) -> str:
        return f"{self.server.url}/oauth/{self.id}"

    def url(self, path: str, **query: str) -> str:
        """An address of the tenant's pages: url("/sign-in", lang="fr")."""
        return self.base + path + (f"?{urlencode(query)}" if query else "")

    def secret(self, method: str, path: str, json: Any = None) -> requests.Response:
        return self.server.live.call(method, path, token=self.secret_key, tenant=self.id, json=json)

    def public(self, method: str, path: str, json: Any = None) -> requests.Response:
        return self.server.live.call(method, path, token=self.publishable_key, tenant=self.id, json=json)

    def configure(self, **auth_config: Any) -> None:
        """PATCH the tenant's auth_config (the tenant cache keeps a row up to 5 s: the caller
        waits for it with wait_for())."""
        resp = self.server.live.call(
            "PATCH", f"/v1/tenants/{self.id}", token=MASTER_KEY, json={"auth_config": auth_config}
        )
        assert resp.status_code == 200, resp.text

    def client(self, **body: Any) -> dict[str, Any]:
        body.setdefault("name", "Test app")
        body.setdefault("type", "spa")
        body.setdefault("redirect_uris", [self.server.redirect_uri])
        resp = self.secret("POST", "/v1/clients", json=body)
        assert resp.status_code == 201, resp.text
        created: dict[str, Any] = resp.json()
        return created

    def user(self, email: str | None = None, password: str = STRONG_PASSWORD) -> dict[str, Any]:
        email = email or f"u{uuid.uuid4().hex[:10]}@example.com"
        resp = self.public("POST", "/v1/auth/sign-up", json={"email": email, "password": password, "name": "Ada"})
        assert resp.status_code == 201, resp.text
        return {**resp.json()["user"], "email": email, "password": password}


@dataclass
class HostedServer:
    live: LiveServer
    mail: SmtpSink
    tenants: list[LiveTenant] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.live.url

    @property
    def redirect_uri(self) -> str:
        """The test clients' redirect URI: an address of the live server that answers 404, so
        the browser arrives somewhere real and the test reads the code from the address."""
        return f"{self.live.url}/callback"

    def tenant(self, auth_config: dict[str, Any] | None = None, name: str | None = None) -> LiveTenant:
        """A fresh tenant (email verification off unless given)."""
        config = {"email_verification_required": False, **(auth_config or {})}
        name = name or f"Acme {uuid.uuid4().hex[:6]}"
        resp = self.live.call("POST", "/v1/tenants", token=MASTER_KEY, json={"name": name, "auth_config": config})
        assert resp.status_code == 201, resp.text
        body = resp.json()
        tenant = LiveTenant(self, body["id"], body["secret_key"], body["publishable_key"], name)
        self.tenants.append(tenant)
        return tenant


def _start_hosted(dsn: str, workdir: Path, *, localhost: bool) -> tuple[HostedServer, Any]:
    sink = SmtpSink()
    sink.start()
    live = LiveServer(dsn, workdir, command="serve", IDENTITY_SMTP_URL=sink.url)
    if localhost:
        live.url = f"http://localhost:{live.port}"  # IDENTITY_PUBLIC_URL follows (start())
    try:
        live.start()
    except BaseException:
        live.stop()
        sink.stop()
        raise

    def stop() -> None:
        try:
            live.stop()
        finally:
            sink.stop()

    return HostedServer(live, sink), stop


@pytest.fixture(scope="module")
def hosted(
    database_dsn: str, browser_section: BrowserSection, tmp_path_factory: pytest.TempPathFactory
) -> HostedServer:
    """The browser section's `identity serve` on http://127.0.0.1:PORT."""
    return browser_section.get(
        "hosted",
        lambda: _start_hosted(database_dsn, tmp_path_factory.mktemp("hosted") / "server", localhost=False),
        replaces=("hosted_localhost",),
    )


@pytest.fixture(scope="module")
def hosted_localhost(
    database_dsn: str, browser_section: BrowserSection, tmp_path_factory: pytest.TempPathFactory
) -> HostedServer:
    """The browser section's `identity serve` on http://localhost:PORT: WebAuthn takes no IP
    address as relying party id, and localhost is a secure context."""
    return browser_section.get(
        "hosted_localhost",
        lambda: _start_hosted(database_dsn, tmp_path_factory.mktemp("hosted-localhost") / "server", localhost=True),
        replaces=("hosted",),
    )


def wait_for(check: Any, timeout: float = 10.0, page: Any = None) -> Any:
    """Poll check() until it returns something truthy (a mail to arrive, a redirect to be
    seen). With a page, the wait goes through Playwright (page.wait_for_timeout): the sync API
    delivers a page's events only while it is called, so time.sleep would starve them."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout}s: {check}")
        if page is not None:
            page.wait_for_timeout(100)
        else:
            time.sleep(0.1)


# -- screenshots and accessibility ----------------------------------------------------------------


def run_axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations of the current page. The script is evaluated
    through the DevTools protocol (page.evaluate), which the page's CSP does not govern, so the
    page's own policy is untouched."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    result = page.evaluate(
        """async () => {
             const r = await axe.run(document, {resultTypes: ['violations']});
             return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                            nodes: v.nodes.map(n => n.target.join(' '))}));
           }"""
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def page_name(page: Any) -> str:
    """The hosted page shown: its template's name (`<body data-page>`, identity/hosted/render.py);
    "" for a page that is not a hosted one."""
    name: str = page.evaluate("() => document.body ? (document.body.dataset.page || '') : ''")
    return name


#: Chromium's transient answer to a capture while no frame of the new viewport size is ready
#: yet (a loaded machine): the shot is taken again after the next frames.
_NO_FRAME = "Unable to capture screenshot"


def _screenshot(page: Any, path: str) -> None:
    for attempt in range(3):
        # Two animation frames: the compositor has drawn the page at the viewport size just set.
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        try:
            page.screenshot(path=path, full_page=True)
            return
        except Exception as exc:
            if _NO_FRAME not in str(exc) or attempt == 2:
                raise


def _shoot(page: Any, name: str, lang: str) -> None:
    folder = screenshots_dir() / (page_name(page) or "_other")
    folder.mkdir(exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("mobile", MOBILE)):
        page.set_viewport_size(size)
        _screenshot(page, str(folder / f"{name}.{lang}.{label}.png"))
        violations = run_axe(page)
        assert not violations, f"{name} ({lang}, {label}): axe-core: {violations}"
    page.set_viewport_size(DESKTOP)


def _watch_navigations(page: Any) -> None:
    """Keep the request of the page's current document (page.document_request): the one a
    page answered to a POST is sent again by capture() in the other language."""
    page.document_request = None

    def on_request(request: Any) -> None:
        if request.is_navigation_request() and request.frame == page.main_frame:
            page.document_request = request

    page.on("request", on_request)


def _with_lang(url: str, lang: str) -> str:
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("lang", lang)])))


def send_twice(page: Any) -> None:
    """Arm capture() for a state that a POST sent again afterwards would change (new backup
    codes, a new passkey registration): the page's next form POST is first sent in the other
    language, its answer kept for capture(), and then sent as the browser sent it, so the page
    under test shows the newest state, the one the test goes on with."""
    other = next(x for x in LANGUAGES if x != page.evaluate("() => document.documentElement.lang"))
    armed = [True]

    def handler(route: Any, request: Any) -> None:
        if not armed[0] or request.method != "POST" or not request.is_navigation_request():
            route.fallback()
            return
        armed[0] = False
        url = _with_lang(request.url, other)
        page.twin_answer = (request.url, other, _send_again(page, request, url))
        route.continue_()

    page.twin_answer = None
    page.twin_route = handler  # removed by capture(), outside the handler
    page.route("**/*", handler)


def _send_again(page: Any, request: Any, url: str) -> Any:
    """The browser's POST sent again to `url` with this browser's cookies; the language cookie
    its answer sets (lang= in the address) is put back as it was."""
    context = page.context
    kept = [c for c in context.cookies() if c["name"] == LANG_COOKIE]
    headers = {k: v for k, v in request.headers.items() if k.lower() in ("content-type", "origin")}
    answer = context.request.fetch(url, method="POST", headers=headers, data=request.post_data_buffer, max_redirects=0)
    context.clear_cookies(name=LANG_COOKIE)
    if kept:
        context.add_cookies(kept)
    assert answer.status < 300 or answer.status >= 400, f"sent again, the POST was answered {answer.status}"
    return answer


def _replay_in(page: Any, name: str, lang: str) -> None:
    """The page answered to a POST, in `lang`: the same POST (body, CSRF token, flow, this
    browser's cookies) is sent again with `lang=` (or was, before the browser's: send_twice) and
    the answer shown in a second tab of the same browser, which is captured and closed. The page
    under test stays as it was; the language cookie the answer sets is put back as it was. The
    POST runs a second time on the server (a wrong code counts again): a state that a second
    POST cannot reach again (a spent link) fails here, and the test reaches it in the other
    language itself (capture(page, name, only=lang))."""
    request = page.document_request
    assert request is not None and request.method == "POST", f"{name}: not a page answered to a POST"
    context = page.context
    # The cookie as it is (_send_again put it back); the twin tab's answer may set it again.
    kept = [c for c in context.cookies() if c["name"] == LANG_COOKIE]
    twin_answer = getattr(page, "twin_answer", None)
    if twin_answer is not None and twin_answer[0] == request.url and twin_answer[1] == lang:
        url, answer = _with_lang(request.url, lang), twin_answer[2]
        page.twin_answer = None
        page.unroute("**/*", page.twin_route)
    else:
        url = _with_lang(request.url, lang)
        answer = _send_again(page, request, url)
    twin = context.new_page()
    try:
        twin.on("console", page.csp.console)
        twin.route(lambda address: address == url, lambda route: route.fulfill(response=answer))
        twin.goto(url)
        assert twin.evaluate("() => document.documentElement.lang") == lang
        assert page_name(twin) == page_name(page), (
            f"{name}: sent again, the POST shows {page_name(twin)!r} ({twin.inner_text('main')[:200]!r}), "
            f"not {page_name(page)!r}: reach this state in the other language in the test "
            "(capture(page, name, only=lang))"
        )
        _shoot(twin, name, lang)
    finally:
        twin.close()
        context.clear_cookies(name=LANG_COOKIE)
        if kept:
            context.add_cookies(kept)


def capture(page: Any, name: str, *, only: str | None = None) -> None:
    """Screenshots of the current page as <page>/<name>.<lang>.<desktop|mobile>.png (1280x800
    and 360x740; <page> is the template, `<body data-page>`) in IDENTITY_SCREENSHOTS (default
    artifacts/hosted-pages/), each checked by axe-core (a serious or critical violation fails the
    test), and no CSP violation so far; in both languages.

    A page reached by a GET is reloaded with `lang=` set to the other language (the switcher's
    link), captured, and switched back. A page answered to a POST cannot be reloaded: its POST
    is sent again in the other language and the answer captured in a second tab (_replay_in).
    only="fr": this state in its current language only, for a state a second POST cannot reach
    (the test captures it in the other language on another pass)."""
    lang = page.evaluate("() => document.documentElement.lang")
    _shoot(page, name, lang)
    if only is not None:
        assert lang == only, f"{name}: shown in {lang}, not {only}"
    elif page_name(page):
        switch = page.locator("footer nav a[hreflang]")
        for other in LANGUAGES:
            if other == lang:
                continue
            if switch.count() > 0:
                page.locator(f'footer nav a[hreflang="{other}"]').click()
                page.wait_for_load_state()
                assert page.evaluate("() => document.documentElement.lang") == other
                _shoot(page, name, other)
            else:
                _replay_in(page, name, other)
        if switch.count() > 0:
            page.locator(f'footer nav a[hreflang="{lang}"]').click()
            page.wait_for_load_state()
    page.csp.check()


# -- passkeys ---------------------------------------------------------------------------------------


def virtual_authenticator(page: Any, *, user_verified: bool = True) -> tuple[Any, str]:
    """A platform authenticator (CTAP2, internal transport, resident keys, user verification)
    in this page's browser, through the DevTools protocol's WebAuthn domain: (the CDP session,
    the authenticator id). session.send("WebAuthn.getCredentials", {"authenticatorId": id})
    lists what was registered."""
    session = page.context.new_cdp_session(page)
    session.send("WebAuthn.enable")
    added = session.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": user_verified,
                "automaticPresenceSimulation": True,
            }
        },
    )
    return session, added["authenticatorId"]


def automatic_presence(session: Any, authenticator_id: str, enabled: bool) -> None:
    """Turn the virtual authenticator's automatic answer on or off. While it is on, Chromium
    also answers a conditional (autofill) request at once, so a page that starts one (the
    sign-in page's passkey autofill) signs in with the passkey before anything is typed; off,
    such a request waits as it would for a person who does not pick the passkey."""
    session.send("WebAuthn.setAutomaticPresenceSimulation", {"authenticatorId": authenticator_id, "enabled": enabled})


# -- mail -------------------------------------------------------------------------------------------


def latest_message(server: HostedServer, to: str, timeout: float = 15.0) -> EmailMessage:
    """The newest message delivered to the address (waits for one)."""
    messages = wait_for(lambda: server.mail.to(to), timeout)
    message: EmailMessage = messages[-1]
    return message


def _text(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    return part.get_content() if part is not None else ""


def link_in(message: EmailMessage) -> str:
    """The first http(s) link of the message's text."""
    found = re.search(r"https?://[^\s\"'<>]+", _text(message))
    assert found, _text(message)
    return found.group(0)


def code_in(message: EmailMessage, digits: int = 6) -> str:
    """The code of `digits` digits in the message's text, read where the templates put it: on a
    line of its own (mfa_otp, email_code, email_change), else after the word "code" on its line
    (verification: "enter this code ...: 123456"). Not merely the first number: the tenant's name
    (app_name), in the same text, may hold as many digits."""
    text = _text(message)
    found = re.search(rf"^[ \t]*(\d{{{digits}}})[ \t]*\r?$", text, re.MULTILINE) or re.search(
        rf"\bcode\b[^\n]*?\b(\d{{{digits}}})\b", text, re.IGNORECASE
    )
    assert found, text
    return found.group(1)


# -- OAuth ----------------------------------------------------------------------------------------


def pkce_pair() -> tuple[str, str]:
    """(verifier, S256 challenge)."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def exchange_code(tenant: LiveTenant, client: dict[str, Any], code: str, verifier: str) -> dict[str, Any]:
    """POST /token with the code (PKCE; the client's secret when it has one)."""
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": tenant.server.redirect_uri,
        "code_verifier": verifier,
        "client_id": client["client_id"],
    }
    if client.get("client_secret"):
        form["client_secret"] = client["client_secret"]
    resp = requests.post(f"{tenant.base}/token", data=form, timeout=10)
    assert resp.status_code == 200, resp.text
    body: dict[str, Any] = resp.json()
    return body


def redirect_target(page: Any, server: HostedServer) -> list[str]:
    """Record every request the browser makes to the test clients' redirect URI. Returns the
    list the addresses are appended to."""
    seen: list[str] = []

    def on_request(request: Any) -> None:
        if request.url.startswith(server.redirect_uri):
            seen.append(request.url)

    page.on("request", on_request)
    return seen


def tab_to(page: Any, selector: str, limit: int = 30) -> None:
    """Press Tab until the element matching selector has the focus (keyboard-only use)."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


# -- a browser in another language ------------------------------------------------------------------


@pytest.fixture
def page_fr(chromium: Any) -> Iterator[Any]:
    """Like `page`, in a browser whose language is French: Playwright's locale sets the
    navigations' Accept-Language (extra HTTP headers do not override it on a navigation)."""
    context = chromium.new_context(viewport=DESKTOP, locale="fr-FR")
    context.add_init_script(_CSP_LISTENER)
    watcher = CspWatcher()
    p = context.new_page()
    p.on("console", watcher.console)
    p.csp = watcher
    try:
        yield p
        watcher.check()
    finally:
        context.close()
