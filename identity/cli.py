"""The `identity` command: the service roles and the operator's commands (docs/operations.md).

Every option and subcommand carries help text (a test walks the parser). The service roles
(serve, web, worker, migrate) log JSON lines to stdout; the operator commands print their result
on stdout (a table, or JSON with --json) and their log lines on stderr. Secrets are shown once,
never logged (identity/console/reveal.py).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from typing import Any

from identity import __version__
from identity.config import Settings

#: Commands that run the service; they log to stdout and may create the embedded database.
SERVICE_ROLES = ("serve", "web", "worker", "migrate")


def _settings(log_stream: Any = None) -> Settings:
    from identity import logs

    logs.configure()
    if log_stream is not None:
        # Operator commands: stdout is their answer, so their log lines go to stderr.
        for handler in logging.getLogger().handlers:
            if isinstance(handler, logging.StreamHandler):
                handler.setStream(log_stream)
    settings = Settings.from_env()
    settings.validate()
    if not settings.rate_limits_enabled:
        import structlog

        structlog.get_logger("identity").warning(
            "RATE LIMITS ARE OFF (IDENTITY_RATE_LIMITS=off): use this only for benchmarks"
        )
    return settings


def _migrate(dsn: str) -> None:
    from identity.console.output import progress
    from identity.db.migrate import migrate

    with progress("applying schema files") as advance:
        asyncio.run(
            migrate(
                dsn,
                on_step=lambda name, done, total: advance(
                    steps=1 if done else 0, description=f"applying {name}", total=total
                ),
            )
        )


def _prepare(settings: Settings, *, create_master: bool) -> str:
    """The service roles: the database (created when embedded and new), migrated; at the first
    `serve`, a master key shown once."""
    from identity import masterkeys
    from identity.db.pool import resolve_dsn

    dsn = resolve_dsn(settings)
    _migrate(dsn)
    if create_master:
        from identity.console.reveal import SecretOutput

        key = asyncio.run(masterkeys.ensure_one(dsn, settings.master_key))
        if key:
            import structlog

            where = SecretOutput(settings.data_dir).show("A master key was created", key, "master-key")
            # Where it went, never the key: the log stream is kept by log collectors.
            structlog.get_logger("identity.cli").info("master_key_created", last_four=key[-4:], shown_on=where)
    return dsn


async def _mail(settings: Settings, dsn: str, args: argparse.Namespace) -> str:
    from identity.crypto import SecretBox
    from identity.db.pool import create_pool
    from identity.email import operator

    pool = await create_pool(dsn, 1, 2)
    try:
        if args.command == "emails":
            box = SecretBox.load_or_create(settings.secret_key, settings.data_dir)
            return await operator.list_emails(
                pool, box, tenant_id=args.tenant, to=args.to, limit=args.limit, full=args.full
            )
        if args.outbox_command == "retry":
            ok = await operator.retry(pool, args.tenant, args.id)
            if not ok:
                raise SystemExit("no failed or abandoned outbox row with that tenant and id")
            return f"requeued {args.id}"
        return await operator.list_outbox(
            pool, tenant_id=args.tenant, topic=args.topic, status=args.status, limit=args.limit
        )
    finally:
        await pool.close()


# -- the parser --------------------------------------------------------------------------------


def _json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print JSON instead of a table (for scripts)")


def _tenant_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--tenant",
        "-t",
        required=True,
        metavar="TENANT",
        help="the tenant's id (tnt_...) or slug; every lookup stays inside it",
    )


def _secret_file(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--secret-file",
        metavar="PATH",
        help="write the new secret to this new file (mode 0600) instead of the terminal",
    )


def _command(sub: Any, name: str, help: str, description: str | None = None) -> argparse.ArgumentParser:
    """A command or action: its line in the parent's help, and its own --help (the same text
    unless it says more)."""
    parser: argparse.ArgumentParser = sub.add_parser(name, help=help, description=description or help)
    return parser


def _group(sub: Any, name: str, dest: str, help: str, description: str | None = None) -> Any:
    """A command with actions (`identity NAME ACTION`): the parser its actions are added to."""
    return _command(sub, name, help, description).add_subparsers(dest=dest, required=True, metavar="ACTION")


def _limit(p: argparse.ArgumentParser, default: int) -> None:
    p.add_argument("--limit", type=int, default=default, help=f"at most this many rows (default {default})")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="identity",
        description="Identity and authentication service, and its operator's tools.",
        epilog="Configuration comes from IDENTITY_* environment variables (`identity config` shows "
        "them). Without IDENTITY_DATABASE_URL the database is the embedded one under "
        "IDENTITY_DATA_DIR (default ./.identity). docs/operations.md describes each command.",
    )
    parser.add_argument(
        "--version", action="version", version=f"identity {__version__}", help="print the version and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    for name, text in (
        ("serve", "migrate, then run the API and the workers in one process"),
        ("web", "run the API only"),
    ):
        p = _command(sub, name, text)
        p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
        p.add_argument("--port", type=int, default=3000, help="port to listen on (default 3000)")
    _command(sub, "worker", "run the job workers only")
    _command(
        sub,
        "migrate",
        "apply the schema files in sql/ once each, in order",
        "apply the schema files in sql/ once each, in order, under an advisory "
        "lock (creates the embedded database when there is none)",
    )

    keys_sub = _group(sub, "keys", "keys_command", "master keys and JWT signing keys")
    km = _command(
        keys_sub,
        "master",
        "create a new master key and show it once (= master-keys create)",
        "create a new master key; only its hash is stored",
    )
    _secret_file(km)
    rotate = _command(keys_sub, "rotate-signing", "bring in a new JWT signing key; tokens already issued stay valid")
    rotate.add_argument(
        "--activate-in", default="0s", help="publish now, start signing this long from now (e.g. 1h); default now"
    )
    rotate.add_argument(
        "--algorithm",
        choices=["ES256", "RS256"],
        action="append",
        help="rotate only this key family (repeatable); default both",
    )

    mk_sub = _group(
        sub,
        "master-keys",
        "master_command",
        "create, list and revoke master keys",
        "master keys (mk_live_...) manage tenants; only their hashes are stored",
    )
    mkc = _command(mk_sub, "create", "create a new master key and show it once")
    _secret_file(mkc)
    mkl = _command(
        mk_sub,
        "list",
        "list stored master keys (id, prefix, last four, status)",
        "list stored master keys; IDENTITY_MASTER_KEY is not stored, so not listed",
    )
    _json(mkl)
    mkr = _command(mk_sub, "revoke", "revoke a master key; it stops working at once")
    mkr.add_argument("id", help="the key's id (mk_..., from `identity master-keys list`)")

    t_sub = _group(
        sub,
        "tenants",
        "tenants_command",
        "create, list and show tenants",
        "create, list and show tenants (as the control plane API does)",
    )
    tc = _command(
        t_sub,
        "create",
        "create a tenant with its publishable and secret keys",
        "create a tenant; prints its id (TID) and publishable key (PK), and shows its secret key (SK) once",
    )
    tc.add_argument("name", help="the tenant's display name")
    tc.add_argument("--slug", help="URL-safe unique name (default: made from the name)")
    tc.add_argument(
        "--plan",
        default="free",
        choices=["free", "starter", "pro", "enterprise"],
        help="billing plan, which sets the rate limits (default free)",
    )
    tc.add_argument("--owner-email", help="also create an owner user with this address")
    _secret_file(tc)
    _json(tc)
    tl = _command(t_sub, "list", "list tenants, newest first")
    tl.add_argument("--q", help="only tenants whose name or slug contains this")
    tl.add_argument("--status", choices=["active", "suspended", "deleted"], help="only tenants in this status")
    tl.add_argument("--plan", choices=["free", "starter", "pro", "enterprise"], help="only tenants on this plan")
    _limit(tl, 20)
    _json(tl)
    ts = _command(t_sub, "show", "one tenant with its settings and counts")
    ts.add_argument("tenant", help="the tenant's id (tnt_...) or slug")
    _json(ts)

    u_sub = _group(
        sub,
        "users",
        "users_command",
        "look up a user; verify their email, unlock them, reset their MFA",
        "user support actions; each change is audited with actor type operator",
    )
    for name, text in (
        ("find", "show a user (status, verification, MFA, lockout)"),
        (
            "verify-email",
            "mark the user's email address verified (sign-in then stops answering 403 email_not_verified)",
        ),
        ("unlock", "clear a lockout after too many wrong passwords"),
        ("reset-mfa", "remove all of the user's MFA factors and backup codes (lost device)"),
    ):
        p = _command(u_sub, name, text)
        _tenant_arg(p)
        p.add_argument("user", help="the user's id (usr_...) or email address")
        if name == "find":
            _json(p)

    w_sub = _group(
        sub, "webhooks", "webhooks_command", "list and retry webhook deliveries", "webhook deliveries of one tenant"
    )
    wd = _command(
        w_sub,
        "deliveries",
        "list deliveries, newest first",
        "list deliveries, newest first, to the tenant's and admin webhooks",
    )
    _tenant_arg(wd)
    wd.add_argument("--webhook", help="only deliveries to this webhook (whk_... or its admin webhook id)")
    wd.add_argument("--status", choices=["pending", "delivered", "failed"], help="only deliveries in this status")
    wd.add_argument("--event", help="only deliveries of this event type (e.g. user.created)")
    _limit(wd, 50)
    _json(wd)
    wr = _command(
        w_sub,
        "retry",
        "start a new series of attempts for deliveries now",
        "start a new series of attempts now (five retries on the schedule again)",
    )
    _tenant_arg(wr)
    wr.add_argument("delivery", nargs="*", help="delivery ids (del_...) to retry")
    wr.add_argument("--all-failed", action="store_true", help="retry every failed delivery of the tenant")
    wr.add_argument("--webhook", help="with --all-failed: only this webhook's")
    _limit(wr, 1000)

    st = _command(
        sub,
        "status",
        "job queues, outbox and webhook backlog",
        "job queue depth and the age of the oldest job due per queue; outbox and pending webhook deliveries per tenant",
    )
    _json(st)
    cf = _command(
        sub,
        "config",
        "the effective configuration, secrets masked",
        "every IDENTITY_* setting as this process reads it; credentials "
        "show only whether they are set, URLs lose their passwords",
    )
    _json(cf)

    d_sub = _group(
        sub,
        "db",
        "db_command",
        "the embedded database: psql, stop",
        "the database under IDENTITY_DATA_DIR (or IDENTITY_DATABASE_URL)",
    )
    dp = _command(
        d_sub,
        "psql",
        "open psql on the service's database",
        "open psql on the service's database (starts the embedded server if needed, and stops it again afterwards)",
    )
    dp.add_argument("psql_args", nargs=argparse.REMAINDER, help="further arguments for psql (after --)")
    _command(
        d_sub,
        "stop",
        "stop the embedded Postgres (a running serve loses its database)",
        "stop the embedded Postgres under IDENTITY_DATA_DIR",
    )

    emails_sub = _group(sub, "emails", "emails_command", "the email log (stored messages without IDENTITY_SMTP_URL)")
    el = _command(emails_sub, "list", "newest emails first, with their links and codes")
    el.add_argument("--tenant", help="only this tenant's emails (tenant id)")
    el.add_argument("--to", help="only emails to this address")
    _limit(el, 20)
    el.add_argument("--full", action="store_true", help="print whole text bodies")
    outbox_sub = _group(sub, "outbox", "outbox_command", "inspect and retry outbox rows")
    ol = _command(outbox_sub, "list", "newest rows first: status, attempts, last error")
    ol.add_argument("--tenant", help="only this tenant's rows (tenant id)")
    ol.add_argument("--topic", help="only rows of this topic (email, sms)")
    ol.add_argument(
        "--status", choices=["queued", "processing", "sent", "failed", "abandoned"], help="only rows in this status"
    )
    _limit(ol, 50)
    orr = _command(outbox_sub, "retry", "requeue a failed or abandoned row")
    orr.add_argument("tenant", help="the row's tenant id")
    orr.add_argument("id", help="the outbox row's id")
    return parser


# -- dispatch ----------------------------------------------------------------------------------


def _operator_handler(args: argparse.Namespace) -> Any:
    from identity.console import commands as c

    table = {
        ("master-keys", "create"): c.master_create,
        ("master-keys", "list"): c.master_list,
        ("master-keys", "revoke"): c.master_revoke,
        ("keys", "master"): c.master_create,
        ("tenants", "create"): c.tenants_create,
        ("tenants", "list"): c.tenants_list,
        ("tenants", "show"): c.tenants_show,
        ("users", "find"): c.users_find,
        ("users", "verify-email"): c.users_verify_email,
        ("users", "unlock"): c.users_unlock,
        ("users", "reset-mfa"): c.users_reset_mfa,
        ("webhooks", "deliveries"): c.webhooks_deliveries,
        ("webhooks", "retry"): c.webhooks_retry,
        ("status", None): c.status,
    }
    action = next(
        (
            getattr(args, a)
            for a in ("master_command", "keys_command", "tenants_command", "users_command", "webhooks_command")
            if getattr(args, a, None)
        ),
        None,
    )
    return table.get((args.command, action))


def _db(settings: Settings, args: argparse.Namespace) -> int:
    import shutil
    import subprocess

    from identity.console.database import opened
    from identity.db import embedded

    if args.db_command == "stop":
        if settings.database_url:
            raise SystemExit("IDENTITY_DATABASE_URL is set: that server is not the embedded one")
        if not embedded.exists(settings.data_dir):
            raise SystemExit(embedded.missing_message(settings.data_dir))
        stopped = embedded.stop_embedded(settings.data_dir)
        print(
            f"stopped the embedded Postgres at {embedded.pgdata_of(settings.data_dir)}"
            if stopped
            else f"the embedded Postgres at {embedded.pgdata_of(settings.data_dir)} was not running"
        )
        return 0
    psql = shutil.which("psql")
    if psql is None:
        raise SystemExit("psql is not on PATH")
    extra = [a for a in args.psql_args if a != "--"]
    with opened(settings, create=False, check_schema=False) as dsn:
        return subprocess.call([psql, dsn, *extra])  # noqa: S603 (the operator's own psql)


def main(argv: list[str] | None = None) -> None:
    args = build_parser().parse_args(argv)
    service = args.command in SERVICE_ROLES
    settings = _settings(None if service else sys.stderr)

    if args.command == "migrate":
        from identity.console.database import opened

        with opened(settings, create=True, check_schema=False) as dsn:
            _migrate(dsn)
        return
    if args.command == "config":
        from identity.console import output
        from identity.console.settings_view import effective

        rows = effective(settings)
        if args.json:
            output.print_json(rows)
        else:
            output.print_table(rows, ["variable", "value", "source"], title="configuration")
        return
    if args.command == "db":
        raise SystemExit(_db(settings, args))

    handler = _operator_handler(args)
    if (
        handler is not None
        or args.command in ("emails", "outbox")
        or (args.command == "keys" and args.keys_command == "rotate-signing")
    ):
        _operate(settings, args, handler)
        return

    from identity.runner import run, run_in_loop

    dsn = _prepare(settings, create_master=args.command == "serve")
    api = args.command in ("serve", "web")
    worker = args.command in ("serve", "worker")
    host = getattr(args, "host", "127.0.0.1")
    port = getattr(args, "port", 3000)
    run_in_loop(settings, run(settings, dsn, api=api, worker=worker, host=host, port=port))


def _operate(settings: Settings, args: argparse.Namespace, handler: Any) -> None:
    """An operator command on an existing database; a service error is the command's error."""
    from identity.console import commands
    from identity.console.database import opened
    from identity.http.errors import ApiError

    try:
        with opened(settings, create=False) as dsn:
            if handler is not None:
                asyncio.run(commands.run(handler, settings, dsn, args))
            elif args.command == "keys":
                from identity.sessions.operator import rotate_signing

                algorithms = tuple(args.algorithm) if args.algorithm else None
                print(asyncio.run(rotate_signing(settings, dsn, args.activate_in, algorithms)))
            else:
                print(asyncio.run(_mail(settings, dsn, args)))
    except ApiError as exc:
        raise SystemExit(f"identity: {exc.code}: {exc.message}") from None


if __name__ == "__main__":
    main()
