#!/usr/bin/env python3
"""Latency of the Emacs plugin (editors/emacs), measured inside a real `emacs -nw` in tmux.

1. Keystroke -> highlighted: types a few hundred characters of a real file (from the
   benchmark corpus) into a copy of it, one key every 50 ms through `tmux send-keys`; Emacs
   times each change from its `after-change-functions` call to the first push covering it
   applied, and to the start of the redisplay that shows it.
2. A 5 MB file (real files concatenated, written to /tmp): time from `find-file` to the
   first highlight on the window's lines, time to the last push (the whole file done), and
   the longest time Emacs could not run a 10 ms timer meanwhile (a frozen editor shows here).

Uses /tmp/hl-bin/highlightd-release if it exists, else HIGHLIGHTD_BINARY, else the debug
build; `--binary` chooses.

    scripts/editor-latency/emacs.py [--keys 300] [--file PATH] [--binary PATH]
"""

import argparse
import json
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests" / "EditorTests"))
sys.path.insert(0, str(ROOT / "Tests" / "EditorTests" / "emacs"))
import emacs_support  # noqa: E402

DATA = pathlib.Path(os.environ.get("HIGHLIGHTD_TEST_DATA", ROOT.parent / "shared" / "data"))
BENCHMARK = DATA / "benchmark"
MEASURE = ROOT / "Tests" / "EditorTests" / "emacs" / "highlightd-measure.el"
LARGE = pathlib.Path("/tmp/highlightd-latency-emacs-5mb.js")


def default_binary():
    release = pathlib.Path("/tmp/hl-bin/highlightd-release")
    if release.exists():
        return release
    return pathlib.Path(os.environ.get("HIGHLIGHTD_BINARY", ROOT / ".build" / "debug" / "highlightd"))


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def make_large_file(size=5 * 1024 * 1024):
    """Real JavaScript from the benchmark corpus, concatenated to at least `size` bytes."""
    parts = [BENCHMARK / name for name in ("large.js", "minified.js", "large.min.js")]
    content = bytearray()
    while len(content) < size:
        for part in parts:
            content += part.read_bytes() + b"\n"
    LARGE.write_bytes(bytes(content))
    return LARGE


def wait_for_quiet(session, buffer_name, quiet=2.0, timeout=300):
    """Waits until the file is highlighted and no push came for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    previous = None
    while time.monotonic() < deadline:
        count = session.state(buffer_name)["pushes"]
        if count and count == previous:
            return
        previous = count
        time.sleep(quiet)
    messages = session.state(buffer_name)["messages"][-500:]
    raise TimeoutError(f"no quiet after {timeout} s ({previous} pushes); Emacs said:\n{messages}")


def measure_typing(session, source, keys):
    """Types `keys` characters of `source`'s middle lines into the middle of the file."""
    lines = source.read_text(encoding="utf-8").splitlines()
    middle = len(lines) // 2
    typed = "\n".join(line.strip() for line in lines[middle:middle + 200])[:keys]
    session.eval(f"(load {emacs_support.lisp_string(MEASURE)} nil t)")
    session.keys("M-g", "g")
    session.type(str(middle))
    session.keys("Enter", "C-a", "Enter", "C-p")
    time.sleep(1)
    session.eval("(highlightd-measure-typing-start)")
    for char in typed:
        if char == "\n":
            session.keys("Enter")
        else:
            session.type(char)
        time.sleep(0.05)

    def result():
        answer = json.loads(json.loads(session.eval("(highlightd-measure-typing-result)")))
        return answer if answer["waiting"] == 0 and len(answer["pushed"]) >= len(typed) * 0.9 else None

    return emacs_support.wait_until(result, 120, interval=0.5, what="the last keystroke's push")


def measure_large_open(session, path):
    """Opens `path` and waits until no push came for two seconds."""
    session.eval(f"(load {emacs_support.lisp_string(MEASURE)} nil t)")
    session.eval(f"(highlightd-measure-open-start {emacs_support.lisp_string(path)})", timeout=120)
    previous = None
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        time.sleep(2)
        answer = json.loads(json.loads(session.eval("(highlightd-measure-open-result)")))
        if answer["visible"] is not None and answer["lastPush"] == previous:
            return answer
        previous = answer["lastPush"]
    raise TimeoutError("the large file never settled")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--file", type=pathlib.Path, default=BENCHMARK / "large.js")
    parser.add_argument("--binary", type=pathlib.Path, default=default_binary())
    arguments = parser.parse_args()
    emacs = emacs_support.find_emacs()
    if emacs is None:
        sys.exit("needs emacs, emacsclient and tmux")
    print(f"binary: {arguments.binary}")

    with tempfile.TemporaryDirectory(prefix="highlightd-emacs-latency-") as folder:
        workdir = pathlib.Path(folder)
        # Byte-compiled, as package.el (or the README's one command) installs it.
        plugin = emacs_support.compile_plugin(emacs, workdir / "plugin")
        copy = workdir / arguments.file.name
        shutil.copy(arguments.file, copy)
        copy.chmod(0o644)
        with emacs_support.EmacsSession(
            emacs, arguments.binary, workdir, [copy], plugin=plugin
        ) as session:
            wait_for_quiet(session, copy.name)
            typing = measure_typing(session, arguments.file, arguments.keys)
        for name, label in (("pushed", "push applied"), ("shown", "redisplay started")):
            values = typing[name]
            print(
                f"keystroke -> {label} ({arguments.file.name}, {len(values)} keys): "
                f"median {statistics.median(values):.1f} ms, p99 {percentile(values, 0.99):.1f} ms"
            )

        large = make_large_file()
        (workdir / "large").mkdir()
        with emacs_support.EmacsSession(
            emacs, arguments.binary, workdir / "large", [], plugin=plugin
        ) as session:
            opened = measure_large_open(session, large)
        print(
            f"5 MB file ({large.stat().st_size} bytes): find-file returned after "
            f"{opened['opened']:.0f} ms, first visible highlight {opened['visible']:.0f} ms, "
            f"last push {opened['lastPush']:.0f} ms, longest stall {opened['longestStall']:.0f} ms"
        )


if __name__ == "__main__":
    main()
