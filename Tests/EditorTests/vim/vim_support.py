"""Drives a real Vim under a private tmux server, as a person types into it.

Keys go in through `tmux send-keys`; what Vim holds comes back through a Vim function
(`HighlightdTestDump`, in testlib.vim beside this file) that waits for the daemon to settle
and writes the buffer's text properties and highlight groups as JSON; what Vim shows comes
back through `tmux capture-pane -e`. Shared by test_vim.py and scripts/editor-latency/vim.py.
"""

import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import time

from polling import wait_until  # noqa: F401 (re-exported for the tests)

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PLUGIN = ROOT / "editors" / "vim"
VIMRC = HERE / "vimrc.vim"
FONT_STYLES = ("bold", "italic", "underline", "strikethrough")


def find_vim():
    """The Vim to test: VIM_BINARY, else `vim` on PATH, if it has what the plugin needs."""
    vim = os.environ.get("VIM_BINARY") or shutil.which("vim")
    if not vim or not shutil.which("tmux"):
        return None
    version = subprocess.run([vim, "--version"], capture_output=True, text=True).stdout
    needed = ("channel", "job", "textprop", "vim9script")
    if not all(f"+{feature}" in version for feature in needed):
        return None
    return vim


def vim_string(text):
    """`text` as a Vim single-quoted string literal."""
    return "'" + str(text).replace("'", "''") + "'"


class VimSession:
    """One Vim in one tmux pane, with editors/vim on 'runtimepath'.

    `settings` are Vim commands run after the shared test vimrc (so they can override the
    plugin's options: they are read when the plugin starts the daemon). `command` replaces
    `BINARY serve` as the daemon.
    """

    def __init__(self, vim, binary, workdir, files, settings=(), record=None, width=120,
                 height=40, command=None):
        self.workdir = pathlib.Path(workdir)
        self.tmux_socket = self.workdir / "tmux.sock"
        self.dumps = 0
        command = list(command or [str(binary), "serve"])
        if record:
            command += ["--record", str(record)]
        vimrc = self.workdir / "vimrc.vim"
        vimrc.write_text(
            "\n".join(
                [f"execute 'source' fnameescape({vim_string(VIMRC)})",
                 f"let g:highlightd_command = {json.dumps(command)}"]
                + list(settings)
            )
            + "\n"
        )
        environment = dict(os.environ)
        environment.update(
            HIGHLIGHTD_VIM_PLUGIN=str(PLUGIN),
            LANG="C.UTF-8",
            LC_ALL="C.UTF-8",
            TERM="xterm-256color",
            COLORTERM="truecolor",
        )
        environment.setdefault("HIGHLIGHTD_GRAMMARS", str(ROOT / "Grammars"))
        environment.pop("TMUX", None)
        self.environment = environment
        # Vim starts in workdir, and names files from there as a person would.
        names = [os.path.relpath(path, self.workdir) if str(path).startswith(str(self.workdir))
                 else str(path) for path in files]
        vim_command = " ".join([vim, "-N", "-u", str(vimrc), "-i", "NONE"] + names)
        self._tmux(
            "-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height),
            "-c", str(self.workdir), vim_command,
        )
        self.pid = int(self._tmux("display-message", "-p", "-t", "0", "#{pane_pid}", capture=True))

    def _tmux(self, *arguments, capture=False):
        result = subprocess.run(
            ["tmux", "-S", str(self.tmux_socket), *arguments],
            env=self.environment,
            capture_output=True,
            text=True,
            timeout=30,
        )
        if result.returncode != 0:
            raise RuntimeError(f"tmux {arguments[0]} failed: {result.stderr.strip()}")
        return result.stdout if capture else None

    def keys(self, *keys):
        """Named keys (`Escape`, `Enter`, `C-r`...), as tmux send-keys spells them."""
        self._tmux("send-keys", "-t", "0", *keys)
        if "Escape" in keys:
            # A person's next key comes later than Vim's wait for an escape sequence.
            time.sleep(0.05)

    def type(self, text, chunk=0, pause=0.0):
        """Types `text` literally; with `chunk`, that many characters at a time."""
        for start in range(0, len(text), chunk or len(text)):
            piece = text[start:start + (chunk or len(text))]
            if piece.endswith(";"):
                # tmux takes an argument's final ";" as a command separator.
                piece = piece[:-1] + "\\;"
            self._tmux("send-keys", "-t", "0", "-l", "--", piece)
            if pause:
                time.sleep(pause)

    def command(self, command):
        """An Ex command, typed from Normal mode."""
        self.keys("Escape")
        self.type(":" + command)
        self.keys("Enter")

    def dump(self, timeout=60, settled=True):
        """The buffer's text and the editor's highlight state, once the daemon settled
        (or at once)."""
        self.dumps += 1
        path = self.workdir / f"dump-{self.dumps}.json"
        function = "HighlightdTestDump" if settled else "HighlightdTestDumpNow"
        self.command(f"call {function}({vim_string(path)})")
        wait_until(path.exists, timeout, what="Vim's state dump (HighlightdTestDump)")
        return json.loads(path.read_text(encoding="utf-8"))

    def capture(self):
        """The screen with its SGR escapes (`tmux capture-pane -e`)."""
        return self._tmux("capture-pane", "-p", "-e", "-t", "0", capture=True)

    def alive(self):
        try:
            state = pathlib.Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        return state != "Z"

    def close(self):
        """Quits Vim (which stops the daemon), then the tmux server. Vim can hang in its
        SIGHUP handler if tmux goes first while it is busy, so it is asked to quit, and
        killed if it does not."""
        try:
            self.command("qa!")
            wait_until(lambda: not self.alive(), 5, what="Vim to quit")
        except (RuntimeError, subprocess.TimeoutExpired, TimeoutError):
            pass
        try:
            self._tmux("kill-server")
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)


