#!/usr/bin/env bash
# Copies the Redoc standalone bundle pinned in package-lock.json into the package, where GET /docs
# serves it (no CDN at run time, no build at install time). Run after changing the version in
# package.json (then `npm install --package-lock-only --ignore-scripts` to update the lock).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --ignore-scripts --no-audit --no-fund
for f in redoc.standalone.js redoc.standalone.js.LICENSE.txt; do
    cp "node_modules/redoc/bundles/$f" "../../identity/static/$f"
done
rm -rf node_modules
echo "identity/static/redoc.standalone.js: redoc $(node -p 'require("./package-lock.json").packages["node_modules/redoc"].version')"
