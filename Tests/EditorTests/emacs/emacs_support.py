"""Drives a real `emacs -nw -Q` under a private tmux server, as a person types into it.

Keys go in through `tmux send-keys`; what Emacs shows comes back through emacsclient
(`highlightd-test-dump`, defined in highlightd-test.el beside this file) and through
`tmux capture-pane -e`. Shared by test_emacs.py and scripts/editor-latency/emacs.py.
"""

import json
import os
import pathlib
import re
import shutil
import subprocess

from polling import wait_until  # noqa: F401 (re-exported for the tests)

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
PLUGIN = ROOT / "editors" / "emacs"
INIT = HERE / "highlightd-test.el"


def find_emacs():
    """The Emacs to test: EMACS, else the one on PATH (with emacsclient and tmux beside)."""
    emacs = os.environ.get("EMACS") or shutil.which("emacs")
    if emacs and shutil.which("emacsclient") and shutil.which("tmux"):
        return emacs
    return None


def compile_plugin(emacs, destination):
    """A byte-compiled copy of editors/emacs in `destination`, as package.el installs it."""
    destination = pathlib.Path(destination)
    shutil.copytree(PLUGIN, destination, dirs_exist_ok=True)
    sources = sorted(str(path) for path in destination.glob("*.el"))
    subprocess.run(
        [emacs, "-Q", "--batch", "-L", str(destination), "-f", "batch-byte-compile", *sources],
        check=True, capture_output=True, timeout=120,
    )
    return destination