def buffer_text(state):
    """The text the plugin sends: the buffer's lines, each ending in a line feed."""
    return "".join(line + "\n" for line in state["lines"])


def _group_style(group, normal):
    foreground = (group.get("guifg") or normal.get("guifg") or "").upper()
    background = (group.get("guibg") or normal.get("guibg") or "").upper()
    attributes = group.get("gui") or {}
    font = {name for name in FONT_STYLES if attributes.get(name)}
    return foreground, background, font


BRACKET_TYPE = "highlightd_bracket_"


def _byte_to_scalar(state):
    """Per line: {byte column (0-based): scalar index into buffer_text(state)}, at every
    character boundary and at the line's end."""
    maps = []
    scalar = 0
    for line in state["lines"]:
        mapping = {}
        position = 0
        for index, char in enumerate(line):
            mapping[position] = scalar + index
            position += len(char.encode("utf-8"))
        mapping[position] = scalar + len(line)
        maps.append(mapping)
        scalar += len(line) + 1
    return maps


def editor_styles(state):
    """Per Unicode scalar of `buffer_text(state)`: (foreground, background, {font styles}),
    None at line ends; and the link ranges as (start_scalar, end_scalar, target).

    Each character takes the highlight group of the text property covering it, or Normal's
    colours where none does; two highlightd style properties on one character are an error.
    Brackets' properties (painted over these: `editor_brackets`) are not syntax styles.
    """
    normal = state["normal"]
    groups = state["groups"]
    targets = state["plugin"]["linkTargets"]
    plain = _group_style({}, normal)
    byte_to_scalar = _byte_to_scalar(state)
    styles = []
    for line in state["lines"]:
        styles.extend([plain] * len(line))
        styles.append(None)
    owner = {}
    links = []
    problems = []
    for lnum, col, length, prop_type, prop_id in state["props"]:
        mapping = byte_to_scalar[lnum - 1]
        start, end = col - 1, col - 1 + length
        if start not in mapping or end not in mapping:
            problems.append(f"line {lnum}: {prop_type} [{start}, {end}) splits a character")
            continue
        first, last = mapping[start], mapping[end]
        if prop_type == "highlightd_link":
            links.append((first, last, targets[prop_id]))
            continue
        if prop_type.startswith(BRACKET_TYPE):
            continue
        style = _group_style(groups[prop_type], normal)
        for index in range(first, last):
            if index in owner:
                problems.append(f"line {lnum}: scalar {index} has {owner[index]} and {prop_type}")
            owner[index] = prop_type
            styles[index] = style
    return styles, sorted(links), problems


def editor_brackets(state):
    """The bracket properties: {scalar index: foreground of the bracket's group} for every
    character a bracket covers, and problems (a split character, two brackets on one)."""
    groups = state["groups"]
    byte_to_scalar = _byte_to_scalar(state)
    colours = {}
    problems = []
    for lnum, col, length, prop_type, _ in state["props"]:
        if not prop_type.startswith(BRACKET_TYPE):
            continue
        mapping = byte_to_scalar[lnum - 1]
        start, end = col - 1, col - 1 + length
        if start not in mapping or end not in mapping:
            problems.append(f"line {lnum}: {prop_type} [{start}, {end}) splits a character")
            continue
        for index in range(mapping[start], mapping[end]):
            if index in colours:
                problems.append(f"line {lnum}: scalar {index} has two brackets")
            colours[index] = (groups[prop_type].get("guifg") or "").upper()
    return colours, problems


