"""The `identity` command (decisions.md §1)."""

from __future__ import annotations

import argparse
import asyncio
import sys

from identity.config import Settings


def _settings() -> Settings:
    from identity import logs

    logs.configure()
    settings = Settings.from_env()
    settings.validate()
    if not settings.rate_limits_enabled:
        import structlog

        structlog.get_logger("identity").warning(
            "RATE LIMITS ARE OFF (IDENTITY_RATE_LIMITS=off): use this only for benchmarks"
        )
    return settings


def _prepare(settings: Settings, *, create_master: bool) -> str:
    from identity import masterkeys
    from identity.db.migrate import migrate
    from identity.db.pool import resolve_dsn

    dsn = resolve_dsn(settings)
    asyncio.run(migrate(dsn))
    if create_master:
        key = asyncio.run(masterkeys.ensure_one(dsn, settings.master_key))
        if key:
            print(
                "\nA master key was created. It is shown only this once; store it safely:\n\n"
                f"    {key}\n",
                file=sys.stderr,
                flush=True,
            )
    return dsn


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="identity", description="Identity and authentication service")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, text in (
        ("serve", "migrate, then run the API and the workers in one process"),
        ("web", "run the API only"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument("--port", type=int, default=3000)
    sub.add_parser("worker", help="run the job workers only")
    sub.add_parser("migrate", help="apply the schema files in sql/ once each, in order")
    keys = sub.add_parser("keys", help="key management")
    keys_sub = keys.add_subparsers(dest="keys_command", required=True)
    keys_sub.add_parser("master", help="create and print a new master key")
    rotate = keys_sub.add_parser(
        "rotate-signing", help="bring in a new JWT signing key; tokens already issued stay valid"
    )
    rotate.add_argument("--activate-in", default="0s",
                        help="publish now, start signing this long from now (e.g. 1h); default now")
    args = parser.parse_args(argv)

    settings = _settings()
    if args.command == "migrate":
        _prepare(settings, create_master=False)
        return
    if args.command == "keys" and args.keys_command == "master":
        from identity import masterkeys
        from identity.db.pool import create_pool

        dsn = _prepare(settings, create_master=False)

        async def make() -> str:
            pool = await create_pool(dsn, 1, 1)
            try:
                return await masterkeys.create(pool)
            finally:
                await pool.close()

        print(asyncio.run(make()))
        return

    if args.command == "keys" and args.keys_command == "rotate-signing":
        from identity.tokens.operator import rotate_signing

        dsn = _prepare(settings, create_master=False)
        print(asyncio.run(rotate_signing(settings, dsn, args.activate_in)))
        return

    from identity.runner import run

    dsn = _prepare(settings, create_master=args.command == "serve")
    api = args.command in ("serve", "web")
    worker = args.command in ("serve", "worker")
    host = getattr(args, "host", "127.0.0.1")
    port = getattr(args, "port", 3000)
    asyncio.run(run(settings, dsn, api=api, worker=worker, host=host, port=port))


if __name__ == "__main__":
    main()
