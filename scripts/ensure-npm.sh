#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [[ ! -f $marker || package-lock.json -nt $marker || package.json -nt $marker ]]; then
  echo "Installing npm dependencies…"
  npm ci --no-audit --no-fund --loglevel=error
fi
