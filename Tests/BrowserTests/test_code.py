"""The Code demo: text typed into the page is highlighted by the daemon, and every character
the page shows has the colour and font style `highlightd highlight --format json` gives the
same text, bracket pair colours included, in either theme, across a lost session and a
rejected edit.

The expected colours are computed here, apart from the page: tokens from `highlightd
highlight` (the tokenizer is checked against vscode-textmate elsewhere), bracket pairs by a
pairing written again from Grammars/languages.json and the theme files (as
Tests/OracleTests/test_bracket_oracle.py does). Offsets are UTF-16 code units on both sides.
"""
import json
import os
import random
import re
import subprocess
import tempfile

import pytest

from conftest import BINARY, ROOT, Playground

LANGUAGES = {entry["id"]: entry for entry in json.loads((ROOT / "Grammars" / "languages.json").read_text())["languages"]}
SETTLE_SECONDS = 20

# What the tests type, a line at a time (Enter between lines). Each has nested brackets, a
# link, and characters beyond ASCII: é and 日 (one UTF-16 unit each, several UTF-8 bytes)
# and 😀 (a surrogate pair).
SNIPPETS = {
    "rust": [
        "// Docs: https://doc.rust-lang.org/std/ — café 日本",
        "fn main() {",
        "    let v = vec![(1, [2, 3]), (4, [5])];",
        '    let s = "naïve 😀 {not a bracket}";',
        "    println!(\"{:?} {}\", v.iter().map(|(a, b)| a + b[0]).sum::<i32>(), s);",
        "}",
    ],
    "javascript": [
        "// See https://developer.mozilla.org/ — été 日本",
        "const table = { rows: [[1, 2], [3, (4 + 5)]], name: 'Zoë 😀' };",
        "function total(t) {",
        "  return t.rows.flat().reduce((a, b) => a + b, 0); /* (not) [counted] */",
        "}",
        "console.log(total(table), /[a-z]+/g.test(`x${table.name}`));",
    ],
}


# --- what the page shows ---------------------------------------------------------------

def open_code(playground, page, language="rust", theme=None):
    url = playground.page_url("code") + f"&language={language}" + (f"&theme={theme}" if theme else "")
    page.goto(url)
    page.wait_for_selector("#demo-code[data-version]", timeout=SETTLE_SECONDS * 1000)


def type_like_a_user(page, lines):
    """Clears the editor and types `lines` with the keyboard: a typo taken back with
    Backspace in every longer line, Enter between lines; then goes back up and adds a comment
    in the middle of the text, so that edits are not only appends."""
    editor = page.locator(".code-input")
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    for index, line in enumerate(lines):
        if index:
            page.keyboard.press("Enter")
        middle = len(line) // 2
        page.keyboard.type(line[:middle])
        if len(line) > 10:
            page.keyboard.type("xq")
            page.keyboard.press("Backspace")
            page.keyboard.press("Backspace")
        page.keyboard.type(line[middle:])
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("End")
    page.keyboard.type(" // (日本) ok")
    final = list(lines)
    final[max(0, len(lines) - 3)] += " // (日本) ok"
    return "\n".join(final)


def page_text(page):
    return page.evaluate("() => document.querySelector('.code-input').value")


def settled(page):
    """Waits until the page has painted the push for its latest version."""
    page.wait_for_function(
        """() => { const s = document.querySelector('#demo-code');
                   return s.dataset.version !== undefined && s.dataset.version === s.dataset.documentVersion; }""",
        timeout=SETTLE_SECONDS * 1000)


