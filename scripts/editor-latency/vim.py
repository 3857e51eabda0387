#!/usr/bin/env python3
"""Latency of the Vim plugin (editors/vim), measured inside a real Vim in tmux.

1. Keystroke -> highlighted screen: types a few hundred characters of a real file (from the
   benchmark corpus) one at a time, each after the previous one's highlight; the time runs
   from the key entering Vim's typeahead to the daemon's push for it applied as text
   properties and the screen redrawn (Vim's reltime(), in the editor).
2. A 5 MB file (real files concatenated, written to /tmp): time to the first highlight on
   the visible lines, time until the daemon has finished the whole file, and the longest
   time Vim did not run its timers meanwhile (a frozen editor would show it here).

Uses /tmp/hl-bin/highlightd-release if it exists, else HIGHLIGHTD_BINARY, else the debug
build; `--binary` chooses.

    scripts/editor-latency/vim.py [--keys 300] [--file PATH] [--binary PATH]
"""

import argparse
import json
import os
import pathlib
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "EditorTests"))
sys.path.insert(0, str(ROOT / "Tests" / "EditorTests" / "vim"))
import vim_support  # noqa: E402

DATA = pathlib.Path(os.environ.get("HIGHLIGHTD_TEST_DATA", ROOT.parent / "shared" / "data"))
BENCHMARK = DATA / "benchmark"
SCRIPT = pathlib.Path(__file__).resolve().parent / "vim_latency.vim"
LARGE = pathlib.Path("/tmp/highlightd-latency-5mb.js")


def default_binary():
    release = pathlib.Path("/tmp/hl-bin/highlightd-release")
    if release.exists():
        return release
    debug = ROOT / ".build" / "debug" / "highlightd"
    return pathlib.Path(os.environ.get("HIGHLIGHTD_BINARY", debug))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def make_large_file(size=5 * 1024 * 1024):
    """Real JavaScript from the benchmark corpus, concatenated to `size` bytes."""
    if LARGE.exists() and LARGE.stat().st_size >= size:
        return LARGE
    sources = [BENCHMARK / name for name in ("large.js", "minified.js", "large.min.js")]
    parts, total = [], 0
    while total < size:
        for source in sources:
            data = source.read_bytes()
            parts.append(data if data.endswith(b"\n") else data + b"\n")
            total += len(parts[-1])
    LARGE.write_bytes(b"".join(parts))
    return LARGE


def run(vim, binary, workdir, files, call, out, timeout):
    session = vim_support.VimSession(
        vim, binary, workdir, files, settings=[f"source {SCRIPT}"], width=120, height=40
    )
    try:
        if files:
            vim_support.wait_until(lambda: session.dump()["props"], 120, what="the first highlight")
        session.command(call)
        vim_support.wait_until(out.exists, timeout, interval=0.2, what=str(out.name))
        return json.loads(out.read_text())
    finally:
        session.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", type=pathlib.Path, default=default_binary())
    parser.add_argument("--keys", type=int, default=300, help="0: only the large file")
    parser.add_argument("--file", type=pathlib.Path, default=BENCHMARK / "large.js")
    parser.add_argument("--line", type=int, default=2000, help="where to type in --file")
    args = parser.parse_args()
    args.binary = args.binary.resolve()  # Vim runs in a temporary folder
    vim = vim_support.find_vim()
    if vim is None:
        sys.exit("needs vim with +channel +job +textprop and tmux")
    kind = "release" if "release" in str(args.binary) else "debug"
    print(f"binary: {args.binary} ({kind})")

    with tempfile.TemporaryDirectory(prefix="highlightd-vim-latency-") as folder:
        workdir = pathlib.Path(folder)
        if args.keys > 0:
            sample = workdir / args.file.name
            sample.write_bytes(args.file.read_bytes())
            out = workdir / "keys.json"
            result = run(vim, args.binary, workdir, [f"+{args.line}", sample],
                         f"call HighlightdMeasureKeystrokes('{out}', {args.keys})", out, 600)
            samples = result["samples"]
            print(f"keystroke -> highlighted screen, {len(samples)} keys typed into "
                  f"{args.file.name} at line {args.line}: median {statistics.median(samples):.1f}"
                  f" ms, p99 {percentile(samples, 0.99):.1f} ms, max {max(samples):.1f} ms")

        large = make_large_file()
        out = workdir / "large.json"
        result = run(vim, args.binary, workdir, [],
                     f"call HighlightdMeasureLargeOpen('{large}', '{out}')", out, 900)
        print(f"{large} ({result['bytes'] / 1e6:.1f} MB, {result['lines']} lines): "
              f":edit returned after {result['opened']:.0f} ms, first visible highlight at "
              f"{result['firstVisible']:.0f} ms, whole file settled at "
              f"{result['settled'] / 1000:.1f} s, "
              f"longest stall of Vim's timers meanwhile {result['longestStall']:.0f} ms "
              f"(ending {result['stallEnded']:.0f} ms after :edit; "
              f"sending the text took {result['slowestOpen']:.0f} ms, the slowest of "
              f"{result['pushes']} pushes {result['slowestPush']:.0f} ms to apply)")


if __name__ == "__main__":
    main()
