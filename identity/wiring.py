"""Every moving part of the service in one place: which routers are served, which resolver
turns each credential kind into a Principal, what runs at startup and shutdown, which feature
plugs into which seam (the MFA gate, the hosted page's MFA step, tenant creation, the webhook
fan-out of emit()), which handler performs each outbox topic, which gauges /metrics reads.

create_app() (identity/app.py) and the worker (workers/run.py) build from here; nothing
registers itself when a module is imported. This module and identity/app.py are the
composition root: they may import any package, and no package imports them (the entry points
identity/cli.py, identity/runner.py and identity/console/ excepted; tests/test_architecture.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from identity.http.routing import Router
from identity.state import HostedPages, Registry, TenantCreated, state
from workers.runtime import Handler


def routers() -> list[Router]:
    """Every resource family's router; a new family adds itself here."""
    from identity import platform_routes
    from identity.admin import routes as admin
    from identity.audit import routes as audit
    from identity.auth import routes as auth
    from identity.clients import routes as clients
    from identity.connections import routes as connections
    from identity.email import routes as email
    from identity.hosted import account as hosted_account
    from identity.hosted import factors as hosted_factors
    from identity.hosted import invitations as hosted_invitations
    from identity.hosted import passwordless as hosted_passwordless
    from identity.hosted import reset as hosted_reset
    from identity.hosted import routes as hosted
    from identity.hosted import security as hosted_security
    from identity.hosted import signup as hosted_signup
    from identity.keys import routes as keys
    from identity.mfa import routes as mfa
    from identity.oauth import routes as oauth
    from identity.organizations import routes as organizations
    from identity.revocations import routes as revocations
    from identity.sessions import jwks
    from identity.sessions import routes as sessions
    from identity.tenants import routes as tenants
    from identity.users import routes as users
    from identity.webhooks import routes as webhooks

    return [
        platform_routes.router,
        tenants.router,
        keys.router,
        email.router,
        auth.router,
        sessions.router,
        jwks.router,
        webhooks.router,
        organizations.router,
        clients.router,
        oauth.router,
        mfa.router,
        users.router,
        admin.router,
        audit.router,
        connections.router,
        revocations.router,
        hosted.router,
        hosted_factors.router,
        hosted_security.router,
        hosted_signup.router,
        hosted_reset.router,
        hosted_passwordless.router,
        hosted_account.router,
        hosted_invitations.router,
    ]


def tenant_created() -> list[TenantCreated]:
    """Awaited inside the tenant-creation transaction: the owner user (identity/users)."""
    from identity.users.service import create_owner

    return [create_owner]


def registry() -> Registry:
    """The API's seams, filled in."""
    from identity.hosted import entry, render
    from identity.http.auth import builtin_resolvers
    from identity.mfa.routes import hosted_page_step
    from identity.oauth import machine
    from identity.principals import ACCESS_TOKEN
    from identity.revocations import runtime as revocations_runtime
    from identity.sessions import runtime as sessions_runtime
    from identity.sessions.resolver import resolve_access_token

    return Registry(
        resolvers={**builtin_resolvers(), ACCESS_TOKEN: resolve_access_token},
        startup=[sessions_runtime.start, machine.start, revocations_runtime.start],
        shutdown=[sessions_runtime.stop, machine.stop, revocations_runtime.stop],
        tenant_created=tenant_created(),
        hosted_mfa_step=hosted_page_step,
        hosted_pages=HostedPages(render=render.render_page, begin=entry.begin, error=render.keyed_error),
    )


def runtimes(app: web.Application) -> None:
    """The features' in-memory state, under their typed keys, before the app is frozen (the
    startup hooks fill in what needs the database)."""
    from identity.connections.providers import PROVIDERS, ProviderCache
    from identity.connections.store import delete_unvouched_identities
    from identity.mfa import challenges
    from identity.mfa.service import remove_all as remove_factors
    from identity.oauth import machine
    from identity.revocations import runtime as revocations_runtime
    from identity.sessions import runtime as sessions_runtime

    app[sessions_runtime.AUTH] = sessions_runtime.build(
        app,
        mfa_gate=challenges.gate,
        mfa_skip=challenges.gate_skips,
        unlink_unvouched=delete_unvouched_identities,
        remove_factors=remove_factors,
    )
    app[machine.OAUTH] = machine.build(app)
    app[PROVIDERS] = ProviderCache()
    app[revocations_runtime.REVOCATIONS] = revocations_runtime.build(app)
    # Long-lived answers (the revocation feed) end when shutdown begins, not after its grace.
    app.on_shutdown.append(revocations_runtime.stop)


_events_connected = False


def connect_events() -> None:
    """emit() runs inside a service's transaction with only a connection in hand, so its one
    subscriber, the webhook fan-out, is set on the events module for the process: once, here.
    Its targets query (which webhooks receive an event) is spliced into the event's INSERT by
    identity/events/store.insert_sql, so an event and its receivers cost one round trip."""
    global _events_connected
    if _events_connected:
        return
    from identity.events import emit
    from identity.webhooks import fanout
    from identity.webhooks import store as webhooks_store

    emit.connect(
        emit.Subscriber(
            targets_sql=webhooks_store.TARGETS_OF_EV, on_event=fanout.fan_out, on_events=fanout.fan_out_many
        )
    )
    _events_connected = True


def outbox_handlers() -> dict[str, Handler]:
    """Outbox topic -> the worker handler that performs its rows (workers/tasks.py)."""
    from identity.email.delivery import handle_outbox as email
    from identity.email.queue import TOPIC as EMAIL_TOPIC
    from identity.mfa.sms import TOPIC as SMS_TOPIC
    from workers.sms import handle as sms

    return {EMAIL_TOPIC: email, SMS_TOPIC: sms}


_collectors_registered = False


def metrics_refreshers() -> list[Callable[[Any], Awaitable[None]]]:
    """What /metrics reads from the database before it answers (awaited with the pool): the
    backlog gauges, whose collector joins prometheus' registry once per process."""
    global _collectors_registered
    from prometheus_client import REGISTRY

    from identity.backlog import BACKLOG

    if not _collectors_registered:
        REGISTRY.register(BACKLOG)
        _collectors_registered = True
    return [BACKLOG.refresh]


def wire(app: web.Application) -> None:
    """Fill a new app's state from this module (called by create_app)."""
    st = state(app)
    st.registry = registry()
    st.metrics_refreshers = list(metrics_refreshers())
    runtimes(app)
    connect_events()
