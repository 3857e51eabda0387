#!/usr/bin/env bash
# Builds the release binary that install.sh and package-deb.sh ship: optimized, with the
# Swift runtime and Foundation linked statically (the binary then needs only Debian's
# libraries: PCRE2, Oniguruma, ICU, HarfBuzz, fontconfig, libpsl, zlib, libstdc++).
#
#   scripts/build-release.sh              build (in .build-static/)
#   scripts/build-release.sh --print-path print the binary's path
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-static
if [ "${1:-}" = "--print-path" ]; then
    echo "$PWD/$scratch/release/highlightd"
    exit 0
fi
swift build -c release --product highlightd --static-swift-stdlib --scratch-path "$scratch" >&2
