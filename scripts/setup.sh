#!/usr/bin/env bash
# Sets highlightd up on a fresh Debian machine with the Swift toolchain, then runs the main job:
# installs the Debian packages it needs, builds the daemon, and shows the text storage at work.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== setup: Debian packages"
scripts/setup-system.sh

echo "== build (release)"
swift build -c release --product highlightd

echo "== the daemon at work: examples/sample.rs typed out keystroke by keystroke through"
echo "   'highlightd serve', as an editor plugin would; then the highlighted result and the"
echo "   latency from each keystroke to its first textStorage/didProcessEditing"
.build/release/highlightd drive examples/sample.rs --language rust
