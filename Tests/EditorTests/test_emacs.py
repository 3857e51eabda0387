"""The Emacs plugin (editors/emacs) tested inside a real Emacs.

Each test runs `emacs -nw -Q` in a private tmux server with highlightd.el loaded and
`global-highlightd-mode` on, types into it with `tmux send-keys` as a person would, then
reads back what the buffer shows (the `face` of every character as redisplay sees it, and
the link ranges) and compares it with `highlightd highlight --format json` on the final
text, and the bracket colours with what a fresh daemon gives the final text. The screen
check reads the 24-bit colours of the cells from `tmux capture-pane -e`.
"""

import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys

import pytest

from conftest import BINARY, vscode_extension
from highlight_oracle import expected_highlight

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "emacs"))
import emacs_support  # noqa: E402
from emacs_support import EmacsSession, wait_until  # noqa: E402

EMACS = emacs_support.find_emacs()
SAMPLES = HERE / "samples"
CAPTURE = HERE.parents[1] / "docs" / "captures" / "emacs.ansi"

if EMACS is None and os.environ.get("CI") == "true":
    raise RuntimeError("emacs, emacsclient and tmux are required under CI (emacs-nox, tmux)")
pytestmark = pytest.mark.skipif(EMACS is None, reason="needs emacs, emacsclient and tmux")


def settled_state(
    session, buffer_name, filename, ready=lambda text: True, timeout=60, arguments=()
):
    """Waits until the buffer's text is `ready` (the keys typed so far were handled) and
    it shows exactly what the oracle says about that text (`arguments`: more options of the
    oracle's command); returns the state and the oracle's answer. On timeout, fails with the
    differences that remain."""
    oracles = {}
    last = {}

    def matches():
        state = session.state(buffer_name)
        text = state["text"]
        if not ready(text):
            return False
        if text not in oracles:
            oracles[text] = expected_highlight(BINARY, text, filename, arguments=arguments)
        last["state"], last["expected"] = state, oracles[text]
        return not emacs_support.compare_with_oracle(state, oracles[text])

    try:
        wait_until(matches, timeout, interval=0.2, what=f"{buffer_name} to match the oracle")
    except TimeoutError:
        if "state" not in last:
            pytest.fail(f"the keys typed into {buffer_name} were never all handled")
        differences = emacs_support.compare_with_oracle(last["state"], last["expected"])
        pytest.fail(
            f"{buffer_name} never matched the oracle; {len(differences)} differences:\n"
            + "\n".join(differences[:20])
        )
    return last["state"], last["expected"]


def daemon_bracket_layer(text, filename):
    """The bracket layer a fresh daemon gives `text` saved as `filename`, the oracle of the
    bracket colours (`highlightd highlight` knows none): {scalar offset: (depth, foreground)}
    for every character of a bracket. Emacs applies its pushes through a session of edits;
    the daemon here opens the final text once."""
    process = subprocess.Popen(
        [BINARY, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )

    def send(message):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        process.stdin.flush()

    def receive():
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = process.stdout.read(1)
            if not byte:
                raise RuntimeError("the daemon closed its output")
            header += byte
        length = int(header.lower().split(b"content-length:")[1].split(b"\r\n")[0])
        return json.loads(process.stdout.read(length))

    brackets, colours = {}, {}
    uri = (pathlib.Path("/oracle") / filename).as_uri()
    try:
        send({"id": 1, "method": "initialize", "params": {
            "capabilities": {"general": {"positionEncodings": ["utf-32"]}},
            "initializationOptions": {"attributeDeltas": True, "theme": "dark"}}})
        send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "version": 1, "text": text}}})
        next_id, pending = 2, True
        while pending:
            send({"id": next_id, "method": "textStorage/attributes", "params": {"uri": uri}})
            while True:
                message = receive()
                if message.get("method") == "textStorage/didProcessEditing":
                    params = message["params"]
                    for key, style in params["styles"].items():
                        colours[int(key)] = style["foreground"][:7].upper()
                    # The client rule: a change replaces the brackets over its range.
                    for change in params["changes"]:
                        start, end = change["offset"], change["offset"] + change["length"]
                        brackets = {k: v for k, v in brackets.items() if not start <= k < end}
                        for bracket in change.get("brackets", []):
                            for offset in range(bracket["offset"],
                                                bracket["offset"] + bracket["length"]):
                                brackets[offset] = (bracket["depth"], bracket["style"])
                elif message.get("id") == next_id:
                    pending = message["result"]["pending"]
                    next_id += 1
                    break
        send({"id": next_id, "method": "shutdown"})
        send({"method": "exit"})
    finally:
        process.stdin.close()
        process.wait(timeout=30)
    return {offset: (depth, colours[style]) for offset, (depth, style) in brackets.items()}


def shown_bracket_layer(state):
    """The bracket layer Emacs shows: {offset: (depth, foreground)}, as the oracle's."""
    return {offset: (depth, (colour or "")[:7].upper())
            for offset, depth, colour in state["brackets"]}


def settled_brackets(session, buffer_name, filename, timeout=30):
    """Waits until the buffer shows the bracket layer a fresh daemon gives its text; returns
    the state and that layer. On timeout, fails with the differences."""
    oracles, last = {}, {}

    def matches():
        state = session.state(buffer_name)
        if state["text"] not in oracles:
            oracles[state["text"]] = daemon_bracket_layer(state["text"], filename)
        last["state"], last["expected"] = state, oracles[state["text"]]
        return shown_bracket_layer(state) == last["expected"]

    try:
        wait_until(matches, timeout, interval=0.2, what=f"{buffer_name}'s bracket colours")
    except TimeoutError:
        shown, expected = shown_bracket_layer(last["state"]), last["expected"]
        differences = sorted(
            (offset, shown.get(offset), expected.get(offset))
            for offset in set(shown) | set(expected) if shown.get(offset) != expected.get(offset)
        )
        pytest.fail(f"{buffer_name}'s brackets (offset, Emacs, oracle): {differences[:20]}")
    return last["state"], last["expected"]


def recorded_messages(path):
    """The messages Emacs sent, from `highlightd serve --record`."""
    return [
        json.loads(json.loads(line)["frame"])
        for line in pathlib.Path(path).read_text().splitlines()
        if line.strip()
    ]


