#!/usr/bin/env python3
"""What the Vim plugin's spell items (editors/vim/autoload/highlightd/spell.vim) cost, in a
real Vim in tmux: the time to build them when 'spell' is set, to rebuild them after a
character typed inside a line and after a line added, the mean time of a full redraw with
and without them, and the time ]s takes through every bad word of the file.

    Tests/EditorTests/vim/spell_cost.py FILE... [--binary PATH]

With Vim's English dictionary ('spelllang' en). The README's figures come from the
benchmark corpus (../shared/data/benchmark): vscode.d.ts, large.js, and vscode.d.ts
repeated 20 times.
"""

import argparse
import json
import os
import pathlib
import shutil
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
import vim_support  # noqa: E402
from vim_support import VimSession, vim_string, wait_until  # noqa: E402


def evaluate(session, folder, function):
    """Runs g:{function}(path) in Vim and returns the JSON it wrote."""
    path = folder / f"result-{time.monotonic_ns()}.json"
    session.command(f"call {function}({vim_string(path)})")
    wait_until(path.exists, 300, what=function)
    time.sleep(0.05)
    return json.loads(path.read_text())


def build_after(session, keys, before):
    """Types `keys`, then waits for the next build of the spell items; their stats."""
    for group in keys:
        if isinstance(group, str):
            session.type(group)
        else:
            session.keys(*group)

    def built():
        stats = session.dump(settled=False)["plugin"]["stats"]
        return stats if stats["spellBuilds"] > before else None

    return wait_until(built, 120, what="the spell items")


def measure(vim, binary, source):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="highlightd-spell-cost-"))
    try:
        copy = folder / source.name
        shutil.copy(source, copy)
        session = VimSession(vim, binary, folder, [copy], height=50, settings=[
            f"execute 'source' fnameescape({vim_string(HERE / 'spell_cost.vim')})",
            "set spelllang=en"])
        try:
            state = session.dump(timeout=300)
            result = {"file": source.name, "lines": len(state["lines"]),
                      "redrawMs": evaluate(session, folder, "HighlightdCostRedraw")}
            session.command("setlocal spell")
            stats = build_after(session, [], 0)
            result.update(items=stats["spellItems"], buildMs=stats["lastSpellBuildMs"])
            result["redrawWithSpellMs"] = evaluate(session, folder, "HighlightdCostRedraw")
            words, walk = evaluate(session, folder, "HighlightdCostSpellWalk")
            result.update(badWords=words, walkMs=walk)
            stats = build_after(session, [("200G", "A"), " x", ("Escape",)], stats["spellBuilds"])
            result.update(typedItems=stats["spellItems"], typedBuildMs=stats["lastSpellBuildMs"])
            stats = build_after(session, [("200G", "o"), "x", ("Escape",)], stats["spellBuilds"])
            result.update(lineItems=stats["spellItems"], lineBuildMs=stats["lastSpellBuildMs"])
            return result
        finally:
            session.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    parser.add_argument("--binary", default=os.environ.get("HIGHLIGHTD_BINARY", "highlightd"))
    arguments = parser.parse_args()
    vim = vim_support.find_vim()
    if vim is None:
        sys.exit("no vim with +channel +job +textprop +vim9script, or no tmux")
    for source in arguments.files:
        print(json.dumps(measure(vim, arguments.binary, source)))


if __name__ == "__main__":
    main()
