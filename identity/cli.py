"""The `identity` command (README.md, "Commands and configuration")."""

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


async def _operator(settings: Settings, dsn: str, args: argparse.Namespace) -> str:
    from identity.crypto import SecretBox
    from identity.db.pool import create_pool
    from identity.email import operator

    pool = await create_pool(dsn, 1, 2)
    try:
        if args.command == "emails":
            box = SecretBox.load_or_create(settings.secret_key, settings.data_dir)
            return await operator.list_emails(pool, box, tenant_id=args.tenant, to=args.to,
                                              limit=args.limit, full=args.full)
        if args.outbox_command == "retry":
            ok = await operator.retry(pool, args.tenant, args.id)
            if not ok:
                raise SystemExit("no failed or abandoned outbox row with that tenant and id")
            return f"requeued {args.id}"
        return await operator.list_outbox(pool, tenant_id=args.tenant, topic=args.topic,
                                          status=args.status, limit=args.limit)
    finally:
        await pool.close()


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
    rotate.add_argument("--algorithm", choices=["ES256", "RS256"], action="append",
                        help="rotate only this key family (repeatable); default both")
    emails = sub.add_parser("emails", help="the email log (stored messages without IDENTITY_SMTP_URL)")
    emails_sub = emails.add_subparsers(dest="emails_command", required=True)
    el = emails_sub.add_parser("list", help="newest emails first, with their links and codes")
    el.add_argument("--tenant")
    el.add_argument("--to")
    el.add_argument("--limit", type=int, default=20)
    el.add_argument("--full", action="store_true", help="print whole text bodies")
    outbox = sub.add_parser("outbox", help="inspect and retry outbox rows")
    outbox_sub = outbox.add_subparsers(dest="outbox_command", required=True)
    ol = outbox_sub.add_parser("list", help="newest rows first: status, attempts, last error")
    ol.add_argument("--tenant")
    ol.add_argument("--topic")
    ol.add_argument("--status", choices=["queued", "processing", "sent", "failed", "abandoned"])
    ol.add_argument("--limit", type=int, default=50)
    orr = outbox_sub.add_parser("retry", help="requeue a failed or abandoned row")
    orr.add_argument("tenant")
    orr.add_argument("id")
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

    if args.command in ("emails", "outbox"):
        print(asyncio.run(_operator(settings, _prepare(settings, create_master=False), args)))
        return

    if args.command == "keys" and args.keys_command == "rotate-signing":
        from identity.tokens.operator import rotate_signing

        dsn = _prepare(settings, create_master=False)
        algorithms = tuple(args.algorithm) if args.algorithm else None
        print(asyncio.run(rotate_signing(settings, dsn, args.activate_in, algorithms)))
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