PAGE_CELLS = r"""() => {
    // One entry per UTF-16 unit of the text: the computed colour and font style of the
    // element that draws it (null for a line break).
    const cells = [];
    for (const line of document.querySelectorAll('.code-overlay .code-line')) {
        for (const node of line.childNodes) {
            if (node.nodeType === Node.TEXT_NODE) { for (const _ of node.data) cells.push(null); continue; }
            const style = getComputedStyle(node);
            const cell = [style.color, style.fontStyle === 'italic', Number(style.fontWeight) >= 600,
                          node.classList.contains('code-bracket')];
            for (let i = 0; i < node.textContent.length; i++) cells.push(cell);
        }
    }
    // Every line ends with a line break in the overlay, the last one too: that one is not
    // the text's. The overlay must draw exactly the textarea's text.
    const drawn = document.querySelector('.code-overlay').textContent;
    if (cells.pop() !== null || drawn !== document.querySelector('.code-input').value + '\n') {
        throw new Error('the overlay does not draw the text: ' + JSON.stringify(drawn.slice(0, 200)));
    }
    return cells;
}"""


def page_cells(page):
    return page.evaluate(PAGE_CELLS)


def rgb(colour):
    """`#RRGGBB[AA]` or `rgb(...)`/`rgba(...)` as an (r, g, b, a) tuple."""
    if colour.startswith("#"):
        values = [int(colour[i:i + 2], 16) for i in range(1, len(colour), 2)]
        return (*values[:3], round(values[3] / 255, 2) if len(values) > 3 else 1.0)
    numbers = [float(number) for number in re.findall(r"[\d.]+", colour)]
    return (*[int(number) for number in numbers[:3]], round(numbers[3], 2) if len(numbers) > 3 else 1.0)


# --- what the page should show ----------------------------------------------------------

def units(text):
    data = text.encode("utf-16-le")
    return [int.from_bytes(data[i:i + 2], "little") for i in range(0, len(data), 2)]


def highlight(text, language, theme, extensions=()):
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt") as file:
        file.write(text)
        file.flush()
        arguments = [argument for path in extensions for argument in ("--extensions", str(path))]
        result = subprocess.run([BINARY, "highlight", "--format", "json", "--theme", theme, "--language", language,
                                 *arguments, file.name], capture_output=True, check=True)
    return json.loads(result.stdout)


def kind_of(scopes):
    """VS Code's standard token type: the innermost scope naming comment, string or regex as a
    word decides; meta.embedded makes it code again."""
    kind = "other"
    for scope in scopes:
        words = [word for word in re.split(r"[^A-Za-z0-9_]+", scope) if word]
        for index, word in enumerate(words):
            if word in ("comment", "string", "regex"):
                kind = word
                break
            if word == "embedded" and index and words[index - 1] == "meta":
                kind = "other"
                break
    return kind


def expected_brackets(code, tokens, language):
    """{offset: depth} of every counted bracket (single-character pairs, as the languages
    tested have), depth -1 for a closing bracket that closes nothing."""
    configuration = LANGUAGES[language]["configuration"]
    pairs = configuration.get("colorizedBracketPairs") or configuration["brackets"]
    assert all(len(open_) == len(close) == 1 for open_, close in pairs)
    opening = {ord(open_): index for index, (open_, _) in enumerate(pairs)}
    closing = {ord(close): index for index, (_, close) in enumerate(pairs)}
    stack, depths = [], {}
    for token in tokens:
        if kind_of(token["scopes"]) != "other":
            continue
        for offset in range(token["offset"], token["offset"] + token["length"]):
            if code[offset] in opening:
                depths[offset] = len(stack)
                stack.append(opening[code[offset]])
            elif code[offset] in closing:
                pair = closing[code[offset]]
                if pair in stack:
                    index = len(stack) - 1 - stack[::-1].index(pair)
                    depths[offset] = index
                    del stack[index:]
                else:
                    depths[offset] = -1
    return depths


def bracket_colours(theme, colours=None):
    """The theme's bracket colours by depth, and the colour of an unexpected bracket: from
    `colours` (an extension theme's), else from the bundled theme's file."""
    if colours is None:
        colours = json.loads((ROOT / "Grammars" / "Themes" / f"highlightd-{theme}.json").read_text())["colors"]
    cycle = []
    while f"editorBracketHighlight.foreground{len(cycle) + 1}" in colours:
        cycle.append(colours[f"editorBracketHighlight.foreground{len(cycle) + 1}"])
    return cycle, colours["editorBracketHighlight.unexpectedBracket.foreground"]


