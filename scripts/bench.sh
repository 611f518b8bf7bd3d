#!/usr/bin/env bash
# npm run bench: side-by-side figures (ours against Orthanc direct) into bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh --bench
bash scripts/ensure-npm.sh
exec node --import tsx bench/run.ts "$@"
