#!/usr/bin/env bash
# Sets highlightd up on a fresh Debian machine with the Swift toolchain, then runs the main job:
# installs the Debian packages it needs, builds the daemon, and shows the text storage at work.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup: Debian packages"
scripts/setup-system.sh

echo "== build (release)"
swift build -c release --product highlightd

echo "== demo: a text storage edited in transactions, with the transaction log"
.build/release/highlightd demo
