#!/usr/bin/env bash
# Runs every check highlightd has: system packages, lint, the debug build and every test
# (unit, property, conformance, grammar fixtures, end-to-end tests of the binary, an
# independent LSP client, and every libFuzzer target for a few seconds). This is the README's test command and CI's.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup: Debian packages"
scripts/setup-system.sh

echo "== setup: Python LSP client for the end-to-end LSP tests (.venv)"
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r Tests/LSPClientTests/requirements.txt

echo "== lint"
scripts/lint.sh

echo "== build (debug)"
swift build --build-tests

echo "== LSP face, through an independent client (pytest-lsp)"
.venv/bin/python -m pytest -q Tests/LSPClientTests

echo "== Swift tests"
swift test --skip-build --parallel --num-workers 2

echo "== fuzz targets, briefly (fixed seed; scripts/fuzz.sh --time N for a real run)"
scripts/fuzz.sh --time 5
