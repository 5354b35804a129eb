#!/usr/bin/env bash
# Makes TestImages/heic/ from photos in TestImages/, with libheif (heif-enc from libheif-examples,
# libheif-dev and a C compiler). Run again from the repository root: scripts/make-heic-test-images.sh
#   station.heic, cafe.heic    heif-enc's output: pixels as in the JPEG, its Exif block copied.
#   manana_portrait.heic       the JPEG's pixels as stored (sideways) with an irot box for EXIF
#                              orientation 6 and the Exif block (orientation 6), as a phone writes it;
#                              heif-enc 1.15 writes no irot, so scripts/heic-with-rotation.c re-encodes it.
# And the fuzzer's HEIC seeds: fuzz/corpus/small.heic and small-rotated.heic (irot and imir, orientation 5).
set -euo pipefail
cd "$(dirname "$0")/.."
out=TestImages/heic
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

quality=60
for name in station cafe; do
  heif-enc -q "$quality" -o "$out/$name.heic" "TestImages/$name.jpg"
done
cc -O2 -o "$work/heic-with-rotation" scripts/heic-with-rotation.c $(pkg-config --cflags --libs libheif)
heif-enc -q "$quality" -o "$work/manana_portrait.heic" TestImages/manana_portrait.jpg
"$work/heic-with-rotation" "$work/manana_portrait.heic" 6 "$quality" "$out/manana_portrait.heic"
heif-enc -q 50 -o fuzz/corpus/small.heic fuzz/corpus/small.png
"$work/heic-with-rotation" fuzz/corpus/small.heic 5 50 fuzz/corpus/small-rotated.heic
ls -l "$out" fuzz/corpus/small*.heic