def wait_for_text(session, buffer_name, condition, what):
    """Waits until the buffer's text satisfies `condition`, as a person watches the
    screen before the next command."""
    wait_until(lambda: condition(session.state(buffer_name)["text"]), 30, interval=0.1,
               what=what)


def press_quit(session):
    """Presses C-g as a command, as a person does at an idle Emacs.

    A tty's quit character that arrives while Emacs is busy (applying a push) discards
    the keys typed ahead and quits without running `keyboard-quit`, which would not break
    the undo chain; so wait for the highlight to settle, then press it until it ran."""
    settled_state(session, "inventory.py", "inventory.py")
    for _ in range(5):
        session.keys("C-g")
        try:
            wait_until(lambda: session.eval("last-command") == "keyboard-quit", 3,
                       what="keyboard-quit")
            return
        except TimeoutError:
            continue
    raise AssertionError("C-g never ran keyboard-quit")


def type_scripted_edits(session):
    """A person's session on inventory.py: typing, splits, joins, paste, undo, redo, and a
    second window scrolled to the end. Ends with the first window at the top."""
    keys, text = session.keys, session.type
    # Insert a line with multi-byte and astral-plane characters and a link.
    keys("M-g", "g")
    text("11")
    keys("Enter", "C-e", "Enter")
    text('GREETING = "héllo 🎉 naïve 𝄞"  # astral 😀, see www.example.com/é')
    # Split a line inside the module docstring, and join two lines of the class.
    keys("M-<", "M-f", "M-f", "M-f", "Enter")
    keys("C-s")
    text("sku: str")
    keys("Enter", "C-e", "C-d")
    # Open a triple-quoted string (everything after it changes colour), then close it.
    keys("C-s")
    text("def parse(rows):")
    keys("Enter", "C-a")
    text('NOTE = """')
    text(" unterminated for a moment")
    keys("Enter")
    text('still inside """')
    keys("Enter")
    # Copy a block, paste it at the end, undo the paste, redo it (C-g C-/).
    keys("M-<", "C-s")
    text("def value(self)")
    keys("Enter", "C-a", "C-Space", "C-n", "C-n", "C-n", "M-w", "M->", "C-y")
    pasted = "def value(self) -> float:"
    wait_for_text(session, "inventory.py", lambda t: t.count(pasted) == 2, "the paste")
    keys("C-_")
    wait_for_text(session, "inventory.py", lambda t: t.count(pasted) == 1, "the undo")
    press_quit(session)
    keys("C-_")
    wait_for_text(session, "inventory.py", lambda t: t.count(pasted) == 2, "the redo")
    # Delete a few characters backwards, as a person corrects a typo.
    text("# typo herre")
    keys("BSpace", "BSpace", "BSpace", "BSpace")
    text("ere 🎉")
    # A second window, scrolled to the end, edited there; then back to the first.
    keys("C-x", "2", "C-x", "o", "M->", "Enter")
    text("# tail 😀 https://example.net/end?x=1 done")
    keys("C-x", "o", "M-<")
    text("# top: ")
    keys("Enter")
    # Open the link in the greeting: C-c C-o on a link, through `browse-url'.
    keys("C-s")
    text("www.exa")
    keys("Enter", "C-c", "C-o")


def test_scripted_edits_end_highlighted_as_the_oracle_says(tmp_path):
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    record = tmp_path / "record.jsonl"
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], record=record) as session:
        state, _ = settled_state(session, "inventory.py", "inventory.py")
        assert state["majorMode"] == "python-mode" and state["highlightdMode"]
        assert state["fontLockMode"], "font-lock stays on; highlightd replaces its keywords"

        type_scripted_edits(session)
        state, expected = settled_state(
            session, "inventory.py", "inventory.py", ready=lambda text: text.startswith("# top:\n")
        )
        wait_until(lambda: session.state("inventory.py")["opened"], 30, what="the link to open")
        # The brackets, kept through the same edits, are those of the final text.
        state, brackets = settled_brackets(session, "inventory.py", "inventory.py")

    final = state["text"]
    for typed in [
        'GREETING = "héllo 🎉 naïve 𝄞"  # astral 😀, see www.example.com/é',
        "    sku: str    name: str",
        'NOTE = """ unterminated for a moment\nstill inside """\n',
        "# typo here 🎉",
        "# tail 😀 https://example.net/end?x=1 done",
        "# top:\n",
    ]:
        assert typed in final, f"{typed!r} is not in the final text:\n{final}"
    assert final.count("def value(self) -> float:") == 2, "the paste was redone after its undo"
    assert len(expected.links) >= 4
    assert len({depth for depth, _ in brackets.values()}) >= 2, "brackets nested in brackets"
    greeting = final.index("www.example.com/é")
    (target,) = [link[2] for link in expected.links if link[0] == greeting]
    assert state["opened"] == [target]
    print(f"pushes: {state['pushes']}, mapped through later edits: {state['mappedPushes']}")
    assert not [m for m in state["messages"].splitlines() if "rror" in m], state["messages"]

    messages = recorded_messages(record)
    initialize = messages[0]["params"]
    assert initialize["capabilities"]["general"]["positionEncodings"] == ["utf-32"]
    assert initialize["initializationOptions"]["attributeDeltas"] is True
    assert initialize["initializationOptions"]["bracketPairs"] is True
    opens = [
        m for m in messages
        if m.get("method") == "textDocument/didOpen"
        and m["params"]["textDocument"]["uri"].endswith("/inventory.py")
    ]
    # Visiting the file set its major mode twice; the text went out once, with its language.
    assert len(opens) == 1, [m["params"]["textDocument"].get("languageId") for m in opens]
    assert opens[0]["params"]["textDocument"]["languageId"] == "python"
    edits = [m for m in messages if m.get("method") == "textStorage/edit"]
    assert len(edits) >= 20, "edits go out as the person types"
    # Each window is its own view, told to the daemon with what it shows now.
    last_view = {}
    for message in messages:
        if message.get("method") == "textStorage/viewport":
            last_view[message["params"]["viewId"]] = message["params"]["range"]
    windows = state["windows"]
    assert len(windows) == 2 and len({window["line"] for window in windows}) == 2
    for window in windows:
        assert window["viewId"] in last_view, f"no viewport for {window}: {last_view}"
        assert last_view[window["viewId"]]["offset"] == window["offset"]


