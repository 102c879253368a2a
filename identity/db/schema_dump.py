"""sql/schema.sql: the schema the migrations build, read from the catalogue in one file.

    python -m identity.db.schema_dump [--dsn postgresql://SERVER/db] [--output sql/schema.sql]

migrates a new database on the server (IDENTITY_DATABASE_URL or TEST_DATABASE_URL when --dsn is
not given), renders every table (columns, types, defaults, nullability), constraint, index,
trigger, view and function of the public schema from pg_catalog, and drops the database again.
The rendering is deterministic (sorted by name) and needs no pg_dump binary, so the test that
compares it with the committed file runs on the embedded Postgres too.

Left out: procrastinate's own objects (its schema is procrastinate's, applied first by the
migration runner), the objects of extensions (pg_trgm's functions), and optional objects a
migration creates only where the server allows it (OPTIONAL), which are named in a comment.
The migration runner never applies this file: it applies sql/NNN_*.sql only.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import structlog

from identity.db.migrate import migrate, sql_dir

HEADER = """\
-- GENERATED FILE: do not edit. The schema that sql/NNN_*.sql build, rendered from the catalogue
-- of a freshly migrated database by `python -m identity.db.schema_dump` (identity/db/schema_dump.py).
-- Change the schema with a new migration, then regenerate this file; tests/test_schema_dump.py
-- fails while the two disagree. The migration runner never applies this file.
"""

#: Objects a migration creates only where the server allows it: name -> why.
OPTIONAL = {
    "users_search_trgm_idx": "sql/009 creates it where the pg_trgm extension can be installed",
}

# Objects of procrastinate's schema and of extensions are not ours to describe.
_OURS = """n.nspname = 'public' AND {name} NOT LIKE 'procrastinate%'
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = {catalog}::regclass
                    AND d.objid = {oid} AND d.deptype = 'e')"""

_TYPES = f"""
SELECT t.typname AS name, t.typtype AS kind,
       (SELECT array_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) AS labels,
       format_type(t.typbasetype, t.typtypmod) AS base, t.typnotnull AS not_null,
       pg_get_expr(t.typdefaultbin, 0) AS default_value
FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE t.typtype IN ('e', 'd') AND {_OURS.format(name="t.typname", catalog="'pg_type'", oid="t.oid")}
ORDER BY t.typname
"""

_FUNCTIONS = f"""
SELECT p.proname AS name, pg_get_function_identity_arguments(p.oid) AS args, pg_get_functiondef(p.oid) AS body
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE p.prokind IN ('f', 'p') AND {_OURS.format(name="p.proname", catalog="'pg_proc'", oid="p.oid")}
ORDER BY p.proname, args
"""

_TABLES = f"""
SELECT c.oid, c.relname AS name, c.relkind AS kind, c.reloptions AS options,
       pg_get_viewdef(c.oid) AS view_body
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm') AND {_OURS.format(name="c.relname", catalog="'pg_class'", oid="c.oid")}
ORDER BY c.relname
"""

_COLUMNS = """
SELECT a.attrelid AS table_oid, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
       a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_value,
       a.attidentity AS identity, a.attgenerated AS generated,
       CASE WHEN a.attcollation <> t.typcollation THEN co.collname END AS collation
FROM pg_attribute a
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
LEFT JOIN pg_collation co ON co.oid = a.attcollation
WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum
"""

_CONSTRAINTS = """
SELECT c.conrelid AS table_oid, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
FROM pg_constraint c
WHERE c.conrelid = ANY($1::oid[])
  AND c.contype <> 'n'  -- NOT NULL (recorded here from Postgres 18): rendered with its column
ORDER BY c.contype <> 'p', c.conname
"""

_INDEXES = """
SELECT i.indrelid AS table_oid, x.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid
WHERE i.indrelid = ANY($1::oid[])
  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
