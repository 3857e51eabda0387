#!/usr/bin/env python3
"""What a user waits for on the command line: whole-process time of `highlightd highlight`
(ANSI, HTML, JSON, compact JSON, no colour) on the benchmark files and a 1 KB Rust file,
beside `bench` (tokenization only, in process),
Debian's `highlight` (andre-simon, truecolor) and `bat`, in alternating rounds. Installs
Debian's `highlight` and `bat` if missing (root). Prints a Markdown table of medians with
ranges, then each round's ratios to `bench` (the goals are such ratios);
docs/PERFORMANCE.md keeps the last one. Not part of the test command.

    scripts/output-bench.py [--binary .build-static/release/highlightd] [--rounds 5]
"""
import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data" / "benchmark"
FILES = [DATA / "large.js", DATA / "bootstrap.css", DATA / "vscode.d.ts",
         ROOT / "examples" / "sample.rs"]


def ensure_peers():
    missing = [package for package, command in (("highlight", "highlight"), ("bat", "batcat"))
               if not shutil.which(command)]
    if missing:
        subprocess.run(["apt-get", "install", "-y", "-qq", *missing], check=True, capture_output=True)
    return shutil.which("highlight"), shutil.which("batcat") or shutil.which("bat")


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


def summary(times):
    return f"{statistics.median(times):.1f} ({min(times):.1f}–{max(times):.1f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build-static" / "release" / "highlightd"))
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    andre, bat = ensure_peers()
    rows = []
    for file in FILES:
        name, path = file.name, str(file)
        cases = {
            "ansi": [args.binary, "highlight", "--color", "always", path],
            "html": [args.binary, "highlight", "--format", "html", path],
            "json": [args.binary, "highlight", "--format", "json", path],
            "compact": [args.binary, "highlight", "--format", "json-compact", path],
            "never": [args.binary, "highlight", "--color", "never", path],
            "highlight": [andre, "-O", "truecolor", "--force", path],
            "bat": [bat, "--color=always", "--paging=never", "--style=plain", path],
        }
        times = {case: [] for case in cases}
        bench = []
        for _ in range(args.rounds):
            result = subprocess.run([args.binary, "bench", path, "--runs", "5", "--json"],
                                    capture_output=True, text=True, check=True)
            bench.append(json.loads(result.stdout)["median_ms"])
            for case, command in cases.items():
                times[case].append(wall(command))
        rows.append((name, bench, times))
    print("| file | bench (tokenize) | highlight ANSI | HTML | JSON | JSON compact | no colour "
          "| Debian highlight | bat |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, bench, times in rows:
        cases = ("ansi", "html", "json", "compact", "never", "highlight", "bat")
        cells = [summary(bench)] + [summary(times[case]) for case in cases]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print(f"\nms, whole process except `bench` (its in-process median); median (min–max) of {args.rounds} "
          "alternating rounds; `bench` runs 5 timed tokenizations a round.")
    # The goals are ratios to `bench` in the same run: each round's own ratio, so that a slow
    # minute of the machine weighs on both sides of it.
    print("\n| file | ANSI ÷ bench | HTML ÷ bench | JSON ÷ bench |")
    print("|---|---|---|---|")
    for name, bench, times in rows:
        cells = []
        for case in ("ansi", "html", "json"):
            ratios = [time / tokenize for time, tokenize in zip(times[case], bench)]
            cells.append(f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("\nEach round's whole-process time over that round's `bench`; median (min–max) of the rounds.")


if __name__ == "__main__":
    main()