def test_the_daemon_is_restarted_after_a_crash_and_the_buffer_ends_right(tmp_path):
    sample = tmp_path / "tokenizer.rs"
    shutil.copy(SAMPLES / "tokenizer.rs", sample)
    with EmacsSession(EMACS, BINARY, tmp_path, [sample]) as session:
        # Emacs 28 has no Rust mode: the daemon picks the grammar from the file name.
        state, _ = settled_state(session, "tokenizer.rs", "tokenizer.rs")
        assert state["majorMode"] == "fundamental-mode"
        first_daemon = state["daemonPid"]
        assert first_daemon > 0

        os.kill(first_daemon, signal.SIGKILL)
        session.keys("M->")
        session.type("// after the crash 🎉 https://example.com/restart")
        session.keys("Enter", "M-<", "C-e")
        session.type(" // still typing")
        state, _ = settled_state(session, "tokenizer.rs", "tokenizer.rs")
        assert state["daemonPid"] not in (0, first_daemon)
        session.type(" é")
        state, _ = settled_state(session, "tokenizer.rs", "tokenizer.rs")

    assert "// after the crash 🎉 https://example.com/restart\n" in state["text"]
    said = [line for line in state["messages"].splitlines() if line.startswith("highlightd:")]
    assert said == ["highlightd: the daemon exited (killed); restarting it"], said
    assert not [m for m in state["messages"].splitlines() if "rror" in m], state["messages"]


LOST_LINE = "LOST = 1  # typed, its edit rejected: https://example.com/lost\n"
LOST_TAIL = "# typed too, its edit rejected as well\n"


def rejected_change(position, text):
    """Lisp that inserts `text` at `position` of inventory.py, as typing does, and sends its
    queued edit at once with an offset past the end of the text, as a plugin bug would."""
    return (
        '(with-current-buffer "inventory.py"'
        f" (save-excursion (goto-char {position}) (insert {emacs_support.lisp_string(text)}))"
        " (aset (car highlightd-document-pending) 0 (* 10 (buffer-size)))"
        " (highlightd-document--flush))"
    )


def test_an_edit_the_daemon_rejects_sends_that_buffer_again(tmp_path):
    """Two changes whose edits reach the daemon with offsets past the end of its text: it
    rejects both and says so with textStorage/didReject, each naming the version it still
    holds. The plugin sends that buffer again once, whole, with a newer version (the second
    rejection is of an edit the reopening already made moot); the other buffer is left
    alone, typing goes on, and the buffer ends highlighted as the oracle says. A plugin that
    ignored the rejections would never reopen the buffer, and the daemon would highlight a
    text without those lines."""
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    other = tmp_path / "tokenizer.rs"
    shutil.copy(SAMPLES / "tokenizer.rs", other)
    record = tmp_path / "record.jsonl"
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], record=record) as session:
        session.eval(f"(find-file-noselect {emacs_support.lisp_string(other)})")
        settled_state(session, "tokenizer.rs", "tokenizer.rs")
        state, _ = settled_state(session, "inventory.py", "inventory.py")
        assert state["resyncs"] == 0
        # Both edits go out in one evaluation, before Emacs reads the first rejection.
        session.eval(
            "(progn " + rejected_change("(point-min)", LOST_LINE)
            + rejected_change("(point-max)", LOST_TAIL) + ")"
        )
        wait_until(lambda: session.state("inventory.py")["resyncs"] > 0, 30, interval=0.1,
                   what="inventory.py to be sent again")
        session.keys("M->")
        session.type("print('after the rejection 🎉')")
        session.keys("Enter", "M-<", "C-e")
        session.type(" # top")
        state, _ = settled_state(
            session, "inventory.py", "inventory.py",
            ready=lambda text: text.endswith(LOST_TAIL + "print('after the rejection 🎉')\n")
            and text.startswith(LOST_LINE[:-1] + " # top\n"),
        )
        other_state = session.state("tokenizer.rs")

    assert state["resyncs"] == 1, "one reopening for both rejected edits"
    assert other_state["resyncs"] == 0
    assert not [m for m in state["messages"].splitlines() if "rror" in m], state["messages"]

    messages = recorded_messages(record)

    def about(message, name):
        params = message.get("params") or {}
        uri = params.get("uri") or params.get("textDocument", {}).get("uri") or ""
        return uri.endswith("/" + name)

    sent = [m for m in messages if about(m, "inventory.py")]
    rejected = [
        index for index, m in enumerate(sent)
        if m.get("method") == "textStorage/edit"
        and any(edit["offset"] > len(state["text"]) for edit in m["params"]["edits"])
    ]
    opens = [index for index, m in enumerate(sent) if m.get("method") == "textDocument/didOpen"]
    assert len(rejected) == 2, rejected
    assert len(opens) == 2 and opens[0] < rejected[0] < rejected[1] < opens[1], (opens, rejected)
    reopened = sent[opens[1]]["params"]["textDocument"]
    versions = [
        m["params"].get("version") or m["params"]["textDocument"]["version"]
        for m in sent[:opens[1]] if m.get("method") in ("textDocument/didOpen", "textStorage/edit")
    ]
    assert reopened["version"] > max(versions), (reopened["version"], versions)
    assert reopened["text"].startswith(LOST_LINE) and reopened["text"].endswith(LOST_TAIL)
    assert reopened["languageId"] == "python"
    after = [m for m in sent[opens[1]:] if m.get("method") == "textStorage/edit"]
    assert after and all(m["params"]["version"] > reopened["version"] for m in after)
    other_opens = [
        m for m in messages
        if m.get("method") == "textDocument/didOpen" and about(m, "tokenizer.rs")
    ]
    assert len(other_opens) == 1, "only the buffer whose edits were rejected is sent again"


def expected_cell(expected, offset, brackets):
    """What the terminal cell of the character at `offset` must show: (foreground,
    background, attributes), None for a colour left to the terminal's default. A bracket
    (in `brackets`, the daemon's bracket layer) shows its colour over the syntax style's."""
    foreground, background, font_style = expected.styles[offset]
    if offset in brackets:
        foreground = brackets[offset][1]
    default_foreground, default_background, _ = expected.default

    def colour(value, default):
        return None if value[:7].upper() == default[:7].upper() else value[:7].upper()

    attributes = set(font_style.split()) & {"italic", "bold", "underline"}
    if any(start <= offset < end for start, end, _ in expected.links):
        attributes.add("underline")
    return (colour(foreground, default_foreground), colour(background, default_background),
            frozenset(attributes))


