"""The Vim plugin (editors/vim) tested inside a real Vim 9.

Vim runs in a tmux pane and is typed into with `tmux send-keys` as a person would (Insert mode
text, Normal mode commands, undo, splits). `HighlightdTestDump` (Tests/EditorTests/vim/
testlib.vim) waits until the daemon has settled, then writes the buffer's text properties and
their highlight groups; every character's colours and every link range must equal
`highlightd highlight --format json` on the final text. The screen check reads the cells'
24-bit colours from `tmux capture-pane -e`.
"""

import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys

import pytest

from conftest import BINARY, vscode_extension
from highlight_oracle import expected_highlight

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "vim"))
import vim_support  # noqa: E402
from vim_support import VimSession, wait_until  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
SAMPLE = HERE / "samples" / "palette.js"
FAKE_DAEMON = HERE / "vim" / "fake_daemon.py"
CAPTURE = HERE.parents[1] / "docs" / "captures" / "vim.ansi"
VIM = vim_support.find_vim()

pytestmark = pytest.mark.skipif(
    VIM is None, reason="no vim with +channel +job +textprop +vim9script, or no tmux"
)


@pytest.fixture
def session_factory(tmp_path):
    sessions = []

    def start(files, **options):
        session = VimSession(VIM, BINARY, tmp_path, files, **options)
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        session.close()


def assert_no_differences(differences):
    assert not differences, f"{len(differences)} differences, first ones:\n" + "\n".join(
        differences[:15]
    )


def assert_matches_oracle(state, filename, arguments=()):
    expected = expected_highlight(
        BINARY, vim_support.buffer_text(state), filename, arguments=arguments
    )
    assert_no_differences(vim_support.compare_with_oracle(state, expected))
    return expected


def recorded_messages(path):
    return [
        json.loads(json.loads(line)["frame"])
        for line in pathlib.Path(path).read_text().splitlines()
        if line.strip()
    ]


def dump_when(session, condition, what, settled=True):
    """Dumps Vim's state until `condition(state)` holds; returns that state."""

    def attempt():
        state = session.dump(settled=settled)
        return state if condition(state) else None

    return wait_until(attempt, 60, what=what)


def first_highlight(session):
    """The first dump in which the plugin has applied some highlighting."""
    return dump_when(session, lambda state: state["props"], "the first highlight")


def plugin_messages(state):
    """The plugin's lines in `:messages`, and Vim's error lines."""
    lines = state["messages"].splitlines()
    errors = [line for line in lines if re.match(r"(E\d+:|Error detected)", line)]
    return [line for line in lines if line.startswith("highlightd:")], errors


