#!/usr/bin/env python3
"""Start-up cost of `highlightd highlight` on a 1 KB file, whole process, with no extensions,
with the shared VS Code extensions, and with a folder of 200+ made-up extensions (copies of
the bundled grammars under new language ids, extensions and scopes, written to a temporary
folder, never committed). Release build; prints median and range per case.

    scripts/startup.py [--binary .build/release/highlightd] [--runs 30] [--count 220]
"""
import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "vscode-extensions"


def made_up_extensions(folder: pathlib.Path, count: int) -> None:
    """`count` extension folders, each one language whose grammar is a bundled one renamed."""
    grammars = sorted((ROOT / "Grammars" / "Languages").glob("*.tmLanguage.json"))
    for index in range(count):
        source = grammars[index % len(grammars)]
        grammar = json.loads(source.read_text())
        scope = f"source.madeup{index}"
        grammar["scopeName"] = scope
        extension = folder / f"madeup.lang{index}-1.0.0"
        (extension / "syntaxes").mkdir(parents=True)
        (extension / "syntaxes" / "grammar.json").write_text(json.dumps(grammar))
        manifest = {
            "name": f"lang{index}", "publisher": "madeup", "version": "1.0.0",
            "contributes": {
                "languages": [{"id": f"madeup{index}", "aliases": [f"Made Up {index}"],
                               "extensions": [f".mu{index}"]}],
                "grammars": [{"language": f"madeup{index}", "scopeName": scope,
                              "path": "./syntaxes/grammar.json"}],
            },
        }
        (extension / "package.json").write_text(json.dumps(manifest))


def time_runs(command: list, runs: int) -> list:
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "highlightd"))
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--count", type=int, default=220)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="highlightd-startup-") as scratch:
        scratch = pathlib.Path(scratch)
        made_up = scratch / "extensions"
        made_up.mkdir()
        made_up_extensions(made_up, args.count)
        sample = scratch / "sample.rs"
        text = (ROOT / "Grammars" / "Languages" / "rust.tmLanguage.json").read_text()[:1024]
        sample.write_text("// " + text.replace("\n", "\n// ")[:1021] + "\n")
        zig = scratch / "sample.zig"
        zig.write_text(("const std = @import(\"std\");\npub fn main() void { std.debug.print(\"hi\", .{}); }\n" * 12)[:1024])
        base = [args.binary, "highlight", "--color", "always"]
        cases = [
            ("1 KB .rs, bundled grammars only", base + [str(sample)]),
            ("1 KB .zig, the five shared extensions", base + ["--extensions", str(SHARED), str(zig)]),
            (f"1 KB .rs, {args.count} made-up extensions", base + ["--extensions", str(made_up), str(sample)]),
            (f"1 KB .mu7, {args.count} made-up extensions (its grammar from one)",
             base + ["--extensions", str(made_up), str(sample.with_suffix(".mu7"))]),
        ]
        shutil.copy(sample, sample.with_suffix(".mu7"))
        bat = shutil.which("batcat") or shutil.which("bat")
        if bat:
            cases.append(("bat --color=always, same .rs", [bat, "--color=always", "--paging=never", str(sample)]))
        print(f"{'case':60} {'median ms':>10} {'min':>8} {'max':>8}  ({args.runs} runs)")
        for name, command in cases:
            times = time_runs(command, args.runs)
            print(f"{name:60} {statistics.median(times):10.1f} {min(times):8.1f} {max(times):8.1f}")


if __name__ == "__main__":
    main()
