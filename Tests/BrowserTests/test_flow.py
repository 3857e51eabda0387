"""The flow demo (Web/flow.js): text laid out by the daemon in two containers around an
ellipse the user drags. The page draws every line where `textStorage/layout` put it, follows
edits with `textStorage/didLayout` splices, and starts over after losing its session."""
import math

import pytest

SETTLED = "window.__playground?.flow?.isSettled()"
# How far the page's drawn boxes may be from the daemon's rects: positions agree.
TOLERANCE = 0.5


def open_flow(playground, page):
    page.goto(playground.page_url("flow"))
    page.wait_for_function(SETTLED)


def settle(page):
    page.wait_for_function(SETTLED)


def hook(page, expression):
    return page.evaluate(f"(() => {{ const flow = window.__playground.flow; return {expression}; }})()")


def daemon_layout(page):
    """The daemon's layout of the page's document, asked afresh with the page's own params
    (`subscribe` included, so the page's subscription carries on unchanged)."""
    return page.evaluate(
        "async () => { const flow = window.__playground.flow;"
        " return await flow.rpc.request('textStorage/layout', flow.layoutParams()); }")


def ellipse_extent(ellipse, top, bottom):
    """The x range the ellipse (its bounding box [x, y, w, h]) covers between top and bottom,
    or None: the daemon's `ExclusionPath.horizontalExtent` (Sources/TextLayout)."""
    x, y, width, height = ellipse
    if width <= 0 or height <= 0 or y >= bottom or y + height <= top:
        return None
    centre_y = y + height / 2
    nearest = min(max(centre_y, top), bottom)
    dy = (nearest - centre_y) / (height / 2)
    half = width / 2 * math.sqrt(max(0.0, 1 - dy * dy))
    centre_x = x + width / 2
    return centre_x - half, centre_x + half


def overlap_with_ellipse(rect, ellipse):
    """How far (in pixels) the rect reaches into the ellipse itself; 0 when it stays clear."""
    x, y, width, height = rect
    extent = ellipse_extent(ellipse, y, y + height)
    if extent is None:
        return 0.0
    return max(0.0, min(x + width, extent[1]) - max(x, extent[0]))


def overlaps_box(rect, box):
    x, y, width, height = rect
    bx, by, bwidth, bheight = box
    return x < bx + bwidth and bx < x + width and y < by + bheight and by < y + height


def check_flow(page):
    """The page's lines are the daemon's: in their containers, clear of the ellipse where it
    is drawn, covering the text in order, continuing into the second container, and drawn at
    the daemon's rects. Returns the fragments."""
    params = hook(page, "flow.layoutParams()")
    shape = hook(page, "flow.shape()")
    assert shape == pytest.approx(params["containers"][0]["exclusions"][0]["ellipse"], abs=TOLERANCE)
    fragments = hook(page, "flow.fragments()")
    text = hook(page, "flow.text()")

    offset = 0
    for fragment in fragments:
        assert fragment["range"]["offset"] == offset
        offset += fragment["range"]["length"]
    assert offset == len(text.encode("utf-16-le")) // 2

    for fragment in fragments:
        x, y, width, height = fragment["rect"]
        container = params["containers"][fragment["container"]]
        insets = container["insets"]
        assert x >= insets["left"] - TOLERANCE and x + width <= container["width"] - insets["right"] + TOLERANCE
        assert y >= insets["top"] - TOLERANCE
        if "height" in container:
            assert y + height <= container["height"] - insets["bottom"] + TOLERANCE
        if fragment["container"] == 0:
            assert overlap_with_ellipse(fragment["rect"], shape) <= TOLERANCE, (fragment, shape)
    assert any(f["container"] == 1 for f in fragments), "no text continues in the second container"
    assert fragments[-1]["container"] == 1

    expected = daemon_layout(page)["fragments"]
    drawn = hook(page, "flow.drawn()")
    assert len(drawn) == len(expected) == len(fragments)
    for line, fragment, mine in zip(drawn, expected, fragments):
        assert line["container"] == fragment["container"] == mine["container"]
        assert mine["range"] == fragment["range"]
        assert line["rect"] == pytest.approx(fragment["rect"], abs=TOLERANCE), (line, fragment)
        assert mine["rect"] == pytest.approx(fragment["rect"], abs=TOLERANCE)
        start, length = fragment["range"]["offset"], fragment["range"]["length"]
        assert line["text"] == text[start:start + length].rstrip()
        # The browser's own advance of the line's text in the served font: the same file the
        # daemon shaped with, so the glyphs end where the daemon says.
        if line["text"]:
            assert line["textWidth"] == pytest.approx(fragment["rect"][2], abs=TOLERANCE), line
    return fragments