def screen_differences(rows, text, expected, brackets, window):
    """Differences between the cells of `window`'s rows and the oracles' styles."""
    lines = text.split("\n")
    line_starts = [0]
    for line in lines:
        line_starts.append(line_starts[-1] + len(line) + 1)
    differences = []
    for row_index in range(window["height"]):
        line_number = window["line"] + row_index
        if line_number > len(lines):
            break
        line = lines[line_number - 1]
        cells = rows[window["top"] + row_index]
        shown = "".join(cell[0] for cell in cells)
        if not shown.startswith(line):
            differences.append(f"line {line_number}: the screen shows {shown!r}")
            continue
        for column, cell in enumerate(cells[:len(line)]):
            want = expected_cell(expected, line_starts[line_number - 1] + column, brackets)
            if cell[1:] != want:
                differences.append(
                    f"line {line_number} column {column} {cell[0]!r}: {cell[1:]} != {want}"
                )
    return differences


def test_the_screen_shows_the_theme_colours_after_typing(tmp_path):
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    with EmacsSession(EMACS, BINARY, tmp_path, [sample]) as session:
        settled_state(session, "inventory.py", "inventory.py")
        session.keys("M-g", "g")
        session.type("12")
        session.keys("Enter", "C-e", "Enter")
        session.type('BANNER = "naïve 🎉"  # shown at https://example.com/banner')
        session.keys("Enter")
        session.type("def greet(name, sep=str(1)):")
        session.keys("Enter")
        session.type('return f"hello {name}"')
        session.keys("M-<")
        state, expected = settled_state(
            session, "inventory.py", "inventory.py",
            ready=lambda text: 'return f"hello {name}"' in text,
        )
        _, brackets = settled_brackets(session, "inventory.py", "inventory.py")
        (window,) = state["windows"]
        assert window["line"] == 1

        def screen():
            rows = emacs_support.screen_cells(session.capture())
            screen.rows = rows
            screen.differences = screen_differences(
                rows, state["text"], expected, brackets, window)
            return not screen.differences

        try:  # redisplay may follow the last push by a moment
            wait_until(screen, 10, interval=0.2, what="the screen to show the highlight")
        except TimeoutError:
            pass
        capture = session.capture()

    assert not screen.differences, "\n".join(screen.differences[:20])
    # The colours a person sees: keywords purple, strings green, comments grey italic,
    # brackets by depth (gold, then violet: `greet(name, sep=str(1))`).
    cells = [cell for row in screen.rows for cell in row]
    assert ("d", "#B98AF0") in {(cell[0], cell[1]) for cell in cells}
    assert {"#E5C07B", "#C792EA"} <= {cell[1] for cell in cells if cell[0] in "()"}
    assert any(cell[1] == "#7C879A" and "italic" in cell[3] for cell in cells)
    assert any(cell[1] == "#A5CC82" for cell in cells)
    assert any("underline" in cell[3] for cell in cells)
    if os.environ.get("UPDATE_CAPTURES") == "1":
        CAPTURE.parent.mkdir(parents=True, exist_ok=True)
        CAPTURE.write_text(capture, encoding="utf-8")


def faces_at(state, offset):
    """The names of the faces the character at `offset` is drawn with."""
    for start, end, names in state["faces"]:
        if start <= offset < end:
            return set(names)
    return set()


ELISP_FILE = """;;; x.el --- a file the daemon has no grammar for
;; see https://example.com/elisp for more
(defun x-answer () 42)
"""


def test_the_inspector_shows_the_scopes_at_point(tmp_path):
    """M-x highlightd-inspect after typing a line: the answer is about the text on screen."""
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    with EmacsSession(EMACS, BINARY, tmp_path, [sample]) as session:
        settled_state(session, "inventory.py", "inventory.py")
        typed = 'typed = "words"\n'
        session.eval('(with-current-buffer "inventory.py" (goto-char (point-min)) (insert '
                     + emacs_support.lisp_string(typed) + "))")
        text = typed + sample.read_text(encoding="utf-8")

        def inspected(position):
            session.eval("(setq highlightd-last-inspection nil)")
            session.eval(f'(with-current-buffer "inventory.py" (highlightd-inspect {position + 1}))')
            return wait_until(
                lambda: (lambda shown: shown if "scopes" in shown else None)(
                    session.eval('(if highlightd-last-inspection (with-current-buffer '
                                 '"*highlightd-inspect*" (buffer-string)) "")')
                ),
                30, interval=0.1, what="the inspector's buffer",
            )

        shown = inspected(text.index("words"))
        assert "token kind  string" in shown and "language    python" in shown
        assert shown.index("string.quoted") < shown.index("source.python")
        shown = inspected(text.index("units;"))
        assert "token kind  comment" in shown and "theme rule  comment" in shown


def test_the_theme_follows_load_theme_without_a_restart(tmp_path):
    """With `highlightd-theme' nil, enabling an Emacs theme that `highlightd-themes' maps
    recolours the buffer with that theme; disabling it and enabling another follows too."""
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    settings = ["(setq highlightd-theme nil highlightd-themes "
                "'((tango . \"light\") (wombat . \"dark\")))"]
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], settings=settings) as session:
        # The first theme comes from the terminal's background: whichever, it changes next.
        wait_until(lambda: session.state("inventory.py")["faces"], 60, interval=0.2,
                   what="the first highlight")
        session.eval("(load-theme 'tango t)")
        settled_state(session, "inventory.py", "inventory.py", arguments=["--theme", "light"])
        session.eval("(progn (disable-theme 'tango) (load-theme 'wombat t))")
        settled_state(session, "inventory.py", "inventory.py", arguments=["--theme", "dark"])
        assert session.eval("highlightd-daemon--sent-theme") == '"dark"'


