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


SHOTS = {"flow": flow, "comment": comment}


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
