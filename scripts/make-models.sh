#!/usr/bin/env bash
# Makes the text detector and recogniser that OpenCV 4.6 DNN runs: downloads the PyPI wheel
# rapidocr 3.10.0, takes PaddleOCR's PP-OCRv6 small models out of it and rewrites a few of their
# nodes with scripts/rewrite-models.py (see models/README.md). Every download and every output is
# checked against models/SHA256SUMS.
#   scripts/make-models.sh [OUT_DIR]    (default .build/models)
# writes OUT_DIR/ppocr-det.onnx, OUT_DIR/ppocr-rec.onnx, OUT_DIR/ppocr-rec-160.onnx and OUT_DIR/ppocr-rec-keys.txt.
# Idempotent: prints nothing and takes a fraction of a second when all is in place.
set -euo pipefail

out_dir=$(realpath -m "${1:-$(dirname "$0")/../.build/models}")
cd "$(dirname "$0")/.."

env_dir=.build/model-env
cache_dir=.build/model-cache
wheel=rapidocr-3.10.0-py3-none-any.whl
originals=(PP-OCRv6_det_small.onnx PP-OCRv6_rec_small.onnx)
outputs=(ppocr-det.onnx ppocr-rec.onnx ppocr-rec-160.onnx ppocr-rec-keys.txt)
# what the rewrite needs (onnx and its dependencies), every version pinned, wheels only
requirements=(onnx==1.23.2 numpy==2.4.6 protobuf==7.36.2 ml_dtypes==0.6.0 typing_extensions==4.16.0)
sums=$PWD/models/SHA256SUMS

# checks that the files named, in directory $1, have the SHA-256 that models/SHA256SUMS records
check_sums() {
  local dir=$1; shift
  local f line lines=""
  for f in "$@"; do
    line=$(awk -v f="$f" '$2 == f' "$sums")
    [ -n "$line" ] || return 1
    lines+=$line$'\n'
  done
  (cd "$dir" 2>/dev/null && printf "%s" "$lines" | sha256sum --check --quiet --status - 2>/dev/null)
}

stamp="$out_dir/.make-models.stamp"
key=$(cat scripts/make-models.sh scripts/rewrite-models.py "$sums" | sha256sum | cut -c1-64)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ] && check_sums "$out_dir" "${outputs[@]}"; then
  exit 0
fi

if [ ! -f "$env_dir/.installed" ] || [ "$(cat "$env_dir/.installed")" != "${requirements[*]}" ]; then
  echo "make-models: Python environment with ${requirements[*]} in $env_dir" >&2
  rm -rf "$env_dir"
  /usr/bin/python3 -m venv "$env_dir"
  "$env_dir/bin/pip" install --quiet --disable-pip-version-check --no-deps --only-binary=:all: "${requirements[@]}"
  echo "${requirements[*]}" > "$env_dir/.installed"
fi

mkdir -p "$cache_dir"
if ! check_sums "$cache_dir" "$wheel"; then
  echo "make-models: downloading $wheel into $cache_dir" >&2
  rm -f "$cache_dir/$wheel"
  "$env_dir/bin/pip" download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --dest "$cache_dir" rapidocr==3.10.0
  if ! check_sums "$cache_dir" "$wheel"; then
    echo "make-models: $cache_dir/$wheel does not have the SHA-256 that models/SHA256SUMS records." >&2
    exit 1
  fi
fi

src_dir=$cache_dir/rapidocr-3.10.0
if ! check_sums "$src_dir" "${originals[@]}"; then
  mkdir -p "$src_dir"
  "$env_dir/bin/python" - "$cache_dir/$wheel" "$src_dir" "${originals[@]}" <<'EOF'
import os, shutil, sys, zipfile
wheel, dest, names = sys.argv[1], sys.argv[2], sys.argv[3:]
with zipfile.ZipFile(wheel) as z:
    for name in names:
        with z.open("rapidocr/models/" + name) as src, open(os.path.join(dest, name), "wb") as dst:
            shutil.copyfileobj(src, dst)
EOF
  if ! check_sums "$src_dir" "${originals[@]}"; then
    echo "make-models: the models taken from $wheel do not have the SHA-256 that models/SHA256SUMS records." >&2
    exit 1
  fi
fi

echo "make-models: rewriting the PP-OCRv6 models for OpenCV 4.6 into $out_dir" >&2
mkdir -p "$out_dir"
work=$(mktemp -d "$out_dir/.rewrite.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$env_dir/bin/python" scripts/rewrite-models.py "$src_dir/${originals[0]}" "$src_dir/${originals[1]}" "$work"
if ! check_sums "$work" "${outputs[@]}"; then
  echo "make-models: the rewritten models differ from the SHA-256 that models/SHA256SUMS records, so the rewrite or its pinned tools changed; nothing was written to $out_dir." >&2
  exit 1
fi
for f in "${outputs[@]}"; do
  mv -f "$work/$f" "$out_dir/$f"
done
echo "$key" > "$stamp"
