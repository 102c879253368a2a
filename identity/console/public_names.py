"""`python -m identity.console.public_names`: prints identity/http/schema_names.py's table with
the structs of every route that have no entry yet, under their class names, for review."""

from __future__ import annotations

from identity.http.openapi import Error, _component_classes, _qualified
from identity.http.schema_names import PUBLIC_NAMES
from identity.wiring import routers


def main() -> None:

    types: list[object] = [Error]
    for router in routers():
        for r in router.routes:
            types += [t for t in (r.body, r.response, r.query, r.form) if t is not None]
            types += [t for t in r.extra.get("responses", {}).values() if isinstance(t, type)]
    table = dict(PUBLIC_NAMES)
    for cls in _component_classes(types):
        table.setdefault(_qualified(cls), cls.__name__)
    print("PUBLIC_NAMES: dict[str, str] = {")
    for qualified in sorted(table):
        print(f'    "{qualified}": "{table[qualified]}",')
    print("}")


if __name__ == "__main__":
    main()
