#!/usr/bin/env python3
"""highlightd beside its peers, on the same inputs, in one run on one machine.

Whole documents (the benchmark files): highlightd's `bench` (tokenization with the VS Code
grammar the file is named after, median of its runs after a warm-up, in its own process, on
every core and on one thread; ratios are to the first) against, each timed in this process as
the median of several runs after a warm-up (highlightd and tree-sitter alternate over several
rounds, each in new processes, and the table shows the median of the rounds):

- tree-sitter (py-tree-sitter and the PyPI grammar packages): parse alone, and parse plus
  every capture of the grammar package's highlights query;
- syntect (syntect-py, Sublime Text's default syntaxes): parse only (`ParseState`, scope
  operations per line) and highlighting with a theme (`HighlightLines`);
- Pygments: lexing to the end of the token stream.

Editing traces: tree-sitter's incremental reparse per transaction (`Tree.edit` for each patch,
then `Parser.parse` with the old tree) against highlightd's `replay` (incremental highlighting
per transaction, checked against a from-scratch highlight at the end). Both time the work
after each transaction only: applying the patch to the text is left out of both.

Prints a Markdown table with each peer's time and its ratio to highlightd's (> 1: slower
than highlightd). Run through Benchmarks/peers/run.sh, which sets up the peers and a release
build of highlightd.

    peers.py --binary .build/release/highlightd [--runs 10] [--rounds 3] [--data ../shared/data]
"""

import argparse
import datetime
import gzip
import json
import multiprocessing
import os
import pathlib
import platform
import statistics
import subprocess
import threading
import time

import pygments.lexers
import syntect
import tree_sitter
import tree_sitter_css
import tree_sitter_javascript
import tree_sitter_markdown
import tree_sitter_rust
import tree_sitter_svelte
import tree_sitter_typescript

ROOT = pathlib.Path(__file__).resolve().parents[2]


def language(module, function="language"):
    return tree_sitter.Language(getattr(module, function)())


# file name -> (VS Code grammar in the data folder, tree-sitter language, highlights query,
#               syntect syntax name, Pygments lexer name)
DOCUMENTS = {
    "large.js": (
        "JavaScript.tmLanguage.json",
        lambda: language(tree_sitter_javascript),
        tree_sitter_javascript.HIGHLIGHTS_QUERY,
        "JavaScript",
        "javascript",
    ),
    "bootstrap.css": (
        "css.tmLanguage.json",
        lambda: language(tree_sitter_css),
        tree_sitter_css.HIGHLIGHTS_QUERY,
        "CSS",
        "css",
    ),
    # tree-sitter-typescript's PyPI package ships no highlights query (TypeScript's query
    # extends JavaScript's in the grammar's repository); JavaScript's query is used, which
    # the TypeScript grammar accepts. syntect's default syntaxes have no TypeScript.
    "vscode.d.ts": (
        "TypeScript.tmLanguage.json",
        lambda: language(tree_sitter_typescript, "language_typescript"),
        tree_sitter_javascript.HIGHLIGHTS_QUERY,
        None,
        "typescript",
    ),
}

# trace -> (tree-sitter language, highlightd language id)
TRACES = {
    "rustcode.json.gz": (lambda: language(tree_sitter_rust), "rust"),
    "sveltecomponent.json.gz": (lambda: language(tree_sitter_svelte), "svelte"),
    "seph-blog1.json.gz": (lambda: language(tree_sitter_markdown), "markdown"),
}


def median_ms(work, runs):
    """Median wall time of `work()` over `runs` runs after one warm-up run, in ms."""
    work()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def isolated(function, *arguments):
    """`function(*arguments)` in a fresh Python process: the peers' native extensions then
    cannot disturb one another (syntect crashed in a process where tree-sitter had run)."""
    pool = multiprocessing.get_context("spawn").Pool(1)
    try:
        return pool.apply(function, arguments)
    finally:
        # Wait for the worker to exit: one still tearing down its interpreter would take a
        # core from the next measurement (highlightd's, on both cores).
        pool.close()
        pool.join()


