"""The operator commands' work: tenants, master keys, users, webhook deliveries, status.

Each change goes through the service the API uses, so it is checked by the same rules and
written with its audit entry and events in one transaction; the audit actor is the operator
(type "operator", id "cli:<os user>"). Reads use the services' and stores' functions.
"""

from __future__ import annotations

import argparse
import getpass
from pathlib import Path
from typing import Any

import asyncpg
import msgspec
import structlog

from identity import masterkeys
from identity.audit.context import AuditContext
from identity.config import Settings
from identity.console import output
from identity.console.reveal import SecretOutput
from identity.db.pool import create_pool
from identity.http.errors import NOT_FOUND, TENANT_NOT_FOUND
from identity.http.validation import convert
from identity.principals import Tenant

log = structlog.get_logger("identity.cli")

TENANT_COLUMNS = ["id", "name", "slug", "status", "plan", "user_count", "created_at"]
USER_COLUMNS = ["id", "email", "email_verified", "status", "mfa_enabled", "locked", "last_sign_in_at", "created_at"]
DELIVERY_COLUMNS = [
    "id",
    "webhook_id",
    "event",
    "status",
    "attempts",
    "http_status",
    "last_error",
    "next_attempt_at",
    "test",
    "created_at",
]


def operator_audit() -> AuditContext:
    try:
        who = getpass.getuser()
    except (KeyError, OSError):
        who = "unknown"
    from identity import __version__

    return AuditContext(
        actor={"id": f"cli:{who}", "email": None, "type": "operator"}, user_agent=f"identity-cli/{__version__}"
    )


async def _tenant(pool: asyncpg.Pool, id_or_slug: str) -> Tenant:
    from identity.tenants import store as tenants

    tenant = await tenants.principal_tenant(pool, id_or_slug)
    if tenant is None:
        raise TENANT_NOT_FOUND(f"no tenant {id_or_slug!r}")
    return tenant


async def _user_id(pool: asyncpg.Pool, tenant: Tenant, user: str) -> str:
    """An id (usr_...) or an email address; looked up inside the tenant only."""
    from identity.users import service as users

    found = (
        await users.get_user_by_email(pool, tenant.id, user)
        if "@" in user
        else await users.get_user(pool, tenant.id, user)
    )
    return found.id


async def _user_view(pool: asyncpg.Pool, tenant_id: str, user_id: str) -> dict[str, Any]:
    """The API's user object plus the lockout state an operator asks about."""
    from identity.users import lockout
    from identity.users import store as users
    from identity.users.presenter import present_user

    row = await users.get(pool, tenant_id, user_id)
    if row is None:
        raise NOT_FOUND("no such user")
    return {
        **msgspec.structs.asdict(present_user(row)),
        "locked": lockout.is_locked(row),
        "locked_until": row.locked_until,
    }


# -- tenants -----------------------------------------------------------------------------------