def test_every_plugin_script_compiles(tmp_path):
    """Each Vim9 script of editors/vim, sourced with :defcompile, without an error (a
    compile error otherwise shows only as a test waiting for highlights that never come)."""
    plugin = vim_support.PLUGIN
    scripts = [plugin / "plugin" / "highlightd.vim", *sorted(plugin.glob("autoload/**/*.vim"))]
    for script in scripts:
        copy = tmp_path / script.name
        source = script.read_text()
        copy.write_text(source + ("\ndefcompile\n" if source.startswith("vim9script") else ""))
        report = tmp_path / "errors.txt"
        load = f"try | source {copy} | catch | call writefile([v:exception], '{report}') | endtry"
        subprocess.run(
            [VIM, "-N", "-u", "NONE", "-i", "NONE", "-es", "-c", f"set runtimepath^={plugin}",
             "-c", load, "-c", "qa!"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=30,
        )
        assert not report.exists(), f"{script}: {report.read_text()}"


# Characters typed in Insert mode by type_scripted_edits (not counting Normal mode keys).
TYPED_CHARACTERS = 201


def type_scripted_edits(session):
    """A user's edits of palette.js: Insert mode typing with multi-byte and astral
    characters, a line split and a join, a pasted block, a comment opened and closed, undo
    and redo, and a second window on the same buffer scrolled elsewhere."""
    # Multi-byte and astral characters, and a link, typed at the end of a line.
    session.keys("6G", "A")
    session.type(" // naïve 中文 😀 𝄞 see www.example.net/ä", chunk=3, pause=0.01)
    session.keys("Escape")
    # New lines, typed quickly (several edits in flight at once), with a typo fixed.
    session.keys("o")
    session.type('const greeting = "héllo 🌍 wörld";', chunk=2, pause=0.005)
    session.keys("Enter")
    session.type("let n = 0x1FF")
    session.keys("BSpace")
    session.type(";")
    session.keys("Escape")
    # A line split inside an expression, and two comment lines joined.
    session.keys("/", "toLowerCase", "Enter", "i", "Enter", "Escape")
    session.keys("/", "Names are", "Enter", "k", "J")
    # A block yanked and pasted at the end.
    session.keys("/", "^for", "Enter", "V", "j", "y", "G", "p")
    # A block comment opened above `static parse`: everything below turns into a comment...
    session.keys("/", "static parse", "Enter", "O")
    session.type("/* parse is experimental")
    session.keys("Escape")
    # ... undone, redone, and closed further down.
    session.keys("u")
    session.keys("C-r")
    session.keys("/", "^for", "Enter", "O")
    session.type("end of the experiment */")
    session.keys("Escape")
    session.keys("x", "u")
    # A second window on the same buffer, scrolled elsewhere; edits in both.
    session.command("split")
    session.keys("gg", "C-w", "j", "G", "o")
    session.type('console.log("done ✓ 𝒳");')
    session.keys("Escape", "C-w", "k", "gg", "O")
    session.type('"use strict"; // 🚀 https://example.com/start')
    session.keys("Escape", "C-w", "j", "C-e", "C-e", "C-w", "k")
    session.keys("2G", "dd", "u", "C-r")


def test_scripted_edits_end_highlighted_as_the_oracle_says(tmp_path, session_factory):
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    record = tmp_path / "record.jsonl"
    session = session_factory([sample], record=record)
    initial = first_highlight(session)
    assert_matches_oracle(initial, "palette.js")

    type_scripted_edits(session)
    state = session.dump()
    text = vim_support.buffer_text(state)
    # The keys did what a user's would.
    for typed in [
        "'accent']; // naïve 中文 😀 𝄞 see www.example.net/ä\n",
        'const greeting = "héllo 🌍 wörld";\nlet n = 0x1F;\n',
        "const key = name.\n",
        "/* A palette maps names to \"#RRGGBB\" strings.  Names are case-insensitive. */\n",
        "/* parse is experimental\n  static parse(text) {",
        "end of the experiment */\nfor (const name of DEFAULT_NAMES) {",
        'console.log("done ✓ 𝒳");\n',
        '"use strict"; // 🚀 https://example.com/start\n',
    ]:
        assert typed in text, f"{typed!r} not in the final text:\n{text}"
    assert text.count("for (const name of DEFAULT_NAMES) {") == 2
    assert len([w for w in state["windows"] if w[1] == state["windows"][0][1]]) == 2

    expected = assert_matches_oracle(state, "palette.js")
    assert {target for _, _, target in expected.links} == {
        "http://www.example.net/ä", "https://example.com/start", "mailto:palette@example.org"}
    link_group = state["groups"]["highlightd_link"]
    assert link_group.get("gui", {}).get("underline"), link_group

    # What went over the wire: UTF-8 positions and pushes asked for; whole-line edits, one
    # per redraw (so fewer than the keys typed); one view per window.
    messages = recorded_messages(record)
    initialize = next(m for m in messages if m.get("method") == "initialize")["params"]
    assert initialize["capabilities"]["general"]["positionEncodings"] == ["utf-8"]
    assert initialize["initializationOptions"]["attributeDeltas"] is True
    uri = sample.resolve().as_uri()
    opens = [
        m for m in messages
        if m.get("method") == "textDocument/didOpen" and m["params"]["textDocument"]["uri"] == uri
    ]
    assert len(opens) == 1, "the file's text went out once"
    changes = [
        m["params"]
        for m in messages
        if m.get("method") == "textDocument/didChange"
        and m["params"]["textDocument"]["uri"] == uri
    ]
    versions = [change["textDocument"]["version"] for change in changes]
    assert versions == sorted(set(versions))
    assert 10 <= len(versions) < TYPED_CHARACTERS, len(versions)
    for change in changes:
        [content] = change["contentChanges"]
        assert content["range"]["start"]["character"] == content["range"]["end"]["character"] == 0
        assert content["text"] == "" or content["text"].endswith("\n")
    views = {
        m["params"]["viewId"]
        for m in messages
        if m.get("method") == "textStorage/viewport" and m["params"]["uri"] == uri
    }
    assert len(views) >= 2, views


def test_the_daemon_is_restarted_after_a_crash_and_the_buffer_ends_right(
    tmp_path, session_factory
):
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    session = session_factory([sample])
    before = first_highlight(session)
    pid = before["plugin"]["pid"]
    assert pid > 0

    os.kill(pid, signal.SIGKILL)
    # Typing goes on while the daemon is dead and while it restarts.
    session.keys("8G", "O")
    session.type(
        "// typed while the daemon was down: ünïcödé 🎉 https://example.com/down", chunk=4
    )
    session.keys("Enter")
    session.type("const revived = `template ${1 + 2}`;")
    session.keys("Escape")

    state = dump_when(
        session, lambda state: state["plugin"]["pid"] not in (0, pid), "a restarted daemon"
    )
    assert_matches_oracle(state, "palette.js")
    said, errors = plugin_messages(state)
    assert len(said) == 1 and "exited" in said[0], said
    assert errors == []


AFTER_REJECTION = "const after = `rejected ${'edit'}`; // ünï 🎉 https://example.com/after"


def test_a_rejected_edit_sends_that_buffer_again_and_typing_goes_on(tmp_path, session_factory):
    """An edit the daemon rejects applies nothing there, so its copy of the buffer is no
    longer the buffer's: on `textStorage/didReject` the plugin sends that buffer again (a
    fresh didOpen, a higher version), once for a burst, and only that one. The rejections are
    made from inside Vim, through the plugin's own channel: a `textStorage/edit` past the end
    of the text, then one whose version is not greater than the daemon's."""
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    other = tmp_path / "notes.py"
    other.write_text('"""Notes: see https://example.com/notes."""\nVALUE = 42  # the answer\n')
    record = tmp_path / "record.jsonl"
    session = session_factory([sample], record=record)
    first_highlight(session)
    session.command(f"split {other}")
    assert_matches_oracle(session.dump(), "notes.py")
    session.command("wincmd j")
    before = session.dump()
    assert_matches_oracle(before, "palette.js")
    doc = document_state(before, "palette.js")
    rejections = before["plugin"]["stats"]["rejections"]

    past_the_end = {"uri": doc["uri"], "version": doc["version"] + 1,
                    "edits": [{"offset": 1_000_000, "length": 0, "text": "x"}]}
    old_version = {"uri": doc["uri"], "version": doc["version"],
                   "edits": [{"offset": 0, "length": 0, "text": "x"}]}
    session.command(" | ".join(
        "call highlightd#daemon#Notify('textStorage/edit', json_decode("
        f"{vim_support.vim_string(json.dumps(edit))}))"
        for edit in (past_the_end, old_version)
    ))

    def rejected(state):
        return [line for line in state["plugin"]["stderr"] if "rejected (" in line]

    # The daemon's logMessage comes just before its didReject, so a dump asked for after the
    # second is answered after both didRejects were handled.
    dump_when(session, lambda state: len(rejected(state)) == 2, "the daemon to reject the edits")
    state = session.dump()
    assert state["plugin"]["stats"]["rejections"] == rejections + 1, state["plugin"]["stats"]
    assert not document_state(state, "palette.js")["needsOpen"]
    assert_matches_oracle(state, "palette.js")

    # Typing goes on against the text sent again: edits accepted, highlighted as the oracle.
    session.keys("G", "o")
    session.type(AFTER_REJECTION, chunk=4, pause=0.01)
    session.keys("Escape", "3G", "O")
    session.type("/* a comment opened after the resync */")
    session.keys("Escape")
    state = session.dump()
    assert state["lines"][-1] == AFTER_REJECTION
    assert state["lines"][2].strip() == "/* a comment opened after the resync */"
    assert_matches_oracle(state, "palette.js")
    assert state["plugin"]["stats"]["rejections"] == rejections + 1, "one burst, one resync"
    assert len(rejected(state)) == 2, state["plugin"]["stderr"]
    assert all(doc["uri"] in line for line in rejected(state)), state["plugin"]["stderr"]

    # On the wire: palette.js opened twice (not once per rejected edit), the second time
    # with its current text and a version above every one the plugin sent before; notes.py
    # opened once.
    messages = recorded_messages(record)
    uri = sample.resolve().as_uri()
    assert doc["uri"] == uri
    sent = [
        m for m in messages
        if m.get("method") in ("textDocument/didOpen", "textDocument/didChange")
        and m["params"]["textDocument"]["uri"] == uri
    ]
    opens = [index for index, m in enumerate(sent) if m["method"] == "textDocument/didOpen"]
    assert len(opens) == 2, opens
    reopen = sent[opens[1]]["params"]["textDocument"]
    versions = [m["params"]["textDocument"]["version"] for m in sent]
    assert reopen["version"] > max(versions[: opens[1]])
    assert versions == sorted(set(versions)), versions
    assert reopen["text"] == vim_support.buffer_text(before)
    assert reopen["languageId"] == "javascript"
    # The new document on the daemon is told what its window shows, as at the first open:
    # the didOpen, the language asked for, the viewport.
    reopened_at = next(
        index for index, m in enumerate(messages)
        if m.get("method") == "textDocument/didOpen" and m["params"]["textDocument"] == reopen
    )
    assert [m.get("method") for m in messages[reopened_at:reopened_at + 3]] == [
        "textDocument/didOpen", "textStorage/language", "textStorage/viewport"]
    assert messages[reopened_at + 2]["params"]["uri"] == uri
    other_opens = [
        m for m in messages
        if m.get("method") == "textDocument/didOpen"
        and m["params"]["textDocument"]["uri"] == other.resolve().as_uri()
    ]
    assert len(other_opens) == 1, "the other buffer is not sent again"


def redrawn_rows(session, ready, timeout=20):
    """The screen's cells after Ctrl-L, once `ready(rows)` holds or the time is out (the
    caller's assertions then say what differs). Vim may be caught halfway through a redraw,
    so one capture is not enough."""
    session.keys("C-l")
    seen = {}

    def settled():
        screen = session.capture()
        if "HighlightdTestDump" in screen:
            return False
        seen["rows"] = vim_support.parse_screen(screen)
        try:
            return ready(seen["rows"])
        except IndexError:
            return False

    try:
        wait_until(settled, timeout, what="the redrawn screen")
    except TimeoutError:
        if "rows" not in seen:
            raise
    return seen["rows"]


def test_the_screen_shows_the_theme_colours_after_typing(tmp_path, session_factory):
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    opened = tmp_path / "opened.txt"
    opener = ["sh", "-c", f'printf %s "$1" > {opened}', "open"]
    session = session_factory([sample], settings=[f"let g:highlightd_open_command = {opener}"])
    first_highlight(session)
    session.keys("2G", "A")
    session.type(" Ça marche: 日本語 ✨ www.example.org/ü", chunk=5, pause=0.01)
    session.keys("Escape", "7G", "o")
    session.type("let shout = (s) => `${s.toUpperCase()}!`; // 🔊")
    session.keys("Escape", "gg")
    state = session.dump()
    window = state["windows"][0]
    assert state["wincolor"] == "HighlightdNormal"
    expected = expected_highlight(BINARY, vim_support.buffer_text(state), "palette.js")
    # Redrawn without the command line the dump was typed on.
    def differences(rows):
        return vim_support.screen_differences(rows, state, expected, 0, window[2], window[3])

    rows = redrawn_rows(session, lambda rows: not differences(rows))
    assert_no_differences(differences(rows))
    screen = session.capture()
    # The keyword `const` on line 6, as 24-bit escapes in the captured text.
    assert "\x1b[38;2;185;138;240m" in screen
    if os.environ.get("UPDATE_CAPTURES"):
        CAPTURE.parent.mkdir(parents=True, exist_ok=True)
        CAPTURE.write_text(screen, encoding="utf-8")

    # gx on a link opens its target.
    session.keys("1G", "0", "/", "https:", "Enter", "g", "x")
    # (The opener's shell makes the file before it writes the target.)
    wait_until(lambda: opened.exists() and opened.read_text(), 20, what="gx to open the link")
    assert opened.read_text() == "https://www.w3.org/TR/css-color-4/#hex-notation"


def test_the_inspector_shows_the_scopes_under_the_cursor(tmp_path, session_factory):
    """:HighlightdInspect on a string typed just before (sent first), then on a comment: its
    lines go to the message history."""
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    session = session_factory([sample])
    first_highlight(session)
    session.keys("6G", "O")
    session.type('let typed = "words";')
    session.keys("Escape", "0", "f", "w")

    def inspected(needle):
        session.command("messages clear")
        session.command("HighlightdInspect")

        def shown():
            session.command("messages")
            text = session.capture()
            session.keys("Enter")
            return text if needle in text else None

        return wait_until(shown, 20, what=f"the inspector's {needle!r}")

    screen = inspected("scopes")
    assert "text        'words'" in screen
    assert "token kind  string" in screen
    assert "language    javascript" in screen
    assert screen.index("string.quoted.double.js") < screen.index("  source.js")
    session.keys("1G", "0", "w")
    screen = inspected("token kind  comment")
    assert "theme rule  comment" in screen


def test_the_theme_follows_the_background_and_the_colour_scheme_without_a_restart(
    tmp_path, session_factory
):
    """With g:highlightd_theme 'auto', `set background=light` recolours every buffer with the
    light theme, and a colour scheme g:highlightd_themes maps gets its theme."""
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    session = session_factory(
        [sample],
        settings=["let g:highlightd_theme = 'auto'", "let g:highlightd_themes = {'peachpuff': 'dark'}"],
    )
    state = first_highlight(session)
    # The terminal's answer may set 'background' at start: set it, then change it.
    steps = [("set background=dark", "dark"), ("set background=light", "light"),
             ("colorscheme peachpuff", "dark")]
    for command, theme in steps:
        session.command(command)
        expected = expected_highlight(
            BINARY, vim_support.buffer_text(state), "palette.js", arguments=["--theme", theme]
        )
        state = dump_when(
            session,
            lambda state: not vim_support.compare_with_oracle(state, expected),
            f"the {theme} theme after {command}",
        )


def test_folding_closes_a_block_by_the_daemons_ranges(tmp_path, session_factory):
    """g:highlightd_folding: `zc` on a class closes its body, the closing brace left out."""
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    lines = SAMPLE.read_text(encoding="utf-8").split("\n")
    start = lines.index("export class Palette {") + 1  # 1-based
    end = lines.index("}", start) + 1
    report = tmp_path / "folds.txt"
    session = session_factory([sample], settings=["let g:highlightd_folding = 1"])
    first_highlight(session)

    def closed():
        session.command(
            f"normal! zR{start}Gzc"
        )
        session.command(
            f"call writefile([string([&foldmethod, foldclosed({start}), foldclosedend({start})])], "
            f"{vim_support.vim_string(report)})"
        )
        text = report.read_text() if report.exists() else ""
        return text if f"'expr', {start}, " in text else None

    text = wait_until(closed, 30, what="the daemon's fold")
    assert text.strip() == f"['expr', {start}, {end - 1}]"


def test_a_push_for_an_older_version_is_moved_through_later_edits(tmp_path, session_factory):
    """The client rule's third case, made certain by a scripted daemon (vim/fake_daemon.py)
    that sends version 2's push only after version 3 (a line inserted above) arrived."""
    document = tmp_path / "colours.fake"
    document.write_text("aaaa bbbb cccc\n")
    log = tmp_path / "fake.jsonl"
    session = session_factory(
        [document], command=[sys.executable, str(FAKE_DAEMON), str(log)]
    )
    first = first_highlight(session)
    assert {tuple(p[:4]) for p in first["props"]} == {
        (1, 1, 4, "highlightd_1"), (1, 6, 4, "highlightd_2"), (1, 11, 4, "highlightd_1")}

    def received_version(version):
        messages = [json.loads(line) for line in log.read_text().splitlines()]
        return any(
            m.get("method") == "textDocument/didChange"
            and m["params"]["textDocument"]["version"] == version
            for m in messages
        )

    session.keys("A", "!", "Escape")
    wait_until(lambda: received_version(2), 30, what="version 2 at the daemon")
    session.command("call append(0, 'new line')")
    wait_until(lambda: received_version(3), 30, what="version 3 at the daemon")
    state = session.dump()
    assert state["lines"] == ["new line", "aaaa bbbb cccc!"]
    targets = state["plugin"]["linkTargets"]
    props = {
        (lnum, col, length, kind if kind != "highlightd_link" else targets[prop_id])
        for lnum, col, length, kind, prop_id in state["props"]
    }
    assert props == {
        (1, 1, 3, "highlightd_4"),
        (2, 1, 4, "highlightd_1"), (2, 6, 4, "highlightd_2"), (2, 11, 4, "highlightd_3"),
        (2, 15, 1, "highlightd_5"), (2, 6, 4, "https://example.com/b")}
    assert state["plugin"]["stats"]["mapped"] >= 1


def test_buffers_edited_hidden_reloaded_and_renamed_end_right(tmp_path, session_factory):
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    other = tmp_path / "notes.py"
    other.write_text('"""Notes: see https://example.com/notes."""\nVALUE = 42  # the answer\n')
    session = session_factory([sample], settings=["set hidden"])
    first_highlight(session)
    # palette.js hidden (still loaded) and changed from another buffer: its pushes arrive
    # while no window shows it.
    session.command(f"edit {other}")
    assert_matches_oracle(session.dump(), "notes.py")
    session.command(
        "call setbufline(bufnr('palette.js'), 6, 'let hidden = `edited ${\"while\"} hidden`;')"
    )
    session.command("call appendbufline(bufnr('palette.js'), 0, ['/* opened while hidden'])")
    session.command("call appendbufline(bufnr('palette.js'), 12, ['closed */'])")
    session.command("buffer palette.js")
    state = session.dump()
    assert state["lines"][0] == "/* opened while hidden"
    assert_matches_oracle(state, "palette.js")
    # Sent whole (no window to measure offsets in), resynchronised when shown again.
    stats = state["plugin"]["stats"]
    assert stats["fullSyncs"] >= 1 and stats["resyncs"] >= 1, stats
    # Changed on disk and reloaded.
    sample.write_text("// reloaded from https://example.com/disk\nconst reloaded = 'yes';\n")
    session.command("edit!")
    state = session.dump()
    assert state["lines"][0].startswith("// reloaded")
    assert_matches_oracle(state, "palette.js")
    # Saved under another name: the document follows the buffer (a new uri, same grammar).
    session.command(f"saveas {tmp_path / 'renamed.js'}")
    session.keys("G", "o")
    session.type("export default reloaded; // ✓")
    session.keys("Escape")
    state = session.dump()
    assert any(doc["uri"].endswith("/renamed.js") for doc in state["plugin"]["docs"].values())
    assert_matches_oracle(state, "renamed.js")


@pytest.mark.parametrize(
    "command, said",
    [
        (["/nonexistent/highlightd", "serve"], ['cannot start "/nonexistent/highlightd serve"']),
        (["sh", "-c", "exit 3"], ["exited (status 3); restarting", "keeps exiting"]),
    ],
)
def test_a_daemon_that_cannot_run_is_reported_once_and_typing_goes_on(
    tmp_path, session_factory, command, said
):
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    session = session_factory([sample], command=command)
    for round_ in range(3):
        session.keys("G", "o")
        session.type(f"const typed{round_} = {round_}; // still typing", chunk=4, pause=0.02)
        session.keys("Escape")

    state = dump_when(
        session,
        lambda state: len(plugin_messages(state)[0]) >= len(said),
        "the plugin's messages",
        settled=False,
    )
    messages, errors = plugin_messages(state)
    assert all(any(part in line for line in messages) for part in said), messages
    assert len(messages) == len(said), messages
    assert errors == []
    assert state["lines"][-1] == "const typed2 = 2; // still typing"


def document_state(state, name):
    """The plugin's document of the buffer whose file is `name`."""
    [doc] = [doc for doc in state["plugin"]["docs"].values() if doc["uri"].endswith("/" + name)]
    return doc


def syntax_group_at(state, lnum, col):
    """Vim's own syntax group at byte column `col` of line `lnum` (both 1-based)."""
    name = ""
    for line, column, group in state["syntaxGroups"]:
        if line == lnum and column <= col:
            name = group
    return name


@pytest.mark.parametrize("on_path", [True, False], ids=["highlightd-on-path", "none-on-path"])
def test_the_package_in_vim_pack_needs_no_configuration_and_runs_highlightd_from_path(
    tmp_path, on_path
):
    """Installed as ~/.vim/pack/highlightd/start/highlightd (a link to editors/vim), with a
    vimrc that only turns syntax on: the plugin runs `highlightd` from PATH; with none
    there, one error says so and Vim's syntax stays."""
    home = tmp_path / "home"
    pack = home / ".vim" / "pack" / "highlightd" / "start"
    pack.mkdir(parents=True)
    (pack / "highlightd").symlink_to(vim_support.PLUGIN)
    (home / ".vimrc").write_text("filetype on\nsyntax on\n")
    path = tmp_path / "bin"
    path.mkdir()
    if on_path:
        (path / "highlightd").symlink_to(os.path.abspath(BINARY))
    shutil.copy(SAMPLE, tmp_path / "palette.js")
    result = tmp_path / "result.json"
    subprocess.run(
        [VIM, "-N", "-u", str(home / ".vimrc"), "-i", "NONE", "-es", "palette.js",
         "-S", str(HERE / "vim" / "package_probe.vim")],
        cwd=tmp_path, env=dict(os.environ, HOME=str(home), PATH=str(path), HL_RESULT=str(result)),
        stdin=subprocess.DEVNULL, capture_output=True, timeout=60,
    )
    state = json.loads(result.read_text())
    said = [line for line in state["messages"].splitlines() if line.startswith("highlightd:")]
    [doc] = state["state"]["docs"].values()
    if on_path:
        assert state["state"]["ready"] and doc["scopeName"] == "source.js", state
        assert said == [] and state["syntax"] == "OFF"
    else:
        message = (
            'highlightd: cannot start "highlightd serve": not found on $PATH (g:highlightd_command)'
        )
        assert said == [message] and state["errmsg"] == message, state["messages"]
        assert not state["state"]["ready"] and doc["needsOpen"] and doc["scopeName"] == ""
        assert state["syntax"] == "javascript"


PYTHON_FILE = """# A Python file: see https://example.com/python
def answer():
    return 42
"""


def test_a_daemon_that_cannot_start_is_said_once_and_every_buffer_keeps_vims_syntax(
    tmp_path, session_factory
):
    """With g:highlightd_command naming a program that does not exist, two files opened
    and typed into: one error in :messages (and v:errmsg) for the session, naming the
    command and why; JavaScript and Python keep Vim's own syntax, which the daemon would
    otherwise switch off."""
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    python = tmp_path / "x.py"
    python.write_text(PYTHON_FILE)
    said = ('highlightd: cannot start "/nonexistent/highlightd serve": no such file'
            " (g:highlightd_command)")
    session = session_factory([sample], command=["/nonexistent/highlightd", "serve"])
    # On the command line once Vim has started, with no prompt to press ENTER.
    wait_until(lambda: said in session.capture(), 30, what="the error on the screen")
    assert "Press ENTER" not in session.capture()
    session.keys("G", "o")
    session.type("const typed = 1; // without a daemon", chunk=4, pause=0.02)
    session.keys("Escape")
    session.command("split x.py")
    session.keys("G", "o")
    session.type("typed = 2  # without a daemon", chunk=4, pause=0.02)
    session.keys("Escape")

    states = {}
    for name, last_line in (("x.py", "typed = 2  # without a daemon"),
                            ("palette.js", "const typed = 1; // without a daemon")):
        if name == "palette.js":
            session.command("wincmd j")
        states[name] = dump_when(
            session,
            lambda state: state["lines"][-1] == last_line and state["syntaxGroups"],
            f"{name} typed into",
            settled=False,
        )
    messages, errors = plugin_messages(states["palette.js"])
    assert messages == [said]
    assert states["palette.js"]["errmsg"] == said
    assert errors == []
    for name, syntax, line, group in (("x.py", "python", 2, "python"),
                                      ("palette.js", "javascript", 1, "javaScript")):
        state = states[name]
        assert state["syntax"] == syntax, state["syntax"]
        assert syntax_group_at(state, line, 1).startswith(group), state["syntaxGroups"]
        assert state["props"] == [] and state["wincolor"] != "HighlightdNormal"
        assert not state["plugin"]["ready"] and all(
            doc["needsOpen"] and doc["scopeName"] == "" for doc in state["plugin"]["docs"].values()
        ), state["plugin"]["docs"]


LUA_FILE = """-- A Lua file the daemon has no grammar for: see https://example.com/lua for more
local function answer()
  return 42
end
"""


def test_a_buffer_the_daemon_has_no_grammar_for_keeps_vims_syntax_and_gets_links(
    tmp_path, session_factory
):
    lua = tmp_path / "x.lua"
    lua.write_text(LUA_FILE)
    sample = tmp_path / "palette.js"
    shutil.copy(SAMPLE, sample)
    session = session_factory([lua, sample])
    state = dump_when(session, lambda state: state["props"], "the link in the Lua file")
    assert document_state(state, "x.lua")["scopeName"] == ""
    assert state["syntax"] == "lua"
    assert syntax_group_at(state, 2, 1).startswith("lua"), state["syntaxGroups"]  # local
    _, links, problems = vim_support.editor_styles(state)
    assert not problems
    assert [link[2] for link in links] == ["https://example.com/lua"]
    assert {prop[3] for prop in state["props"]} == {"highlightd_link"}, "links only"
    assert state["wincolor"] != "HighlightdNormal", "the user's colours stay"

    # The next file, which the daemon highlights: Vim's syntax goes, the theme's colours come.
    session.command("next")
    state = dump_when(
        session, lambda state: state["syntax"] == "OFF" and state["props"], "palette.js"
    )
    assert document_state(state, "palette.js")["scopeName"] == "source.js"
    assert state["syntaxGroups"] == []
    assert state["wincolor"] == "HighlightdNormal"
    assert_matches_oracle(state, "palette.js")


ZIG_FILE = """// A Zig file: see https://ziglang.org/documentation/master/
const std = @import("std");
pub fn main() void {}
"""


def test_extension_options_reach_the_daemon(tmp_path, session_factory):
    """g:highlightd_extension_paths and g:highlightd_file_associations go to the daemon in
    `initialize`: a .zig file, and a file associated with Zig, are highlighted with the
    extension's grammar (and Vim's own zig syntax goes)."""
    extension = vscode_extension("vscode-zig")
    zig = tmp_path / "x.zig"
    zig.write_text(ZIG_FILE)
    ziggy = tmp_path / "x.ziggy"
    ziggy.write_text(ZIG_FILE)
    record = tmp_path / "record.jsonl"
    session = session_factory(
        [zig, ziggy],
        record=record,
        settings=[
            f"let g:highlightd_extension_paths = [{vim_support.vim_string(extension)}]",
            "let g:highlightd_file_associations = {'*.ziggy': 'zig'}",
        ],
    )
    for name in ("x.zig", "x.ziggy"):
        if name == "x.ziggy":
            session.command("next")
        state = dump_when(
            session,
            lambda state: state["lines"] and document_state(state, name)["scopeName"] != ""
            and state["syntax"] == "OFF",
            f"{name} highlighted as Zig",
        )
        assert document_state(state, name)["scopeName"] == "source.zig"
        styles, links, problems = vim_support.editor_styles(state)
        assert not problems
        plain = vim_support._group_style({}, state["normal"])
        assert styles[vim_support.buffer_text(state).index("const")] != plain, "a keyword colour"
        assert [link[2] for link in links] == ["https://ziglang.org/documentation/master/"]
        assert_matches_oracle(state, "x.zig", ["--extensions", str(extension)])

    initialize = next(m for m in recorded_messages(record) if m.get("method") == "initialize")
    options = initialize["params"]["initializationOptions"]
    assert options["extensionPaths"] == [str(extension)]
    assert options["fileAssociations"] == {"*.ziggy": "zig"}
    assert options["vscodeExtensions"] == "off"


DARK_THEME = HERE.parents[1] / "Grammars" / "Themes" / "highlightd-dark.json"

PAIRS_FILE = """// Pairs: a (comment) paren is no bracket.
function outer(a) {
  const s = f("text ( in a string", a);
  return [a, { b: (a + 1) }];
}
"""


def expected_bracket_colours(text):
    """{scalar index: colour} of the brackets of a small JavaScript text, read independently
    of the daemon as PROTOCOL.md's "Bracket pairs" says: brackets outside `//` comments and
    double-quoted strings, each at the depth of the brackets open before it (a closing
    bracket closes the innermost open one of its pair, and those opened inside it), in the
    dark theme's editorBracketHighlight colours; one nothing opened is unexpected."""
    colors = json.loads(DARK_THEME.read_text())["colors"]
    depth_colors = [colors[f"editorBracketHighlight.foreground{n}"] for n in range(1, 7)]
    unexpected = colors["editorBracketHighlight.unexpectedBracket.foreground"]
    closers = {")": "(", "]": "[", "}": "{"}
    open_brackets = []
    colours = {}
    index = 0
    while index < len(text):
        char = text[index]
        if text.startswith("//", index):
            index = text.index("\n", index)
            continue
        if char == '"':
            index = text.index('"', index + 1) + 1
            continue
        if char in "([{":
            colours[index] = depth_colors[len(open_brackets) % 6]
            open_brackets.append(char)
        elif char in closers:
            if closers[char] in open_brackets:
                depth = len(open_brackets) - 1 - open_brackets[::-1].index(closers[char])
                colours[index] = depth_colors[depth % 6]
                del open_brackets[depth:]
            else:
                colours[index] = unexpected
        index += 1
    return colours


def test_brackets_are_coloured_by_depth_outside_strings_and_follow_an_unmatched_paren(
    tmp_path, session_factory
):
    """Each bracket of the code gets the theme's colour for its depth, painted over its
    token's colour (on the screen too); the "(" in the comment and in the string get none.
    An unmatched "(" typed before them pushes every bracket after it one level deeper."""
    source = tmp_path / "pairs.js"
    source.write_text(PAIRS_FILE)
    record = tmp_path / "record.jsonl"
    session = session_factory([source], record=record)
    state = first_highlight(session)
    text = vim_support.buffer_text(state)
    colours, problems = vim_support.editor_brackets(state)
    assert not problems
    expected = expected_bracket_colours(text)
    assert colours == expected
    assert len(set(expected.values())) == 4, "four depths: ( [ { ("
    assert text.index("( in a string") not in colours
    assert text.index("(comment)") not in colours
    # Under them, the syntax colours still equal the oracle's.
    oracle = assert_matches_oracle(state, "pairs.js")

    # On the screen, the "[" (depth 1) in its colour, not its token's.
    line, column = 3, state["lines"][3].index("[")
    rows = redrawn_rows(
        session, lambda rows: rows[line][column][1] == expected[text.index("[")].upper()
    )
    assert rows[line][column][0] == "["
    assert rows[line][column][1] == expected[text.index("[")].upper()
    assert rows[line][column][1] != oracle.styles[text.index("[")][0][:7].upper()

    # An unmatched "(" typed in the code of line 3.
    session.keys("3G", "0", "f", "c", "i")
    session.type("(")
    session.keys("Escape")
    state = dump_when(
        session,
        lambda state: vim_support.editor_brackets(state)[0]
        == expected_bracket_colours(vim_support.buffer_text(state)),
        "the brackets after the typed paren one level deeper",
    )
    text = vim_support.buffer_text(state)
    assert state["lines"][2] == '  (const s = f("text ( in a string", a);'
    colours, _ = vim_support.editor_brackets(state)
    assert colours[text.index("[")] == expected[PAIRS_FILE.index("{ b")], "one level deeper"
    assert colours[text.rindex("}")] == expected[PAIRS_FILE.rindex("}")], "closes the paren"
    initialize = next(m for m in recorded_messages(record) if m.get("method") == "initialize")
    assert initialize["params"]["initializationOptions"]["bracketPairs"] is True


def test_bracket_pairs_option_off_sends_bracket_pairs_false_and_paints_none(
    tmp_path, session_factory
):
    source = tmp_path / "pairs.js"
    source.write_text(PAIRS_FILE)
    record = tmp_path / "record.jsonl"
    session = session_factory([source], record=record,
                              settings=["let g:highlightd_bracket_pairs = 0"])
    state = first_highlight(session)
    assert vim_support.editor_brackets(state) == ({}, [])
    assert_matches_oracle(state, "pairs.js")
    initialize = next(m for m in recorded_messages(record) if m.get("method") == "initialize")
    assert initialize["params"]["initializationOptions"]["bracketPairs"] is False


# matchparen on (the test vimrc turns it off), its colour known.
MATCHPAREN = ["unlet g:loaded_matchparen", "highlight MatchParen guibg=#3A5F7F guifg=NONE"]


def pair_matches(state):
    """The MatchParen match with matchparen's id (3), as [[lnum, col, length], ...]."""
    return [
        sorted([match[key] for key in sorted(match) if key.startswith("pos")])
        for match in state["matches"]
        if match["id"] == 3 and match["group"] == "MatchParen"
    ]


def test_the_pair_under_the_cursor_skips_a_paren_in_a_string_and_the_jump_follows_it(
    tmp_path, session_factory
):
    """With matchparen on, the daemon's pair is highlighted as matchparen would (id 3,
    MatchParen); a "(" inside a string, which matchparen would pair with the ")" of the code
    after it (no syntax items to skip it by), gets no highlight. :HighlightdMatchBracket and
    the `%` mapping jump to the partner, `%` skips the string's "(", and `d%` deletes
    through the partner."""
    source = tmp_path / "pairs.js"
    source.write_text(PAIRS_FILE)
    session = session_factory(
        [source], settings=MATCHPAREN + ["let g:highlightd_map_percent = 1"])
    first_highlight(session)
    lines = PAIRS_FILE.splitlines()

    def answered_after(state, before):
        return state["plugin"]["stats"]["pairAnswers"] > before

    # The "(" of `outer(a)`: it and its ")" are highlighted.
    open_col = lines[1].index("(") + 1
    session.keys("2G", "0", "f", "(")
    state = dump_when(session, lambda state: pair_matches(state), "the pair under the cursor")
    assert pair_matches(state) == [[[2, open_col, 1], [2, lines[1].index(")") + 1, 1]]]
    # On the screen: both cells in MatchParen's colour.
    columns = (open_col, lines[1].index(")") + 1)
    rows = redrawn_rows(
        session, lambda rows: all(rows[1][col - 1][2] == "#3A5F7F" for col in columns)
    )
    for col in columns:
        assert rows[1][col - 1][2] == "#3A5F7F", rows[1][col - 1]

    # The "(" in the string: the daemon says it is no bracket, and nothing is highlighted.
    before = state["plugin"]["stats"]["pairAnswers"]
    session.keys("3G", "0", "2", "f", "(")
    state = dump_when(session, lambda state: answered_after(state, before)
                      and state["cursor"] == [3, lines[2].index("( in") + 1], "the answer")
    assert pair_matches(state) == [], state["matches"]
    # Moving on to the "(" of `f(`: its pair is the ")" before ";".
    session.keys("0", "f", "(")
    state = dump_when(session, lambda state: pair_matches(state), "the pair of f(")
    assert pair_matches(state) == [[[3, lines[2].index("f(") + 2, 1],
                                    [3, lines[2].rindex(")") + 1, 1]]]

    # The jump: from the "[" to its "]".
    session.keys("4G", "0", "f", "[")
    session.command("HighlightdMatchBracket")
    state = dump_when(session, lambda state: state["cursor"][1] != lines[3].index("[") + 1,
                      "the jump to ]")
    assert state["cursor"] == [4, lines[3].index("]") + 1]
    # `%` (mapped) from before the brackets of a line goes to the partner of the first one.
    session.keys("2G", "0", "%")
    state = dump_when(session, lambda state: state["cursor"][0] == 2 and state["cursor"][1] > 1,
                      "% to the first pair of line 2")
    assert state["cursor"] == [2, lines[1].index(")") + 1]
    # `d%` from "{" deletes through its "}" (inclusive, as Vim's own).
    session.keys("4G", "0", "f", "{", "d", "%")
    state = dump_when(session, lambda state: state["lines"][3] != lines[3], "d% on {")
    assert state["lines"][3] == "  return [a, ];"
    # From the string's "(", which is no bracket, `%` goes on to the first bracket of the
    # code after it, the ")" before ";", and to its partner, the "(" of `f(`.
    session.keys("3G", "0", "2", "f", "(", "%")
    state = dump_when(session, lambda state: state["cursor"][1] != lines[2].index("( in") + 1,
                      "% from the string's paren")
    assert state["cursor"] == [3, lines[2].index("f(") + 2]
    # After the last bracket of a line there is none to go to: the message says so.
    session.keys("$")
    session.command("HighlightdMatchBracket")
    wait_until(lambda: "highlightd: no bracket pair here" in session.capture(), 20,
               what="the message")
    assert session.dump()["cursor"] == [3, len(lines[2])]


SPELL_WORDS = ["a", "comment", "with", "word", "string", "mistake", "new", "line"]
SPELL_FILE = """// A comment with a mispeled word.
const wrongg = "a string with a speling mistake";
function helperr() { return wrongg; }
"""


def test_spell_checks_comments_and_strings_only_and_follows_edits(tmp_path, session_factory):
    """With 'spell' (a dictionary made with :mkspell, so that every identifier of the code is
    a bad word wherever it is checked), ]s finds the misspelt words of the comment and the
    string and none of the code; after a line with more of both is added above, the same
    holds on the moved lines."""
    spell_folder = tmp_path / "rtp" / "spell"
    spell_folder.mkdir(parents=True)
    words = tmp_path / "words.txt"
    words.write_text("\n".join(SPELL_WORDS) + "\n")
    source = tmp_path / "spelling.js"
    source.write_text(SPELL_FILE)
    session = session_factory([source], settings=[
        f"silent mkspell! {spell_folder / 'hl'} {words}",
        f"set runtimepath+={tmp_path / 'rtp'}",
        "set spelllang=hl",
    ])
    first_highlight(session)
    session.command("setlocal spell")
    state = dump_when(session, lambda state: state["misspelt"]
                      and state["plugin"]["stats"]["spellBuilds"] > 0, "the spell items")
    assert [word for _, _, word in state["misspelt"]] == ["mispeled", "speling"]
    assert [lnum for lnum, _, _ in state["misspelt"]] == [1, 2]
    # The syntax items have no colours of their own: the text properties give them all.
    assert state["syntax"] == "OFF" and state["spellSyntax"]["items"] > 0
    assert state["spellSyntax"]["highlighted"] == []
    assert_matches_oracle(state, "spelling.js")

    # (Without the comment leader that `O` on a comment line would insert.)
    session.command("setlocal formatoptions-=o")
    session.keys("gg", "O")
    session.type('const typoo = "new line mistak"; // new wordd')
    session.keys("Escape")
    after_edit = [(1, "mistak"), (1, "wordd"), (2, "mispeled"), (3, "speling")]
    state = dump_when(
        session, lambda state: [(lnum, word) for lnum, _, word in state["misspelt"]]
        == after_edit, "the spell items after the edit")
    assert state["lines"][0] == 'const typoo = "new line mistak"; // new wordd'
    assert_matches_oracle(state, "spelling.js")

    # 'nospell': the items go (they would only cost redraws); 'spell' again: they are back.
    session.command("setlocal nospell")
    dump_when(session, lambda state: state["spellSyntax"]["items"] == 0, "the items to go")
    session.command("setlocal spell")
    dump_when(session, lambda state: [(lnum, word) for lnum, _, word in state["misspelt"]]
              == after_edit, "spell on again")


def test_commentstring_follows_the_language_of_the_cursor_line(tmp_path, session_factory):
    """'commentstring' from the daemon's comment markers: JavaScript's line comment, and in
    a Markdown file HTML's block comment on prose and the fenced block's language inside
    it."""
    source = tmp_path / "pairs.js"
    source.write_text(PAIRS_FILE)
    notes = tmp_path / "notes.md"
    notes.write_text("# Notes\n\nSome prose.\n\n```python\nx = 1\n```\n\n```js\nlet y = 2;\n```\n")
    session = session_factory([source, notes])
    dump_when(session, lambda state: state["commentstring"] == "// %s",
              "JavaScript's commentstring")
    session.command("next")
    steps = ((3, "<!-- %s -->"), (6, "# %s"), (10, "// %s"), (1, "<!-- %s -->"))
    for lnum, commentstring in steps:
        session.keys(f"{lnum}G")
        dump_when(session, lambda state: state["commentstring"] == commentstring
                  and state["cursor"][0] == lnum, f"{commentstring!r} on line {lnum}")
    # Detached, the buffer gets back the one its filetype plugin set.
    session.command("HighlightdDisable")
    assert session.dump(settled=False)["commentstring"] == "<!--%s-->"
