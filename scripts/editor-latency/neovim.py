#!/usr/bin/env python3
"""Latency of the Neovim plugin (editors/neovim), measured inside a real Neovim TUI in tmux.

1. Keystroke -> highlighted screen: types a few hundred characters of a real file (from the
   benchmark corpus) one at a time, each after the previous one's highlight; the time runs
   from the key handed to Neovim (nvim_input) to the daemon's push for it applied as extmarks
   and the screen redrawn (measured in Neovim with vim.uv.hrtime()).
2. A 5 MB file (real files concatenated, written to /tmp): time to the first highlight on
   the visible lines, time until the daemon has finished the whole file, how long `:edit`
   blocked, and the longest time Neovim's main loop could not run a 10 ms timer meanwhile.

Uses /tmp/hl-bin/highlightd-release if it exists, else HIGHLIGHTD_BINARY, else the debug
build; `--binary` chooses.

    scripts/editor-latency/neovim.py [--keys 300] [--file PATH] [--binary PATH] [--nvim PATH]
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path(os.environ.get("HIGHLIGHTD_TEST_DATA", ROOT.parent / "shared" / "data"))
BENCHMARK = DATA / "benchmark"
SCRIPT = pathlib.Path(__file__).resolve().parent / "neovim_latency.lua"
LARGE = pathlib.Path("/tmp/highlightd-latency-nvim-5mb.js")


def default_binary():
    release = pathlib.Path("/tmp/hl-bin/highlightd-release")
    if release.exists():
        return release
    return pathlib.Path(os.environ.get("HIGHLIGHTD_BINARY", ROOT / ".build" / "debug" / "highlightd"))


def default_nvim():
    venv = ROOT / ".venv" / "bin" / "nvim"
    return str(venv) if venv.exists() else shutil.which("nvim")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def make_large_file(size=5 * 1024 * 1024):
    """Real JavaScript from the benchmark corpus (large.js), concatenated to `size` bytes."""
    if LARGE.exists() and LARGE.stat().st_size >= size:
        return LARGE
    piece = (BENCHMARK / "large.js").read_bytes()
    with open(LARGE, "wb") as out:
        written = 0
        while written < size:
            out.write(piece)
            written += len(piece)
    return LARGE


def run_in_tmux(nvim, binary, mode, path, keys, timeout):
    """Runs the measuring script in Neovim in a private tmux server; returns its JSON."""
    with tempfile.TemporaryDirectory(prefix="highlightd-nvim-latency-") as folder:
        out = pathlib.Path(folder) / "result.json"
        socket = str(pathlib.Path(folder) / "tmux.sock")
        environment = {
            "HL_RTP": str(ROOT / "editors" / "neovim"),
            "HL_OUT": str(out),
            "HL_MODE": mode,
            "HL_FILE": str(path),
            "HL_KEYS": str(keys),
            "HIGHLIGHTD_BINARY": str(binary),
            "TERM": "xterm-256color",
        }
        if "HIGHLIGHTD_GRAMMARS" in os.environ:
            environment["HIGHLIGHTD_GRAMMARS"] = os.environ["HIGHLIGHTD_GRAMMARS"]
        elif not str(binary).startswith(str(ROOT)):
            environment["HIGHLIGHTD_GRAMMARS"] = str(ROOT / "Grammars")
        command = ["env"] + [f"{key}={value}" for key, value in environment.items()]
        command += [nvim, "-u", "NONE", "-i", "NONE", "-n", "-S", str(SCRIPT)]
        subprocess.run(
            ["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "40", *command],
            check=True,
        )
        try:
            deadline = time.monotonic() + timeout
            while not out.exists():
                if time.monotonic() > deadline:
                    raise SystemExit(f"{mode}: no result after {timeout} s")
                time.sleep(0.2)
            return json.loads(out.read_text())
        finally:
            subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--file", type=pathlib.Path, default=BENCHMARK / "large.js")
    parser.add_argument("--binary", type=pathlib.Path, default=default_binary())
    parser.add_argument("--nvim", default=default_nvim())
    arguments = parser.parse_args()
    if not arguments.nvim or shutil.which("tmux") is None:
        raise SystemExit("needs nvim and tmux")
    version = subprocess.run([arguments.nvim, "--version"], capture_output=True, text=True).stdout
    version = version.split("\n")[0]
    print(f"binary: {arguments.binary}")
    print(f"editor: {version}")

    with tempfile.TemporaryDirectory(prefix="highlightd-nvim-typing-") as folder:
        copy = pathlib.Path(folder) / arguments.file.name
        shutil.copy(arguments.file, copy)
        result = run_in_tmux(arguments.nvim, arguments.binary, "keys", copy, arguments.keys, 600)
    if "error" in result:
        raise SystemExit(result["error"])
    samples = result["samples"]
    print(
        f"keystroke -> highlighted screen ({arguments.file.name}, {len(samples)} keys): "
        f"median {statistics.median(samples):.2f} ms, p99 {percentile(samples, 0.99):.2f} ms, "
        f"max {max(samples):.2f} ms"
    )

    large = make_large_file()
    result = run_in_tmux(arguments.nvim, arguments.binary, "large", large, 0, 600)
    print(
        f"5 MB open ({result['bytes']} bytes, {large}): first visible highlight "
        f"{result['first_visible_ms']:.0f} ms, settled {result['settled_ms']:.0f} ms, "
        f":edit blocked {result['edit_ms']:.0f} ms, longest main-loop stall "
        f"{result['longest_stall_ms']:.0f} ms, {result['marks']} extmarks"
    )


if __name__ == "__main__":
    main()