async def tenants_create(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.crypto import SecretBox
    from identity.tenants import service as tenants
    from identity.tenants.schemas import CreateTenant
    from identity.wiring import tenant_created

    data: dict[str, Any] = {"name": args.name, "plan": args.plan}
    if args.slug:
        data["slug"] = args.slug
    if args.owner_email:
        data["owner_email"] = args.owner_email
    body = convert(data, CreateTenant)
    secrets = SecretOutput(settings.data_dir, Path(args.secret_file) if args.secret_file else None)
    try:
        box = SecretBox.load_or_create(settings.secret_key, settings.data_dir)
        created = await tenants.create(
            pool, body, operator_audit(), box, allow_http=settings.webhook_allow_http, on_created=tenant_created()
        )
    except BaseException:
        secrets.close()
        raise
    shown = {
        "id": created.id,
        "name": created.name,
        "slug": created.slug,
        "plan": created.plan,
        "publishable_key": created.publishable_key,
        "created_at": created.created_at,
    }
    if args.json:
        output.print_json(shown)
    else:
        output.print_fields(shown, title="tenant created (TID = id, PK = publishable_key)")
    secrets.show(f"The secret key (SK) of tenant {created.id}", created.secret_key, f"tenant-{created.id}-secret-key")


async def tenants_list(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.tenants import service as tenants
    from identity.tenants.schemas import ListTenants

    query: dict[str, Any] = {"limit": args.limit}
    for name in ("q", "status", "plan"):
        if getattr(args, name):
            query[name] = getattr(args, name)
    found = await tenants.list_tenants(pool, convert(query, ListTenants))
    if args.json:
        output.print_json(found.data)
    else:
        output.print_table(output.records(found.data), TENANT_COLUMNS, title="tenants", empty="no tenants")


async def tenants_show(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.tenants import service as tenants

    found = await tenants.get(pool, args.tenant)
    tenant = {**msgspec.structs.asdict(found), "stats": msgspec.to_builtins(await tenants.stats(pool, found.id))}
    if args.json:
        output.print_json(tenant)
    else:
        output.print_fields(tenant, title=f"tenant {found.id}")


# -- master keys -------------------------------------------------------------------------------


async def master_create(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    secrets = SecretOutput(settings.data_dir, Path(args.secret_file) if args.secret_file else None)
    try:
        key = await masterkeys.create(pool)
    except BaseException:
        secrets.close()
        raise
    log.info("master_key_created", last_four=key[-4:])
    secrets.show("A new master key was created", key, "master-key")


async def master_list(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    rows = [
        {
            **msgspec.structs.asdict(r),
            "status": "revoked" if r.revoked_at else "active",
            "key": f"{r.prefix}…{r.last_four}",
        }
        for r in await masterkeys.list_keys(pool)
    ]
    if args.json:
        output.print_json(rows)
    else:
        output.print_table(
            rows,
            ["id", "key", "status", "created_at", "revoked_at"],
            title="master keys",
            empty="no stored master keys",
        )


async def master_revoke(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    row = await masterkeys.revoke(pool, args.id)
    if row is None:
        raise NOT_FOUND(f"no master key {args.id!r}")
    assert row.revoked_at is not None  # set by the revocation
    log.info("master_key_revoked", master_key_id=row.id)
    output.print_line(
        f"revoked {row.id} ({row.prefix}…{row.last_four}) at {row.revoked_at.isoformat(timespec='seconds')}"
    )


# -- users -------------------------------------------------------------------------------------


async def users_find(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    tenant = await _tenant(pool, args.tenant)
    user = await _user_view(pool, tenant.id, await _user_id(pool, tenant, args.user))
    if args.json:
        output.print_json(user)
    else:
        output.print_fields(
            {k: user.get(k) for k in [*USER_COLUMNS, "name", "username", "role", "locked_until", "updated_at"]},
            title=f"user in {tenant.id}",
        )


async def users_verify_email(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.users import service as users
    from identity.users.schemas import UpdateUser

    tenant = await _tenant(pool, args.tenant)
    user_id = await _user_id(pool, tenant, args.user)
    user = await users.update(pool, tenant, user_id, UpdateUser(email_verified=True), operator_audit())
    output.print_line(f"{user.id} {user.email}: email verified")


async def users_unlock(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.users import service as users

    tenant = await _tenant(pool, args.tenant)
    user = await users.unlock(pool, tenant.id, await _user_id(pool, tenant, args.user), operator_audit())
    output.print_line(f"{user.id} {user.email}: unlocked")


async def users_reset_mfa(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.mfa import service as mfa

    tenant = await _tenant(pool, args.tenant)
    user_id = await _user_id(pool, tenant, args.user)
    removed = await mfa.reset(pool, tenant.id, user_id, operator_audit())
    output.print_line(f"{user_id}: {removed} MFA factor(s) removed")


# -- webhooks ----------------------------------------------------------------------------------


async def webhooks_deliveries(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.webhooks import service as webhooks
    from identity.webhooks import store

    tenant = await _tenant(pool, args.tenant)
    rows = await store.search_deliveries(
        pool, tenant_id=tenant.id, webhook_id=args.webhook, status=args.status, event_type=args.event, limit=args.limit
    )
    shown = [webhooks.present_delivery(r) for r in rows]
    if args.json:
        output.print_json(shown)
    else:
        output.print_table(
            [msgspec.structs.asdict(d) for d in shown],
            DELIVERY_COLUMNS,
            title=f"webhook deliveries of {tenant.id}",
            empty="no deliveries",
        )


async def webhooks_retry(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    """Retry the named deliveries, or every failed one of the tenant (--all-failed), in one
    statement (identity.webhooks.service.retry_many)."""
    from identity.webhooks import service as webhooks

    tenant = await _tenant(pool, args.tenant)
    if not args.delivery and not args.all_failed:
        raise SystemExit("name a delivery id, or --all-failed")
    result = await webhooks.retry_many(
        pool,
        tenant.id,
        list(args.delivery),
        operator_audit(),
        all_failed=args.all_failed,
        webhook_id=args.webhook,
        limit=args.limit,
    )
    if not result.pending and not result.missing:
        raise SystemExit("no failed delivery to retry")
    for delivery_id in result.pending:
        output.print_line(f"{delivery_id}: pending (retry queued)")
    missing = result.missing
    if missing:
        raise NOT_FOUND(f"no delivery {', '.join(missing)} in {tenant.id}")


# -- status ------------------------------------------------------------------------------------


async def status(pool: asyncpg.Pool, settings: Settings, args: argparse.Namespace) -> None:
    from identity.db.jobs import queue_depth
    from identity.delivery.store import backlog_by_tenant
    from identity.outbox.store import OUTBOX
    from identity.outbox.store import QUEUE as OUTBOX_QUEUE
    from identity.webhooks.store import DELIVERIES
    from identity.webhooks.store import QUEUE as WEBHOOK_QUEUE

    found = {r["queue_name"]: dict(r) for r in await queue_depth(pool)}
    queues = []
    for name in sorted({OUTBOX_QUEUE, WEBHOOK_QUEUE, "maintenance", *found}):
        queues.append(found.get(name) or {"queue_name": name, "todo": 0, "due": 0, "doing": 0, "oldest_due_age": 0.0})
    # The outbox counts its waiting and failed rows; webhooks the deliveries pending and due.
    outbox = output.records(await backlog_by_tenant(pool, OUTBOX))
    deliveries = output.records(await backlog_by_tenant(pool, DELIVERIES))
    result = {
        "queues": queues,
        "outbox": [{k: r[k] for k in ("tenant_id", "waiting", "failed", "oldest_age")} for r in outbox],
        "webhooks": [
            {"tenant_id": r["tenant_id"], "pending": r["waiting"], "due": r["due"], "oldest_age": r["oldest_age"]}
            for r in deliveries
            if r["waiting"]
        ],
    }
    if args.json:
        output.print_json(result)
        return
    output.print_table(
        queues, ["queue_name", "todo", "due", "doing", "oldest_due_age"], title="job queues (ages in seconds)"
    )
    output.print_table(
        result["outbox"],
        ["tenant_id", "waiting", "failed", "oldest_age"],
        title="outbox backlog per tenant",
        empty="empty",
    )
    output.print_table(
        result["webhooks"],
        ["tenant_id", "pending", "due", "oldest_age"],
        title="webhook deliveries pending per tenant",
        empty="none",
    )


async def run(handler: Any, settings: Settings, dsn: str, args: argparse.Namespace) -> None:
    pool = await create_pool(dsn, 1, 2)
    try:
        await handler(pool, settings, args)
    finally:
        await pool.close()
