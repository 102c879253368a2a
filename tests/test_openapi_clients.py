"""Clients generated from the served /openapi.json work: openapi-python-client's package
imports and signs up, signs in and reads /v1/auth/me against a real server, without a warning
or a dropped operation; openapi-typescript's types type-check with tsc (versions pinned in
tests/typescript/package-lock.json, installed with `npm ci`)."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.support.api import MASTER_KEY, STRONG_PASSWORD
from tests.support.live_server import LiveServer

HERE = Path(__file__).parent
VENV_BIN = Path(sys.executable).parent


@pytest.fixture(scope="module")
def served(database_dsn, tmp_path_factory):
    """(server, path of the document it served)."""
    workdir = tmp_path_factory.mktemp("clients")
    server = LiveServer(database_dsn, workdir / "server").start()
    try:
        document = workdir / "openapi.json"
        document.write_bytes(server.http.get(server.url + "/openapi.json", timeout=10).content)
        yield server, document
    finally:
        server.stop()


def _operation_count(document: Path) -> int:
    return sum(len(item) for item in json.loads(document.read_text())["paths"].values())


def test_python_client_generates_without_warnings_and_signs_up_in_and_reads_me(served, tmp_path) -> None:
    server, document = served
    env = {**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    generated = subprocess.run(
        [
            str(VENV_BIN / "openapi-python-client"),
            "generate",
            "--path",
            str(document),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / "identity_client"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    output = generated.stdout + generated.stderr
    assert generated.returncode == 0, output
    assert "Warning" not in output and "WARNING" not in output, output  # nothing skipped
    modules = [p for p in (tmp_path / "identity_client" / "api").rglob("*.py") if p.name != "__init__.py"]
    assert len(modules) == _operation_count(document)  # not one operation dropped

    sys.path.insert(0, str(tmp_path))
    try:
        from identity_client import AuthenticatedClient  # type: ignore[import-not-found]
        from identity_client.api.authentication import (  # type: ignore[import-not-found]
            get_v1_auth_me,
            post_v1_auth_sign_in,
            post_v1_auth_sign_up,
        )
        from identity_client.api.tenants_control_plane import post_v1_tenants  # type: ignore
        from identity_client.models import (  # type: ignore[import-not-found]
            CreateTenant,
            Me,
            SignIn,
            SignInResult,
            SignUp,
            SignUpResult,
            TenantCreated,
        )

        with AuthenticatedClient(base_url=server.url, token=MASTER_KEY) as control:
            created = post_v1_tenants.sync(
                client=control,
                body=CreateTenant.from_dict(
                    {
                        "name": f"Client {uuid.uuid4().hex[:8]}",
                        "auth_config": {"email_verification_required": False},
                    }
                ),
            )
        assert isinstance(created, TenantCreated), created
        email = f"gen-{uuid.uuid4().hex[:8]}@example.com"
        with AuthenticatedClient(base_url=server.url, token=created.publishable_key) as public:
            signed_up = post_v1_auth_sign_up.sync(
                client=public, x_tenant_id=created.id, body=SignUp(email=email, password=STRONG_PASSWORD)
            )
            assert isinstance(signed_up, SignUpResult), signed_up
            signed_in = post_v1_auth_sign_in.sync(
                client=public, x_tenant_id=created.id, body=SignIn(email=email, password=STRONG_PASSWORD)
            )
            assert isinstance(signed_in, SignInResult), signed_in
        with AuthenticatedClient(base_url=server.url, token=signed_in.session.access_token) as user:
            me = get_v1_auth_me.sync(client=user, x_tenant_id=created.id)
        assert isinstance(me, Me), me
        assert me.email == email and me.id == signed_up.user.id
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "identity_client" or m.startswith("identity_client.")]:
            del sys.modules[name]
        importlib.invalidate_caches()


def test_typescript_types_generate_and_type_check(served, tmp_path) -> None:
    _, document = served
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("node and npm are needed for this test in CI")
        pytest.skip("node/npm are not installed")
    work = tmp_path / "ts"
    work.mkdir()
    for name in ("package.json", "package-lock.json", "tsconfig.json", "usage.ts"):
        shutil.copy(HERE / "typescript" / name, work / name)

    def run(*args: str) -> str:
        done = subprocess.run(list(args), cwd=work, capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, (args, done.stdout[-4000:], done.stderr[-4000:])
        return done.stdout + done.stderr

    run(npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund")
    bin_dir = work / "node_modules" / ".bin"
    # A field with a default may be left out of a request: not "non-nullable" (required).
    run(str(bin_dir / "openapi-typescript"), str(document), "--output", "api.d.ts", "--default-non-nullable", "false")
    run(str(bin_dir / "tsc"), "-p", "tsconfig.json")
