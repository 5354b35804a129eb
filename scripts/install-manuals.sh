#!/usr/bin/env bash
# Installs wordbook's man pages and shell completions under PREFIX, both made from the binary itself
# (its commands and options as the argument parser knows them): what `make install` and the .deb ship.
#   scripts/install-manuals.sh BINARY PREFIX [ZSH_DIR]
# BINARY  the wordbook executable, e.g. .build/release/wordbook
# PREFIX  where they go: $DESTDIR/usr/local for make install, the package's usr/
# ZSH_DIR zsh's completion folder under PREFIX: share/zsh/site-functions (zsh's own, the default) or
#         share/zsh/vendor-completions (Debian's for packages)
# The argument parser's generate-manual tool reads the binary; $GENERATE_MANUAL names it, otherwise
# it is built (swift build --product generate-manual, a debug build of a few seconds).
set -euo pipefail

binary=${1:?usage: install-manuals.sh BINARY PREFIX [ZSH_DIR]}
prefix=${2:?usage: install-manuals.sh BINARY PREFIX [ZSH_DIR]}
zsh_dir=${3:-share/zsh/site-functions}
cd "$(dirname "$0")/.."
[ -x "$binary" ] || { echo "install-manuals: $binary is not an executable" >&2; exit 1; }

tool=${GENERATE_MANUAL:-}
if [ -z "$tool" ]; then
  swift build --product generate-manual >&2
  tool=$(swift build --show-bin-path)/generate-manual
fi
pages=$(mktemp -d "${TMPDIR:-/tmp}/wordbook-man.XXXXXX")
trap 'rm -rf "$pages"' EXIT
"$tool" "$binary" --multi-page --output-directory "$pages"
[ -f "$pages/wordbook.1" ] || { echo "install-manuals: $tool made no wordbook.1" >&2; exit 1; }

# One man page per command, compressed, named as git's are: wordbook.list.1 becomes wordbook-list(1),
# whose NAME line says wordbook-list (what whatis and apropos index) and whose synopsis says
# "wordbook list". Blank lines become paragraph breaks, which mdoc wants.
install -d -m 0755 "$prefix/share/man/man1"
for page in "$pages"/*.1; do
  name=$(basename "$page" .1)
  dashed=${name//./-}
  spaced=${name//./ }
  sed -e "s|^\.Dt .* 1\$|.Dt ${dashed^^} 1|" \
      -e "0,/^\.Nm .*/s|^\.Nm .*|.Nm $dashed|" \
      -e "s|^\.Nm\$|.Nm \"$spaced\"|" \
      -e 's|^$|.Pp|' "$page" | gzip -9n > "$prefix/share/man/man1/$dashed.1.gz"
  chmod 0644 "$prefix/share/man/man1/$dashed.1.gz"
done

# Shell completions where bash-completion, zsh and fish look for them.
install -d -m 0755 "$prefix/share/bash-completion/completions" "$prefix/$zsh_dir" "$prefix/share/fish/vendor_completions.d"
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$prefix/share/bash-completion/completions/wordbook"
"$binary" --generate-completion-script zsh > "$prefix/$zsh_dir/_wordbook"
"$binary" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/wordbook.fish"
chmod 0644 "$prefix/share/bash-completion/completions/wordbook" "$prefix/$zsh_dir/_wordbook" \
  "$prefix/share/fish/vendor_completions.d/wordbook.fish"
