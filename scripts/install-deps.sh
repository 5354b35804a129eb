#!/usr/bin/env bash
# Installs the Debian packages WordBook builds, tests and runs with.
# Idempotent: does nothing when every package is already there.
#   --deb  also the tools `make deb` packs and checks the .deb with (dpkg-shlibdeps, lintian)
set -euo pipefail

packages=(
  # C libraries the Swift targets link against
  libtesseract-dev libleptonica-dev libturbojpeg0-dev libjpeg62-turbo-dev libpng-dev libwebp-dev libheif-dev libarchive-dev libsqlite3-dev libssl-dev
  # C++ library the scene-text target links against: OpenCV's DNN module (libopencv-dnn406)
  libopencv-dnn-dev libopencv-imgproc-dev
  # recognition models: English, German, French, Spanish
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa
  # glosses: hunspell stems and FreeDict dictionaries, direct and through German
  # the web app's QR code of a pairing URL in the terminal
  libqrencode-dev
  libhunspell-dev zlib1g-dev hunspell-de-de hunspell-fr hunspell-es hunspell-en-us
  dict-freedict-deu-eng dict-freedict-fra-eng dict-freedict-spa-eng dict-freedict-eng-deu dict-freedict-eng-fra
  dict-freedict-eng-spa dict-freedict-fra-deu dict-freedict-spa-deu
  # glosses: Ding's German-English file; Apertium's analysers and bilingual tables (French, Spanish) and lt-proc
  trans-de-en apertium-eng-spa apertium-fr-es lttoolbox
  # tools the tests and benchmarks use
  libheif-examples tmux imagemagick sqlite3 python3 python3-venv python3-pil fonts-dejavu-core fonts-liberation2 fonts-urw-base35 procps time util-linux systemd wrk
  # the test that reads an installed man page
  man-db
  # readelf for the tests of what each binary links; patchelf for make install's scene-text plugin
  binutils patchelf
  # the web app's tests drive a real browser: headless Chromium through its WebDriver
  chromium chromium-driver
)
if [ "${1:-}" = "--deb" ]; then
  packages+=(dpkg-dev lintian)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
