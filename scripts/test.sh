#!/usr/bin/env bash
# npm test: install what is missing, then every gate CI runs: lint, format, types, translations,
# client build, and all tests (unit, API against real PostgreSQL + Orthanc, browser in Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system.sh --test
bash scripts/ensure-npm.sh

# This run's test stacks live in a temporary folder of its own (TMPDIR), so a crashed worker's
# services are stopped at the end without touching another run's on the same machine.
run_tmp=$(mktemp -d "${TMPDIR:-/tmp}/pacs-run-XXXXXX")
chmod 711 "$run_tmp"
export TMPDIR=$run_tmp
cleanup() {
  pkill -f "$run_tmp/" 2>/dev/null || true
  rm -rf "$run_tmp" 2>/dev/null || true
}
trap cleanup EXIT

step() { printf '\n== %s\n' "$1"; }
step "lint";        npx eslint --max-warnings 0 .
step "format";      npx prettier --check . --log-level warn
step "types";       npx tsc -b
step "i18n";        npx tsx scripts/check-i18n.ts
step "client build"; bash scripts/build-client.sh
step "tests"
mkdir -p test-results
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?
# One plain closing line that any CI reader understands.
node -e '
  const r = require("./test-results/vitest.json");
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit $status