def expected_cells(text, language, theme, colours=None, extensions=()):
    """Per UTF-16 unit: (colour, italic, bold, is a bracket), None for a line break."""
    code = units(text)
    answer = highlight(text, language, theme, extensions)
    cells = [None] * len(code)
    for token in answer["tokens"]:
        words = token["fontStyle"].split()
        for offset in range(token["offset"], token["offset"] + token["length"]):
            if code[offset] != 10:
                cells[offset] = (rgb(token["foreground"]), "italic" in words, "bold" in words, False)
    cycle, unexpected = bracket_colours(theme, colours)
    for offset, depth in expected_brackets(code, answer["tokens"], language).items():
        colour = unexpected if depth < 0 else cycle[depth % len(cycle)]
        cells[offset] = (rgb(colour), cells[offset][1], cells[offset][2], True)
    assert all(cell is not None for unit, cell in zip(code, cells) if unit != 10), "tokens leave a gap"
    return cells


def differences(text, shown, expected):
    code = units(text)
    shown = [None if cell is None else (rgb(cell[0]), cell[1], cell[2], cell[3]) for cell in shown]
    if len(shown) != len(expected):
        return [f"the page draws {len(shown)} units, the text has {len(expected)}"]
    found = []
    for offset, (have, want) in enumerate(zip(shown, expected)):
        if have != want:
            line = sum(1 for unit in code[:offset] if unit == 10) + 1
            found.append(f"unit {offset} (line {line}, {chr(code[offset])!r}): page {have}, expected {want}")
    return found


def assert_colours_match(page, language, theme, colours=None, extensions=()):
    """Waits until the page has settled and every unit it draws has the expected colour; on
    timeout, fails with the units that differ."""
    settled(page)
    text = page_text(page)
    expected = expected_cells(text, language, theme, colours, extensions)
    problems = ["never compared"]
    for _ in range(SETTLE_SECONDS * 4):
        problems = differences(text, page_cells(page), expected)
        if not problems:
            return text
        page.wait_for_timeout(250)
    pytest.fail(f"{len(problems)} units differ in {language}/{theme}:\n" + "\n".join(problems[:20]))


def demo(page, expression):
    return page.evaluate(f"() => {{ const code = window.__playground.code; return {expression}; }}")


# --- the tests --------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["rust", "javascript"])
def test_typed_text_has_the_colours_highlight_gives(playground, page, language):
    open_code(playground, page, language)
    final = type_like_a_user(page, SNIPPETS[language])
    assert page_text(page) == final
    assert_colours_match(page, language, "dark")
    # The page painted what the daemon holds: its own versions, none left unpainted.
    assert int(demo(page, "code.attributes.pushedVersion")) == int(demo(page, "code.version"))
    assert demo(page, "code.stats.reopens") == 0


def test_the_sample_is_coloured_before_any_typing(playground, page):
    open_code(playground, page, "rust")
    text = assert_colours_match(page, "rust", "dark")
    assert "日本語" in text and "😀" in text


def test_switching_the_theme_recolours_every_character(playground, page):
    open_code(playground, page, "javascript")
    type_like_a_user(page, SNIPPETS["javascript"])
    assert_colours_match(page, "javascript", "dark")
    page.select_option(".code-theme", "light")
    page.wait_for_function("() => document.querySelector('#demo-code').dataset.theme === 'light'")
    assert_colours_match(page, "javascript", "light")
    background = page.evaluate("() => getComputedStyle(document.querySelector('.code-editor')).backgroundColor")
    assert rgb(background) == rgb("#FBFAF7")
    page.locator(".code-input").focus()
    page.keyboard.press("Control+End")
    page.keyboard.type("\nlet more = [1, (2)];")
    assert_colours_match(page, "javascript", "light")
    page.select_option(".code-theme", "dark")
    assert_colours_match(page, "javascript", "dark")


