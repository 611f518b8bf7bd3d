#!/usr/bin/env bash
# Builds the client into client/dist when any of its sources (or common's) is newer than the build.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=client/dist/index.html
if [[ -f $stamp ]] && [[ -z $(find client/src client/build client/index.html client/vite.config.ts common/src client/package.json -newer "$stamp" -print -quit 2>/dev/null) ]]; then
  exit 0
fi
echo "Building the web client…"
npm run build -w client --silent