def compare_with_oracle(state, expected):
    """Differences between Vim's highlight state and the oracle's, as readable lines."""
    styles, links, problems = editor_styles(state)
    text = buffer_text(state)
    differences = list(problems)
    if text != expected.text:
        differences.append("the oracle was run on another text")
        return differences
    line, column = 1, 0
    for index, char in enumerate(text):
        if char == "\n":
            line, column = line + 1, 0
            continue
        column += 1
        foreground, background, font = expected.styles[index]
        want = (foreground[:7].upper(), background[:7].upper(), set(font.split()))
        if styles[index] != want:
            differences.append(
                f"{line}:{column} {char!r}: Vim {styles[index]}, oracle {want}"
                f" {expected.scopes[index]}"
            )
    if links != sorted(expected.links):
        differences.append(f"links: Vim {links}, oracle {sorted(expected.links)}")
    return differences


_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_SGR_ON = {1: "bold", 3: "italic", 4: "underline", 9: "strikethrough"}
_SGR_OFF = {22: "bold", 23: "italic", 24: "underline", 29: "strikethrough"}


def parse_screen(ansi):
    """Rows of cells `(char, foreground, background, {attributes})` from capture-pane -e.

    Colours are "#RRGGBB" or None for the terminal's default; one cell per character
    printed (a wide character is one cell here).
    """
    rows = []
    foreground = background = None
    attributes = set()
    for text_line in ansi.split("\n"):
        row = []
        position = 0
        for match in _SGR.finditer(text_line):
            row.extend((char, foreground, background, frozenset(attributes))
                       for char in text_line[position:match.start()])
            position = match.end()
            codes = [int(code) if code else 0 for code in re.split("[;:]", match.group(1))]
            index = 0
            while index < len(codes):
                code = codes[index]
                if code == 0:
                    foreground = background = None
                    attributes = set()
                elif code in (38, 48) and index + 4 < len(codes) and codes[index + 1] == 2:
                    color = "#%02X%02X%02X" % tuple(codes[index + 2:index + 5])
                    if code == 38:
                        foreground = color
                    else:
                        background = color
                    index += 4
                elif code in (38, 48) and index + 2 < len(codes) and codes[index + 1] == 5:
                    index += 2
                elif code == 39:
                    foreground = None
                elif code == 49:
                    background = None
                elif code in _SGR_ON:
                    attributes.add(_SGR_ON[code])
                elif code in _SGR_OFF:
                    attributes.discard(_SGR_OFF[code])
                index += 1
        row.extend((char, foreground, background, frozenset(attributes))
                   for char in text_line[position:])
        rows.append(row)
    return rows


def screen_differences(rows, state, expected, screen_row, first_line, last_line):
    """Differences between the cells of buffer lines first_line..last_line, shown from
    `screen_row` on, and the oracle's colours (links underlined), with the foreground of
    the brackets' properties over them."""
    text = buffer_text(state)
    brackets, _ = editor_brackets(state)
    line_starts = [0]
    for line in state["lines"]:
        line_starts.append(line_starts[-1] + len(line) + 1)
    in_link = set()
    for start, end, _ in expected.links:
        in_link.update(range(start, end))
    differences = []
    for offset, lnum in enumerate(range(first_line, last_line + 1)):
        row = rows[screen_row + offset]
        line = state["lines"][lnum - 1]
        shown = "".join(cell[0] for cell in row[:len(line)])
        if shown != line:
            differences.append(
                f"screen row {screen_row + offset}: {shown!r}, buffer line {lnum}: {line!r}"
            )
            continue
        for column, cell in enumerate(row[:len(line)]):
            index = line_starts[lnum - 1] + column
            foreground, background, font = expected.styles[index]
            want_attributes = set(font.split()) | ({"underline"} if index in in_link else set())
            got = (cell[1], cell[2], set(cell[3]))
            foreground = brackets.get(index, foreground)
            want = (foreground[:7].upper(), background[:7].upper(), want_attributes)
            if got != want:
                differences.append(
                    f"{lnum}:{column + 1} {text[index]!r}: screen {got}, oracle {want}"
                )
    return differences