def test_a_buffer_the_daemon_has_no_grammar_for_keeps_font_lock_and_gets_links(tmp_path):
    lisp = tmp_path / "x.el"
    lisp.write_text(ELISP_FILE)
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    with EmacsSession(EMACS, BINARY, tmp_path, [lisp]) as session:
        url = ELISP_FILE.index("https://")

        def kept():
            state = session.state("x.el")
            return state if "highlightd-link" in faces_at(state, url) else None

        state = wait_until(kept, 60, interval=0.2, what="the link drawn over font-lock's face")
        assert state["majorMode"] == "emacs-lisp-mode" and state["highlightdMode"]
        assert state["scopeName"] is None
        assert faces_at(state, url) == {"highlightd-link", "font-lock-comment-face"}, state["faces"]
        assert "font-lock-keyword-face" in faces_at(state, ELISP_FILE.index("defun"))
        assert [link[2] for link in state["links"]] == ["https://example.com/elisp"]

        # A file the daemon highlights: the major mode's faces go, the daemon's come.
        session.eval(f"(find-file {emacs_support.lisp_string(sample)})")
        state, _ = settled_state(session, "inventory.py", "inventory.py")
        assert state["scopeName"] == "source.python"
        assert not any(
            name.startswith("font-lock-") for _, _, names in state["faces"] for name in names
        ), state["faces"]
        # And the Lisp buffer keeps its own.
        state = session.state("x.el")
        assert "font-lock-keyword-face" in faces_at(state, ELISP_FILE.index("defun"))


def test_a_daemon_that_cannot_start_is_one_warning_and_every_buffer_keeps_font_lock(tmp_path):
    """With highlightd-command naming a program that does not exist, two files visited and
    typed into: one warning of type highlightd in *Warnings*, naming the command and the
    error, nothing in the echo area while typing, and both buffers keep their major mode's
    font-lock faces (Python's would otherwise give way to the daemon's)."""
    sample = tmp_path / "inventory.py"
    shutil.copy(SAMPLES / "inventory.py", sample)
    (tmp_path / "x.el").write_text(ELISP_FILE)
    settings = ['(setq highlightd-command (list "/nonexistent/highlightd" "serve"))']
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], settings=settings) as session:
        python_text = (SAMPLES / "inventory.py").read_text(encoding="utf-8")
        keyword = python_text.index("import csv")

        def warned():
            state = session.state("inventory.py")
            return state if state["warnings"] and faces_at(state, keyword) else None

        wait_until(warned, 30, interval=0.2, what="the warning and font-lock's faces")
        session.keys("M->")
        session.type("print('typed without a daemon')")
        session.keys("Enter")
        # The second file, visited as a person does.
        session.keys("C-x", "C-f")
        session.type("x.el")
        session.keys("Enter")
        wait_until(lambda: session.eval("(buffer-name (window-buffer))") == '"x.el"', 30,
                   interval=0.1, what="x.el visited")
        session.keys("M->")
        session.type(";; typed without a daemon")
        session.keys("Enter")
        wait_for_text(session, "x.el", lambda text: text.endswith(";; typed without a daemon\n"),
                      "the typing in x.el")
        python = session.state("inventory.py")
        lisp = session.state("x.el")

    assert python["text"].endswith("print('typed without a daemon')\n")
    warnings = lisp["warnings"]
    assert warnings.count("(highlightd)") == 1, warnings
    assert warnings.startswith(
        'Error (highlightd): Cannot start "/nonexistent/highlightd serve": Searching for program:'
        " No such file or directory, /nonexistent/highlightd."
    ), warnings
    said = [line for line in lisp["messages"].splitlines() if "highlightd" in line]
    assert said == [], said
    assert not [m for m in lisp["messages"].splitlines() if "rror" in m], lisp["messages"]
    for state in (python, lisp):
        assert state["highlightdMode"] and state["fontLockMode"], state["majorMode"]
        assert state["scopeName"] is None and state["pushes"] == 0
    assert python["majorMode"] == "python-mode"
    assert "font-lock-keyword-face" in faces_at(python, keyword), python["faces"]
    assert lisp["majorMode"] == "emacs-lisp-mode"
    assert "font-lock-keyword-face" in faces_at(lisp, ELISP_FILE.index("defun")), lisp["faces"]
    typed = len(ELISP_FILE) + len(";; ")  # the comment typed, fontified as typed
    assert "font-lock-comment-face" in faces_at(lisp, typed), lisp["faces"]


ZIG_FILE = """// A Zig file: see https://ziglang.org/documentation/master/
const std = @import("std");
pub fn main() void {}
"""


def test_extension_options_reach_the_daemon(tmp_path):
    """highlightd-extension-paths and highlightd-file-associations go to the daemon in
    `initialize`: a .zig file (which Emacs 28 visits in fundamental-mode) and a file
    associated with Zig are highlighted with the extension's grammar."""
    extension = vscode_extension("vscode-zig")
    zig = tmp_path / "x.zig"
    zig.write_text(ZIG_FILE)
    ziggy = tmp_path / "x.ziggy"
    ziggy.write_text(ZIG_FILE)
    record = tmp_path / "record.jsonl"
    settings = [
        f"(setq highlightd-extension-paths (list {emacs_support.lisp_string(extension)}))",
        '(setq highlightd-file-associations \'(("*.ziggy" . "zig")))',
    ]
    with EmacsSession(EMACS, BINARY, tmp_path, [zig], record=record, settings=settings) as session:
        session.eval(f"(find-file-noselect {emacs_support.lisp_string(ziggy)})")
        for name in ("x.zig", "x.ziggy"):
            state, _ = settled_state(
                session, name, "x.zig", arguments=["--extensions", str(extension)]
            )
            assert state["majorMode"] == "fundamental-mode" and state["scopeName"] == "source.zig"
            keyword = ZIG_FILE.index("const")
            assert any(
                start <= keyword < end and style[0] is not None
                for start, end, style in state["runs"]
            ), "a keyword colour"
            assert [link[2] for link in state["links"]] == [
                "https://ziglang.org/documentation/master/"]

    options = recorded_messages(record)[0]["params"]["initializationOptions"]
    assert options["extensionPaths"] == [str(extension)]
    assert options["fileAssociations"] == {"*.ziggy": "zig"}
    assert options["vscodeExtensions"] == "off"


THEME = HERE.parents[1] / "Grammars" / "Themes" / "highlightd-dark.json"

RUST_FILE = """fn main() {
    let s = ")";    // a ) in a string
    let c = ')';    // a char literal
    // a comment with ) and ( and "
    call(a[0], ")", {b});
}
"""