NIGHT = {
    "name": "Test Night", "type": "dark",
    "colors": {"editor.background": "#101018", "editor.foreground": "#E0E0E0",
               "editorBracketHighlight.foreground1": "#FF5555", "editorBracketHighlight.foreground2": "#55FF55",
               "editorBracketHighlight.unexpectedBracket.foreground": "#FF00FF"},
    "tokenColors": [{"scope": "keyword", "settings": {"foreground": "#FFAA00", "fontStyle": "bold"}},
                    {"scope": "comment", "settings": {"foreground": "#888888", "fontStyle": "italic"}},
                    {"scope": "string", "settings": {"foreground": "#33CC33"}}],
}


def test_an_extension_theme_is_listed_and_applied(tmp_path, page):
    """`web --extensions` gives the sessions an extension's theme: the picker lists it (from
    initialize's `themes`), and picking it paints as `highlight --theme LABEL` does, its bold
    keywords and its two bracket colours included."""
    extension = tmp_path / "night"
    (extension / "themes").mkdir(parents=True)
    (extension / "themes" / "night.json").write_text(json.dumps(NIGHT))
    (extension / "package.json").write_text(json.dumps({
        "name": "test-night", "publisher": "tests", "version": "1.0.0",
        "contributes": {"themes": [{"label": "Test Night", "uiTheme": "vs-dark", "path": "./themes/night.json"}]}}))
    server = Playground("--extensions", str(extension))
    try:
        open_code(server, page, "rust")
        options = page.locator(".code-theme option").all_text_contents()
        assert options == ["dark", "light", "Test Night"]
        type_like_a_user(page, SNIPPETS["rust"])
        page.select_option(".code-theme", "Test Night")
        page.wait_for_function("() => document.querySelector('#demo-code').dataset.theme === 'Test Night'")
        assert_colours_match(page, "rust", "Test Night", NIGHT["colors"], [extension])
        background = page.evaluate("() => getComputedStyle(document.querySelector('.code-editor')).backgroundColor")
        assert rgb(background) == rgb("#101018")
        assert any(cell and cell[2] for cell in page_cells(page)), "no bold keyword drawn"
    finally:
        server.stop()


def test_switching_the_language_opens_its_sample(playground, page):
    open_code(playground, page, "rust")
    page.select_option(".code-language", "python")
    page.wait_for_function("() => document.querySelector('.code-input').value.includes('def frequencies')")
    assert_colours_match(page, "python", "dark")


def box_of(page, offset):
    """The viewport centre of the character at `offset`, scrolled into the editor's view."""
    return demo(page, f"""(() => {{
        const box = code.view.boxAt({offset});
        return {{ x: box.left + box.width / 2, y: box.top + box.height / 2 }};
    }})()""")


def test_nested_brackets_take_the_depth_colours(playground, page):
    open_code(playground, page, "rust")
    type_like_a_user(page, ["fn f() {", "    g([(a, {b})]);", "}"])
    text = assert_colours_match(page, "rust", "dark")
    cells = page_cells(page)
    cycle, _ = bracket_colours("dark")
    line = text.index("g([(a, {b})]);")
    # ( [ ( { at depths 1, 2, 3, 4 inside the function's block (depth 0).
    for position, depth in [(1, 1), (2, 2), (3, 3), (7, 4), (9, 4), (10, 3), (11, 2), (12, 1)]:
        colour, _, _, bracket = cells[line + position]
        assert bracket and rgb(colour) == rgb(cycle[depth % len(cycle)]), (position, colour)
    assert len({rgb(cells[line + position][0]) for position in (1, 2, 3, 7)}) == 4


