#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing or older than the manifests or the lock.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
stale=""
[[ ! -f $marker ]] && stale=1
for manifest in package-lock.json package.json common/package.json adapter/package.json client/package.json; do
  [[ -f $marker && $manifest -nt $marker ]] && stale=1
done
[[ -z $stale ]] && exit 0

echo "Installing npm dependencies…"
# npm ci installs exactly the lock. Some npm setups (lockfiles written without other platforms'
# optional packages, such as rollup's native builds) make npm ci refuse a lock that npm install
# reads fine; then npm install, which keeps to the lock's versions, is the fallback.
if ! npm ci --no-audit --no-fund --loglevel=error 2>/tmp/pacs-npm-ci.log; then
  echo "npm ci refused the lock ($(grep -m1 -o 'Missing: [^ ]*' /tmp/pacs-npm-ci.log || echo 'see /tmp/pacs-npm-ci.log')); using npm install."
  npm install --no-audit --no-fund --loglevel=error
fi
