"""The story demo (Web/story.js): fit-sized lines with joined backgrounds, drawn where the
daemon's layout puts them and kept up to date by `textStorage/didLayout` splices alone."""
from layout_demo import (LayoutTraffic, close_enough, open_demo, reference_layout, settle,
                         stats)

URI = "file:///story.txt"

# What the page draws: each line element's box relative to the stage (the container's
# origin), the text it shows, and the bounding box of the background outline.
DRAWN = """() => {
    const view = window.__playground.story;
    const origin = view.stage.getBoundingClientRect();
    const box = (node) => {
        const r = node.getBoundingClientRect();
        return [r.left - origin.left, r.top - origin.top, r.width, r.height];
    };
    return {
        lines: view.lines.map((line) => ({box: box(line), text: line.textContent,
                                          fontSize: Number(line.querySelector("text")?.getAttribute("font-size") ?? 0)})),
        outline: view.outline.getAttribute("d") ? box(view.outline) : null,
        fragments: view.fragments(),
    };
}"""


def check_drawn_as_laid_out(page):
    """The page's lines are the daemon's: a fresh layout of the same text in another session."""
    settle(page, "story")
    reference = reference_layout(page, "story")
    drawn = page.evaluate(DRAWN)
    expected = reference["fragments"]
    text = reference["text"]
    assert len(drawn["lines"]) == len(expected), (drawn["lines"], expected)
    for line, held, fragment in zip(drawn["lines"], drawn["fragments"], expected):
        assert close_enough(line["box"], fragment["rect"]), (line, fragment["rect"])
        # The fragments the page keeps (spliced, moved) are the daemon's too.
        assert held["range"] == fragment["range"]
        assert close_enough(held["rect"], fragment["rect"], 0.01)
        assert close_enough(held["background"], fragment["background"], 0.01)
        start, length = fragment["range"]["offset"], fragment["range"]["length"]
        assert line["text"] == text[start:start + length].rstrip(), (line, fragment)
        if line["text"]:
            assert abs(line["fontSize"] - fragment["fontSize"]) < 1e-6
    backgrounds = [f["background"] for f in expected if f["rect"][2] > 0]
    if backgrounds:
        left = min(b[0] for b in backgrounds)
        top = min(b[1] for b in backgrounds)
        right = max(b[0] + b[2] for b in backgrounds)
        bottom = max(b[1] + b[3] for b in backgrounds)
        assert close_enough(drawn["outline"], [left, top, right - left, bottom - top]), drawn["outline"]
    return expected


def start_typing(playground, page):
    traffic = LayoutTraffic(page, URI)
    open_demo(playground, page, "story")
    page.click("#demo-story .story-stage")
    return traffic


def test_typed_lines_are_fit_sized_and_follow_splices(playground, page):
    traffic = start_typing(playground, page)
    page.keyboard.type("Stories are short and loud and every line fills the card", delay=15)
    fragments = check_drawn_as_laid_out(page)
    assert len(fragments) >= 3, "several words wrap into several lines"
    sizes = {round(f["fontSize"], 3) for f in fragments}
    assert len(sizes) > 1, "each line has a size of its own"
    splices = stats(page, "story")["splicesApplied"]

    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    check_drawn_as_laid_out(page)
    assert stats(page, "story")["splicesApplied"] > splices
    splices = stats(page, "story")["splicesApplied"]

    page.keyboard.press("Enter")
    page.keyboard.type("BIG", delay=15)
    fragments = check_drawn_as_laid_out(page)
    assert fragments[-1]["fontSize"] == 64, "a short last line grows to the largest size"
    assert stats(page, "story")["splicesApplied"] > splices

    # One full layout at the start; every edit after it came back as a splice.
    counted = stats(page, "story")
    assert counted["layoutRequests"] == 1 and traffic.layout_requests == 1
    assert traffic.splices >= counted["splicesApplied"] > 0
    assert counted["editsSent"] == len("Stories are short and loud and every line fills the card") + 2 + 1 + 3


def test_enter_in_the_middle_moves_the_lines_below(playground, page):
    start_typing(playground, page)
    page.keyboard.type("One two three four five six seven eight nine ten eleven twelve", delay=10)
    check_drawn_as_laid_out(page)
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    fragments = check_drawn_as_laid_out(page)
    assert fragments[0]["range"]["length"] == 4, "the first line is now `One` and its break"
    assert stats(page, "story")["layoutRequests"] == 1


def test_lines_below_an_edit_move_by_the_splices_deltas(playground, page):
    traffic = start_typing(playground, page)
    page.keyboard.type("Short\nthe second paragraph has enough words to wrap\nlast", delay=10)
    before = check_drawn_as_laid_out(page)
    page.keyboard.press("Control+Home")
    page.keyboard.press("End")
    traffic.moves.clear()
    page.keyboard.type(" no longer, it wraps", delay=10)
    after = check_drawn_as_laid_out(page)
    # The paragraphs below were not sent again: they moved by rangeDelta and yDelta.
    assert any(y != 0 for _, y in traffic.moves), traffic.moves
    assert after[-1]["rect"][1] > before[-1]["rect"][1]
    assert stats(page, "story")["layoutRequests"] == 1


def test_a_lost_connection_is_laid_out_again(playground, page):
    traffic = start_typing(playground, page)
    page.keyboard.type("Before the break", delay=10)
    check_drawn_as_laid_out(page)
    page.evaluate("window.__playground.story.session.dropConnection()")
    # Typed while the page reconnects: the new session opens with it.
    page.keyboard.type(" and after it", delay=10)
    page.wait_for_function("window.__playground.story.session.stats.sessions === 2")
    page.keyboard.type(", more words to wrap", delay=10)
    check_drawn_as_laid_out(page)
    # One full layout per session, splices for the rest.
    assert stats(page, "story")["layoutRequests"] == 2 and traffic.layout_requests == 2
    page.keyboard.press("Backspace")
    check_drawn_as_laid_out(page)


def test_clicks_and_the_caret_follow_the_cluster_rects(playground, page):
    start_typing(playground, page)
    page.keyboard.type("Tap anywhere on these words to put the caret there", delay=10)
    fragments = check_drawn_as_laid_out(page)
    second = fragments[1]
    cluster = second["clusters"][3]
    stage = page.locator("#demo-story .story-stage").bounding_box()
    x, y, width, height = cluster["rect"]
    page.mouse.click(stage["x"] + x + 1, stage["y"] + y + height / 2)
    caret = page.evaluate("""() => {
        const view = window.__playground.story;
        const origin = view.stage.getBoundingClientRect();
        const box = view.surface.caret.getBoundingClientRect();
        return {offset: view.surface.input.selectionStart, x: box.left - origin.left + box.width / 2,
                y: box.top - origin.top, height: box.height};
    }""")
    assert caret["offset"] == cluster["range"]["offset"]
    assert close_enough([caret["x"], caret["y"], caret["height"]], [x, y, height])
    # Up goes to the line above, near the same x, whatever the textarea's own lines are.
    page.keyboard.press("ArrowUp")
    offset = page.evaluate("window.__playground.story.surface.input.selectionStart")
    assert fragments[0]["range"]["offset"] <= offset < second["range"]["offset"]
