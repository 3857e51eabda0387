#!/usr/bin/env bash
# Lints every Swift file with the toolchain's swift-format and the root .swift-format.
# `scripts/lint.sh --fix` formats in place first. Findings fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=(Package.swift Sources Tests Fuzzing/Package.swift Fuzzing/Sources)
[ -d Benchmarks ] && dirs+=(Benchmarks/Package.swift Benchmarks/Sources)
if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --recursive --parallel "${dirs[@]}"
fi
echo "lint: swift format lint --strict"
swift format lint --strict --recursive --parallel "${dirs[@]}"
echo "lint: clean"
