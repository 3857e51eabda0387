#!/usr/bin/env bash
# Runs every check highlightd has: system packages, lint, the debug build, the release binary
# installed from the Debian package and by install.sh, and every test (unit, property,
# conformance, grammar fixtures, end-to-end tests of the binary, an independent LSP client, an
# independent bracket-pair implementation over real files, the editor plugins, the browser
# playground in headless chromium, and every libFuzzer target for a few seconds). This is the
# README's test command and CI's.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup: Debian packages"
scripts/setup-system.sh

echo "== setup: Python LSP client and Neovim for the end-to-end tests (.venv)"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check \
    -r Tests/LSPClientTests/requirements.txt -r Tests/EditorTests/requirements.txt \
    -r Tests/BrowserTests/requirements.txt

echo "== lint"
scripts/lint.sh

echo "== build (debug)"
swift build --build-tests

echo "== install: a release build, the Debian package and install.sh, used as a user gets them"
scripts/build-release.sh
release=$(scripts/build-release.sh --print-path)
deb=$(scripts/package-deb.sh --binary "$release" --output dist)
lintian --fail-on error "$deb"
HIGHLIGHTD_DEB="$deb" HIGHLIGHTD_RELEASE="$release" .venv/bin/python -m pytest -q Tests/PackageTests

# The two suites that compare whole real files and traces with independent implementations
# run the release binary, the one users run (a debug daemon made them 170 s of the command's
# time instead of 55); the editor and browser tests keep the debug build, whose slower daemon
# gives their races more room, and the Swift tests run in debug.
echo "== LSP face, through an independent client (pytest-lsp), on the release binary"
HIGHLIGHTD_BINARY="$release" .venv/bin/python -m pytest -q Tests/LSPClientTests

echo "== bracket pairs and folds over real files, against an independent implementation, on the release binary"
HIGHLIGHTD_BINARY="$release" .venv/bin/python -m pytest -q Tests/OracleTests

echo "== editor plugins, inside real Neovim, Vim and Emacs"
.venv/bin/python -m pytest -q Tests/EditorTests

echo "== the browser playground (highlightd web), in headless chromium"
.venv/bin/python -m pytest -q Tests/BrowserTests

echo "== Swift tests"
swift test --skip-build --parallel --num-workers 2

echo "== fuzz targets, briefly (fixed seed; scripts/fuzz.sh --time N for a real run)"
scripts/fuzz.sh --time 5 --jobs 2
