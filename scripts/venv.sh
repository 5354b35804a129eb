#!/usr/bin/env bash
# A pinned Python environment from PyPI, on Debian's python3 plus venv: scripts/venv.sh WHAT DIR PACKAGE==VERSION...
# Idempotent: a second run only checks the pinned versions, and prints nothing when all is in place.
set -euo pipefail
cd "$(dirname "$0")/.."

what=$1 env_dir=$2
shift 2
requirements=("$@")
stamp="$env_dir/.installed"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "${requirements[*]}" ]; then
  exit 0
fi

echo "$what: ${requirements[*]} into $env_dir" >&2
rm -rf "$env_dir"
/usr/bin/python3 -m venv "$env_dir"
"$env_dir/bin/pip" install --quiet --disable-pip-version-check "${requirements[@]}"
echo "${requirements[*]}" > "$stamp"
