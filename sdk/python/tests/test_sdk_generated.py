"""The committed document and generated client are what the service's routes give today, and the
SDK's version is the service's."""

from __future__ import annotations

import filecmp
import importlib.util
import json
import tomllib

import identity_sdk
from conftest import REPO, SDK

spec = importlib.util.spec_from_file_location("sdk_generate", SDK / "tools" / "generate.py")
assert spec and spec.loader
generate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(generate)

STALE = "stale: run `python sdk/python/tools/generate.py` and commit sdk/openapi.json and src/identity_sdk/rest"


def test_committed_document_is_the_services_document() -> None:
    committed = json.loads((SDK.parent / "openapi.json").read_text())
    assert committed == json.loads(generate.render_document()), STALE


def _differences(left, right) -> list[str]:
    compared = filecmp.dircmp(left, right, ignore=["__pycache__"])
    found = [f"{compared.left}: {name}" for name in compared.left_only + compared.right_only + compared.diff_files]
    found += [f"{compared.left}: {name}" for name in compared.funny_files]
    for sub in compared.common_dirs:
        found += _differences(f"{left}/{sub}", f"{right}/{sub}")
    return found


def test_committed_client_is_what_the_generator_makes(tmp_path) -> None:
    destination = tmp_path / "rest"
    generate.generate(SDK.parent / "openapi.json", destination)
    committed = SDK / "src" / "identity_sdk" / "rest"
    differences = _differences(destination, committed)
    # dircmp compares same-sized files shallowly (by their stat): compare every byte as well.
    differences += [
        str(p.relative_to(destination))
        for p in destination.rglob("*.py")
        if (committed / p.relative_to(destination)).is_file()
        and p.read_bytes() != (committed / p.relative_to(destination)).read_bytes()
    ]
    assert not differences, (STALE, differences[:20])


def test_version_is_the_services() -> None:
    service = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    assert identity_sdk.__version__ == service