def in_buffer(buffer_name, expression):
    """Lisp that evaluates `expression` in the buffer `buffer_name`."""
    return f"(with-current-buffer {emacs_support.lisp_string(buffer_name)} {expression})"


def in_selected_buffer(expression):
    """Lisp that evaluates `expression` in the selected window's buffer, where the keys go
    (emacsclient evaluates in a buffer of its own)."""
    return f"(with-current-buffer (window-buffer (selected-window)) {expression})"


def evaluated(session, expression):
    """What `expression` evaluates to in the Emacs under test, printed on one line."""
    return " ".join(session.eval(expression).split())


# M-; as tmux reads it: a `;` ending an argument would end tmux's command.
COMMENT_DWIM = "M-\\;"


def run_command(session, command):
    """Runs `command` with M-x, as a person does."""
    session.keys("M-x")
    session.type(command)
    session.keys("Enter")


def test_brackets_are_coloured_by_depth_but_not_in_strings_and_follow_an_unmatched_paren(
    tmp_path,
):
    """Each code bracket shows the theme's colour for its depth over the syntax colour; a
    bracket inside a string, a char literal or a comment keeps the syntax colour. Typing an
    unmatched `(` deepens every bracket after it up to the block's end, and the buffer
    ends with the bracket layer a fresh daemon gives the final text."""
    colours = json.loads(THEME.read_text())["colors"]
    by_depth = [colours[f"editorBracketHighlight.foreground{n}"] for n in range(1, 7)]
    sample = tmp_path / "x.rs"
    sample.write_text(RUST_FILE)
    with EmacsSession(EMACS, BINARY, tmp_path, [sample]) as session:
        settled_state(session, "x.rs", "x.rs")
        state, _ = settled_brackets(session, "x.rs", "x.rs")
        shown = shown_bracket_layer(state)
        text = state["text"]
        call = text.index("call(") + 4
        for offset, depth in [(text.index("main(") + 4, 0), (text.index("{"), 0), (call, 1),
                              (text.index("[0]"), 2), (text.index("{b}"), 2),
                              (text.index(");"), 1), (len(text) - 2, 0)]:
            assert shown.get(offset) == (depth, by_depth[depth]), (offset, text[offset], shown)
        for quoted in [text.index('")"') + 1, text.index("')'") + 1,
                       text.index("with )") + 5, text.index('")",') + 1]:
            assert quoted not in shown, (quoted, text[quoted])
        assert any(start <= text.index('")"') + 1 < end and style[0] == "#A5CC82"
                   for start, end, style in state["runs"]), "the ) in a string is string-green"

        # An unmatched ( before `call`: the brackets after it go one deeper, to the `}`.
        session.keys("M-<", "C-n", "C-n", "C-n", "C-n", "M-m")
        session.type("(")
        state, _ = settled_brackets(session, "x.rs", "x.rs")
        settled_state(session, "x.rs", "x.rs")
    shown = shown_bracket_layer(state)
    text = state["text"]
    assert text.count("(call(") == 1
    typed = text.index("(call(")
    call = typed + 5
    assert shown[typed] == (1, by_depth[1])
    assert shown[call] == (2, by_depth[2]), "call's ( was at depth 1 before the ( typed"
    assert shown[text.index("[0]")] == (3, by_depth[3])
    assert shown[len(text) - 2] == (0, by_depth[0]), "main's } still closes its {"


def test_bracket_pairs_off_leaves_brackets_in_their_syntax_colours(tmp_path):
    """highlightd-bracket-pairs nil goes to the daemon as bracketPairs false: no bracket
    gets a colour of its own (the buffer shows exactly the syntax oracle's colours), and no
    pair is highlighted at point."""
    sample = tmp_path / "x.rs"
    sample.write_text(RUST_FILE)
    record = tmp_path / "record.jsonl"
    settings = ["(setq highlightd-bracket-pairs nil highlightd-match-brackets t)"]
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], record=record,
                      settings=settings) as session:
        state, _ = settled_state(session, "x.rs", "x.rs")
        session.keys("M-<", "C-n", "C-n", "C-n", "C-n", "M-m", "M-f")
        call = RUST_FILE.index("call(") + 4 + 1  # buffer positions count from 1
        wait_until(lambda: evaluated(session, in_selected_buffer("highlightd-caret--asked"))
                   .startswith(f"({call} "), 10, interval=0.1, what="the pair at point asked for")
        # The jump's question goes after the highlight's, and is answered after it.
        run_command(session, "highlightd-jump-to-bracket")
        wait_until(lambda: "highlightd: no paired bracket at point"
                   in session.state("x.rs")["messages"], 10, interval=0.1,
                   what="the jump to say there is no pair")
        overlays = evaluated(session, in_selected_buffer(
            "(overlays-in (point-min) (point-max))"))
        point = evaluated(session, in_selected_buffer("(point)"))
    assert point == str(call), "point stays where it was"
    assert state["brackets"] == []
    assert not any(name.startswith("highlightd-bracket-")
                   for _, _, names in state["faces"] for name in names), state["faces"]
    assert overlays == "nil", "no pair highlighted"
    options = recorded_messages(record)[0]["params"]["initializationOptions"]
    assert options["bracketPairs"] is False


