#!/usr/bin/env bash
# The Python packages the tests compare against: the reference FSRS scheduler and Anki itself,
# installed from PyPI into .build/pyenv (Debian's python3 plus venv). Idempotent: a second run
# only checks the pinned versions. Prints nothing when all is in place.
set -euo pipefail
cd "$(dirname "$0")/.."

env_dir=.build/pyenv
requirements=(fsrs==6.3.1 anki==26.9.3)
stamp="$env_dir/.installed"

if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "${requirements[*]}" ]; then
  exit 0
fi

echo "python test environment: ${requirements[*]} into $env_dir" >&2
rm -rf "$env_dir"
/usr/bin/python3 -m venv "$env_dir"
"$env_dir/bin/pip" install --quiet --disable-pip-version-check "${requirements[@]}"
echo "${requirements[*]}" > "$stamp"
