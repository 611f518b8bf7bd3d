#!/usr/bin/env bash
# npm run reset: delete every study, account and setting (the whole data folder). Asks first.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${DATA_DIR:-./.data}"
[[ -d $dir ]] || { echo "Nothing to reset: $dir does not exist."; exit 0; }
if [[ "${1:-}" != "--yes" ]]; then
  read -r -p "Delete $dir (all studies, accounts and settings)? Type yes: " answer
  [[ $answer == yes ]] || { echo "Nothing deleted."; exit 1; }
fi
if pgrep -f "$(realpath "$dir")/(postgres|orthanc)" >/dev/null 2>&1; then
  echo "The PACS is still running on this data folder: stop it (Ctrl-C) first." >&2
  exit 1
fi
rm -rf "$dir"
echo "Deleted $dir. The next npm start begins afresh and prints a new administrator password."
