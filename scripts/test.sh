#!/usr/bin/env bash
# Runs every check highlightd has: system packages, lint, the debug build and every test
# (unit, property, conformance, grammar fixtures, end-to-end tests of the binary, an
# independent LSP client, and every libFuzzer target for a few seconds). This is the README's test command and CI's.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup: Debian packages"
scripts/setup-system.sh

echo "== setup: Python LSP client and Neovim for the end-to-end tests (.venv)"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check \
    -r Tests/LSPClientTests/requirements.txt -r Tests/EditorTests/requirements.txt

echo "== lint"
scripts/lint.sh

echo "== build (debug)"
swift build --build-tests

echo "== LSP face, through an independent client (pytest-lsp)"
.venv/bin/python -m pytest -q Tests/LSPClientTests

echo "== editor plugins, inside real Neovim, Vim and Emacs"
.venv/bin/python -m pytest -q Tests/EditorTests

echo "== Swift tests"
swift test --skip-build --parallel --num-workers 2

echo "== fuzz targets, briefly (fixed seed; scripts/fuzz.sh --time N for a real run)"
scripts/fuzz.sh --time 5
