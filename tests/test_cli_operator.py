"""The operator's `identity` commands, run for real as subprocesses against the test database:
help on every option, --version, tenants, master keys, users, webhook deliveries, status,
config, db psql, and no second embedded database from another directory."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

from identity import __version__
from identity.cli import build_parser
from identity.state import state
from tests.support.api import STRONG_PASSWORD, assert_error
from tests.support.mfa import enroll_totp, sign_in

ROOT = Path(__file__).resolve().parents[1]
IDENTITY = [sys.executable, "-m", "identity.cli"]


def _env(tmp_path: Path, dsn: str | None = None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env["PYTHONPATH"] = str(ROOT)  # this tree's code whatever the working directory
    env["IDENTITY_DATA_DIR"] = str(tmp_path / "data")
    env["IDENTITY_SECRET_KEY"] = "test-secret-key"
    if dsn:
        env["IDENTITY_DATABASE_URL"] = dsn
    env.update(extra)
    return env


async def cli(
    env: dict[str, str], *args: str, cwd: Path | None = None, ok: bool = True
) -> subprocess.CompletedProcess[str]:
    # A new session: no controlling terminal, so secrets take the documented file path.
    done = await asyncio.to_thread(
        subprocess.run,
        [*IDENTITY, *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        start_new_session=True,
    )
    if ok:
        assert done.returncode == 0, done.stderr
    return done


def _secret_in(path: Path) -> str:
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    return path.read_text().strip()


# -- help and version --------------------------------------------------------------------------


def _parsers(parser: argparse.ArgumentParser, path: str = "identity"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, child in action.choices.items():
                assert helps.get(name), f"`{path} {name}` has no help in `{path} --help`"
                yield from _parsers(child, f"{path} {name}")


def test_every_command_and_option_has_help() -> None:
    seen = 0
    for path, parser in _parsers(build_parser()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                continue
            seen += 1
            assert action.help and action.help.strip(), f"`{path}`: {action.option_strings or action.dest} has no help"
        assert parser.description, f"`{path}` has no description"
    assert seen > 60


async def test_version_and_help(tmp_path: Path) -> None:
    env = _env(tmp_path)
    assert (await cli(env, "--version")).stdout.strip() == f"identity {__version__}"
    out = (await cli(env, "--help")).stdout
    for command in ("tenants", "master-keys", "users", "webhooks", "status", "config", "db"):
        assert command in out


# -- the database is found the same way from anywhere ------------------------------------------


async def test_operator_commands_elsewhere_create_no_database(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = _env(tmp_path)
    del env["IDENTITY_DATA_DIR"]  # the default, ./.identity of the working directory
    for args in (
        ["emails", "list"],
        ["status"],
        ["users", "find", "-t", "acme", "a@example.com"],
        ["db", "psql", "--", "-c", "select 1"],
    ):
        done = await cli(env, *args, cwd=elsewhere, ok=False)
        assert done.returncode != 0, (args, done.stdout)
        assert f"no embedded database at {elsewhere / '.identity' / 'pgdata'}" in done.stderr, done.stderr
        assert "IDENTITY_DATA_DIR" in done.stderr and "IDENTITY_DATABASE_URL" in done.stderr
        assert not (elsewhere / ".identity").exists(), args  # nothing created, nothing started


# -- tenants and master keys -------------------------------------------------------------------


async def test_tenants_create_list_show(api: Any, app: Any, database_dsn: str, tmp_path: Path) -> None:
    env = _env(tmp_path, database_dsn)
    secret_file = tmp_path / "sk.txt"
    done = await cli(
        env,
        "tenants",
        "create",
        "Cli Corp",
        "--owner-email",
        "owner@cli.example",
        "--plan",
        "pro",
        "--secret-file",
        str(secret_file),
        "--json",
    )
    created = json.loads(done.stdout)
    assert created["id"].startswith("tnt_") and created["publishable_key"].startswith("pk_")
    assert "sk_live_" not in done.stdout + done.stderr
    sk = _secret_in(secret_file)
    assert sk.startswith("sk_live_")
    # The printed names are the ones the API takes: TID, SK, PK.
    status, body, _ = await api.call("GET", "/v1/api-keys", token=sk, tenant=created["id"])
    assert status == 200, body
    status, body, _ = await api.call("GET", "/v1/users?email=owner@cli.example", token=sk, tenant=created["id"])
    assert status == 200 and body["data"][0]["email"] == "owner@cli.example", body

    listed = json.loads((await cli(env, "tenants", "list", "--q", created["slug"], "--json")).stdout)
    assert [t["id"] for t in listed] == [created["id"]]
    shown = json.loads((await cli(env, "tenants", "show", created["slug"], "--json")).stdout)
    assert shown["id"] == created["id"] and shown["plan"] == "pro" and shown["stats"]["users"]["total"] == 1
    table = (await cli(env, "tenants", "show", created["id"])).stdout
    assert created["id"] in table and "Cli Corp" in table

    entry = await state(app).pool.fetchrow(
        "SELECT actor FROM audit_log WHERE tenant_id = $1 AND action = 'tenant.created'", created["id"]
    )
    assert entry["actor"]["type"] == "operator" and entry["actor"]["id"].startswith("cli:")

    # Bad input is refused with the API's code and changes nothing.
    before = await state(app).pool.fetchval("SELECT count(*) FROM tenants")
    bad = await cli(env, "tenants", "create", "", ok=False)
    assert bad.returncode == 1 and "validation_error" in bad.stderr
    taken = await cli(env, "tenants", "create", "Other", "--slug", created["slug"], ok=False)
    assert taken.returncode == 1 and "slug_already_exists" in taken.stderr
    exists = await cli(env, "tenants", "create", "Again", "--secret-file", str(secret_file), ok=False)
    assert exists.returncode != 0 and "exists already" in exists.stderr
    assert await state(app).pool.fetchval("SELECT count(*) FROM tenants") == before
    missing = await cli(env, "tenants", "show", "no-such-tenant", ok=False)
    assert missing.returncode == 1 and "not_found" in missing.stderr


async def test_master_keys_create_list_revoke(api: Any, database_dsn: str, tmp_path: Path) -> None:
    env = _env(tmp_path, database_dsn)
    done = await cli(env, "master-keys", "create")
    assert "mk_live_" not in done.stdout + done.stderr  # no terminal: a 0600 file, named on stderr
    [path] = list((tmp_path / "data" / "secrets").glob("master-key-*.txt"))
    assert str(path) in done.stderr
    key = _secret_in(path)
    status, _, _ = await api.call("GET", "/v1/tenants", token=key)
    assert status == 200

    listed = json.loads((await cli(env, "master-keys", "list", "--json")).stdout)
    mine = [k for k in listed if k["prefix"] == key[:12] and k["last_four"] == key[-4:]]
    assert len(mine) == 1 and mine[0]["status"] == "active"
    assert key not in json.dumps(listed)

    out = (await cli(env, "master-keys", "revoke", mine[0]["id"])).stdout
    assert f"revoked {mine[0]['id']}" in out
    status, body, _ = await api.call("GET", "/v1/tenants", token=key)
    assert status == 401, body
    listed = json.loads((await cli(env, "master-keys", "list", "--json")).stdout)
    assert [k["status"] for k in listed if k["id"] == mine[0]["id"]] == ["revoked"]
    nope = await cli(env, "master-keys", "revoke", "mk_nope", ok=False)
    assert nope.returncode == 1 and "not_found" in nope.stderr


# -- users -------------------------------------------------------------------------------------


async def test_users_find_verify_unlock_reset_mfa(
    api: Any, app: Any, make_tenant: Any, database_dsn: str, tmp_path: Path
) -> None:
    env = _env(tmp_path, database_dsn)
    tenant = await make_tenant()  # email verification required (the default)
    other = await make_tenant()
    email = "ada@cli.example"
    status, created, _ = await tenant.public(
        "POST", "/v1/auth/sign-up", json={"email": email, "password": STRONG_PASSWORD}
    )
    assert status == 201, created
    user_id = created["user"]["id"]

    found = json.loads((await cli(env, "users", "find", "-t", tenant.id, email, "--json")).stdout)
    assert found["id"] == user_id and found["email_verified"] is False and found["locked"] is False
    by_id = json.loads((await cli(env, "users", "find", "-t", tenant.id, user_id, "--json")).stdout)
    assert by_id["email"] == email
    # Looked up inside the tenant only.
    for who in (email, user_id):
        elsewhere = await cli(env, "users", "find", "-t", other.id, who, ok=False)
        assert elsewhere.returncode == 1 and "user_not_found" in elsewhere.stderr

    status, body = await sign_in(tenant, email)
    assert_error(body, "email_not_verified", 403)
    await cli(env, "users", "verify-email", "-t", tenant.id, email)
    status, body = await sign_in(tenant, email)
    assert status == 200, body

    for _ in range(10):
        await sign_in(tenant, email, "wrong password, wrong")
    status, body = await sign_in(tenant, email)
    assert_error(body, "account_locked", 403)
    assert json.loads((await cli(env, "users", "find", "-t", tenant.id, email, "--json")).stdout)["locked"]
    await cli(env, "users", "unlock", "-t", tenant.id, user_id)
    status, body = await sign_in(tenant, email)
    assert status == 200, body

    factor_id, _ = await enroll_totp(tenant, user_id)
    status, body = await sign_in(tenant, email)
    assert_error(body, "mfa_required", 403)
    out = (await cli(env, "users", "reset-mfa", "-t", tenant.id, email)).stdout
    assert "1 MFA factor(s) removed" in out
    status, body = await sign_in(tenant, email)
    assert status == 200, body

    pool = state(app).pool
    actions = {
        r["action"]: r
        for r in await pool.fetch(
            "SELECT action, actor, metadata FROM audit_log WHERE tenant_id = $1 AND resource_id = $2",
            tenant.id,
            user_id,
        )
    }
    for action in ("user.updated", "user.unlocked", "mfa.reset"):
        assert actions[action]["actor"]["type"] == "operator", action
    assert actions["mfa.reset"]["metadata"]["factors_removed"] == [factor_id]
    events = [
        r["type"] for r in await pool.fetch("SELECT type FROM events WHERE tenant_id = $1 ORDER BY id", tenant.id)
    ]
    assert "mfa.removed" in events and "user.updated" in events
    gone = await cli(env, "users", "unlock", "-t", tenant.id, "usr_nope", ok=False)
    assert gone.returncode == 1 and "user_not_found" in gone.stderr


# -- webhooks and status -----------------------------------------------------------------------


async def test_webhook_deliveries_retry_and_status(
    api: Any, app: Any, make_tenant: Any, database_dsn: str, tmp_path: Path
) -> None:
    from identity.webhooks import store

    env = _env(tmp_path, database_dsn)
    tenant = await make_tenant()
    other = await make_tenant()
    status, hook, _ = await tenant.secret(
        "POST", "/v1/webhooks", json={"url": "http://127.0.0.1:9/hook", "events": ["*"]}
    )
    assert status == 201, hook
    pool = state(app).pool
    async with pool.acquire() as conn, conn.transaction():
        await store.insert_deliveries(
            conn, tenant.id, "evt_cli_1", "user.created", [("del_cli_pending", hook["id"], None, "{}")]
        )
        await store.insert_deliveries(
            conn, tenant.id, "evt_cli_2", "user.deleted", [("del_cli_failed", hook["id"], None, "{}")], with_jobs=False
        )
    await pool.execute(
        "UPDATE webhook_deliveries SET status = 'failed', attempts = 6, last_error = 'refused' "
        "WHERE tenant_id = $1 AND id = 'del_cli_failed'",
        tenant.id,
    )

    listed = json.loads((await cli(env, "webhooks", "deliveries", "-t", tenant.id, "--json")).stdout)
    assert {d["id"]: d["status"] for d in listed} == {"del_cli_pending": "pending", "del_cli_failed": "failed"}
    only = json.loads(
        (
            await cli(
                env,
                "webhooks",
                "deliveries",
                "-t",
                tenant.id,
                "--status",
                "failed",
                "--event",
                "user.deleted",
                "--webhook",
                hook["id"],
                "--json",
            )
        ).stdout
    )
    assert [d["id"] for d in only] == ["del_cli_failed"]
    assert json.loads((await cli(env, "webhooks", "deliveries", "-t", other.id, "--json")).stdout) == []
    table = (await cli(env, "webhooks", "deliveries", "-t", tenant.id)).stdout
    assert "del_cli_failed" in table and "refused" in table

    report = json.loads((await cli(env, "status", "--json")).stdout)
    queues = {q["queue_name"]: q for q in report["queues"]}
    assert {"outbox", "webhooks", "maintenance"} <= set(queues)
    assert queues["webhooks"]["todo"] >= 1
    [mine] = [w for w in report["webhooks"] if w["tenant_id"] == tenant.id]
    assert mine["pending"] == 1 and mine["oldest_age"] >= 0
    assert "job queues" in (await cli(env, "status")).stdout

    # Another tenant's delivery is not found through this tenant.
    cross = await cli(env, "webhooks", "retry", "-t", other.id, "del_cli_failed", ok=False)
    assert cross.returncode == 1 and "not_found" in cross.stderr
    out = (await cli(env, "webhooks", "retry", "-t", tenant.id, "--all-failed")).stdout
    assert "del_cli_failed: pending" in out
    row = await pool.fetchrow(
        "SELECT status FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2", tenant.id, "del_cli_failed"
    )
    assert row["status"] == "pending"
    entry = await pool.fetchrow(
        "SELECT actor, metadata FROM audit_log WHERE tenant_id = $1 AND action = 'webhook.delivery_retried'", tenant.id
    )
    assert entry["actor"]["type"] == "operator" and entry["metadata"]["delivery_id"] == "del_cli_failed"
    none = await cli(env, "webhooks", "retry", "-t", tenant.id, ok=False)
    assert none.returncode != 0 and "--all-failed" in none.stderr


# -- config and psql ---------------------------------------------------------------------------


async def test_config_masks_secrets(tmp_path: Path) -> None:
    secrets = {
        "IDENTITY_MASTER_KEY": "mk_live_" + "s" * 40,
        "IDENTITY_ADMIN_TOKEN": "admin-token-value-1234",
        "IDENTITY_SECRET_KEY": "passphrase-value-5678",
        "IDENTITY_DATABASE_URL": "postgresql://app:hunter2@db.internal:5432/identity",
        "IDENTITY_SMTP_URL": "smtp+starttls://mailer:smtp-pass-9@mail.internal:587",
        "IDENTITY_REDIS_URL": "redis://:redis-pass-0@cache:6379/0",
    }
    env = _env(tmp_path, **secrets)
    done = await cli(env, "config", "--json")
    rows = {r["variable"]: r for r in json.loads(done.stdout)}
    for value in ("s" * 40, "admin-token-value", "passphrase-value", "hunter2", "smtp-pass-9", "redis-pass-0"):
        assert value not in done.stdout + done.stderr
    assert rows["IDENTITY_MASTER_KEY"]["value"].startswith("set")
    assert rows["IDENTITY_DATABASE_URL"]["value"] == "postgresql://app:********@db.internal:5432/identity"
    assert rows["IDENTITY_SMTP_URL"]["value"] == "smtp+starttls://mailer:********@mail.internal:587"
    assert rows["IDENTITY_PUBLIC_URL"] == {
        "variable": "IDENTITY_PUBLIC_URL",
        "value": "http://127.0.0.1:3000",
        "source": "default",
    }
    assert rows["IDENTITY_DATABASE_URL"]["source"] == "environment"
    assert "IDENTITY_OUTBOX_RETRY_SCHEDULE" in rows
    table = (await cli(env, "config")).stdout
    assert "IDENTITY_SMTP_URL" in table and "smtp-pass-9" not in table


async def test_db_psql_opens_the_services_database(database_dsn: str, tmp_path: Path) -> None:
    env = _env(tmp_path, database_dsn)
    done = await cli(env, "db", "psql", "--", "-tAc", "SELECT count(*) > 0 FROM schema_migrations")
    assert done.stdout.strip() == "t"
    refused = await cli(env, "db", "stop", ok=False)
    assert refused.returncode != 0 and "IDENTITY_DATABASE_URL is set" in refused.stderr