def test_sexp_commands_and_show_paren_skip_brackets_in_strings_and_comments(tmp_path):
    """Emacs 28 visits Rust files in fundamental-mode, whose syntax table knows no Rust
    comment or char literal. With the token kinds as syntax-table properties, forward-sexp
    from main's `{` lands after its `}`, check-parens finds nothing unbalanced, and
    show-paren pairs call's `(` with its `)` past a `)` in a string; with the mode off
    again the same buffer is unbalanced, so the properties did it."""
    sample = tmp_path / "x.rs"
    sample.write_text(RUST_FILE)
    with EmacsSession(EMACS, BINARY, tmp_path, [sample]) as session:
        settled_state(session, "x.rs", "x.rs")
        brace = RUST_FILE.index("{") + 1  # buffer positions count from 1
        after_main = len(RUST_FILE)  # after the last `}`, before the final newline
        call = RUST_FILE.index("call(") + 4 + 1
        call_end = RUST_FILE.index(");") + 1
        forward = in_buffer("x.rs", f"(progn (goto-char {brace}) (forward-sexp) (point))")
        assert session.eval(forward) == str(after_main)
        assert session.eval(in_buffer("x.rs", f"(progn (goto-char {call}) (forward-sexp) (point))")
                            ) == str(call_end + 1)
        balanced = in_buffer("x.rs", "(condition-case e (progn (check-parens) 'balanced) "
                                     "(error (cadr e)))")
        assert session.eval(balanced) == "balanced"
        paired = session.eval(in_buffer(
            "x.rs",
            f"(progn (show-paren-mode 1) (goto-char {call}) (show-paren-function)"
            " (prog1 (list (overlay-start show-paren--overlay-1)"
            " (overlay-start show-paren--overlay) (overlay-get show-paren--overlay 'face))"
            " (show-paren-mode -1)))"))
        assert paired == f"({call} {call_end} show-paren-match)"

        session.eval(in_buffer("x.rs", "(highlightd-mode -1)"))
        assert session.eval(forward) != str(after_main)
        assert session.eval(balanced) == '"Unmatched bracket or quote"'


FLYSPELL_FILE = """# a comment with a mispeled word
greeting = "recieve this"
wrnog = 1
"""


def test_flyspell_checks_the_words_of_comments_and_strings_but_not_code(tmp_path):
    """flyspell-prog-mode (with aspell) in a Python buffer the daemon highlights: the
    major mode's font-lock faces are gone, and flyspell checks the words whose face is one
    of the comment and string styles' faces. `flyspell-buffer` marks the misspelt words of
    the comment and the string, not the misspelt variable; a comment typed afterwards is
    checked as it is typed."""
    if shutil.which("aspell") is None:
        message = "needs aspell and aspell-en (scripts/setup-system.sh installs them)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    sample = tmp_path / "y.py"
    sample.write_text(FLYSPELL_FILE)
    settings = ['(setq ispell-program-name "aspell" ispell-dictionary "english")']
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], settings=settings) as session:
        settled_state(session, "y.py", "y.py")
        marked = in_buffer(
            "y.py",
            "(mapcar (lambda (o) (buffer-substring-no-properties (overlay-start o)"
            " (overlay-end o))) (sort (cl-remove-if-not #'flyspell-overlay-p"
            " (overlays-in (point-min) (point-max))) (lambda (a b) (< (overlay-start a)"
            " (overlay-start b)))))")
        session.eval(in_buffer("y.py", "(progn (flyspell-prog-mode) (flyspell-buffer))"))
        assert session.eval(marked) == '("mispeled" "recieve")'

        # Typed as a person types: a word is checked when point leaves it, by then
        # highlighted as a comment.
        session.keys("M->")
        session.type("# anothr commment")
        typed = len(FLYSPELL_FILE) + len("# anothr commment") - 1

        def highlighted():
            state = session.state("y.py")
            return state["text"].endswith("commment") and any(
                name.startswith("highlightd-comment-") for name in faces_at(state, typed))

        wait_until(highlighted, 30, interval=0.1, what="the typed comment highlighted")
        session.keys("Enter")
        session.type("wurd = 2")
        session.keys("Enter")
        wait_for_text(session, "y.py", lambda text: text.endswith("wurd = 2\n"), "the typing")
        wait_until(lambda: session.eval(marked) == '("mispeled" "recieve" "anothr" "commment")',
                   10, interval=0.2, what="the typed comment's words to be marked")


MARKDOWN_FILE = """# Notes

Some intro text.

## Setup

Install it first.
Then configure it.

```js
function go(x) {
  return x;
}
```

## Usage

Run it.
"""


def test_comment_dwim_comments_with_the_markers_of_the_language_at_point(tmp_path):
    """M-; on a region comments it with the markers textStorage/language names: `// ` in a
    Rust file (fundamental-mode in Emacs 28 has none: M-; would refuse), `<!-- -->` in
    Markdown text, and `// ` inside a Markdown file's JavaScript block."""
    sample = tmp_path / "x.rs"
    sample.write_text(RUST_FILE)
    notes = tmp_path / "notes.md"
    notes.write_text(MARKDOWN_FILE)
    with EmacsSession(EMACS, BINARY, tmp_path, [sample]) as session:
        settled_state(session, "x.rs", "x.rs")
        session.keys("M-<", "C-n", "C-n", "C-n", "C-n", "C-a", "C-Space", "C-e", COMMENT_DWIM)
        wait_for_text(session, "x.rs", lambda text: "// call(" in text, "the line commented")
        assert "    // call(a[0], \")\", {b});\n" in session.state("x.rs")["text"]

        session.keys("C-x", "C-f")
        session.type("notes.md")
        session.keys("Enter")
        settled_state(session, "notes.md", "notes.md")
        session.keys("M-<", "C-n", "C-n", "C-a", "C-Space", "C-e", COMMENT_DWIM)
        wait_for_text(session, "notes.md", lambda text: "<!--" in text, "the text commented")
        assert "<!-- Some intro text. -->\n" in session.state("notes.md")["text"]

        # Into the JavaScript block: its language is asked for once point rests there.
        session.keys("C-s")
        session.type("return x")
        session.keys("Enter")
        wait_until(lambda: session.eval(in_selected_buffer("comment-start")) == '"// "', 10,
                   interval=0.1, what="the block's comment marker")
        session.keys("C-a", "C-Space", "C-e", COMMENT_DWIM)
        wait_for_text(session, "notes.md", lambda text: "// return x" in text,
                      "the block's line commented")
        state = session.state("notes.md")
    assert "  // return x;\n" in state["text"]
    assert "# Notes\n" in state["text"], "the heading outside the block is left alone"
    assert not [m for m in state["messages"].splitlines() if "rror" in m], state["messages"]


