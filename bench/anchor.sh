#!/usr/bin/env bash
# The RapidOCR anchor (../shared/tools/rapidocr_anchor.py) on a per-language photo set:
#   bench/anchor.sh DATASET LANGS     e.g. bench/anchor.sh ../shared/datasets/realscenes-dev en
#   bench/anchor.sh --setup           only make its environment
# Its environment, .build/anchor-env, is made once with Debian's python3 -m venv from the pinned
# bench/anchor-requirements.txt, and again only when that file changes. The anchor's lines go to
# standard output (the last: "rapidocr: top-1 0.680 (n=172, 0.41 s/photo)"); set-up messages to
# standard error. Exits 3 when the environment cannot be made (no package index, say).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
env_dir=$root/.build/anchor-env
requirements=$root/bench/anchor-requirements.txt
script=${ANCHOR_SCRIPT:-$root/../shared/tools/rapidocr_anchor.py}

want=$(sha256sum "$requirements" | cut -d' ' -f1)
if [ "$(cat "$env_dir/.installed" 2>/dev/null)" != "$want" ]; then
    echo "anchor: making $env_dir (bench/anchor-requirements.txt)" >&2
    rm -rf "$env_dir"
    mkdir -p "$(dirname "$env_dir")"
    if ! /usr/bin/python3 -m venv "$env_dir" >&2 ||
       ! "$env_dir/bin/pip" install --quiet --disable-pip-version-check --retries 1 -r "$requirements" >&2; then
        rm -rf "$env_dir"
        echo "anchor: its environment could not be installed" >&2
        exit 3
    fi
    echo "$want" > "$env_dir/.installed"
fi
[ "${1:-}" = --setup ] && exit 0
[ $# -eq 2 ] || { echo "usage: bench/anchor.sh DATASET LANGS | --setup" >&2; exit 2; }
[ -f "$script" ] || { echo "anchor: $script not found" >&2; exit 3; }
exec "$env_dir/bin/python" "$script" "$1" "$2"
