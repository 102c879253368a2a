"""The address policy with IDENTITY_WEBHOOK_ALLOW_HTTP off (the production default): https and
public addresses only, at creation and at change (send-time refusal: test_webhooks.py)."""

from __future__ import annotations

import dataclasses
import ipaddress

import pytest

from identity.outbound.addresses import is_public
from identity.state import state
from identity.webhooks import transport
from tests.support.api import ADMIN_TOKEN, assert_error


@pytest.fixture
def settings(settings):
    return dataclasses.replace(settings, webhook_allow_http=False)


REFUSED = [
    "http://127.0.0.1:8080/hook",
    "http://hooks.example.com/hook",
    "https://127.0.0.1/hook",
    "https://127.1.2.3:8443/hook",
    "https://10.1.2.3/hook",
    "https://172.16.0.1/hook",
    "https://192.168.1.1/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/hook",
    "https://0.0.0.0/hook",
    "https://[::1]/hook",
    "https://[fd00::1]/hook",
    "https://[fe80::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://224.0.0.1/hook",
    "https://240.0.0.1/hook",
    "https://localhost/hook",
    "https://LOCALHOST./hook",
    "https://hook.example.com/x#frag",
    # Site-local, embedded and odd spellings (more forms: tests/test_outbound.py).
    "https://[fec0::1]/hook",
    "https://[64:ff9b::7f00:1]/hook",
    "https://[2002:7f00:1::]/hook",
    "https://127.1/hook",
    "https://2130706433/hook",
    "https://0x7f.1/hook",
]


@pytest.mark.parametrize("url", REFUSED)
async def test_private_and_plain_http_refused(app, tenant, url):
    assert state(app).settings.webhook_allow_http is False
    status, body, _ = await tenant.secret("POST", "/v1/webhooks", json={"url": url, "events": ["*"]})
    assert status == 422, body
    assert_error(body, "validation_error", 422)
    assert body["error"]["details"][0]["field"] == "url"


async def test_same_policy_on_patch_and_v2(app, tenant, api):
    status, created, _ = await tenant.secret("POST", "/v1/webhooks", json={"url": "https://8.8.8.8/x", "events": ["*"]})
    assert status == 201, created
    status, body, _ = await tenant.secret("PATCH", f"/v1/webhooks/{created['id']}", json={"url": "https://10.0.0.7/x"})
    assert status == 422 and body["error"]["details"][0]["field"] == "url"
    status, body, _ = await api.call(
        "POST",
        "/v2/admin/webhooks",
        token=ADMIN_TOKEN,
        json={"url": "http://127.0.0.1:9/x", "events": ["*"], "secret": "s" * 32, "tenant_id": None},
    )
    assert status == 422 and body["error"]["details"][0]["field"] == "url"


def test_address_classification():
    public = ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "93.184.215.14"]
    private = [
        "127.0.0.1",
        "10.0.0.1",
        "172.31.255.255",
        "192.168.0.1",
        "169.254.1.1",
        "100.64.0.1",
        "0.0.0.0",
        "255.255.255.255",
        "224.0.0.1",
        "::1",
        "::",
        "fc00::1",
        "fe80::1",
        "::ffff:127.0.0.1",
        "2002:7f00:1::1",
        "ff02::1",
        "198.18.0.1",
        "192.0.2.1",
    ]
    assert all(is_public(ipaddress.ip_address(a)) for a in public)
    assert not any(is_public(ipaddress.ip_address(a)) for a in private)


async def test_send_refuses_private_literal_without_connecting():
    out = await transport.send("https://127.0.0.1:1/x", {}, b"{}", allow_http=False, timeout=2)
    assert not out.delivered and out.http_status is None
    assert out.error.startswith("address refused")
