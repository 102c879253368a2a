"""Regenerate the SDK's typed client from the service's OpenAPI document.

    python sdk/python/tools/generate.py            # render the document from the service's code, then generate
    python sdk/python/tools/generate.py --offline  # generate from the committed sdk/openapi.json

The document is rendered from the route declarations (identity.http.openapi.build), exactly as
/openapi.json serves it, and committed as sdk/openapi.json; the client is generated from
that copy by openapi-python-client (pinned in constraints.txt) into
src/identity_sdk/rest, with no formatting pass so that the output depends on nothing but
the document and the generator's version. sdk/python/tests/test_sdk_generated.py regenerates into a temporary
directory and fails when the committed code or document is stale.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SDK = Path(__file__).resolve().parents[1]
REPO = SDK.parents[1]
DOCUMENT = SDK.parent / "openapi.json"  # one document for both SDKs
PACKAGE = SDK / "src" / "identity_sdk" / "rest"
# Where the document says the API lives; the client takes its base URL at run time.
SERVER_URL = "http://127.0.0.1"
CONFIG = {"post_hooks": [], "project_name_override": "identity-sdk-generated", "package_name_override": "rest"}


def render_document() -> str:
    """The service's /openapi.json, rendered from its route declarations (no server needed)."""
    sys.path.insert(0, str(REPO))
    from identity.app import routers
    from identity.http import openapi

    document = openapi.build([r for router in routers() for r in router.routes], SERVER_URL)
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def generate(document: Path, destination: Path) -> None:
    """Generate the client package from `document` into `destination` (replaced)."""
    executable = Path(sys.executable).parent / "openapi-python-client"
    with tempfile.TemporaryDirectory() as work:
        config = Path(work) / "config.json"
        config.write_text(json.dumps(CONFIG))
        out = Path(work) / "out"
        done = subprocess.run(  # noqa: S603 - our own venv's generator, fixed arguments
            [
                str(executable),
                "generate",
                "--path",
                str(document),
                "--meta",
                "none",
                "--config",
                str(config),
                "--output-path",
                str(out),
                "--fail-on-warning",
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
            env={**os.environ, "PATH": f"{executable.parent}{os.pathsep}{os.environ.get('PATH', '')}"},
        )
        if done.returncode != 0:
            raise SystemExit(f"openapi-python-client failed:\n{done.stdout}\n{done.stderr}")
        if destination.exists():
            shutil.rmtree(destination)
        shutil.copytree(out, destination)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offline", action="store_true", help="generate from the committed openapi.json as it is")
    args = parser.parse_args()
    if not args.offline:
        DOCUMENT.write_text(render_document(), encoding="utf-8")
    generate(DOCUMENT, PACKAGE)
    print(f"generated {PACKAGE.relative_to(REPO)} from {DOCUMENT.relative_to(REPO)}")


if __name__ == "__main__":
    main()