def test_a_link_is_clickable(playground, page):
    open_code(playground, page, "rust")
    type_like_a_user(page, ["// read https://example.com/guide first", "fn main() {}"])
    settled(page)
    page.wait_for_selector(".code-overlay a[href='https://example.com/guide']")
    link = page.locator(".code-overlay a.code-link").first
    assert link.get_attribute("href") == "https://example.com/guide"
    assert link.get_attribute("target") == "_blank"
    page.context.route("https://example.com/**", lambda route: route.fulfill(body="<title>guide</title>"))
    start = page_text(page).index("https://example.com/guide") + 5
    point = box_of(page, start)
    with page.context.expect_page() as opened:
        page.keyboard.down("Control")
        page.mouse.click(point["x"], point["y"])
        page.keyboard.up("Control")
    opened.value.wait_for_load_state()
    assert opened.value.url == "https://example.com/guide"
    # A plain click places the caret: the editor is still an editor.
    page.mouse.click(point["x"], point["y"])
    page.wait_for_timeout(300)
    assert len(page.context.pages) == 2
    assert page.evaluate("() => document.querySelector('.code-input').selectionStart") in (start, start + 1)


def test_hovering_a_token_shows_its_scopes(playground, page):
    open_code(playground, page, "rust")
    text = type_like_a_user(page, ["fn main() {", '    let s = "日本 é";', "}"])
    settled(page)
    offset = text.index("let")
    point = box_of(page, offset + 1)
    page.mouse.move(point["x"], point["y"])
    tooltip = page.locator(".code-inspector")
    tooltip.wait_for(state="visible", timeout=SETTLE_SECONDS * 1000)
    token = next(token for token in highlight(text, "rust", "dark")["tokens"]
                 if token["offset"] <= offset < token["offset"] + token["length"])
    shown = tooltip.locator(".code-inspector-scope").all_text_contents()
    assert shown == token["scopes"]
    assert token["foreground"] in tooltip.text_content()
    assert tooltip.get_attribute("data-offset") == str(offset + 1)
    # Past the 日 (one UTF-16 unit, three UTF-8 bytes), offsets still name the right token.
    string_offset = len(text[:text.index("é")].encode("utf-16-le")) // 2
    page.mouse.move(0, 0)
    tooltip.wait_for(state="hidden")
    point = box_of(page, string_offset)
    page.mouse.move(point["x"], point["y"])
    tooltip.wait_for(state="visible", timeout=SETTLE_SECONDS * 1000)
    assert "string.quoted.double.rust" in tooltip.locator(".code-inspector-scope").all_text_contents()
    assert "日本 é" in tooltip.text_content()


@pytest.mark.parametrize("how", ["socket closed", "daemon exited"])
def test_the_page_survives_a_lost_session(playground, page, how):
    open_code(playground, page, "rust")
    type_like_a_user(page, SNIPPETS["rust"])
    assert_colours_match(page, "rust", "dark")
    if how == "socket closed":
        demo(page, "code.rpc.socket.close()")
    else:
        demo(page, "code.rpc.notify('exit')")
    # Typed while the session is gone or going: the page keeps the text and sends it again.
    page.keyboard.type("\nfn later() { [1, 2].len(); } // 日本")
    page.wait_for_function("() => window.__playground.code.stats.reconnects === 1", timeout=SETTLE_SECONDS * 1000)
    page.wait_for_selector("#connection[data-state='open']")
    page.keyboard.type("\nconst É: u8 = (1 + 2);")
    assert_colours_match(page, "rust", "dark")


def test_a_rejected_edit_sends_the_document_again(playground, page):
    open_code(playground, page, "rust")
    type_like_a_user(page, SNIPPETS["rust"])
    assert_colours_match(page, "rust", "dark")
    # An edit the daemon must refuse (an offset between the halves of 😀), as a page with a
    # bug would send: the page hears textStorage/didReject and opens the document again.
    inside_pair = len(page_text(page)[:page_text(page).index("😀")].encode("utf-16-le")) // 2 + 1
    demo(page, f"code.rpc.notify('textStorage/edit', {{uri: code.uri, version: code.version + 1, "
               f"edits: [{{offset: {inside_pair}, length: 0, text: 'x'}}]}})")
    page.wait_for_function("() => window.__playground.code.stats.reopens === 1", timeout=SETTLE_SECONDS * 1000)
    page.keyboard.type("\n// still (highlighted) é")
    assert_colours_match(page, "rust", "dark")
    assert "rejected" in page.locator(".code-message").text_content()