def highlightd_bench(binary, path, grammar, runs):
    output = subprocess.run(
        [binary, "bench", str(path), "--grammar", str(grammar), "--runs", str(runs), "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    figures = json.loads(output)
    return figures["median_ms"], figures["single_core_median_ms"]


def tree_sitter_times(document, source, runs):
    _, make_language, query_source, _, _ = DOCUMENTS[document]
    lang = make_language()
    parser = tree_sitter.Parser(lang)
    query = tree_sitter.Query(lang, query_source)

    def parse():
        return parser.parse(source)

    def parse_and_highlight():
        tree = parser.parse(source)
        captures = tree_sitter.QueryCursor(query).captures(tree.root_node)
        return sum(len(nodes) for nodes in captures.values())

    return median_ms(parse, runs), median_ms(parse_and_highlight, runs)


def syntect_times(syntax_name, text, runs):
    """syntect's parse and highlight times, on a thread with a 256 MiB stack: its parser
    recurses deeply on some lines of jQuery and overflows the main thread's 8 MiB stack."""
    if syntax_name is None:
        return None, None
    threading.stack_size(256 * 1024 * 1024)
    result = []
    worker = threading.Thread(target=lambda: result.append(_syntect_times(syntax_name, text, runs)))
    worker.start()
    worker.join()
    return result[0]


def _syntect_times(syntax_name, text, runs):
    syntaxes = syntect.SyntaxSet.load_defaults(True)
    syntax = syntaxes.find_syntax_by_name(syntax_name)
    themes = syntect.ThemeSet.load_defaults()
    lines = text.splitlines(keepends=True)

    def parse():
        state = syntect.ParseState(syntax_name, syntaxes)
        for line in lines:
            state.parse_line(line, syntaxes)

    def highlight():
        highlighter = syntect.HighlightLines(syntax, syntaxes, themes, "base16-ocean.dark")
        for line in lines:
            highlighter.highlight_line(line, syntaxes)

    return median_ms(parse, runs), median_ms(highlight, runs)


def pygments_time(lexer_name, text, runs):
    lexer = pygments.lexers.get_lexer_by_name(lexer_name)
    return median_ms(lambda: sum(1 for _ in lexer.get_tokens(text)), runs)


def point_at(text, index):
    """(row, column in UTF-8 bytes) of character `index` of `text`."""
    row = text.count("\n", 0, index)
    line_start = text.rfind("\n", 0, index) + 1
    return row, len(text[line_start:index].encode("utf-8"))


def tree_sitter_trace(trace_name, trace):
    """Per-transaction times (µs) of tree-sitter's incremental reparse over `trace`."""
    parser = tree_sitter.Parser(TRACES[trace_name][0]())
    text = trace["startContent"]
    tree = parser.parse(text.encode("utf-8"))
    times = []
    for transaction in trace["txns"]:
        edits = []
        for position, deleted, inserted in transaction["patches"]:
            start_byte = len(text[:position].encode("utf-8"))
            old_end_byte = start_byte + len(text[position:position + deleted].encode("utf-8"))
            start_point = point_at(text, position)
            old_end_point = point_at(text, position + deleted)
            text = text[:position] + inserted + text[position + deleted:]
            new_end_byte = start_byte + len(inserted.encode("utf-8"))
            new_end_point = point_at(text, position + len(inserted))
            edits.append((start_byte, old_end_byte, new_end_byte, start_point, old_end_point,
                          new_end_point))
        source = text.encode("utf-8")
        start = time.perf_counter()
        for edit in edits:
            tree.edit(*edit)
        tree = parser.parse(source, tree)
        times.append((time.perf_counter() - start) * 1e6)
    if text != trace["endContent"]:
        raise RuntimeError("the trace's patches did not give its endContent")
    return times


def highlightd_replay(binary, path, language_id):
    output = subprocess.run(
        [binary, "replay", str(path), "--language", language_id, "--json"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    ).stdout
    return json.loads(output)


def ratio(value, base):
    return "n/a" if value is None else f"{value:.2f} (×{value / base:.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="a release build of highlightd")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--rounds", type=int, default=3,
        help="how many times highlightd and tree-sitter alternate on each file, each round in "
             "new processes; the table shows the median of the rounds")
    parser.add_argument("--data", default=os.environ.get(
        "HIGHLIGHTD_TEST_DATA", str(ROOT.parent / "shared" / "data")))
    arguments = parser.parse_args()
    data = pathlib.Path(arguments.data)
    runs = arguments.runs

    print(f"{datetime.date.today().isoformat()}, {platform.node()}, {os.cpu_count()} cores, "
          f"{platform.processor() or platform.machine()}; tree-sitter "
          f"{tree_sitter.__version__ if hasattr(tree_sitter, '__version__') else ''}, "
          f"median of {runs} runs after a warm-up; highlightd and tree-sitter: median of "
          f"{arguments.rounds} alternating rounds\n")
    print("| file | highlightd (ms) | highlightd, one thread (ms) | tree-sitter parse "
          "| tree-sitter parse + highlights query | syntect parse | syntect highlight | Pygments |")
    print("|---|---|---|---|---|---|---|---|")
    spreads = {}
    for name, (grammar, _, _, syntax, lexer) in DOCUMENTS.items():
        path = data / "benchmark" / name
        text = path.read_text(encoding="utf-8")
        # The machine is shared: how fast a whole process runs depends on what its neighbours
        # do, most of all for a process on both cores. highlightd and tree-sitter alternate,
        # each round in new processes, so that a slow minute weighs on both.
        rounds = []
        for _ in range(max(1, arguments.rounds)):
            wall, one_thread = highlightd_bench(arguments.binary, path, data / "benchmark" / grammar, runs)
            parse_time, highlight_time = isolated(tree_sitter_times, name, text.encode("utf-8"), runs)
            rounds.append((wall, one_thread, parse_time, highlight_time))
        ours, ours_one_thread, parse, highlight = (statistics.median(column) for column in zip(*rounds))
        spreads[name] = rounds
        syntect_parse, syntect_highlight = isolated(syntect_times, syntax, text, runs)
        lexing = isolated(pygments_time, lexer, text, runs)
        print(f"| {name} ({len(text.encode('utf-8')) // 1024} KB) | {ours:.2f} | {ours_one_thread:.2f} | "
              f"{ratio(parse, ours)} | {ratio(highlight, ours)} | "
              f"{ratio(syntect_parse, ours)} | {ratio(syntect_highlight, ours)} | "
              f"{ratio(lexing, ours)} |")

    print(f"\nPer round (highlightd both cores / one thread, tree-sitter parse, in ms):")
    for name, rounds in spreads.items():
        figures = "; ".join(f"{wall:.2f} / {one:.2f}, {parse:.2f}" for wall, one, parse, _ in rounds)
        print(f"- {name}: {figures}")

    print("\n| trace (transactions) | highlightd replay p50 / p99 (µs) "
          "| tree-sitter reparse p50 / p99 (µs) | ratio of p50s |")
    print("|---|---|---|---|")
    for name, (_, language_id) in TRACES.items():
        path = data / "editing-traces" / name
        with gzip.open(path, "rt", encoding="utf-8") as file:
            trace = json.load(file)
        ours = highlightd_replay(arguments.binary, path, language_id)
        theirs = isolated(tree_sitter_trace, name, trace)
        p50, p99 = percentile(theirs, 0.5), percentile(theirs, 0.99)
        print(f"| {name.removesuffix('.json.gz')} ({len(trace['txns'])}) | "
              f"{ours['p50_us']:.1f} / {ours['p99_us']:.1f} | {p50:.1f} / {p99:.1f} | "
              f"×{p50 / ours['p50_us']:.1f} |")


if __name__ == "__main__":
    main()
