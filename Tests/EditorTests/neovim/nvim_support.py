"""Runs Neovim scenarios (Lua files beside this one) and compares what the
editor shows with the oracle. Shared by test_neovim.py and scripts/editor-latency/neovim.py."""

import json
import os
import pathlib
import shutil
import subprocess

HERE = pathlib.Path(__file__).resolve().parents[1]
ROOT = HERE.parents[1]
SCENARIOS = HERE / "neovim"
PLUGIN = ROOT / "editors" / "neovim"


def find_nvim():
    """The Neovim to test: NVIM, else the test venv's, else the one on PATH."""
    candidates = [os.environ.get("NVIM"), str(ROOT / ".venv" / "bin" / "nvim"), shutil.which("nvim")]
    for candidate in candidates:
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def run_scenario(nvim, binary, scenario, workdir, timeout=120, **env):
    """Runs `scenario` (a file in Tests/EditorTests/neovim) in a headless Neovim and returns
    the JSON result it wrote. Extra keyword arguments become HL_* environment variables."""
    result_path = pathlib.Path(workdir) / f"{pathlib.Path(scenario).stem}-result.json"
    environment = dict(os.environ)
    environment.update(
        HL_HARNESS=str(SCENARIOS / "harness.lua"),
        HL_RTP=str(PLUGIN),
        HL_RESULT=str(result_path),
        HIGHLIGHTD_BINARY=binary,
    )
    for key, value in env.items():
        environment["HL_" + key.upper()] = str(value)
    command = [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-S", str(SCENARIOS / scenario)]
    completed = subprocess.run(
        command, cwd=workdir, env=environment, capture_output=True, timeout=timeout
    )
    if not result_path.exists():
        raise AssertionError(
            f"{scenario} wrote no result (exit {completed.returncode}):\n"
            f"{completed.stdout.decode(errors='replace')}\n{completed.stderr.decode(errors='replace')}"
        )
    result = json.loads(result_path.read_text())
    assert result.get("ok"), f"{scenario} failed: {result.get('error')}"
    return result


def scalar_starts(text):
    """The UTF-8 byte offset at which each Unicode scalar of `text` starts, plus the end."""
    starts, offset = [], 0
    for char in text:
        starts.append(offset)
        offset += len(char.encode("utf-8"))
    starts.append(offset)
    return starts


def editor_styles(snapshot):
    """One `(foreground, background, fontStyle words)` per scalar of the snapshot's text, from
    its extmarks (the default group where none covers it); raises on overlapping extmarks or an
    extmark that splits a character."""
    text = snapshot["text"]
    size = len(text.encode("utf-8"))
    by_byte = [None] * size
    for start, end, group in snapshot["marks"]:
        for offset in range(start, end):
            if by_byte[offset] is not None and by_byte[offset] != group:
                raise AssertionError(f"extmarks overlap at byte {offset}: {by_byte[offset]} and {group}")
            by_byte[offset] = group
    groups = snapshot["groups"]

    def style_of(group):
        spec = groups[group or "HighlightdNormal"]
        return (spec["fg"], spec["bg"], tuple(sorted(spec["font"])))

    starts = scalar_starts(text)
    styles = []
    for index, char in enumerate(text):
        covering = set(by_byte[starts[index] : starts[index + 1]])
        if len(covering) != 1:
            raise AssertionError(f"an extmark splits character {index} ({char!r}): {covering}")
        styles.append(style_of(covering.pop()))
    return styles


def compare_with_oracle(snapshot, expected):
    """Every visible character's style and every link range must equal the oracle's. Returns a
    list of human-readable differences (empty when equal)."""
    text = snapshot["text"]
    assert text == expected.text
    differences = []
    styles = editor_styles(snapshot)
    for index, char in enumerate(text):
        if char == "\n":
            continue  # a line end has no cell to colour
        want = expected.styles[index]
        want = (want[0], want[1], tuple(sorted(want[2].split())))
        if styles[index] != want:
            line = text.count("\n", 0, index) + 1
            differences.append(f"char {index} {char!r} (line {line}): editor {styles[index]}, oracle {want}")
    starts = scalar_starts(text)
    to_scalar = {offset: index for index, offset in enumerate(starts)}
    links = sorted((to_scalar[start], to_scalar[end], target) for start, end, target in snapshot["links"])
    if links != sorted(expected.links):
        differences.append(f"links: editor {links}, oracle {sorted(expected.links)}")
    return differences
