#!/usr/bin/env bash
# Runs every check highlightd has: system packages, lint, the debug build and every test
# (unit, property, conformance, end-to-end). This is the README's test command and CI's.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup: Debian packages"
scripts/setup-system.sh

echo "== lint"
scripts/lint.sh

echo "== build (debug)"
swift build --build-tests

echo "== tests"
swift test --skip-build --parallel --num-workers 2
