"""The animation demo (Web/animation.js): one element per grapheme cluster, at the cluster's
rect from the daemon's layout, animated in when typed and out when deleted; kerning and
ligatures come from HarfBuzz's rects, and the layout follows typing by splices."""
from layout_demo import (LayoutTraffic, close_enough, open_demo, reference_layout, settle,
                         stats)

URI = "file:///animation.txt"
INITIAL = "Kerning AV, ligatures fi"

# Each showing element: its box relative to the stage, its offset, text and animations.
GLYPHS = """() => {
    const view = window.__playground.animation;
    const origin = view.stage.getBoundingClientRect();
    return view.glyphElements().map((node) => {
        const r = node.getBoundingClientRect();
        return {box: [r.left - origin.left, r.top - origin.top, r.width, r.height],
                offset: Number(node.dataset.offset), text: node.dataset.text,
                ligature: node.dataset.ligature ?? null, running: node.getAnimations().length,
                drawn: node.querySelector("text").textContent};
    });
}"""

# Resolves when no cluster element is animating (entering, moving or leaving).
STILL = """() => Promise.all(document.getAnimations()
    .filter((a) => a.effect?.target?.classList?.contains("anim-glyph"))
    .map((a) => a.finished.catch(() => null))).then(() => true)"""

# Records what happens to cluster elements as it happens (a mutation observer runs right
# after the task that made the change, so a slow machine cannot miss a short animation):
# ["enter", text, animations] when one is added, ["leave", ...] when one starts leaving,
# ["removed", text] when it is gone.
RECORD = """() => {
    const records = window.__glyphRecords = [];
    new MutationObserver((mutations) => {
        for (const mutation of mutations) {
            if (mutation.type === "attributes" && mutation.target.classList.contains("leaving")
                && !mutation.oldValue.includes("leaving")) {
                records.push(["leave", mutation.target.dataset.text, mutation.target.getAnimations().length]);
            }
            for (const node of mutation.addedNodes) {
                if (node.classList?.contains("anim-glyph")) records.push(["enter", node.dataset.text, node.getAnimations().length]);
            }
            for (const node of mutation.removedNodes) {
                if (node.classList?.contains("anim-glyph")) records.push(["removed", node.dataset.text]);
            }
        }
    }).observe(window.__playground.animation.stage,
               {childList: true, subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true});
}"""


def records(page):
    return page.evaluate("window.__glyphRecords")


def glyphs_by_offset(page):
    return {glyph["offset"]: glyph for glyph in page.evaluate(GLYPHS)}


def check_placed_as_laid_out(page):
    """Once still, every element sits at its cluster's rect in a fresh layout of the text."""
    settle(page, "animation")
    page.evaluate(STILL)
    reference = reference_layout(page, "animation")
    text = reference["text"]
    glyphs = glyphs_by_offset(page)
    clusters = {}
    for fragment in reference["fragments"]:
        for cluster in fragment["clusters"]:
            start, length = cluster["range"]["offset"], cluster["range"]["length"]
            if text[start:start + length] not in ("\n", "\r", "\r\n"):
                clusters[start] = (text[start:start + length], cluster["rect"])
    assert sorted(glyphs) == sorted(clusters)
    for offset, (characters, rect) in clusters.items():
        glyph = glyphs[offset]
        assert glyph["text"] == characters
        assert close_enough(glyph["box"], rect), (characters, glyph["box"], rect)
    return glyphs, clusters


def start_at_end(playground, page):
    traffic = LayoutTraffic(page, URI)
    open_demo(playground, page, "animation")
    page.evaluate(STILL)
    page.click("#demo-animation .anim-stage")
    page.keyboard.press("End")
    page.evaluate(RECORD)
    return traffic


def test_a_typed_character_rises_in_at_its_cluster_rect(playground, page):
    traffic = start_at_end(playground, page)
    check_placed_as_laid_out(page)
    page.keyboard.type("!")
    glyphs, clusters = check_placed_as_laid_out(page)
    assert records(page) == [["enter", "!", 1]], "a new element, animated from the start"
    assert glyphs[len(INITIAL)]["text"] == "!"
    assert close_enough(glyphs[len(INITIAL)]["box"], clusters[len(INITIAL)][1])
    assert glyphs[len(INITIAL)]["running"] == 0, "the animation ended"
    assert stats(page, "animation")["layoutRequests"] == 1 and traffic.layout_requests == 1
    assert traffic.splices >= 1


def test_a_deleted_character_falls_away_and_is_removed(playground, page):
    start_at_end(playground, page)
    page.keyboard.type("xy", delay=50)
    check_placed_as_laid_out(page)
    page.evaluate("window.__glyphRecords.length = 0")
    page.keyboard.press("Backspace")
    page.wait_for_function("!document.querySelector('#demo-animation .anim-glyph.leaving')", timeout=3000)
    assert records(page) == [["leave", "y", 1], ["removed", "y"]]
    glyphs, _ = check_placed_as_laid_out(page)
    assert "".join(glyph["text"] for _, glyph in sorted(glyphs.items())) == INITIAL + "x"


def test_kerning_and_ligatures_keep_harfbuzz_rects(playground, page):
    start_at_end(playground, page)
    page.keyboard.type(" AV fi", delay=30)
    glyphs, clusters = check_placed_as_laid_out(page)
    a, v = len(INITIAL) + 1, len(INITIAL) + 2
    f, i = len(INITIAL) + 4, len(INITIAL) + 5
    # DejaVu Sans's A and V advance alike; the kerned pair brings V under A's arm.
    assert clusters[a][1][2] < clusters[v][1][2] - 1
    assert glyphs[a]["ligature"] is None and glyphs[a]["drawn"] == "A"
    # The fi ligature's two clusters share its width; each element shows its half of it.
    assert abs(clusters[f][1][2] - clusters[i][1][2]) < 0.01
    assert glyphs[f]["ligature"] == glyphs[i]["ligature"] == "fi"
    assert glyphs[f]["drawn"] == glyphs[i]["drawn"] == "fi"
    # The initial text's pair and ligature too.
    assert glyphs[INITIAL.index("fi")]["ligature"] == "fi"


def test_a_lost_connection_is_laid_out_again(playground, page):
    traffic = start_at_end(playground, page)
    page.evaluate("window.__playground.animation.session.dropConnection()")
    page.keyboard.type(" after", delay=20)
    page.wait_for_function("window.__playground.animation.session.stats.sessions === 2")
    page.keyboard.type(" the break", delay=20)
    glyphs, _ = check_placed_as_laid_out(page)
    entered = [text for kind, text, *animations in records(page) if kind == "enter" and animations == [1]]
    assert "".join(entered) == " after the break"
    assert "".join(glyph["text"] for _, glyph in sorted(glyphs.items())) == INITIAL + " after the break"
    assert stats(page, "animation")["layoutRequests"] == 2 and traffic.layout_requests == 2
