"""The reference in docs/ is complete and self-contained.

- docs/errors.md lists every error code the service can answer, read from the code that declares or raises
  it (not from route declarations), and no code that no longer exists;
- docs/events.md documents every event kind of the catalogue with every key of its payload;
- no tracked file points to a contract document outside this repository.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from identity.events.emit import CATALOGUE
from identity.state import state
from identity.webhooks.catalogue import sample
from tests.support.docs import events_sections, payload_fields
from tests.support.mail import token_in

ROOT = Path(__file__).resolve().parent.parent
ERRORS_DOC = ROOT / "docs" / "errors.md"

# -- collecting error codes from the code -------------------------------------------------------

#: Callables outside the ApiError family that carry a code, per family of answers:
#: name -> (position of the code argument, its keyword, its default). Only in the packages named.
OAUTH_CALLS = {
    "OAuthError": (0, "error", None),
    "RedirectError": (0, "error", None),
    "error_redirect": (1, "error", None),
    "bearer_error": (1, "error", "invalid_token"),
}
FLOW_CALLS = {"FlowError": (0, "code", None), "fail": (0, "code", None), "_error_redirect": (1, "code", None)}

#: Places that pass on a code they received rather than naming one (function -> why). Every
#: other code must be written where it is raised, as a literal the collector reads.
FORWARDS = {
    "identity/http/errors.py:__call__": "ErrorSpec() raises its own declaration's code",
    "identity/http/errors.py:invalid": "ErrorSpec.invalid() raises its own declaration's code",
    "identity/admin/service.py:update_config": "re-raises the tenant update's validation error",
    "identity/oauth/params.py:parse": "sends a RedirectError's own code to the redirect URI",
    "identity/connections/flow.py:fail": "the callback's shorthand for _error_redirect",
    "identity/connections/flow.py:start": "sends a provider FlowError's own code to the app",
    "identity/connections/flow.py:callback": "sends a FlowError's own code to the app",
    "identity/connections/flow.py:_complete": "a platform error of the user's creation, passed on",
}


@dataclass
class Collected:
    platform: set[str] = field(default_factory=set)
    oauth: set[str] = field(default_factory=set)
    flow: set[str] = field(default_factory=set)
    unresolved: set[str] = field(default_factory=set)


def _sources() -> Iterator[tuple[str, ast.Module]]:
    for directory in ("identity", "workers"):
        for path in sorted((ROOT / directory).rglob("*.py")):
            yield str(path.relative_to(ROOT)), ast.parse(path.read_text(), str(path))


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _declared_specs(modules: list[tuple[str, ast.Module]]) -> dict[str, str]:
    """NAME -> code of every module-level `NAME = ErrorSpec(status, "code", message)`."""
    specs: dict[str, str] = {}
    for _, tree in modules:
        for stmt in tree.body:
            if (
                isinstance(stmt, ast.Assign)
                and isinstance(stmt.value, ast.Call)
                and _name(stmt.value.func) == "ErrorSpec"
            ):
                code = _argument(stmt.value, 1, "code")
                if isinstance(code, ast.Constant):
                    specs[_name(stmt.targets[0])] = code.value
    return specs


def _class_code(body: list[ast.stmt], specs: dict[str, str]) -> str | None:
    """`spec = DECLARATION` (an ErrorSpec's code), `code = "x"`, `code: str = "x"` or
    `status, code = 400, "x"` in a class body."""
    for stmt in body:
        if (
            isinstance(stmt, ast.Assign | ast.AnnAssign)
            and stmt.value is not None
            and _name(stmt.targets[0] if isinstance(stmt, ast.Assign) else stmt.target) == "spec"
            and _name(stmt.value) in specs
        ):
            return specs[_name(stmt.value)]
        if isinstance(stmt, ast.AnnAssign) and _name(stmt.target) == "code":
            if isinstance(stmt.value, ast.Constant):
                return stmt.value.value
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if _name(target) == "code" and isinstance(stmt.value, ast.Constant):
                    return stmt.value.value
                if isinstance(target, ast.Tuple) and isinstance(stmt.value, ast.Tuple):
                    for t, v in zip(target.elts, stmt.value.elts, strict=True):
                        if _name(t) == "code" and isinstance(v, ast.Constant):
                            return v.value
    return None


def _api_error_family(modules: list[tuple[str, ast.Module]]) -> dict[str, str | None]:
    """Every class derived from ApiError, with the code it answers when none is passed."""
    classes = {node.name: node for _, tree in modules for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    specs = _declared_specs(modules)
    family: dict[str, str | None] = {"ApiError": _class_code(classes["ApiError"].body, specs)}
    grown = True
    while grown:
        grown = False
        for name, node in classes.items():
            if name in family:
                continue
            bases = [_name(b) for b in node.bases]
            parent = next((b for b in bases if b in family), None)
            if parent is not None:
                family[name] = _class_code(node.body, specs) or family[parent]
                grown = True
    return family


def _argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg == keyword:
            return kw.value
    return call.args[position] if len(call.args) > position else None


class _Collector(ast.NodeVisitor):
    def __init__(self, path: str, tree: ast.Module, family: dict[str, str | None], out: Collected) -> None:
        self.path, self.tree, self.family, self.out = path, tree, family, out
        self.functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.functions.append(node)
        self.generic_visit(node)
        self.functions.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = _function

    def _resolve(self, node: ast.expr) -> set[str] | None:
        """The literal strings an expression can be: a constant, a conditional of constants, or
        a name assigned only those in its function (or module); None when it cannot be read."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return {node.value}
        if isinstance(node, ast.IfExp):
            a, b = self._resolve(node.body), self._resolve(node.orelse)
            return a | b if a is not None and b is not None else None
        if isinstance(node, ast.Name):
            scope: ast.AST = self.functions[-1] if self.functions else self.tree
            if self.functions and node.id in {a.arg for a in ast.walk(scope.args) if isinstance(a, ast.arg)}:
                return None
            values = [
                n.value
                for n in ast.walk(scope)
                if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == node.id for t in n.targets)
            ]
            found: set[str] = set()
            for value in values:
                got = self._resolve(value)
                if got is None:
                    return None
                found |= got
            return found or None
        return None

    def _add(self, target: set[str], node: ast.expr | None, default: str | None) -> None:
        codes = (
            {default} if node is None and default is not None else (self._resolve(node) if node is not None else None)
        )
        if codes is None:
            where = self.functions[-1].name if self.functions else "<module>"
            self.out.unresolved.add(f"{self.path}:{where}")
        else:
            target |= codes

    def visit_Call(self, node: ast.Call) -> None:
        name = _name(node.func)
        if name == "ErrorSpec":  # a declaration (status, code, message): raised as SPEC() or SPEC.invalid()
            self._add(self.out.platform, _argument(node, 1, "code"), None)
        elif name == "not_found" and self.path != "identity/http/errors.py":
            kinds = self._resolve(node.args[0]) if node.args else None
            if kinds is None:
                self._add(self.out.platform, node.args[0] if node.args else None, None)
            else:
                self.out.platform |= {f"{k}_not_found" for k in kinds}
        elif name == "NotFound":
            kind = _argument(node, 0, "kind")
            if kind is None:
                self.out.platform.add("not_found")
            else:
                kinds = self._resolve(kind)
                if kinds is None:
                    self._add(self.out.platform, kind, None)
                else:
                    self.out.platform |= {f"{k}_not_found" for k in kinds}
        elif name in self.family:
            code = next((kw.value for kw in node.keywords if kw.arg == "code"), None)
            self._add(self.out.platform, code, self.family[name])
        elif name in OAUTH_CALLS and self.path.startswith("identity/oauth/"):
            position, keyword, default = OAUTH_CALLS[name]
            self._add(self.out.oauth, _argument(node, position, keyword), default)
        elif name in FLOW_CALLS and self.path.startswith("identity/connections/"):
            position, keyword, default = FLOW_CALLS[name]
            self._add(self.out.flow, _argument(node, position, keyword), default)
        self.generic_visit(node)