def test_the_pair_at_point_is_highlighted_and_jumped_to(tmp_path):
    """With point before call's `(`, it and its `)` (past a `)` in a string) get the face
    highlightd-match-paren, on the screen too; M-x highlightd-jump-to-bracket moves point
    before the `)`, and again back. With point before the `)` inside the string nothing is
    highlighted: it is no bracket."""
    sample = tmp_path / "x.rs"
    sample.write_text(RUST_FILE)
    settings = ["(setq highlightd-match-brackets t)"]
    with EmacsSession(EMACS, BINARY, tmp_path, [sample], settings=settings) as session:
        settled_state(session, "x.rs", "x.rs")
        call = RUST_FILE.index("call(") + 4 + 1  # buffer positions count from 1
        call_end = RUST_FILE.index(");") + 1
        highlighted = in_selected_buffer(
            "(sort (mapcar (lambda (o) (list (overlay-start o) (overlay-end o)))"
            " (cl-remove-if-not (lambda (o) (eq (overlay-get o 'face) 'highlightd-match-paren))"
            " (overlays-in (point-min) (point-max)))) (lambda (a b) (< (car a) (car b)))))")
        session.keys("M-<", "C-n", "C-n", "C-n", "C-n", "M-m", "M-f")
        wait_until(lambda: evaluated(session, highlighted)
                   == f"(({call} {call + 1}) ({call_end} {call_end + 1}))",
                   10, interval=0.1, what="the pair at point highlighted")
        # On the screen: both cells on the match face's background, the `)` in the
        # string between them not.
        background = session.eval(
            "(apply #'format \"#%02X%02X%02X\" (mapcar (lambda (c) (/ c 256))"
            " (color-values (face-background 'highlightd-match-paren nil t))))").strip('"')
        line = RUST_FILE.splitlines()[4]

        def shown_backgrounds():
            row = emacs_support.screen_cells(session.capture())[5]
            shown_backgrounds.value = {column: cell[2] for column, cell in enumerate(row)}
            return shown_backgrounds.value.get(line.index("(")) == background

        try:  # redisplay may follow the highlight by a moment
            wait_until(shown_backgrounds, 10, interval=0.1, what="the pair on the screen")
        except TimeoutError:
            pass
        shown = shown_backgrounds.value
        assert shown[line.index("(")] == background
        assert shown[line.index(");")] == background
        assert shown[line.index('")"') + 1] != background

        run_command(session, "highlightd-jump-to-bracket")
        wait_until(lambda: session.eval(in_selected_buffer("(point)")) == str(call_end), 10,
                   interval=0.1, what="point at the partner")
        run_command(session, "highlightd-jump-to-bracket")
        wait_until(lambda: session.eval(in_selected_buffer("(point)")) == str(call), 10,
                   interval=0.1, what="point back at the opening bracket")

        session.keys("C-s")
        session.type('")')
        session.keys("Enter", "C-b")
        in_string = RUST_FILE.index('")",') + 1 + 1
        wait_until(lambda: session.eval(in_selected_buffer("(point)")) == str(in_string), 10,
                   interval=0.1, what="point before the ) in the string")
        wait_until(lambda: evaluated(session, highlighted) == "nil", 10, interval=0.1,
                   what="no pair highlighted at a ) in a string")


BLOCKS_FILE = """fn first() {
    one();
    two();
}

fn second() {
    three();
}
"""


def screen_lines(session, count):
    """The first `count` lines of the buffer's window as the screen shows them (below the
    menu bar)."""
    rows = session._tmux("capture-pane", "-p", "-t", "0", capture=True).split("\n")
    return [row.rstrip() for row in rows[1:1 + count]]


def test_folding_hides_a_block_and_a_markdown_section_and_follows_edits(tmp_path):
    """M-x highlightd-fold-toggle on `fn first() {` hides its body (the `}` stays in sight);
    a line typed above it moves the fold with it, one typed before its `}` is folded too
    once the daemon's ranges say the block grew, and toggling there unfolds. Fold-all
    folds both blocks, unfold-all shows everything. In Markdown, toggling on a heading hides
    its section (its code block with it) up to the next heading."""
    blocks = tmp_path / "blocks.rs"
    blocks.write_text(BLOCKS_FILE)
    notes = tmp_path / "notes.md"
    notes.write_text(MARKDOWN_FILE)
    with EmacsSession(EMACS, BINARY, tmp_path, [blocks]) as session:
        settled_state(session, "blocks.rs", "blocks.rs")

        def shows(lines, what):
            wait_until(lambda: screen_lines(session, len(lines)) == lines, 10, interval=0.1,
                       what=what)

        run_command(session, "highlightd-fold-toggle")
        shows(["fn first() {...", "}", "", "fn second() {", "    three();", "}"],
              "the first block folded")
        # A line typed above: the fold moves with its block, and its ranges are asked again.
        session.keys("M-<", "C-o")
        session.type("// top")
        shows(["// top", "fn first() {...", "}", "", "fn second() {"], "the fold moved")
        wait_until(lambda: evaluated(session, in_buffer("blocks.rs", "highlightd-folding--ranges"))
                   == "((1 . 3) (6 . 7))", 10, interval=0.1, what="the ranges asked again")
        # A line typed before the block's `}`, after the fold: its range grows, and the fold
        # with it, once the ranges are asked again.
        session.keys("C-n", "C-n", "C-a", "C-o")
        session.type("    more(); // grown")
        shows(["// top", "fn first() {...", "}", "", "fn second() {"], "the fold grown")
        session.keys("M-<", "C-n")
        run_command(session, "highlightd-fold-toggle")
        shows(["// top", "fn first() {", "    one();", "    two();", "    more(); // grown", "}"],
              "the block unfolded")
        run_command(session, "highlightd-fold-all")
        shows(["// top", "fn first() {...", "}", "", "fn second() {...", "}"], "both folded")
        run_command(session, "highlightd-unfold-all")
        grown = BLOCKS_FILE.replace("two();\n", "two();\n    more(); // grown\n")
        shows(["// top"] + grown.splitlines(), "everything unfolded")
        invisible = session.eval(in_buffer("blocks.rs", "(overlays-in (point-min) (point-max))"))
        assert invisible == "nil", invisible

        session.keys("C-x", "C-f")
        session.type("notes.md")
        session.keys("Enter")
        settled_state(session, "notes.md", "notes.md")
        session.keys("C-s")
        session.type("## Setup")
        session.keys("Enter")
        run_command(session, "highlightd-fold-toggle")
        shows(["# Notes", "", "Some intro text.", "", "## Setup...", "", "## Usage", "",
               "Run it."], "the Setup section folded")
        run_command(session, "highlightd-fold-toggle")
        shows(MARKDOWN_FILE.splitlines()[:10], "the Setup section unfolded")
