#!/usr/bin/env python3
"""How often a chunk's guessed start state is right on real files, and what cutting pays.

For every file given (folders are searched for files of the extensions below, at least
--min-bytes long, at most --per-extension of each, chosen in sorted order), runs
`highlightd bench FILE --jobs J --json` and prints one line per file plus a summary per
extension: seams guessed right, lines tokenized again, and the wall median against the
single-thread median. Not part of the test command; a release binary is needed:

    swift build -c release --product highlightd
    Benchmarks/chunks/guesses.py --binary .build/release/highlightd /usr/lib/python3 ../shared/data/benchmark
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

EXTENSIONS = {".py", ".c", ".h", ".js", ".css", ".md", ".ts", ".json", ".yaml", ".toml", ".rs", ".swift", ".sh"}


def candidates(roots, min_bytes, per_extension):
    chosen = {}
    for root in roots:
        if os.path.isfile(root):
            chosen.setdefault(os.path.splitext(root)[1], []).append(root)
            continue
        for folder, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                extension = os.path.splitext(name)[1]
                path = os.path.join(folder, name)
                if extension not in EXTENSIONS or not os.path.isfile(path):
                    continue
                if os.path.getsize(path) < min_bytes:
                    continue
                files_of_kind = chosen.setdefault(extension, [])
                if len(files_of_kind) < per_extension:
                    files_of_kind.append(path)
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--min-bytes", type=int, default=64 * 1024)
    parser.add_argument("--per-extension", type=int, default=20)
    arguments = parser.parse_args()
    summary = {}
    for extension, paths in sorted(candidates(arguments.roots, arguments.min_bytes, arguments.per_extension).items()):
        for path in paths:
            result = subprocess.run(
                [arguments.binary, "bench", path, "--jobs", str(arguments.jobs), "--runs", str(arguments.runs), "--json"],
                capture_output=True, text=True)
            if result.returncode != 0:
                continue  # no grammar for the file, or not UTF-8
            figures = json.loads(result.stdout.strip().splitlines()[-1])
            seams = figures["chunks"] - 1
            print(f"{path}: {figures['bytes']} bytes, {figures['chunks']} chunks, "
                  f"{figures['seams_guessed_right']}/{seams} seams right, "
                  f"{figures['lines_retokenized']} lines again, {figures['median_ms']:.2f} ms "
                  f"(one thread {figures['single_core_median_ms']:.2f} ms)", flush=True)
            entry = summary.setdefault(extension, {"files": 0, "seams": 0, "right": 0, "again": 0, "ratios": []})
            entry["files"] += 1
            entry["seams"] += seams
            entry["right"] += figures["seams_guessed_right"]
            entry["again"] += figures["lines_retokenized"]
            if seams:
                entry["ratios"].append(figures["single_core_median_ms"] / figures["median_ms"])
    print()
    print("| extension | files | seams guessed right | lines tokenized again | median speed-up (one thread / cut) |")
    print("|---|---|---|---|---|")
    for extension, entry in sorted(summary.items()):
        ratio = f"×{statistics.median(entry['ratios']):.2f}" if entry["ratios"] else "n/a"
        print(f"| {extension} | {entry['files']} | {entry['right']} of {entry['seams']} | {entry['again']} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