def lisp_string(text):
    """`text` as an Emacs Lisp string literal."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"') + '"'


class EmacsSession:
    """One Emacs in one tmux pane, with highlightd.el loaded and `global-highlightd-mode` on.

    `settings` are Lisp forms the init file evaluates (highlightd-test.el), before any file is
    visited (the plugin's options: they are read when the daemon starts, at the first file).
    `init` replaces highlightd-test.el as the init file (lsp-mode-test.el: lsp-mode instead of
    highlightd.el).
    """

    def __init__(
        self, emacs, binary, workdir, files, record=None, width=120, height=40, plugin=PLUGIN,
        settings=(), init=None,
    ):
        self.workdir = pathlib.Path(workdir)
        self.tmux_socket = self.workdir / "tmux.sock"
        self.server_dir = self.workdir / "emacs-server"
        self.server_dir.mkdir(mode=0o700, exist_ok=True)
        self.dump_path = self.workdir / "state.json"
        command = [str(binary), "serve"]
        if record:
            command += ["--record", str(record)]
        environment = dict(os.environ)
        environment.update(
            HIGHLIGHTD_TEST_PLUGIN=str(plugin),
            HIGHLIGHTD_TEST_COMMAND=json.dumps(command),
            HIGHLIGHTD_TEST_SERVER_DIR=str(self.server_dir),
            HIGHLIGHTD_TEST_SETTINGS="\n".join(settings),
            COLORTERM="truecolor",
            LANG="C.UTF-8",
            LC_ALL="C.UTF-8",
            TERM="xterm-256color",
        )
        environment.pop("TMUX", None)
        # A binary outside the checkout (a release copy) finds the grammars through this.
        environment.setdefault("HIGHLIGHTD_GRAMMARS", str(ROOT / "Grammars"))
        self.environment = environment
        emacs_command = " ".join(
            [emacs, "-nw", "-Q", "-l", str(init or INIT)] + [str(path) for path in files]
        )
        self._tmux(
            "-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height),
            emacs_command,
        )
        socket = self.server_dir / "test"
        wait_until(socket.exists, 30, what="the Emacs server socket")

    def _tmux(self, *arguments, capture=False):
        completed = subprocess.run(
            ["tmux", "-S", str(self.tmux_socket), *arguments],
            env=self.environment, capture_output=True, timeout=30,
        )
        if completed.returncode != 0:
            raise RuntimeError(f"tmux {arguments[0]} failed: {completed.stderr.decode()}")
        return completed.stdout.decode("utf-8", errors="replace") if capture else None

    def keys(self, *keys):
        """Presses keys by tmux name (`C-x`, `M->`, `Enter`, `BSpace`), in order."""
        self._tmux("send-keys", "-t", "0", *keys)

    def type(self, text):
        """Types `text` literally, character by character, as one burst of keys."""
        self._tmux("send-keys", "-t", "0", "-l", text)

    def eval(self, expression, timeout=30):
        """Evaluates a Lisp expression in the Emacs under test; returns what it printed."""
        completed = subprocess.run(
            ["emacsclient", "-s", str(self.server_dir / "test"), "--eval", expression],
            env=self.environment, capture_output=True, timeout=timeout,
        )
        if completed.returncode != 0:
            raise RuntimeError(f"emacsclient failed: {completed.stderr.decode()}")
        return completed.stdout.decode("utf-8", errors="replace").strip()

    def state(self, buffer_name):
        """What `buffer_name` shows (highlightd-test.el's `highlightd-test-state`)."""
        self.eval(
            f"(highlightd-test-dump {lisp_string(buffer_name)} {lisp_string(self.dump_path)})"
        )
        return json.loads(self.dump_path.read_text(encoding="utf-8"))

    def capture(self):
        """The screen with its escapes (`tmux capture-pane -e`)."""
        return self._tmux("capture-pane", "-p", "-e", "-t", "0", capture=True)

    def close(self):
        try:
            self.eval("(kill-emacs)", timeout=10)
        except (RuntimeError, subprocess.TimeoutExpired):
            pass
        subprocess.run(
            ["tmux", "-S", str(self.tmux_socket), "kill-server"],
            env=self.environment, capture_output=True, timeout=30,
        )

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()


def compare_with_oracle(state, expected):
    """Lines describing each difference between what Emacs shows and the oracle.

    A character Emacs leaves without a colour shows the theme's default, so it is
    compared as the oracle's default style.
    """
    text = state["text"]
    if text != expected.text:
        return ["the texts differ"]
    default = expected.default
    shown = [None] * len(text)
    for start, end, (foreground, background, font_style) in state["runs"]:
        style = (
            (foreground or default[0]).upper(),
            (background or default[1]).upper(),
            " ".join(sorted(font_style.split())),
        )
        shown[start:end] = [style] * (end - start)
    differences = []
    for index, (got, want) in enumerate(zip(shown, expected.styles)):
        want = (want[0][:7].upper(), want[1][:7].upper(), " ".join(sorted(want[2].split())))
        if got != want:
            line = text.count("\n", 0, index) + 1
            differences.append(
                f"offset {index} (line {line}, {text[index]!r}): Emacs shows {got}, oracle {want}"
            )
    links = [tuple(link) for link in state["links"]]
    if links != [tuple(link) for link in expected.links]:
        differences.append(f"links: Emacs {links}, oracle {expected.links}")
    if not state["linkFaces"]:
        differences.append("a link is not drawn with the highlightd-link face")
    return differences


SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def screen_cells(capture):
    """Each captured row as a list of (character, foreground, background, attributes).

    Colours are "#RRGGBB" for 24-bit ones or None for the terminal's default;
    attributes is a set of "italic", "bold", "underline".
    """
    rows = []
    for line in capture.split("\n"):
        cells = []
        foreground = background = None
        attributes = set()
        position = 0
        for match in SGR.finditer(line):
            for char in line[position:match.start()]:
                cells.append((char, foreground, background, frozenset(attributes)))
            position = match.end()
            parameters = [int(part or 0) for part in re.split("[;:]", match.group(1) or "0")]
            index = 0
            while index < len(parameters):
                code = parameters[index]
                if code == 0:
                    foreground = background = None
                    attributes.clear()
                elif code in (38, 48) and index + 4 < len(parameters) and parameters[index + 1] == 2:
                    colour = "#%02X%02X%02X" % tuple(parameters[index + 2:index + 5])
                    if code == 38:
                        foreground = colour
                    else:
                        background = colour
                    index += 4
                elif code in (38, 48) and index + 2 < len(parameters) and parameters[index + 1] == 5:
                    index += 2
                elif code == 39:
                    foreground = None
                elif code == 49:
                    background = None
                elif code in (1, 3, 4):
                    attributes.add({1: "bold", 3: "italic", 4: "underline"}[code])
                elif code == 22:
                    attributes.discard("bold")
                elif code == 23:
                    attributes.discard("italic")
                elif code == 24:
                    attributes.discard("underline")
                index += 1
        for char in line[position:]:
            cells.append((char, foreground, background, frozenset(attributes)))
        rows.append(cells)
    return rows