RANDOM_EDITS = r"""async ([seed, count]) => {
    // Seeded edits anywhere in the text, as a paste or an IME would make them, some in one
    // burst (pushes then arrive for versions the page has already left: rule 3) and some
    // apart. Never inside a surrogate pair: a textarea cannot put the caret there.
    let state = seed >>> 0;
    const random = (n) => { state = (Math.imul(state, 1103515245) + 12345) >>> 0; return (state >>> 8) % n; };
    const pieces = ['(', ')', '[', ']', '{', '}', '"', "'", '//', '/*', '*/', '\n', ' ', 'x', 'let ', 'fn ',
                    'é', '日本', '😀', ' https://example.com/a ', '0x1F', '\\', '`${', '}`'];
    const input = document.querySelector('.code-input');
    const boundary = (text, offset) => {
        const unit = text.charCodeAt(offset);
        return unit >= 0xdc00 && unit <= 0xdfff ? offset - 1 : offset;
    };
    for (let i = 0; i < count; i++) {
        const text = input.value;
        const start = boundary(text, random(text.length + 1));
        const end = boundary(text, Math.min(text.length, start + (random(3) === 0 ? random(12) : 0)));
        const insert = random(4) === 0 ? '' : pieces[random(pieces.length)];
        input.setRangeText(insert, start, Math.max(start, end), 'end');
        input.dispatchEvent(new Event('input'));
        if (random(3) === 0) await new Promise((resolve) => setTimeout(resolve, random(40)));
    }
}"""


@pytest.mark.parametrize("language", ["rust", "javascript"])
def test_random_edits_anywhere_converge_to_the_colours_highlight_gives(playground, page, language):
    seed = int(os.environ.get("SEED") or random.randrange(1 << 31))
    print(f"SEED={seed}")
    open_code(playground, page, language)
    page.evaluate(RANDOM_EDITS, [seed, 150])
    try:
        assert_colours_match(page, language, "dark")
    except BaseException as error:
        raise AssertionError(f"with SEED={seed}: {error}") from error


def test_edits_are_utf16_and_never_split_a_surrogate_pair(playground, page):
    open_code(playground, page, "rust")
    result = page.evaluate("""async () => {
        const { diffTexts, AttributeCopy } = await import('/assets/code-attributes.js');
        const edits = [diffTexts('a😀b', 'a😃b', 3), diffTexts('aa', 'aaa', 2), diffTexts('日x', '日', 1)];
        // A push for version 1 arrives after the page's edit of version 2 (two units
        // inserted at 2): its runs are mapped past the inserted text, which stays style 0.
        const copy = new AttributeCopy(6, 1);
        copy.edit(2, [{ offset: 2, length: 0, text: 'XY' }]);
        const style = { foreground: '#123456' };
        copy.apply({ version: 1, changes: [{ offset: 0, length: 6, runs: [[6, 1]], links: [],
                     brackets: [{ offset: 4, length: 1, depth: 0, style: 2 }] }] },
                   (id) => (id === 1 ? style : id === 2 ? { foreground: '#ffffff' } : null));
        return { edits, styled: copy.styles.map((s) => (s ? 1 : 0)),
                 bracket: copy.brackets.findIndex((b) => b !== null) };
    }""")
    assert result["edits"] == [
        {"offset": 1, "length": 2, "text": "😃"},
        {"offset": 1, "length": 0, "text": "a"},
        {"offset": 1, "length": 1, "text": ""},
    ]
    assert result["styled"] == [1, 1, 0, 0, 1, 1, 1, 1]
    assert result["bracket"] == 6
