"""The LSP face in a second real client: Emacs with lsp-mode (Debian's elpa-lsp-mode 8.0).

`emacs -nw -Q` runs in a private tmux server with lsp-mode, not highlightd.el, and
`highlightd serve` registered as the language server of python-mode
(emacs/lsp-mode-test.el). The test reads what lsp-mode made of the answers: the
semantic-token faces on the text, the link buttons of textDocument/documentLink, and the
folding ranges lsp-mode's own folding reads.
"""

import json
import os
import pathlib
import shutil
import sys

import pytest
from conftest import BINARY

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "emacs"))
import emacs_support  # noqa: E402
from emacs_support import EmacsSession, wait_until  # noqa: E402

EMACS = emacs_support.find_emacs()
LSP_MODE = next(pathlib.Path("/usr/share/emacs/site-lisp/elpa").glob("lsp-mode-*"), None)
if (EMACS is None or LSP_MODE is None) and os.environ.get("CI") == "true":
    raise RuntimeError("emacs, tmux and lsp-mode are required under CI (emacs-nox, elpa-lsp-mode)")
pytestmark = pytest.mark.skipif(
    EMACS is None or LSP_MODE is None, reason="needs emacs, tmux and Debian's elpa-lsp-mode"
)

SOURCE = '''"""Inventory: see https://example.org/inventory for the format."""


def total(items):
    # the sum of https://example.com/prices
    if items:
        return sum(items)
    return 0
'''


def test_lsp_mode_shows_semantic_tokens_links_and_folding_ranges(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()  # a project root for lsp-mode
    source = project / "inventory.py"
    source.write_text(SOURCE, encoding="utf-8")
    with EmacsSession(
        EMACS, BINARY, tmp_path, [source], init=HERE / "emacs" / "lsp-mode-test.el"
    ) as session:

        def state():
            text = session.eval('(with-current-buffer "inventory.py" (highlightd-lsp-test-state))')
            return json.loads(json.loads(text))

        def ready():
            current = state()
            return current if current["connected"] and current["faces"] and current["links"] else None

        current = wait_until(ready, 60, interval=0.3, what="lsp-mode's tokens and links")
        faces = {offset: face for offset, face in current["faces"]}
        assert faces[SOURCE.index("def")] == "lsp-face-semhl-keyword"
        assert faces[SOURCE.index("return")] == "lsp-face-semhl-keyword"
        assert faces[SOURCE.index("# the")] == "lsp-face-semhl-comment"
        links = [SOURCE[start:end] for start, end in sorted(current["links"])]
        assert links == ["https://example.org/inventory", "https://example.com/prices"]
        # lsp-mode's folding reads the ranges: the function by indentation, the `if` in it.
        folds = [fold[:2] for fold in current["folds"]]
        assert [3, 7] in folds and [5, 6] in folds
