#!/usr/bin/env python3
"""Keystroke latency over stdio, compared between builds: `highlightd drive` run in
alternating rounds (the order flips every round), each binary's p50, p90 and p99 reported as
the median of its rounds with their range, and every round's p99.

One run's p99 of 3,000 keystrokes is its 30th slowest, and on a shared two-core machine it
moves by a third from run to run (one build gave 188–337 µs over eight runs): compare
medians of many rounds, never two single runs. Not part of the test command.

    scripts/drive-rounds.py [--rounds 6] [--trace rustcode] [--language rust] [--limit 3000]
                            BINARY [BINARY ...]

`--trace` names one of `../shared/data/editing-traces/` (without `.json.gz`); `--file` types
out a file instead (the setup drive: `--file examples/sample.rs --language rust`).
"""
import argparse
import json
import pathlib
import statistics
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent
TRACES = ROOT.parent / "shared" / "data" / "editing-traces"
FIGURES = ("p50_us", "p90_us", "p99_us")


def drive(binary, arguments):
    result = subprocess.run([binary, "drive", *arguments, "--quiet", "--json"],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rounds", type=int, default=6)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--trace", default="rustcode")
    source.add_argument("--file")
    parser.add_argument("--language", default="rust")
    parser.add_argument("--limit", type=int, default=3000)
    options = parser.parse_args()

    if options.file:
        arguments = [options.file]
    else:
        arguments = [str(TRACES / f"{options.trace}.json.gz"), "--limit", str(options.limit)]
    if options.language:
        arguments += ["--language", options.language]

    runs = {binary: [] for binary in options.binaries}
    for round_number in range(options.rounds):
        order = options.binaries if round_number % 2 == 0 else list(reversed(options.binaries))
        for binary in order:
            runs[binary].append(drive(binary, arguments))

    print(f"drive {' '.join(arguments)}: {options.rounds} alternating rounds, µs")
    print("| binary | p50 | p90 | p99 | p99 of each round |")
    print("|---|---|---|---|---|")
    for binary, figures in runs.items():
        cells = []
        for name in FIGURES:
            values = [run[name] for run in figures]
            cells.append(f"{statistics.median(values):.1f} ({min(values):.1f}–{max(values):.1f})")
        each = ", ".join(f"{run['p99_us']:.0f}" for run in figures)
        print(f"| {binary} | {' | '.join(cells)} | {each} |")


if __name__ == "__main__":
    main()
