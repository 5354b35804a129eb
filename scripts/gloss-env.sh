#!/usr/bin/env bash
# The Python package bench/gloss.py samples its words from: wordfreq's frequency lists, installed from
# PyPI into .build/glossenv (Debian's python3 plus venv). Idempotent: a second run only checks the
# pinned version. Prints nothing when all is in place.
set -euo pipefail
cd "$(dirname "$0")/.."

env_dir=.build/glossenv
requirements=(wordfreq==3.1.1)
stamp="$env_dir/.installed"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "${requirements[*]}" ]; then
  exit 0
fi

echo "gloss benchmark environment: ${requirements[*]} into $env_dir" >&2
rm -rf "$env_dir"
/usr/bin/python3 -m venv "$env_dir"
"$env_dir/bin/pip" install --quiet --disable-pip-version-check "${requirements[@]}"
echo "${requirements[*]}" > "$stamp"