ORDER BY x.relname
"""

_TRIGGERS = """
SELECT t.tgrelid AS table_oid, t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
FROM pg_trigger t
WHERE t.tgrelid = ANY($1::oid[]) AND NOT t.tgisinternal
ORDER BY t.tgname
"""


def _column(row: asyncpg.Record) -> str:
    parts = [f"    {row['name']} {row['type']}"]
    if row["collation"]:
        parts.append(f'COLLATE "{row["collation"]}"')
    if row["generated"] == "s":
        parts.append(f"GENERATED ALWAYS AS ({row['default_value']}) STORED")
    elif row["default_value"] is not None:
        parts.append(f"DEFAULT {row['default_value']}")
    if row["identity"] in ("a", "d"):
        parts.append("GENERATED " + ("ALWAYS" if row["identity"] == "a" else "BY DEFAULT") + " AS IDENTITY")
    if row["not_null"]:
        parts.append("NOT NULL")
    return " ".join(parts)


async def render(conn: asyncpg.Connection) -> str:
    """The public schema of the database, as SQL text (HEADER first)."""
    out = [HEADER]
    types = await conn.fetch(_TYPES)
    if types:
        out.append("\n-- Types\n")
        for t in types:
            if t["kind"] == "e":
                labels = ", ".join("'" + label.replace("'", "''") + "'" for label in t["labels"])
                out.append(f"CREATE TYPE {t['name']} AS ENUM ({labels});")
            else:
                extra = (" NOT NULL" if t["not_null"] else "") + (
                    f" DEFAULT {t['default_value']}" if t["default_value"] is not None else ""
                )
                out.append(f"CREATE DOMAIN {t['name']} AS {t['base']}{extra};")
    functions = await conn.fetch(_FUNCTIONS)
    if functions:
        out.append("\n-- Functions\n")
        for f in functions:
            out.append(f["body"].strip() + ";\n")
    relations = await conn.fetch(_TABLES)
    oids = [r["oid"] for r in relations]
    columns = await conn.fetch(_COLUMNS, oids)
    constraints = await conn.fetch(_CONSTRAINTS, oids)
    indexes = await conn.fetch(_INDEXES, oids)
    triggers = await conn.fetch(_TRIGGERS, oids)

    def of(rows: list[asyncpg.Record], oid: int) -> list[asyncpg.Record]:
        return [r for r in rows if r["table_oid"] == oid]

    out.append("\n-- Tables, each with its constraints, indexes and triggers\n")
    for rel in relations:
        name = rel["name"]
        if rel["kind"] in ("v", "m"):
            what = "MATERIALIZED VIEW" if rel["kind"] == "m" else "VIEW"
            out.append(f"CREATE {what} {name} AS\n{rel['view_body'].rstrip().rstrip(';')};\n")
            continue
        cols = ",\n".join(_column(c) for c in of(columns, rel["oid"]))
        options = f" WITH ({', '.join(rel['options'])})" if rel["options"] else ""
        out.append(f"CREATE TABLE {name} (\n{cols}\n){options};")
        for c in of(constraints, rel["oid"]):
            out.append(f"ALTER TABLE {name} ADD CONSTRAINT {c['name']} {c['definition']};")
        for i in of(indexes, rel["oid"]):
            if i["name"] not in OPTIONAL:
                out.append(i["definition"].replace(" public.", " ") + ";")
        for t in of(triggers, rel["oid"]):
            out.append(t["definition"].replace(" public.", " ") + ";")
        out.append("")
    if OPTIONAL:
        out.append("-- Created only where the server allows it, so not rendered above:")
        out += [f"--   {name}: {why}" for name, why in sorted(OPTIONAL.items())]
    return "\n".join(out).rstrip() + "\n"


async def render_fresh(server_dsn: str) -> str:
    """Migrate a new database on the server, render it, drop it."""
    name = f"identity_schema_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(server_dsn)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        dsn = urlunsplit(urlsplit(server_dsn)._replace(path=f"/{name}"))
        try:
            await migrate(dsn)
            conn = await asyncpg.connect(dsn)
            try:
                return await render(conn)
            finally:
                await conn.close()
        finally:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def default_output() -> Path:
    """sql/schema.sql of the checkout (or of the installed package's schema directory)."""
    return sql_dir() / "schema.sql"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m identity.db.schema_dump", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--dsn",
        default=os.environ.get("IDENTITY_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL"),
        help="a Postgres server where a database may be created and dropped",
    )
    parser.add_argument("--output", type=Path, default=default_output(), help="where to write (- for stdout)")
    args = parser.parse_args(argv)
    # The migration runner logs each file; stdout may be the schema itself.
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr))
    if not args.dsn:
        parser.error("no server: pass --dsn or set IDENTITY_DATABASE_URL")
    text = asyncio.run(render_fresh(args.dsn))
    if str(args.output) == "-":
        sys.stdout.write(text)
    else:
        args.output.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
