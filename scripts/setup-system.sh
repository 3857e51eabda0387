#!/usr/bin/env bash
# Installs the Debian packages highlightd builds and tests against, if any is missing.
# Runs as root on CI and on a fresh machine; elsewhere it prints the apt-get line to run.
set -euo pipefail

packages=(
    pkg-config        # SwiftPM finds PCRE2, ICU and libpsl through it
    libpcre2-dev      # the regex engine (JIT) behind the TextMate grammar engine
    libonig-dev       # Oniguruma 6.9.8, for the grammar patterns PCRE2 cannot run
    libicu-dev        # UAX #14 line breaking, grapheme clusters, East Asian Width
    libpsl-dev        # the Public Suffix List, for bare-domain links
    zlib1g-dev        # gzip-compressed editing traces
    publicsuffix      # the list itself
    unicode-data      # LineBreakTest.txt for the line-breaking conformance test
    python3-venv      # the independent LSP client used by end-to-end tests
    vim-nox           # Vim 9.0 (+channel, +textprop) for the Vim plugin's tests
    emacs-nox         # Emacs 28.2 for the Emacs plugin's tests
    elpa-lsp-mode     # lsp-mode 8.0: a second real LSP client for the LSP face's tests
    aspell            # the spell checker flyspell runs in the Emacs plugin's tests
    aspell-en         # ... and its English dictionary
    tmux              # screen captures of the editors, as a person sees them
    libharfbuzz-dev   # text layout: shaping (kerning, ligatures, complex scripts)
    libfontconfig-dev # text layout: font names and fallback fonts to files
    libharfbuzz-bin   # hb-shape, the layout tests' independent shaping oracle
    libfribidi-bin    # fribidi, the layout tests' independent bidi oracle (visual order)
    fonts-dejavu-core # fonts the layout tests shape with (Latin, Arabic)
    fonts-noto-cjk    # ... CJK
    fonts-noto-color-emoji # ... emoji ZWJ sequences
    dpkg-dev          # dpkg-shlibdeps, the Debian package's Depends
    lintian           # the Debian package's checker
    man-db            # man, to read the installed manual page
    chromium          # the playground's browser tests (Playwright drives Debian's chromium)
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all Debian packages present (${packages[*]})"
    exit 0
fi

echo "setup: installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "setup: not root; run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
echo "setup: done"
