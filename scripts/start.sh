#!/usr/bin/env bash
# npm start: install what is missing, build the client, run PostgreSQL + Orthanc + the adapter.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh
bash scripts/ensure-npm.sh
bash scripts/build-client.sh
exec node --import tsx scripts/run.ts
