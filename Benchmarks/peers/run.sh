#!/usr/bin/env bash
# highlightd beside tree-sitter, syntect and Pygments on the benchmark files and editing
# traces (Benchmarks/peers/peers.py). Not part of the test command: it builds a release
# binary and takes a few minutes. The peers are installed from PyPI into .venv-peers.
#
#     Benchmarks/peers/run.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv-peers/bin/python ] || python3 -m venv .venv-peers
.venv-peers/bin/python -m pip install --quiet --disable-pip-version-check -r Benchmarks/peers/requirements.txt
swift build -c release --product highlightd
.venv-peers/bin/python Benchmarks/peers/peers.py --binary .build/release/highlightd "$@"
