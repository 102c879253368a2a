"""The README's quick start, run as written: its ```python blocks in order, against the real
service, with the environment it names; then the app it built is served and used."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re

from aiohttp import ClientSession, web
from conftest import SDK, new_tenant
from identity_sdk import IdentityClient

from tests.support.api import free_port

BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def test_readme_has_the_four_steps() -> None:
    text = (SDK / "README.md").read_text()
    for step in ("Sign up and sign in", "Protect a route", "Call the API", "Verify a webhook"):
        assert step in text
    assert len(BLOCK.findall(text)) == 5


async def test_quick_start_runs_as_written(service, monkeypatch) -> None:
    tenant = new_tenant(service)
    # The webhook's receiver is the quick start's own app: its address is chosen first.
    runner_port = free_port()
    async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
        hook = await backend.request(
            "POST",
            "/v1/webhooks",
            json={"url": f"http://127.0.0.1:{runner_port}/webhooks/identity", "events": ["user.created"]},
        )
    for name, value in {
        "IDENTITY_URL": service.url,
        "IDENTITY_TENANT_ID": tenant.id,
        "IDENTITY_PUBLISHABLE_KEY": tenant.publishable_key,
        "IDENTITY_SECRET_KEY": tenant.secret_key,
        "IDENTITY_WEBHOOK_SECRET": hook["signing_secret"],
    }.items():
        monkeypatch.setenv(name, value)

    namespace: dict = {"__name__": "readme"}
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        for block in BLOCK.findall((SDK / "README.md").read_text()):
            # In a thread: a block may run its own event loop (asyncio.run), as a script would.
            await asyncio.to_thread(exec, compile(block, "README.md", "exec"), namespace)
    assert "signed in: usr_" in printed.getvalue()
    assert "ada@example.com" in printed.getvalue()  # the backend's list

    runner = web.AppRunner(namespace["app"])
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", runner_port).start()
    try:
        async with ClientSession() as http:
            token = namespace["access_token"]
            async with http.get(
                f"http://127.0.0.1:{runner_port}/profile", headers={"Authorization": f"Bearer {token}"}
            ) as answer:
                assert answer.status == 200
                assert (await answer.json())["user_id"] == namespace["signed_up"].user.id
            async with http.get(f"http://127.0.0.1:{runner_port}/profile") as answer:
                assert answer.status == 401
                assert (await answer.json())["error"]["code"] == "unauthenticated"
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            async with IdentityClient(service.url, secret_key=tenant.secret_key, tenant_id=tenant.id) as backend:
                result = await backend.request(
                    "POST", f"/v1/webhooks/{hook['id']}/test", json={"event": "user.created"}
                )
        assert result["status"] == "delivered", result
        assert "webhook: user.created evt_" in printed.getvalue()
    finally:
        await runner.cleanup()
