#!/usr/bin/env python3
"""Long runs of one character in every bundled language: which lines cost more than linear time.

For each bundled language, each character of a set and each of a few line shapes, writes a file of
three lines `PREFIX + CHARACTER * N + SUFFIX` and has `highlightd bench --json --runs 1 --jobs 1`
tokenize it. Where that takes longer than the threshold, the same is timed at twice the length:
a ratio near 2 is linear, near 4 quadratic. Prints one line per such case and a summary.

Not part of the test command (it times things); see docs/PERFORMANCE.md.

    scripts/hostile-lines.py --binary .build-static/release/highlightd [--length 3000]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

EXTENSIONS = {
    "c": "c", "css": "css", "diff": "diff", "html": "html", "javascript": "js", "json": "json",
    "latex": "tex", "markdown": "md", "python": "py", "rust": "rs", "shellscript": "sh",
    "svelte": "svelte", "swift": "swift", "toml": "toml", "typescript": "ts", "yaml": "yaml",
}
CHARACTERS = list(" \ta0.,()[]{}\"'/*-=<>#$\\_:;`@!&|+%~?") + ["é"]
SHAPES = [("", ""), ("f(", "{y"), ("x = ", "y"), ("a", "(b"), ("<a ", ">"), ("- ", ": x")]


def tokenize_ms(binary, path):
    """bench's median for one timed run after a warm-up, in milliseconds."""
    result = subprocess.run(
        [binary, "bench", path, "--runs", "1", "--jobs", "1", "--json"],
        capture_output=True, text=True, timeout=3600, check=True)
    return json.loads(result.stdout)["median_ms"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--length", type=int, default=3000, help="the run's length N")
    parser.add_argument("--threshold-ms", type=float, default=50.0,
                        help="time at N above which the case is timed again at 2N")
    parser.add_argument("--languages", nargs="*", default=list(EXTENSIONS))
    arguments = parser.parse_args()

    slow = []
    cases = 0
    with tempfile.TemporaryDirectory() as folder:
        for language in arguments.languages:
            extension = EXTENSIONS[language]
            path = os.path.join(folder, f"hostile.{extension}")
            for character in CHARACTERS:
                for prefix, suffix in SHAPES:
                    def timed(length):
                        line = prefix + character * length + suffix
                        with open(path, "w", encoding="utf-8") as file:
                            file.write("\n".join([line] * 3) + "\n")
                        return tokenize_ms(arguments.binary, path)

                    cases += 1
                    at_n = timed(arguments.length)
                    if at_n <= arguments.threshold_ms:
                        continue
                    at_2n = timed(2 * arguments.length)
                    slow.append((language, character, prefix, suffix, at_n, at_2n))
                    print(f"{language:12} {character!r:6} {prefix!r:7} {suffix!r:7} "
                          f"N {at_n:9.1f} ms  2N {at_2n:9.1f} ms  ratio {at_2n / at_n:4.1f}", flush=True)
    print(f"{cases} cases at N = {arguments.length}; {len(slow)} over {arguments.threshold_ms:g} ms")
    if slow:
        worst = max(slow, key=lambda case: case[5])
        print(f"slowest at 2N: {worst[0]} {worst[1]!r} {worst[2]!r} {worst[3]!r}: {worst[5]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
