"""Writes sdk/openapi.json (the document both SDKs are generated from): the service's /openapi.json as the route declarations
generate it, so `npm run generate` can rebuild the SDK's types without a running server.

    PYTHONPATH=. .venv/bin/python sdk/typescript/tools/export_openapi.py

tests/test_sdk_typescript.py fails when the committed copy differs from the live document (the
`servers` entry aside, which names whichever address served it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from identity.app import routers
from identity.http import openapi

TARGET = Path(__file__).resolve().parent.parent.parent / "openapi.json"
SERVER = "http://localhost:8080"


def document() -> dict[str, Any]:
    return openapi.build([r for router in routers() for r in router.routes], SERVER)


def render(doc: dict[str, Any]) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    TARGET.write_text(render(document()))
    print(f"wrote {TARGET}")