def collect_codes() -> Collected:
    modules = list(_sources())
    family = _api_error_family(modules)
    out = Collected()
    for path, tree in modules:
        _Collector(path, tree, family, out).visit(tree)
    return out


# -- reading the docs ---------------------------------------------------------------------------


def _section(text: str, heading: str) -> str:
    """The text under `## heading` up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(heading)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no section '## {heading}'"
    return match.group(1)


def _table_codes(section: str) -> list[str]:
    """The first cell of each table row, a code in backticks."""
    return re.findall(r"^\| `([a-z_0-9]+)` \|", section, re.M)


def documented_codes() -> dict[str, list[str]]:
    text = ERRORS_DOC.read_text()
    return {
        "platform": _table_codes(_section(text, "Platform error codes")),
        "oauth": _table_codes(_section(text, "OAuth 2.0 and OpenID Connect endpoints")),
        "flow": _table_codes(_section(text, "Social sign-in results")),
    }


def _example(section: str) -> dict:
    match = re.search(r"```json\n(.*?)\n```", section, re.S)
    assert match, "no JSON example"
    return json.loads(match.group(1))


# -- the tests ----------------------------------------------------------------------------------


def test_every_error_code_is_documented_and_every_documented_code_exists():
    found, documented = collect_codes(), documented_codes()
    assert found.unresolved <= set(FORWARDS), (
        "codes the collector cannot read: write them as a literal where raised, or name the "
        f"forwarding place in FORWARDS: {sorted(found.unresolved - set(FORWARDS))}"
    )
    assert set(FORWARDS) <= found.unresolved, f"stale FORWARDS: {sorted(set(FORWARDS) - found.unresolved)}"
    for family in ("platform", "oauth", "flow"):
        codes, listed = getattr(found, family), documented[family]
        assert len(listed) == len(set(listed)), f"{family}: a code is listed twice"
        assert not codes - set(listed), f"{family}: not in docs/errors.md: {sorted(codes - set(listed))}"
        assert not set(listed) - codes, f"{family}: in docs/errors.md, raised nowhere: {sorted(set(listed) - codes)}"


def test_the_collector_reads_each_way_a_code_is_raised():
    """Guards the collector itself: a class default, a code= keyword, a NotFound kind, a
    conditional through a local name, the middleware table and an OAuth default argument."""
    found = collect_codes()
    assert {
        "unauthenticated",
        "invalid_email",
        "user_not_found",
        "mfa_factor_not_found",
        "rate_limit_exceeded",
        "captcha_required",
        "method_not_allowed",
        "internal_error",
        "service_unavailable",
    } <= found.platform
    assert {"invalid_token", "login_required", "unsupported_grant_type"} <= found.oauth
    assert {"user_banned", "user_disabled", "access_denied", "provider_error"} <= found.flow


def test_event_catalogue_documents_every_kind_and_payload_key():
    sections = events_sections()
    assert list(sections) == list(CATALOGUE), "docs/events.md: one section per kind, in catalogue order"
    for kind, section in sections.items():
        fields, keys = payload_fields(section), set(sample(kind))
        # "Nothing extra": the rows marked as the example's are exactly its keys; other rows
        # are keys real events carry beyond it (checked against real events below).
        assert {f for f, in_example in fields.items() if in_example} == keys, (kind, fields, keys)
        example = _example(section)
        assert example["type"] == kind
        assert set(example) == {"id", "type", "tenant_id", "created_at", "data"}
        assert set(example["data"]) == keys, (kind, set(example["data"]) ^ keys)


async def test_every_key_of_every_emitted_event_is_documented(tenant, app, sign_up, make_tenant):
    """Real operations, their events read back from the database: each key is in the table."""
    from tests.support import mfa
    from tests.support.organizations import accept, email, invite, last_invite_url, new_org, new_user

    owner = await new_user(sign_up)
    org = await new_org(tenant, created_by=owner["id"])
    member = await new_user(sign_up)
    assert (await tenant.secret("POST", f"/v1/organizations/{org['id']}/members", json={"user_id": member["id"]}))[
        0
    ] == 201
    assert (await tenant.secret("DELETE", f"/v1/organizations/{org['id']}/members/{member['id']}"))[0] == 204
    invited = email()
    assert (await invite(tenant, org["id"], email=invited, inviter_user_id=owner["id"]))[0] == 201
    joiner = await new_user(sign_up, email=invited)
    assert (await accept(tenant, token_in(await last_invite_url(app, tenant.id)), joiner["access_token"]))[0] == 200
    assert (await tenant.secret("PATCH", f"/v1/users/{member['id']}", json={"name": "M"}))[0] == 200
    assert (
        await tenant.secret(
            "POST", f"/v1/users/{member['id']}/password", json={"password": "another strong password 7"}
        )
    )[0] == 200
    assert (await tenant.secret("POST", f"/v1/users/{member['id']}/disable", json={}))[0] == 200
    assert (await tenant.secret("DELETE", f"/v1/sessions/{owner['session_id']}"))[0] == 204
    assert (await tenant.secret("POST", f"/v1/users/{joiner['id']}/sessions/revoke-all"))[0] == 200
    assert (await tenant.secret("DELETE", f"/v1/users/{member['id']}"))[0] == 204
    assert (await tenant.secret("DELETE", f"/v1/organizations/{org['id']}"))[0] == 204
    # The MFA kinds, in a tenant whose users sign in before verifying their address.
    second = await mfa.make_tenant_for_mfa(make_tenant)
    user = await mfa.new_user(second)
    mfa.wait_for_fresh_step()
    factor_id, secret = await mfa.enroll_totp(second, user["id"])
    challenge = await mfa.challenge_of(second, user["email"])
    status, body, _ = await second.public(
        "POST",
        "/v1/auth/mfa/verify",
        json={"challenge_id": challenge["challenge_id"], "code": mfa.totp_code(secret, 1), "factor_type": "totp"},
    )
    assert status == 200, body
    assert (await second.secret("DELETE", f"/v1/users/{user['id']}/mfa/factors/{factor_id}"))[0] == 204
    rows = await state(app).pool.fetch(
        "SELECT type, data FROM events WHERE tenant_id = ANY($1::text[]) ORDER BY id", [tenant.id, second.id]
    )
    sections = events_sections()
    # Every kind but the oauth.* ones (they need a provider; tests/test_connections.py emits them).
    assert {r["type"] for r in rows} >= set(CATALOGUE) - {"oauth.connected", "oauth.disconnected"}
    for r in rows:
        data = json.loads(r["data"]) if isinstance(r["data"], str) else r["data"]
        missing = set(data) - set(payload_fields(sections[r["type"]]))
        assert not missing, (r["type"], "keys sent but not in docs/events.md", missing)
    # docs/events.md and docs/webhooks.md give this order; receivers may rely on it.
    kinds = [r["type"] for r in rows]
    assert kinds.index("org.member.added", kinds.index("org.invitation.sent")) < kinds.index("org.invitation.accepted")


# -- no contract outside the repository ---------------------------------------------------------

#: Written so that this file does not match itself.
OUTSIDE = re.compile(
    "|".join(
        [
            r"decisions" r"\.md",
            r"interface" r"\.md",
            r"shared" r"/spec",
            r"\.\./" r"shared",
            # (not TypeScript's keyword: `interface Name {`, `interface Name<T>`, `interface A extends B`)
            r"(?<!user )(?<!command-line )\binter" r"face\b(?!\s+\w+\s*(?:\{|<|extends\b))",
            r"\bthe " r"spec\b",
            # A section sign not preceded on its line by the RFC or OIDC document it belongs to.
            r"^(?!.*(?:RFC|OIDC|OpenID|Core|Discovery)).*" "\u00a7",
        ]
    ),
    re.I | re.M,
)


#: This file (its patterns).
NOT_SCANNED = {"tests/test_docs_reference.py"}
#: Third-party files kept as they are published (Redoc's bundle, lock files of npm tools).
VENDORED = ("identity/static/", "tools/docs-viewer/package-lock.json", "tests/typescript/package-lock.json")


def test_no_file_points_to_a_contract_outside_the_repository():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    offenders = []
    for name in files:
        path = ROOT / name
        if name in NOT_SCANNED or not path.is_file() or name.startswith(VENDORED):
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for match in OUTSIDE.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            offenders.append(f"{name}:{line}: {match.group(0)[-60:]}")
    assert not offenders, "\n".join(offenders)
