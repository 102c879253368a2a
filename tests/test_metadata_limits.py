"""One size rule for metadata, whichever endpoint writes it (identity/users/metadata.py): sign-up
used to store (and sign into every token and webhook) objects POST /v1/users refused; and a
user's public_metadata must leave the access token small enough to be sent in a header."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from identity.state import state
from identity.users.metadata import METADATA_MAX_BYTES, TOKEN_METADATA_MAX_BYTES
from tests.support.api import STRONG_PASSWORD, assert_error


def _email() -> str:
    return f"meta-{uuid.uuid4().hex[:10]}@example.com"


def _of_size(n: int) -> dict[str, Any]:
    """{"x": "yyy…"} of exactly n bytes as compact JSON ('{"x":""}' is 8 bytes)."""
    return {"x": "y" * (n - 8)}


def _escaped_of_size(n: int) -> dict[str, Any]:
    """n bytes as the token carries it, mostly 'é' (2 bytes in UTF-8, 6 as its \\u escape)."""
    k, r = divmod(n - 8, 6)
    return {"x": "é" * k + "y" * r}


async def _stored(app, tenant_id: str) -> dict[str, int]:
    pool = state(app).pool
    return {
        table: await pool.fetchval(f"SELECT count(*) FROM {table} WHERE tenant_id = $1", tenant_id)
        for table in ("users", "sessions", "events", "outbox", "organizations")
    }


@pytest.mark.parametrize(
    "metadata",
    [
        _of_size(TOKEN_METADATA_MAX_BYTES + 1),
        _escaped_of_size(TOKEN_METADATA_MAX_BYTES + 2),  # counted as the token carries it
        {"big": "y" * 600_000},
    ],
)
async def test_sign_up_refuses_oversized_metadata_and_stores_nothing(app, tenant, metadata) -> None:
    before = await _stored(app, tenant.id)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD, "metadata": metadata}
    )
    assert status == 422, body
    assert_error(body, "validation_error", 422)
    [detail] = body["error"]["details"]
    assert detail["field"] == "metadata" and f"at most {TOKEN_METADATA_MAX_BYTES} bytes" in detail["message"]
    assert await _stored(app, tenant.id) == before


@pytest.mark.parametrize("make", [_of_size, _escaped_of_size])
async def test_the_largest_public_metadata_still_makes_a_usable_token(api, tenant, make) -> None:
    metadata = make(TOKEN_METADATA_MAX_BYTES)
    status, body, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": _email(), "password": STRONG_PASSWORD, "metadata": metadata}
    )
    assert status == 201, body
    assert len(body["session"]["access_token"]) < 7000  # fits an 8 KiB header line with room to spare
    status, me, _ = await api.call("GET", "/v1/auth/me", token=body["session"]["access_token"], tenant=tenant.id)
    assert status == 200 and me["public_metadata"] == metadata
    status, user, _ = await tenant.secret("POST", "/v1/users", json={"email": _email(), "public_metadata": metadata})
    assert status == 201, user


async def test_users_and_organizations_share_the_rule(app, tenant) -> None:
    too_big = _of_size(METADATA_MAX_BYTES + 1)
    too_big_for_a_token = _of_size(TOKEN_METADATA_MAX_BYTES + 1)
    status, user, _ = await tenant.secret("POST", "/v1/users", json={"email": _email()})
    assert status == 201
    status, org, _ = await tenant.secret("POST", "/v1/organizations", json={"name": "Acme"})
    assert status == 201
    before = await _stored(app, tenant.id)
    attempts = [
        ("POST", "/v1/users", {"email": _email(), "private_metadata": too_big}, "private_metadata"),
        ("POST", "/v1/users", {"email": _email(), "public_metadata": too_big_for_a_token}, "public_metadata"),
        ("PATCH", f"/v1/users/{user['id']}", {"public_metadata": too_big_for_a_token}, "public_metadata"),
        ("PATCH", f"/v1/users/{user['id']}", {"private_metadata": too_big}, "private_metadata"),
        ("POST", "/v1/organizations", {"name": "Big", "public_metadata": too_big}, "public_metadata"),
        ("PATCH", f"/v1/organizations/{org['id']}", {"public_metadata": too_big}, "public_metadata"),
    ]
    for method, path, body, field in attempts:
        status, answer, _ = await tenant.secret(method, path, json=body)
        assert status == 422, (path, answer)
        assert answer["error"]["details"][0]["field"] == field, answer
    assert await _stored(app, tenant.id) == before
    status, body, _ = await tenant.secret(
        "PATCH", f"/v1/organizations/{org['id']}", json={"public_metadata": _of_size(METADATA_MAX_BYTES)}
    )
    assert status == 200, body
    status, body, _ = await tenant.secret(
        "PATCH", f"/v1/users/{user['id']}", json={"private_metadata": _of_size(METADATA_MAX_BYTES)}
    )
    assert status == 200, body
