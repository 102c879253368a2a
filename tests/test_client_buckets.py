"""Per-address rate limits count an IPv6 client by its network (a /64 by default), and an
IPv4-mapped IPv6 address as the IPv4 address: one subscriber holds a whole /64 and could
otherwise take a fresh address, and a fresh bucket, for each request."""

from __future__ import annotations

import dataclasses
import ipaddress
import uuid

from identity.app import create_app
from tests.support.api import MASTER_KEY, Api, TenantHandle


def test_address_buckets() -> None:
    from identity.http.clientinfo import address_bucket

    assert address_bucket("2001:db8:1:2:aaaa::1", 64) == "2001:db8:1:2::/64"
    assert address_bucket("2001:db8:1:2:ffff:ffff:ffff:ffff", 64) == "2001:db8:1:2::/64"
    assert address_bucket("2001:db8:1:3::1", 64) == "2001:db8:1:3::/64"
    assert address_bucket("2001:db8:1:2:aaaa::1", 48) == "2001:db8:1::/48"
    assert address_bucket("2001:db8::1", 128) == "2001:db8::1/128"
    assert address_bucket("::ffff:203.0.113.9", 64) == "203.0.113.9"
    assert address_bucket("203.0.113.9", 64) == "203.0.113.9"


async def _api(aiohttp_client, settings, database_dsn, **changes) -> Api:
    app = create_app(
        dataclasses.replace(
            settings, rate_limits_enabled=True, trusted_proxies=(ipaddress.ip_network("127.0.0.0/8"),), **changes
        ),
        dsn=database_dsn,
    )
    return Api(await aiohttp_client(app))


async def _tenant(api: Api) -> TenantHandle:
    status, created, _ = await api.call(
        "POST",
        "/v1/tenants",
        token=MASTER_KEY,
        json={"name": f"v6-{uuid.uuid4().hex[:6]}", "auth_config": {"email_verification_required": False}},
    )
    assert status == 201, created
    return TenantHandle(api, created)


async def _sign_in_from(t: TenantHandle, address: str) -> int:
    wrong = {"email": "nobody@example.com", "password": "wrong password here"}
    status, _, _ = await t.public("POST", "/v1/auth/sign-in", json=wrong, headers={"X-Forwarded-For": address})
    return status


async def test_addresses_of_one_ipv6_64_share_a_bucket(aiohttp_client, settings, database_dsn) -> None:
    t = await _tenant(await _api(aiohttp_client, settings, database_dsn))
    # Ten sign-ins a minute per client: each from another address of one /64.
    statuses = [await _sign_in_from(t, f"2001:db8:7:1:{i:x}::{i + 1:x}") for i in range(11)]
    assert statuses == [401] * 10 + [429], statuses
    # Another /64 has its own bucket.
    assert await _sign_in_from(t, "2001:db8:7:2::1") == 401
    # IPv4-mapped IPv6 is the IPv4 address.
    statuses = [await _sign_in_from(t, "203.0.113.50") for _ in range(5)]
    statuses += [await _sign_in_from(t, "::ffff:203.0.113.50") for _ in range(6)]
    assert statuses == [401] * 10 + [429], statuses


async def test_the_ipv6_prefix_is_configurable(aiohttp_client, settings, database_dsn) -> None:
    t = await _tenant(await _api(aiohttp_client, settings, database_dsn, rate_limit_ipv6_prefix=48))
    statuses = [await _sign_in_from(t, f"2001:db8:9:{i:x}::1") for i in range(11)]
    assert statuses == [401] * 10 + [429], statuses
