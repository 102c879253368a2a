"""Tenant isolation, driven by the route registry (identity.state.state(app).routes).

In tenant A one resource of each kind is created through the API. Then, with tenant B's
credentials (secret key, publishable key, a B user's access token, the control plane admin
key acting in B):
  - every route with a path parameter is called with A's identifier: the answer is 404;
  - every list route (GET without a path parameter, and the POST searches) answers without a
    single identifier of A;
  - A's resources are all still there afterwards (no write crossed over).
A new route is covered as it lands; one whose path parameter has no fixture here, or whose
body this file cannot build, fails loudly naming the route.

Routes outside the tenant boundary are named with the reason in NOT_TENANT_SCOPED.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest

from identity.principals import ACCESS_TOKEN, ADMIN_TOKEN, CP_ADMIN, MASTER, PUBLISHABLE, SECRET
from identity.state import state
from tests.support.api import CP_ADMIN_KEY, STRONG_PASSWORD
from tests.support.mail import emails_of, token_in

_PARAM = re.compile(r"\{([^}:]+)(?::[^}]*)?\}")

#: Credential kinds that are not tenant-bound: the operator's own (all tenants by design).
OPERATOR_KINDS = {MASTER, ADMIN_TOKEN}
#: Path prefixes whose routes are outside the tenant-credential boundary, and why.
NOT_TENANT_SCOPED = {
    "/oauth/{tenant_id}/": "the OAuth provider's public endpoints name their tenant in the path and "
    "take no tenant credential; tests/test_oauth.py covers clients and codes",
}

#: (path pattern, parameter) -> key in A's resources; first match wins.
PARAMS: list[tuple[str, str, str]] = [
    (r"^/v1/api-keys/", "id", "key_id"),
    (r"^/v1/sessions/", "id", "session_id"),
    (r"^/v1/auth/sessions/", "id", "session_id"),
    (r"^/v1/auth/organizations/", "id", "org_id"),
    (r"^/v1/webhooks/deliveries/", "id", "delivery_id"),
    (r"^/v1/webhooks/", "id", "webhook_id"),
    (r"^/v1/organizations/slug/", "slug", "org_slug"),
    (r"^/v1/organizations/", "id", "org_id"),
    (r"^/v1/organizations/", "user_id", "user_id"),
    (r"^/v1/organizations/", "invitation_id", "invitation_id"),
    (r"^/v1/invitations/", "token", "invitation_token"),
    (r"^/v1/clients/", "id", "client_id"),
    (r"^/v1/connections/", "id", "connection_id"),
    (r"^/v1/users/email/", "email", "user_email"),
    (r"^/v1/users/", "user_id", "user_id"),
    (r"^/v1/users/", "factor_id", "factor_id"),
    (r"^/v1/me/mfa/", "factor_id", "factor_id"),
    (r"/identities/", "identity_id", "identity_id"),
    (r"^/v1/users/", "id", "user_id"),
]

#: Path parameters that name an entry of a fixed catalogue, the same in every tenant (not a
#: resource id): B gets its own entry, which must not show A's content.
CATALOGUE_PARAMS = {("/v1/email/templates/", "template"): "welcome", ("/v1/hosted/texts/", "language"): "en"}

#: Valid bodies by body type name, for routes that need one to reach the lookup.
BODIES: dict[str, Any] = {
    "UpdateKey": {"name": "x"},
    "UpdateWebhook": {"description": "x"},
    "TestWebhook": {},
    "UpdateOrganization": {"name": "x"},
    "AddMember": {"user_id": "usr_00000000000000000000000000", "role": "member"},
    "UpdateMember": {"role": "admin"},
    "CreateInvitation": {"email": "inv@example.com"},
    "UpdateClient": {"name": "x"},
    "UpdateConnection": {"name": "x"},
    "EnrollFactor": {"type": "totp"},
    "ConfirmFactor": {"code": "123456"},
    "UpdateUser": {"name": "x"},
    "DisableUser": {},
    "BanUser": {},
    "SetPassword": {"password": STRONG_PASSWORD},
    "ImpersonateUser": {},
    "PutTemplate": {"subject": "Hi {{ user_name }}", "html": "<p>{{ user_name }}</p>", "text": "{{ user_name }}"},
    "Preview": {},
    "SearchUsers": {},
}
#: Routes whose POST body lists (searches) are checked like GET lists.
LIST_POSTS = {("POST", "/v1/admin/users/search")}


def _tenant_kinds(route: Any) -> list[str]:
    return [k for k in route.auth if k not in OPERATOR_KINDS]


def _scoped(route: Any) -> bool:
    if any(route.path.startswith(p) for p in NOT_TENANT_SCOPED):
        return False
    return bool(_tenant_kinds(route))


async def _ok(result: tuple[int, Any, Any], *expected: int) -> Any:
    status, body, _ = result
    assert status in expected, (status, body)
    return body


@pytest.fixture
async def world(api, app, make_tenant):
    """Tenant A with one resource of each kind, tenant B with its own user; what failed to be
    created is recorded (and fails the routes that need it)."""
    a = await make_tenant(auth_config={"email_verification_required": False})
    b = await make_tenant(auth_config={"email_verification_required": False})
    res: dict[str, Any] = {}
    problems: dict[str, str] = {}

    async def step(name: str, coro) -> None:
        try:
            await coro
        except Exception as exc:  # recorded; the routes that need it fail with this reason
            problems[name] = repr(exc)[:300]

    async def users() -> None:
        email = f"iso-{uuid.uuid4().hex[:8]}@example.com"
        body = await _ok(
            await a.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}), 201
        )
        res.update(
            user_id=body["user"]["id"],
            user_email=email,
            session_id=body["session"]["id"],
            a_access=body["session"]["access_token"],
        )
        body = await _ok(
            await b.public(
                "POST",
                "/v1/auth/sign-up",
                json={"email": f"iso-b-{uuid.uuid4().hex[:8]}@example.com", "password": STRONG_PASSWORD},
            ),
            201,
        )
        res["b_access"] = body["session"]["access_token"]

    async def key() -> None:
        body = await _ok(await a.secret("POST", "/v1/api-keys", json={"name": "iso", "type": "secret"}), 201)
        res["key_id"] = body["id"]

    async def webhook() -> None:
        body = await _ok(
            await a.secret("POST", "/v1/webhooks", json={"url": "https://hooks.example.com/iso", "events": ["*"]}), 201
        )
        res["webhook_id"] = body["id"]

    async def template() -> None:
        res["template_marker"] = f"MARK{uuid.uuid4().hex[:10]}"
        await _ok(
            await a.secret(
                "PUT",
                "/v1/email/templates/welcome",
                json={
                    "subject": res["template_marker"] + " {{ user_name }}",
                    "html": "<p>{{ user_name }}</p>",
                    "text": "{{ user_name }}",
                },
            ),
            200,
        )

    async def organization() -> None:
        body = await _ok(
            await a.secret("POST", "/v1/organizations", json={"name": "Iso org", "created_by": res["user_id"]}), 201
        )
        res.update(org_id=body["id"], org_slug=body["slug"])
        invited = f"invited-{uuid.uuid4().hex[:8]}@example.com"
        body = await _ok(
            await a.secret("POST", f"/v1/organizations/{res['org_id']}/invitations", json={"email": invited}), 201
        )
        res["invitation_id"] = body["id"]
        [mail] = [m for m in await emails_of(app, a.id, "invitation") if m["to"] == invited]
        url = next(v for v in mail["variables"].values() if isinstance(v, str) and "token=" in v)
        res["invitation_token"] = token_in(url)

    async def client() -> None:
        body = await _ok(
            await a.secret(
                "POST",
                "/v1/clients",
                json={"name": "Iso", "type": "web", "redirect_uris": ["https://app.example.com/cb"]},
            ),
            201,
        )
        res["client_id"] = body["id"]

    async def connection() -> None:
        body = await _ok(
            await a.secret(
                "POST",
                "/v1/connections",
                json={"provider": "github", "client_id": "iso-client", "client_secret": "iso-secret"},
            ),
            201,
        )
        res["connection_id"] = body["id"]
        # A linked social identity needs a provider round trip; the row is what sign-in writes.
        res["identity_id"] = "oac_iso" + uuid.uuid4().hex[:20]
        await state(app).pool.execute(
            """INSERT INTO oauth_identities (tenant_id, id, user_id, connection_id, provider, provider_user_id)
               VALUES ($1, $2, $3, $4, 'github', $5)""",
            a.id,
            res["identity_id"],
            res["user_id"],
            res["connection_id"],
            uuid.uuid4().hex,
        )

    async def factor() -> None:
        body = await _ok(
            await a.secret("POST", f"/v1/users/{res['user_id']}/mfa/factors", json={"type": "totp"}), 200, 201
        )
        res["factor_id"] = body.get("factor_id") or body["id"]

    await step("users", users())
    for name, make in (
        ("key", key),
        ("webhook", webhook),
        ("template", template),
        ("organization", organization),
        ("client", client),
        ("connection", connection),
        ("factor", factor),
    ):
        await step(name, make())
    # A webhook delivery of A (sign-up emitted events to the '*' webhook; no worker runs).
    if "webhook_id" in res:
        email = f"iso2-{uuid.uuid4().hex[:8]}@example.com"
        await a.public("POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD})
        delivery = await state(app).pool.fetchval(
            "SELECT id FROM webhook_deliveries WHERE tenant_id = $1 LIMIT 1", a.id
        )
        if delivery:
            res["delivery_id"] = delivery
        else:
            problems["delivery"] = "no webhook delivery was created in A"
    return a, b, res, problems


def _credentials(b: Any, res: dict[str, Any], kind: str) -> dict[str, str]:
    token = {SECRET: b.sk, PUBLISHABLE: b.pk, ACCESS_TOKEN: res.get("b_access"), CP_ADMIN: CP_ADMIN_KEY}[kind]
    return {"Authorization": f"Bearer {token}", "X-Tenant-ID": b.id}


#: Parameters that carry a secret token rather than an id: an unknown token answers the route's
#: own refusal (401 invalid_token), so A's token must get exactly the answer a never-issued one gets.
TOKEN_PARAMS = {"token"}


async def _same_as_unknown(api, route, path, res, b, kind, status, body) -> bool:
    if not any(p in TOKEN_PARAMS for p in _PARAM.findall(route.path)) or not 400 <= status < 500:
        return False
    fake = path.replace(str(res["invitation_token"]), "never-issued-" + uuid.uuid4().hex)
    other, other_body, _ = await api.call(route.method, fake, json=_body_for(route), headers=_credentials(b, res, kind))
    return other == status and other_body["error"]["code"] == body["error"]["code"]


def _body_for(route: Any) -> Any:
    if route.body is None:
        return None
    return BODIES.get(route.body.__name__, {})


async def test_another_tenants_ids_answer_404_on_every_route(api, app, world) -> None:
    a, b, res, problems = world
    routes = [r for r in state(app).routes if _scoped(r) and _PARAM.search(r.path)]
    assert routes, "no tenant-scoped route with a path parameter"
    failures: list[str] = []
    checked = 0
    for route in routes:
        label = f"{route.method} {route.path}"
        path = route.path
        skip = False
        for name in _PARAM.findall(route.path):
            catalogue = next(
                (v for (prefix, p), v in CATALOGUE_PARAMS.items() if p == name and route.path.startswith(prefix)), None
            )
            if catalogue is not None:
                path = re.sub(r"\{" + name + r"(:[^}]*)?\}", catalogue, path)
                continue
            key = next((k for pattern, p, k in PARAMS if p == name and re.search(pattern, route.path)), None)
            if key is None:
                failures.append(f"{label}: no fixture for path parameter '{name}' (add it to PARAMS)")
                skip = True
                break
            if key not in res:
                why = "; ".join(f"{k}: {v}" for k, v in problems.items()) or "not created"
                failures.append(f"{label}: A's '{key}' could not be created ({why})")
                skip = True
                break
            path = re.sub(r"\{" + name + r"(:[^}]*)?\}", str(res[key]), path)
        if skip:
            continue
        catalogue_route = any(route.path.startswith(prefix) for prefix, _ in CATALOGUE_PARAMS)
        for kind in _tenant_kinds(route):
            status, body, _ = await api.call(
                route.method, path, json=_body_for(route), headers=_credentials(b, res, kind)
            )
            checked += 1
            if catalogue_route:
                if res.get("template_marker") and res["template_marker"] in str(body):
                    failures.append(f"{label} [{kind}]: B sees A's template content")
                continue
            if status == 422:
                failures.append(
                    f"{label} [{kind}]: 422 before the lookup; add a valid body for "
                    f"{route.body.__name__ if route.body else 'its query'} to BODIES: {body}"
                )
            elif status != 404 and not await _same_as_unknown(api, route, path, res, b, kind, status, body):
                failures.append(f"{label} [{kind}]: {status} with A's identifier (expected 404): {str(body)[:200]}")
    assert not failures, "\n".join(failures)
    assert checked >= len(routes)

    # Nothing of A was touched by B's calls.
    still = [
        ("GET", f"/v1/api-keys/{res['key_id']}") if "key_id" in res else None,
        ("GET", f"/v1/sessions/{res['session_id']}") if "session_id" in res else None,
        ("GET", f"/v1/webhooks/{res['webhook_id']}") if "webhook_id" in res else None,
        ("GET", f"/v1/organizations/{res['org_id']}") if "org_id" in res else None,
        ("GET", f"/v1/clients/{res['client_id']}") if "client_id" in res else None,
        ("GET", f"/v1/users/{res['user_id']}") if "user_id" in res else None,
    ]
    for method, path in filter(None, still):
        status, body, _ = await a.secret(method, path)
        assert status == 200, (path, status, body)
    if "session_id" in res:
        _, session, _ = await a.secret("GET", f"/v1/sessions/{res['session_id']}")
        assert session.get("revoked_at") is None and session.get("status", "active") == "active", session
    if "user_id" in res:
        _, user, _ = await a.secret("GET", f"/v1/users/{res['user_id']}")
        assert user.get("status", "active") == "active", user


async def test_lists_of_another_tenant_never_contain_its_ids(api, app, world) -> None:
    a, b, res, _ = world
    secrets = {k: v for k, v in res.items() if v and k not in ("a_access", "b_access", "template_marker")}
    secrets["a_tenant"] = a.id
    # A stream (the revocation feed) never ends by itself: tests/test_revocations.py checks that
    # tenant B's never carries A's entries.
    routes = [
        r
        for r in state(app).routes
        if _scoped(r)
        and not _PARAM.search(r.path)
        and (r.method == "GET" or (r.method, r.path) in LIST_POSTS)
        and r.content_type != "text/event-stream"
    ]
    assert routes
    leaks: list[str] = []
    for route in routes:
        for kind in _tenant_kinds(route):
            status, body, _ = await api.call(
                route.method, route.path, json=_body_for(route), headers=_credentials(b, res, kind)
            )
            text = str(body)
            for name, value in secrets.items():
                if str(value) in text:
                    leaks.append(f"{route.method} {route.path} [{kind}] ({status}) shows A's {name}")
            if res.get("template_marker") and res["template_marker"] in text:
                leaks.append(f"{route.method} {route.path} [{kind}] shows A's template")
    assert not leaks, "\n".join(leaks)

    # The scan is meaningful: the same lists in A do show A's resources.
    for path, key in (("/v1/api-keys", "key_id"), ("/v1/webhooks", "webhook_id"), ("/v1/sessions", "session_id")):
        if key in res:
            _, body, _ = await a.secret("GET", path)
            assert res[key] in str(body), path


async def test_access_token_of_a_used_with_tenant_b_is_refused(api, world) -> None:
    """Tokens carry their tenant (tid); presented with another X-Tenant-ID they are refused,
    on every access-token route of the registry."""
    a, b, res, _ = world
    for route in state(api.client.app).routes:
        if ACCESS_TOKEN not in route.auth or _PARAM.search(route.path):
            continue
        status, body, _ = await api.call(
            route.method, route.path, json=_body_for(route), token=res["a_access"], tenant=b.id
        )
        assert status == 401, (route.method, route.path, status, body)
