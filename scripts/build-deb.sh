#!/usr/bin/env bash
# Builds wordbook_VERSION_amd64.deb in the repository's root from the release build (Swift run-time
# linked statically), its man pages and completions (scripts/install-manuals.sh) and debian/: what
# `make deb` runs. Then lintian checks it.
#   scripts/build-deb.sh [--no-build]   --no-build packs the binaries already built
set -euo pipefail

cd "$(dirname "$0")/.."
build=yes
[ "${1:-}" = "--no-build" ] && build=no

version=$(make -s version)
[ -n "$version" ] || { echo "build-deb: no version in Sources/WordBookCommandLine/Version.swift" >&2; exit 1; }
changelog_version=$(sed -n '1s/^wordbook (\([^)]*\)).*/\1/p' debian/changelog)
if [ "$changelog_version" != "$version" ]; then
  echo "build-deb: debian/changelog is at $changelog_version, the sources at $version: add an entry" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
deb="wordbook_${version}_${arch}.deb"

if [ $build = yes ]; then
  swift build -c release --static-swift-stdlib
fi
# The scene-text detector and recogniser (PaddleOCR's PP-OCRv6 small models from the rapidocr wheel,
# rewritten for OpenCV 4.6), each checked against models/SHA256SUMS; does nothing when in place.
bash scripts/make-models.sh .build/models
for binary in wordbook wordbook-worker wordbook-web; do
  if ldd ".build/release/$binary" | grep -q 'libswiftCore'; then
    echo "build-deb: .build/release/$binary links the Swift run-time dynamically; build with --static-swift-stdlib" >&2
    exit 1
  fi
done
# The scene-text plugin: the one part that links OpenCV, so that the package can merely recommend it.
plugin=.build/release/libwordbook-scenetext.so
[ -f "$plugin" ] || { echo "build-deb: $plugin is missing; swift build -c release --static-swift-stdlib makes it" >&2; exit 1; }
for binary in wordbook wordbook-worker wordbook-web; do
  if readelf -d ".build/release/$binary" | grep NEEDED | grep -q 'libopencv'; then
    echo "build-deb: .build/release/$binary links OpenCV; only $plugin may" >&2
    exit 1
  fi
done

root=$(mktemp -d "${TMPDIR:-/tmp}/wordbook-deb.XXXXXX")
trap 'rm -rf "$root"' EXIT
chmod 0755 "$root"

# Executables, stripped as Debian wants them.
for binary in wordbook wordbook-worker wordbook-web; do
  install -D -m 0755 ".build/release/$binary" "$root/usr/bin/$binary"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$binary"
  # tesseract.pc names -lcurl, so the worker records libcurl as needed though it calls none of it
  # (libtesseract5 brings its own libcurl4). Where the libcurl-nss development files are installed that
  # entry would make the package depend on libcurl3-nss; drop it when no curl symbol is used.
  for needed in $(readelf -d "$root/usr/bin/$binary" | sed -n 's/.*NEEDED.*\[\(libcurl[^]]*\)\]/\1/p'); do
    if ! nm -D --undefined-only "$root/usr/bin/$binary" | grep -q ' curl_'; then
      patchelf --remove-needed "$needed" "$root/usr/bin/$binary"
    fi
  done
done
"$root/usr/bin/wordbook" --version >/dev/null

# The scene-text plugin where the worker looks for it (/usr/lib/wordbook), stripped.
install -D -m 0644 "$plugin" "$root/usr/lib/wordbook/libwordbook-scenetext.so"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/lib/wordbook/libwordbook-scenetext.so"
# SwiftPM links every library with the Swift run-time and the build tree's run path; the plugin is C++
# and uses no Swift symbol (linked with -nostartfiles), so both go.
if nm -D --undefined-only "$root/usr/lib/wordbook/libwordbook-scenetext.so" | grep -q ' U .*swift'; then
  echo "build-deb: $plugin uses the Swift run-time" >&2
  exit 1
fi
patchelf --remove-needed libswiftCore.so --remove-rpath "$root/usr/lib/wordbook/libwordbook-scenetext.so"

# The unit, and the configuration naming the shared word book, so that group members need no --db.
install -D -m 0644 debian/wordbook.service "$root/lib/systemd/system/wordbook.service"
# The web app's unit, which postinst leaves disabled.
install -D -m 0644 debian/wordbook-web.service "$root/lib/systemd/system/wordbook-web.service"
install -d -m 0755 "$root/etc/wordbook"
sed -e 's|^data = "".*|data = "/var/lib/wordbook"|' \
    -e 's|^database = "".*|database = "/var/lib/wordbook/wordbook.sqlite"   # --db overrides it for any command|' \
    config/wordbook.toml > "$root/etc/wordbook/config.toml"
