"""The playground's screenshots in docs/playground/, taken by hand (not a test): each demo has
a function below that opens its tab and saves its pictures, listed in SHOTS.

    HIGHLIGHTD_BINARY=/path/to/highlightd HIGHLIGHTD_WEB_ASSETS=Web \\
        .venv/bin/python Tests/BrowserTests/screenshots.py [DEMO ...]

Without DEMO every demo's pictures are taken. The server and browser are those of the tests
(conftest.py), at the tests' viewport and scale, so the pictures show what the tests check."""
import sys

from playwright.sync_api import sync_playwright

from conftest import CHROMIUM, ROOT, Playground

OUTPUT = ROOT / "docs" / "playground"


def code(page, playground):
    """code.png: the Rust sample with the caret on a bracket (its pair outlined) and the
    inspector over a keyword; code-typing-N.png: the editor while a snippet is typed, each
    frame once the daemon's push for it is painted."""
    page.goto(playground.page_url("code") + "&language=rust")
    section = page.locator("#demo-code")

    def shot(name):
        page.wait_for_function("""() => { const s = document.querySelector('#demo-code');
            return s.dataset.version === s.dataset.documentVersion; }""")
        page.wait_for_timeout(300)  # background pushes for the same version
        box = section.bounding_box()
        page.screenshot(path=OUTPUT / name, clip={
            "x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16, "height": box["height"] + 16})

    page.wait_for_selector("#demo-code[data-version]")
    editor = page.locator("#demo-code .code-input")
    text = editor.input_value()
    bracket = text.index("{", text.index("fn count_words"))
    editor.focus()
    page.evaluate(f"document.querySelector('#demo-code .code-input').setSelectionRange({bracket}, {bracket})")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("#demo-code .code-bracket-match")
    box = page.evaluate(f"window.__playground.code.view.boxAt({text.index('let mut') + 1}).toJSON()")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.locator(".code-inspector").wait_for(state="visible")
    shot("code.png")
    page.mouse.move(0, 0)

    snippet = [
        "// Typed key by key: https://example.com/guide",
        "fn main() {",
        '    let names = ["Zoë", "日本", "😀"];',
        "    for (i, name) in names.iter().enumerate() {",
        '        println!("{}: {}", i, name.to_uppercase());',
        "    }",
        "}",
    ]
    editor.click()
    page.keyboard.press("Control+A")
    page.keyboard.press("Delete")
    frames = [2, 4, 5, 7]  # shot after these lines
    for number, line in enumerate(snippet, start=1):
        if number > 1:
            page.keyboard.press("Enter")
        page.keyboard.type(line, delay=5)
        if number in frames:
            shot(f"code-typing-{frames.index(number) + 1}.png")


def flow(page, playground):
    """flow.png: the text around the ellipse in both containers; flow-drag-N.png: the first
    container while the ellipse is dragged across it, one frame per stop."""
    settled = "window.__playground?.flow?.isSettled()"
    page.goto(playground.page_url("flow"))
    page.wait_for_function(settled)
    page.locator("#demo-flow .flow").screenshot(path=OUTPUT / "flow.png")
    container = page.locator("#demo-flow .flow-container").first
    shape = page.locator("#demo-flow .flow-shape")
    box = shape.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for index, (dx, dy) in enumerate([(-110, -40), (-60, 60), (20, 120), (40, 40)], start=1):
        for step in range(1, 9):
            page.mouse.move(x + dx * step / 8, y + dy * step / 8)
            page.wait_for_timeout(16)
        x, y = x + dx, y + dy
        # The frame as the daemon answers for this place (the button still down: mid-drag).
        page.wait_for_function("window.__playground.flow.isSettled({ dragging: true })")
        container.screenshot(path=OUTPUT / f"flow-drag-{index}.png")
    page.mouse.up()


def comment(page, playground):
    """comment.png: a posted comment drawn from its FormattableContent, and the box with a
    mention, a shortcode and a link beside its export; comment-typing-N.png: the box while a
    comment is typed (the `@` list, a mention chosen with the arrows, shortcodes shown as their
    pictures, a mention typed, then taken back by one Backspace)."""
    page.goto(playground.page_url("comment"))
    page.wait_for_function("window.__playground?.comment?.sessions >= 1")
    settle = lambda: page.evaluate("window.__playground.comment.settled()")
    compose = page.locator("#demo-comment .comment-compose")
    mention_list = page.locator("#demo-comment .comment-mentions")

    def shot(locator, name):
        # The element with a margin, and the `@` list where it hangs below.
        settle()
        box = locator.bounding_box()
        bottom = box["y"] + box["height"]
        if mention_list.is_visible():
            listed = mention_list.bounding_box()
            bottom = max(bottom, listed["y"] + listed["height"])
        page.screenshot(path=OUTPUT / name, clip={
            "x": box["x"] - 8, "y": box["y"] - 8,
            "width": box["width"] + 16, "height": bottom - box["y"] + 16})

    def frame(index):
        shot(compose, f"comment-typing-{index}.png")

    page.locator("#demo-comment .comment-editor").click()
    page.keyboard.type("谢谢 @a")
    frame(1)
    page.keyboard.press("Enter")
    page.keyboard.type("and @")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    frame(2)
    page.keyboard.press("Enter")
    page.keyboard.type("for the review [赞][ok] ")
    frame(3)
    page.keyboard.type("cc @bob ")
    frame(4)
    page.keyboard.press("Backspace")
    frame(5)
    page.keyboard.type("[笑]")
    page.keyboard.press("Control+Enter")
    page.locator("#demo-comment .comment-posted-item").wait_for()
    page.keyboard.type("日本 @b")
    page.keyboard.press("Enter")
    page.keyboard.type("[心] https://example.com")
    shot(page.locator("#demo-comment .comment-demo"), "comment.png")


def story(page, playground):
    """story.png: the story card beside its explanation; story-typing-N.png: the card while a
    story is typed, each line fit to the width and the backgrounds joined."""
    page.goto(playground.page_url("story"))
    settled = """() => { const s = window.__playground?.story?.session;
        return Boolean(s?.fragments) && s.layoutVersion === s.version; }"""
    page.wait_for_function(settled)
    card = page.locator("#demo-story .story-card")
    page.locator("#demo-story .story-stage").click()
    steps = ["Type", " mode", " for stories: every line", " fills the card\n", "BIG"]
    for index, typed in enumerate(steps, start=1):
        page.keyboard.type(typed)
        page.wait_for_function(settled)
        card.screenshot(path=OUTPUT / f"story-typing-{index}.png")
    page.locator("#demo-story .story-swatch").nth(2).click()
    page.keyboard.type(" and bold")
    page.wait_for_function(settled)
    card_box = card.bounding_box()
    aside = page.locator("#demo-story .story-aside").bounding_box()
    page.screenshot(path=OUTPUT / "story.png", clip={
        "x": card_box["x"] - 8, "y": card_box["y"] - 8, "height": card_box["height"] + 16,
        "width": aside["x"] + aside["width"] - card_box["x"] + 16})


def animation(page, playground):
    """animation.png: the animated text with its cluster rects shown (kerned AV, the shared
    halves of the fi and ffi ligatures); animation-frame-N.png: typed characters rising in,
    then deleted ones falling away, with the page's animations stopped at chosen times."""
    page.goto(playground.page_url("animation"))
    settled = """() => { const s = window.__playground?.animation?.session;
        return Boolean(s?.fragments) && s.layoutVersion === s.version; }"""
    page.wait_for_function(settled)
    still = """() => Promise.all(document.getAnimations()
        .filter((a) => a.effect?.target?.classList?.contains("anim-glyph"))
        .map((a) => a.finished.catch(() => null))).then(() => true)"""
    page.evaluate(still)
    stage = page.locator("#demo-animation .anim-stage")
    stage.click()
    page.keyboard.press("End")
    # Time stands still while typing, then each frame sets the animations' clocks.
    devtools = page.context.new_cdp_session(page)
    devtools.send("Animation.enable")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 0})
    page.keyboard.type(" in office")
    page.wait_for_function(settled)
    # Each frame stops the animations of the characters from offset `first` on at a time of
    # its own: `frame * step` ms, `spacing` ms less for each character after the first.
    set_clocks = """([selector, first, frame, step, spacing]) => {
        const nodes = [...document.querySelectorAll(selector)]
            .filter((node) => Number(node.dataset.offset) >= first)
            .sort((a, b) => Number(a.dataset.offset) - Number(b.dataset.offset));
        nodes.forEach((node, k) => node.getAnimations().forEach((a) => {
            a.pause();
            a.currentTime = Math.max(0, Math.min(frame * step - k * spacing, 300));
        }));
    }"""
    entering = "#demo-animation .anim-glyph:not(.leaving)"
    typed_from = len("Kerning AV, ligatures fi")
    for frame in range(1, 4):
        page.evaluate(set_clocks, [entering, typed_from, frame, 35, 8])
        stage.screenshot(path=OUTPUT / f"animation-frame-{frame}.png")
    page.evaluate(f"""() => document.querySelectorAll("{entering}")
        .forEach((node) => node.getAnimations().forEach((a) => a.finish()))""")
    for _ in range(3):
        page.keyboard.press("Backspace")
    page.wait_for_function(settled)
    for frame, at in ((4, 140), (5, 220)):
        page.evaluate(set_clocks, ["#demo-animation .anim-glyph.leaving", 0, 1, at, -30])
        stage.screenshot(path=OUTPUT / f"animation-frame-{frame}.png")
    devtools.send("Animation.setPlaybackRate", {"playbackRate": 1})
    page.evaluate("""() => document.getAnimations().forEach((a) => { if (a.playState === "paused") a.finish(); })""")
    page.wait_for_function("!document.querySelector('#demo-animation .anim-glyph.leaving')")
    page.keyboard.type("ice")
    page.wait_for_function(settled)
    page.evaluate(still)
    page.locator("#demo-animation .anim-toggle input").check()
    page.locator("#demo-animation").screenshot(path=OUTPUT / "animation.png")


SHOTS = {"code": code, "flow": flow, "comment": comment, "story": story, "animation": animation}


def main(names):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    unknown = [name for name in names if name not in SHOTS]
    if unknown:
        sys.exit(f"no screenshots for {', '.join(unknown)}; known: {', '.join(SHOTS)}")
    playground = Playground()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--font-render-hinting=none"])
            for name in names or SHOTS:
                context = browser.new_context(viewport={"width": 1200, "height": 800}, device_scale_factor=1)
                SHOTS[name](context.new_page(), playground)
                context.close()
                print(f"{name}: saved in {OUTPUT.relative_to(ROOT)}")
            browser.close()
    finally:
        playground.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