def drag_shape(page, dx, dy, steps=12):
    box = page.locator("#demo-flow .flow-shape").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, steps + 1):
        page.mouse.move(x + dx * step / steps, y + dy * step / steps)
        page.wait_for_timeout(16)
    page.mouse.up()


def test_text_flows_around_the_ellipse_and_into_the_second_container(playground, page):
    open_flow(playground, page)
    fragments = check_flow(page)
    shape = hook(page, "flow.shape()")
    # The lines follow the ellipse's curve, not its bounding box: some line reaches into the box.
    assert any(f["container"] == 0 and overlaps_box(f["rect"], shape) for f in fragments)
    # Lines beside the ellipse are cut in two: fragments sharing a y.
    tops = [f["rect"][1] for f in fragments if f["container"] == 0]
    assert len(tops) > len(set(tops))


def test_dragging_the_ellipse_flows_the_text_again(playground, page):
    open_flow(playground, page)
    before = hook(page, "flow.fragments()")
    shape_before = hook(page, "flow.shape()")
    layouts_before = hook(page, "flow.counts().layouts")
    drag_shape(page, -120, 90)
    settle(page)
    shape = hook(page, "flow.shape()")
    assert shape[0] == pytest.approx(shape_before[0] - 120, abs=1)
    assert shape[1] == pytest.approx(shape_before[1] + 90, abs=1)
    assert hook(page, "flow.counts().layouts") > layouts_before + 1, "the drag laid out only once"
    after = check_flow(page)
    assert [f["rect"] for f in after] != [f["rect"] for f in before]


def test_typing_flows_from_splices(playground, page):
    open_flow(playground, page)
    counts = hook(page, "flow.counts()")
    editor = page.locator("#demo-flow textarea")
    editor.click()
    # The caret at the end of the first paragraph, then typing as a user types.
    page.evaluate("""() => {
        const editor = document.querySelector('#demo-flow textarea');
        const end = editor.value.indexOf('\\n');
        editor.setSelectionRange(end, end);
    }""")
    page.keyboard.type(" Lines beside the picture are short,", delay=15)
    # A burst without pauses: the daemon may take several edits as one transaction.
    page.keyboard.type(" and that is fine.")
    page.keyboard.press("Enter")
    # An emoji of two UTF-16 units and one with a variation selector, then deleted again.
    page.keyboard.type("A new paragraph, typed here 📝✍️.", delay=15)
    for _ in range(5):
        page.keyboard.press("Backspace")
    settle(page)
    after = hook(page, "flow.counts()")
    assert after["layouts"] == counts["layouts"], "typing asked for a whole layout"
    assert after["splices"] > counts["splices"] + 10
    text = hook(page, "flow.text()")
    assert text == editor.input_value()
    assert "short, and that is fine.\nA new paragraph, typed her" in text
    check_flow(page)


def test_the_demo_carries_on_after_losing_its_session(playground, page):
    open_flow(playground, page)
    assert hook(page, "flow.sessions()") == 1
    page.evaluate("window.__playground.flow.rpc.socket.close()")
    page.wait_for_function("window.__playground.flow.sessions() === 2")
    settle(page)
    assert page.locator("#connection").get_attribute("data-state") == "open"
    check_flow(page)
    drag_shape(page, 0, -50)
    page.locator("#demo-flow textarea").click()
    page.keyboard.press("Control+Home")
    page.keyboard.type("Again: ", delay=15)
    settle(page)
    assert hook(page, "flow.text()").startswith("Again: ")
    check_flow(page)
