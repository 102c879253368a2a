"""The TypeScript SDK (sdk/typescript, `@identity/sdk`) against the real service: `identity web`
in a subprocess (tests/support/live_server.py), one tenant with its keys made here, then the SDK's own
suite (`node --test`, compiled with tsc; dev tools pinned in sdk/typescript/package-lock.json and
installed with `npm ci`) with the address and credentials in the environment. Also: the committed
openapi.json copy equals the live document, the generated types are those openapi-typescript
makes from it, the package's version is the service's, and `npm pack` holds both builds."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import uuid
from pathlib import Path

import pytest

from identity import __version__
from tests.support.api import MASTER_KEY
from tests.support.live_server import LiveServer

SDK = Path(__file__).resolve().parent.parent / "sdk" / "typescript"


def _tools() -> tuple[str, str]:
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        if os.environ.get("CI"):
            pytest.fail("node and npm are needed for the TypeScript SDK's tests in CI")
        pytest.skip("node/npm are not installed")
    return npm, node


def _run(args: list[str], *, env: dict[str, str] | None = None, timeout: int = 300) -> str:
    done = subprocess.run(
        args, cwd=SDK, capture_output=True, text=True, timeout=timeout, check=False, env={**os.environ, **(env or {})}
    )
    assert done.returncode == 0, (args, done.stdout[-8000:], done.stderr[-8000:])
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def built() -> tuple[str, str]:
    """npm ci (when node_modules is missing or older than the lock file) and the build."""
    npm, node = _tools()
    modules = SDK / "node_modules" / ".package-lock.json"
    if not modules.exists() or modules.stat().st_mtime < (SDK / "package-lock.json").stat().st_mtime:
        _run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
    _run([node, "tools/build.mjs", "--tests"])
    return npm, node


@pytest.fixture(scope="module")
def server(database_dsn, tmp_path_factory):
    live = LiveServer(database_dsn, tmp_path_factory.mktemp("sdk-ts") / "server").start()
    try:
        yield live
    finally:
        live.stop()


def test_the_sdk_suite_passes_against_the_running_service(built, server) -> None:
    _, node = built
    created = server.call(
        "POST",
        "/v1/tenants",
        token=MASTER_KEY,
        json={
            "name": f"SDK TS {uuid.uuid4().hex[:8]}",
            "auth_config": {"email_verification_required": False, "allowed_origins": ["https://app.example.com"]},
        },
    )
    assert created.status_code == 201, created.text
    tenant = created.json()
    env = {
        "IDENTITY_URL": server.url,
        "IDENTITY_TENANT_ID": tenant["id"],
        "IDENTITY_SECRET_KEY": tenant["secret_key"],
        "IDENTITY_PUBLISHABLE_KEY": tenant["publishable_key"],
        "IDENTITY_MASTER_KEY": MASTER_KEY,
    }
    tests = sorted(str(p.relative_to(SDK)) for p in (SDK / "dist-test" / "test").glob("*.test.js"))
    assert tests
    _run([node, "--test", "--test-reporter=spec", *tests], env=env, timeout=300)  # fails on any failure


def test_the_committed_openapi_copy_is_the_live_document(server) -> None:
    live = server.http.get(server.url + "/openapi.json", timeout=10).json()
    committed = json.loads((SDK.parent / "openapi.json").read_text())
    live.pop("servers", None)
    committed.pop("servers", None)
    assert committed == live, (
        "sdk/openapi.json is stale: run `PYTHONPATH=. .venv/bin/python "
        "sdk/typescript/tools/export_openapi.py` and `npm run generate` in sdk/typescript"
    )


def test_the_generated_types_are_fresh(built, tmp_path) -> None:
    fresh = tmp_path / "openapi.ts"
    _run(
        [
            str(SDK / "node_modules" / ".bin" / "openapi-typescript"),
            "../openapi.json",
            "--output",
            str(fresh),
            "--default-non-nullable",
            "false",
        ]
    )
    assert fresh.read_text() == (SDK / "src" / "generated" / "openapi.ts").read_text(), (
        "sdk/typescript/src/generated/openapi.ts is stale: run `npm run generate` in sdk/typescript"
    )


def test_the_package_version_is_the_service_version() -> None:
    assert json.loads((SDK / "package.json").read_text())["version"] == __version__


def test_npm_pack_holds_both_builds_and_the_types(built, tmp_path) -> None:
    npm, _ = built
    output = _run([npm, "pack", "--ignore-scripts", "--json", "--pack-destination", str(tmp_path)])
    name = json.loads(output[output.index("[") :])[0]["filename"]
    with tarfile.open(tmp_path / name) as tar:
        names = set(tar.getnames())
    for path in (
        "package/package.json",
        "package/README.md",
        "package/dist/esm/index.js",
        "package/dist/cjs/index.js",
        "package/dist/cjs/package.json",
        "package/dist/types/index.d.ts",
    ):
        assert path in names, sorted(names)
    assert not any("/test" in n or "node_modules" in n or n.endswith(".ts") and ".d.ts" not in n for n in names)
