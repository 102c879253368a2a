"""docs/events.md against real oauth.* events: these need a provider, so they run here, with
the live server and the upstream provider of tests/test_connections.py (another tenant's OpenID
Connect provider on this machine)."""

from __future__ import annotations

import json

from identity.state import state
from tests.support.connections import connection, exchange, idp, sign_in_with, start_url, tenant, upstream_user  # noqa: F401 (fixtures)
from tests.support.docs import events_sections, payload_fields
from tests.support.oauth import api, base, browser, port, settings  # noqa: F401 (fixtures)


async def test_every_key_of_the_oauth_events_is_documented(app, base, idp, tenant, connection, browser):
    person = await upstream_user(app, idp)
    query = await sign_in_with(browser, start_url(base, tenant.id, connection["id"]), person)
    status, body = await exchange(tenant, query["token"])
    assert status == 200, body
    user_id, identity_id = body["user"]["id"], body["identity_id"]
    # A second way in first, else unlinking the only one is refused (last_sign_in_method).
    assert (
        await tenant.secret("POST", f"/v1/users/{user_id}/password", json={"password": "another strong password 7"})
    )[0] == 200
    assert (await tenant.secret("DELETE", f"/v1/users/{user_id}/identities/{identity_id}"))[0] == 204

    rows = await state(app).pool.fetch(
        "SELECT type, data FROM events WHERE tenant_id = $1 AND type LIKE 'oauth.%'", tenant.id
    )
    assert sorted(r["type"] for r in rows) == ["oauth.connected", "oauth.disconnected"]
    sections = events_sections()
    for r in rows:
        data = json.loads(r["data"]) if isinstance(r["data"], str) else r["data"]
        missing = set(data) - set(payload_fields(sections[r["type"]]))
        assert not missing, (r["type"], "keys sent but not in docs/events.md", missing)
