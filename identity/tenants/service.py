"""Tenant rules: creation with its first keys, slugs, merge of auth_config, suspend, delete."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import asyncpg
import msgspec

from identity import slugs
from identity.audit.context import AuditContext
from identity.crypto import SecretBox, random_token
from identity.http.errors import INVALID_EMAIL, TENANT_NOT_FOUND, ValidationFailed
from identity.http.key_cache import forget_tenant_everywhere
from identity.http.pagination import Page, paginate
from identity.http.types import EMAIL_RE, UNSET, JsonObject, derived
from identity.ids import new_id
from identity.keys.service import issue_key
from identity.state import TenantCreated as OnTenantCreated
from identity.tenants import auth_config, store
from identity.tenants.errors import SLUG_TAKEN
from identity.tenants.records import RateLimitFigures, TenantColumns, TenantRecord
from identity.tenants.schemas import (
    CreateTenant,
    ListTenants,
    MfaStats,
    OrgStats,
    RateLimits,
    SessionsStats,
    Tenant,
    TenantCreated,
    TenantStats,
    UpdateTenant,
    UsersStats,
)
from identity.tenants.stats import stats as tenant_figures


def present(row: TenantRecord) -> Tenant:
    """The response from the record: the one place a tenant's shape is read."""
    return Tenant(
        id=row.id,
        name=row.name,
        slug=row.slug,
        status=row.status,
        plan=row.plan,
        user_count=row.user_count,
        org_count=row.org_count,
        auth_config=auth_config.load(row.auth_config),
        public_metadata=row.public_metadata,
        private_metadata=row.private_metadata,
        rate_limits=None if row.rate_limits is None else msgspec.convert(row.rate_limits, RateLimits),
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


async def _free_slug(conn: asyncpg.Connection, base: str) -> str:
    if not await store.slug_exists(conn, base):
        return base
    for _ in range(10):
        candidate = f"{base[:42]}-{random_token(4)[:5].lower()}"
        if not await store.slug_exists(conn, candidate):
            return candidate
    raise SLUG_TAKEN()


def _rate_limits(plan: str, limits: RateLimits | None) -> RateLimitFigures | None:
    if limits is None:
        return None
    if plan != "enterprise":
        raise ValidationFailed("rate_limits", "custom rate limits are for the enterprise plan")
    figures: RateLimitFigures = {}  # a figure left out stays out (the limiter's default)
    if limits.read_per_minute is not None:
        figures["read_per_minute"] = limits.read_per_minute
    if limits.write_per_minute is not None:
        figures["write_per_minute"] = limits.write_per_minute
    if limits.auth_per_minute is not None:
        figures["auth_per_minute"] = limits.auth_per_minute
    return figures


async def create(
    pool: asyncpg.Pool,
    body: CreateTenant,
    audit: AuditContext,
    box: SecretBox,
    *,
    allow_http: bool,
    on_created: Sequence[OnTenantCreated] = (),
) -> TenantCreated:
    """on_created: awaited inside the creation transaction (Registry.tenant_created, e.g. the
    users package's owner user); identity/wiring.py lists them."""
    rate_limits = _rate_limits(body.plan, body.rate_limits)
    patch = body.auth_config if body.auth_config is not UNSET else None
    config = auth_config.full(patch, allow_http=allow_http)
    tenant_id = new_id("tnt")
    bot_secret = auth_config.bot_secret(patch)
    owner_email = None
    if body.owner_email is not UNSET:
        owner_email = body.owner_email.strip().lower()
        if not EMAIL_RE.match(owner_email):
            raise INVALID_EMAIL.invalid("owner_email", "is not a valid email address")
    async with pool.acquire() as conn, conn.transaction():
        slug = (
            slugs.explicit(body.slug)
            if body.slug is not UNSET
            else await _free_slug(conn, slugs.slugify(body.name, "tenant"))
        )
        try:
            async with conn.transaction():
                row = await store.insert(
                    conn,
                    {
                        "id": tenant_id,
                        "name": body.name,
                        "slug": slug,
                        "plan": body.plan,
                        "auth_config": config,
                        "public_metadata": body.public_metadata,
                        "private_metadata": body.private_metadata,
                        "rate_limits": rate_limits,
                        "bot_protection_secret": box.encrypt(bot_secret, associated=tenant_id) if bot_secret else None,
                    },
                )
        except asyncpg.UniqueViolationError:
            raise SLUG_TAKEN() from None
        _, publishable = await issue_key(conn, row.id, name="Default publishable key", type_="publishable")
        _, secret = await issue_key(conn, row.id, name="Default secret key", type_="secret")
        await audit.record(
            conn, row.id, "tenant.created", "tenant", row.id, {"name": body.name, "slug": slug, "plan": body.plan}
        )
        for hook in on_created:
            await hook(conn, row.id, owner_email, audit)
        if on_created:
            row = _found(await store.get(conn, row.id))  # counts include what the hooks created
    return derived(TenantCreated, present(row), publishable_key=publishable, secret_key=secret)


def _found(row: TenantRecord | None) -> TenantRecord:
    if row is None:
        raise TENANT_NOT_FOUND()
    return row


async def get(pool: asyncpg.Pool, id_or_slug: str) -> Tenant:
    return present(_found(await store.get(pool, id_or_slug)))


async def list_tenants(pool: asyncpg.Pool, query: ListTenants) -> Page[Tenant]:
    return await paginate(
        query,
        lambda k: store.list_page(pool, k, q=query.q, status=query.status, plan=query.plan),
        present,
    )


async def _change(
    pool: asyncpg.Pool,
    id_or_slug: str,
    audit: AuditContext,
    action: str,
    build: Callable[[TenantRecord], tuple[TenantColumns, JsonObject]],
) -> Tenant:
    async with pool.acquire() as conn, conn.transaction():
        current = _found(await store.get(conn, id_or_slug, for_update=True))
        changes, meta = build(current)
        if not changes:
            return present(current)
        try:
            async with conn.transaction():
                row = await store.update(conn, current.id, changes)
        except asyncpg.UniqueViolationError:
            raise SLUG_TAKEN() from None
        await audit.record(conn, current.id, action, "tenant", current.id, meta)
    forget_tenant_everywhere(current.id)  # committed; other processes learn it by NOTIFY
    return present(row)


async def update(
    pool: asyncpg.Pool,
    id_or_slug: str,
    body: UpdateTenant,
    audit: AuditContext,
    box: SecretBox,
    *,
    allow_http: bool,
) -> Tenant:
    def build(current: TenantRecord) -> tuple[TenantColumns, JsonObject]:
        changes: TenantColumns = {}
        if body.name is not UNSET:
            changes["name"] = body.name
        if body.slug is not UNSET:
            changes["slug"] = slugs.explicit(body.slug)
        if body.plan is not UNSET:
            changes["plan"] = body.plan
        if body.status is not UNSET:
            changes["status"] = body.status
        if body.public_metadata is not UNSET:
            changes["public_metadata"] = body.public_metadata
        if body.private_metadata is not UNSET:
            changes["private_metadata"] = body.private_metadata
        if body.auth_config is not UNSET:
            changes["auth_config"] = auth_config.merge(
                current.auth_config,
                body.auth_config,
                has_bot_secret=current.has_bot_secret,
                allow_http=allow_http,
            )
            secret = auth_config.bot_secret(body.auth_config)
            if secret is not None:
                changes["bot_protection_secret"] = box.encrypt(secret, associated=current.id)
        plan = changes.get("plan", current.plan)
        if body.rate_limits is not UNSET:
            changes["rate_limits"] = _rate_limits(plan, body.rate_limits)
        elif plan != "enterprise" and current.rate_limits:
            changes["rate_limits"] = None  # leaving enterprise drops the custom figures
        if changes.get("status") == "active":
            changes["suspended_reason"] = None
        meta = {"fields": sorted(k for k in changes if k not in ("suspended_reason", "bot_protection_secret"))}
        return changes, meta

    return await _change(pool, id_or_slug, audit, "tenant.updated", build)


async def suspend(pool: asyncpg.Pool, id_or_slug: str, reason: str | None, audit: AuditContext) -> Tenant:
    return await _change(
        pool,
        id_or_slug,
        audit,
        "tenant.suspended",
        lambda current: ({"status": "suspended", "suspended_reason": reason}, {"reason": reason}),
    )


async def restore(pool: asyncpg.Pool, id_or_slug: str, audit: AuditContext) -> Tenant:
    return await _change(
        pool,
        id_or_slug,
        audit,
        "tenant.restored",
        lambda current: ({"status": "active", "suspended_reason": None}, {}),
    )


async def delete(pool: asyncpg.Pool, id_or_slug: str, confirm: str) -> None:
    async with pool.acquire() as conn, conn.transaction():
        current = _found(await store.get(conn, id_or_slug, for_update=True))
        if confirm != current.slug:
            raise ValidationFailed("confirm", "must equal the tenant's slug")
        await store.delete(conn, current.id)
    forget_tenant_everywhere(current.id)


async def stats(pool: asyncpg.Pool, id_or_slug: str) -> TenantStats:
    """The admin statistics (one definition of "active" and of MFA enrollment), reshaped, plus
    sessions created over 30 days."""
    tenant_id = _found(await store.get(pool, id_or_slug)).id
    figures = await tenant_figures(pool, tenant_id)
    return TenantStats(
        tenant_id=tenant_id,
        users=UsersStats(total=figures.users_total, active_last_30d=figures.active_30d, new_last_30d=figures.new_30d),
        sessions=SessionsStats(
            active=figures.sessions_active, created_last_30d=await store.sessions_created_30d(pool, tenant_id)
        ),
        organizations=OrgStats(total=figures.orgs_total),
        mfa=MfaStats(enrolled_users=figures.mfa_enrolled, enrollment_rate=figures.mfa_enrollment_rate),
    )