chmod 0644 "$root/etc/wordbook/config.toml"
grep -q '^data = "/var/lib/wordbook"$' "$root/etc/wordbook/config.toml"
grep -q '^database = "/var/lib/wordbook/wordbook.sqlite"' "$root/etc/wordbook/config.toml"

# One man page per command and the shell completions, made from the packed binary.
bash scripts/install-manuals.sh "$root/usr/bin/wordbook" "$root/usr" share/zsh/vendor-completions

# The scene-text models, where the worker looks beside its executable (BIN/../share/wordbook/models).
for model in ppocr-det.onnx ppocr-rec.onnx ppocr-rec-160.onnx ppocr-rec-keys.txt; do
  install -D -m 0644 ".build/models/$model" "$root/usr/share/wordbook/models/$model"
done
install -D -m 0644 debian/lintian-overrides "$root/usr/share/lintian/overrides/wordbook"

# Documentation: the README and the pages it links to in docs/ (the same relative paths, so its links
# hold; the screenshots stay out); models.md says where the models come from, how they were changed
# and their licence.
install -D -m 0644 README.md "$root/usr/share/doc/wordbook/README.md"
for doc in docs/*.md; do
  install -D -m 0644 "$doc" "$root/usr/share/doc/wordbook/$doc"
done
install -m 0644 models/README.md "$root/usr/share/doc/wordbook/models.md"
install -m 0644 debian/copyright "$root/usr/share/doc/wordbook/copyright"
# changelog.gz, not changelog.Debian.gz: the package is native (WordBook packs itself, so its
# version has no Debian revision), and Debian names a native package's changelog so.
gzip -9n < debian/changelog > "$root/usr/share/doc/wordbook/changelog.gz"
chmod 0644 "$root/usr/share/doc/wordbook/changelog.gz"

# Control files. Depends: the shared libraries both executables need (dpkg-shlibdeps reads their
# NEEDED entries and the libraries' symbols files), the English model and adduser for postinst.
# Recommends: what the scene-text plugin needs besides (OpenCV): without it the worker still starts,
# reads with Tesseract alone, and `wordbook status` names the package to install.
install -d -m 0755 "$root/DEBIAN"
shlibs_dir=$(mktemp -d "${TMPDIR:-/tmp}/wordbook-shlibs.XXXXXX")
trap 'rm -rf "$root" "$shlibs_dir"' EXIT
mkdir -p "$shlibs_dir/debian"
printf 'Source: wordbook\n\nPackage: wordbook\nArchitecture: any\n' > "$shlibs_dir/debian/control"
shlibdeps=$(cd "$shlibs_dir" && dpkg-shlibdeps -O -e"$root/usr/bin/wordbook" -e"$root/usr/bin/wordbook-worker" -e"$root/usr/bin/wordbook-web" \
  -dRecommends -e"$root/usr/lib/wordbook/libwordbook-scenetext.so" 2>/dev/null)
shlibs=$(sed -n 's/^shlibs:Depends=//p' <<<"$shlibdeps")
[ -n "$shlibs" ] || { echo "build-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
case "$shlibs" in *libopencv*) echo "build-deb: the package would depend on OpenCV: $shlibs" >&2; exit 1 ;; esac
recommends=$(sed -n 's/^shlibs:Recommends=//p' <<<"$shlibdeps")
case "$recommends" in *libopencv-dnn406*) ;; *) echo "build-deb: the plugin's dependencies name no libopencv-dnn406: $recommends" >&2; exit 1 ;; esac
depends="$shlibs, tesseract-ocr-eng, adduser"
installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@DEPENDS@|$depends|" -e "s|@RECOMMENDS@|$recommends|" \
  -e "s|@INSTALLED_SIZE@|$installed_size|" debian/control > "$root/DEBIAN/control"
install -m 0644 debian/conffiles "$root/DEBIAN/conffiles"
install -m 0755 debian/postinst debian/prerm debian/postrm "$root/DEBIAN/"
(cd "$root" && find . -path ./DEBIAN -prune -o -path ./etc -prune -o -type f -printf '%P\0' | sort -z \
  | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"

dpkg-deb --build --root-owner-group -Zxz "$root" "$deb" >/dev/null
echo "$deb: $(du -h "$deb" | cut -f1)"
dpkg-deb --field "$deb" Depends Recommends
